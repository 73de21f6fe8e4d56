# Firmware build (efi/): the UEFI application for $(ARCH), the ESP image,
# `make run` (boot it in QEMU/OVMF and reduce its capture) and `make usb`
# (a GPT disk image to write to a stick). The freestanding core (CORE_SRC:
# mk/host.mk) is compiled again here with the firmware's flags.
EFIDIR := $(BUILD)/$(ARCH)
EFIOBJ := $(EFIDIR)/obj
EFI_APP := $(EFIDIR)/cacheshape.efi

EFI_BOOT_NAME := $(EFI_BOOT_NAME_$(ARCH))

EFI_CFLAGS := -std=gnu11 $(CS_OPT) $(WARN) -MMD -MP -DCS_EFI=1 \
	-isystem $(EFI_INC) -isystem $(EFI_INC)/$(ARCH) -isystem $(EFI_INC)/protocol \
	-fpic -fshort-wchar -ffreestanding -fno-stack-protector -fno-stack-check \
	-fno-strict-aliasing -fno-merge-all-constants $(EFI_ARCH_CFLAGS) $(JSMN_CFLAGS)

EFI_SRC := $(wildcard efi/*.c) $(wildcard arch/$(ARCH)/*.c) $(wildcard kinds/*/$(ARCH)/*.c) $(CORE_SRC)
EFI_OBJS := $(patsubst %.c,$(EFIOBJ)/%.o,$(EFI_SRC))

.PHONY: firmware run usb esp
firmware: $(EFI_APP)

$(EFIOBJ)/%.o: %.c | deps-efi
	@mkdir -p $(dir $@)
	$(Q)$(EFI_CC) $(EFI_CFLAGS) -c $< -o $@

# --no-undefined: a missing symbol fails the build here, not at boot.
$(EFIDIR)/cacheshape.so: $(EFI_OBJS)
	$(call say,LD)$(EFI_LD) -nostdlib -znocombreloc -T $(EFI_LDS) -shared -Bsymbolic \
		--no-undefined $(EFI_CRT0) $^ -L$(EFI_LIB) -lefi -lgnuefi \
		$(shell $(EFI_CC) -print-libgcc-file-name) -o $@

# The sections the image keeps (an arch fragment may keep fewer), then the
# arch's finishing step: every byte of the file inside a PE section, so
# that sbsign hashes no gap (mk/sign.mk).
EFI_SECTIONS ?= .text .sdata .data .dynamic .dynsym .rel .rela .rel.* .rela.* .reloc
$(EFI_APP): $(EFIDIR)/cacheshape.so
	$(call say,OBJCOPY)$(EFI_OBJCOPY) $(foreach s,$(EFI_SECTIONS),-j $(s)) $(EFI_OBJCOPY_TARGET) $< $@
	$(EFI_IMAGE_FINISH)

# QEMU_CPU picks the emulated CPU; QEMU_CFG is the settings file put on the
# ESP (quick sweep, power off: no keyboard needed); QEMU_TIMEOUT bounds it.
QEMU_CPU ?=
QEMU_CFG ?= tests/qemu/quick.cfg
QEMU_TIMEOUT ?= 300
RUNDIR := $(BUILD)/run

esp: $(EFI_APP) | deps-efi
	tests/qemu/mkesp.sh $(RUNDIR)/esp.img $(EFI_APP) $(EFI_BOOT_NAME) $(QEMU_CFG)

QEMU_BOOT_SCRIPT ?= tests/qemu/boot.sh
# FIRMWARE=NAME: another UEFI firmware than the arch's EDK II build, one
# that mk/arch-$(ARCH).mk names in RUN_FIRMWARES (aarch64: u-boot); it sets
# the boot script and QEMU_DISK (mbr: a partitioned disk, not a bare ESP).
RUN_FIRMWARE_UNKNOWN = $(and $(FIRMWARE),$(filter-out $(RUN_FIRMWARES),$(FIRMWARE)))
run: $(EFI_APP) host | deps-efi
	@$(if $(RUN_FIRMWARE_UNKNOWN),echo "make run: FIRMWARE=$(FIRMWARE): ARCH=$(ARCH) knows $(or $(RUN_FIRMWARES),no firmware but its default)" >&2; exit 2;) \
	QEMU_BOOT=$(QEMU_BOOT_SCRIPT) QEMU_DISK=$(QEMU_DISK) tests/qemu/run.sh "$(EFI_APP)" "$(EFI_BOOT_NAME)" "$(QEMU_CFG)" "$(RUNDIR)" "$(QEMU_CPU)" "$(QEMU_TIMEOUT)"

# firmware-<arch>: the firmware for any arch of mk/arch-*.mk, whatever ARCH
# is (another arch's by a make of its own). One target per arch, so that a
# parallel make (`make test`) builds each arch's image once, never two
# makes at once in the same build/<arch>/.
.PHONY: $(addprefix firmware-,$(EFI_ARCHES))
firmware-$(ARCH): firmware
$(addprefix firmware-,$(filter-out $(ARCH),$(EFI_ARCHES))): firmware-%:
	@$(MAKE) --no-print-directory ARCH=$* firmware

# The stick carries every architecture of mk/arch-*.mk (each firmware boots
# its own EFI/BOOT/BOOT*.EFI), so `make usb` builds the others too.
USB_OTHERS := $(filter-out $(ARCH),$(EFI_ARCHES))
.PHONY: usb-others
usb-others: $(addprefix firmware-,$(USB_OTHERS))
# USB_EFI: the binary the stick carries for an arch; USB_FINISH: what
# follows (mk/sign.mk sets both when SIGN_KEY is given).
USB_IMG ?= $(BUILD)/cacheshape-usb.img
USB_EFI ?= $(BUILD)/$(1)/cacheshape.efi
usb: $(USB_IMG)
$(USB_IMG): $(EFI_APP) usb-others tests/qemu/mkusb.sh FORCE | deps-efi
	tests/qemu/mkusb.sh $@ $(foreach a,$(EFI_ARCHES),$(call USB_EFI,$(a)) $(EFI_BOOT_NAME_$(a)))
	$(USB_FINISH)
.PHONY: FORCE
FORCE:

# The other processors (issue 8): -smp 4 with competitors, -smp 1, aarch64
# without MP services, the committed capture replayed.
TEST_SUITES += tests/suite-qemu-mp.sh

# The boot menu (efi/menu.c): driven with keys through QEMU's monitor, and
# an unattended boot that starts without one.
TEST_SUITES += tests/suite-menu.sh

# `cacheshape plot` (host/cmd/plot.c on chart/draw.c): the SVG checked as XML,
# rendered by rsvg-convert, its marks counted.
TEST_SUITES += tests/suite-plot.sh
