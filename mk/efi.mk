# Firmware build (efi/): the UEFI application for $(ARCH), the ESP image,
# `make run` (boot it in QEMU/OVMF and reduce its capture) and `make usb`
# (a GPT disk image to write to a stick). The freestanding core (common/,
# reduce/) is compiled again here with the firmware's flags.
EFIDIR := $(BUILD)/$(ARCH)
EFIOBJ := $(EFIDIR)/obj
EFI_APP := $(EFIDIR)/cacheshape.efi

EFI_BOOT_NAME := $(EFI_BOOT_NAME_$(ARCH))

EFI_CFLAGS := -std=gnu11 -O2 -g $(WARN) -MMD -MP -DCS_EFI=1 \
	-isystem $(EFI_INC) -isystem $(EFI_INC)/$(ARCH) -isystem $(EFI_INC)/protocol \
	-fpic -fshort-wchar -ffreestanding -fno-stack-protector -fno-stack-check \
	-fno-strict-aliasing -fno-merge-all-constants $(EFI_ARCH_CFLAGS)

EFI_SRC := $(wildcard efi/*.c) $(wildcard arch/$(ARCH)/*.c) \
	$(wildcard common/*.c) $(wildcard reduce/*.c) $(filter-out %_read.c,$(wildcard kinds/*/*.c))
EFI_OBJS := $(patsubst %.c,$(EFIOBJ)/%.o,$(EFI_SRC))

.PHONY: firmware run usb esp
firmware: $(EFI_APP)

$(EFIOBJ)/%.o: %.c | deps-efi
	@mkdir -p $(dir $@)
	$(EFI_CC) $(EFI_CFLAGS) -c $< -o $@

# --no-undefined: a missing symbol fails the build here, not at boot.
$(EFIDIR)/cacheshape.so: $(EFI_OBJS)
	$(EFI_LD) -nostdlib -znocombreloc -T $(EFI_LDS) -shared -Bsymbolic \
		--no-undefined $(EFI_CRT0) $^ -L$(EFI_LIB) -lefi -lgnuefi \
		$(shell $(EFI_CC) -print-libgcc-file-name) -o $@

$(EFI_APP): $(EFIDIR)/cacheshape.so
	$(EFI_OBJCOPY) -j .text -j .sdata -j .data -j .dynamic -j .dynsym \
		-j .rel -j .rela -j .rel.* -j .rela.* -j .reloc \
		$(EFI_OBJCOPY_TARGET) $< $@

# QEMU_CPU picks the emulated CPU; QEMU_CFG is the settings file put on the
# ESP (quick sweep, power off: no keyboard needed); QEMU_TIMEOUT bounds it.
QEMU_CPU ?=
QEMU_CFG ?= tests/qemu/quick.cfg
QEMU_TIMEOUT ?= 300
RUNDIR := $(BUILD)/run

esp: $(EFI_APP) | deps-efi
	tests/qemu/mkesp.sh $(RUNDIR)/esp.img $(EFI_APP) $(EFI_BOOT_NAME) $(QEMU_CFG)

QEMU_BOOT_SCRIPT ?= tests/qemu/boot.sh
run: $(EFI_APP) host | deps-efi
	@QEMU_BOOT=$(QEMU_BOOT_SCRIPT) tests/qemu/run.sh "$(EFI_APP)" "$(EFI_BOOT_NAME)" "$(QEMU_CFG)" "$(RUNDIR)" "$(QEMU_CPU)" "$(QEMU_TIMEOUT)"

# The stick carries every architecture of mk/arch-*.mk (each firmware boots
# its own EFI/BOOT/BOOT*.EFI), so `make usb` builds the others too.
USB_OTHERS := $(filter-out $(ARCH),$(EFI_ARCHES))
.PHONY: usb-others
usb-others:
	@$(foreach a,$(USB_OTHERS),$(MAKE) --no-print-directory ARCH=$(a) firmware &&) true
usb: $(BUILD)/cacheshape-usb.img
$(BUILD)/cacheshape-usb.img: $(EFI_APP) usb-others tests/qemu/mkusb.sh FORCE | deps-efi
	tests/qemu/mkusb.sh $@ $(foreach a,$(EFI_ARCHES),$(BUILD)/$(a)/cacheshape.efi $(EFI_BOOT_NAME_$(a)))
.PHONY: FORCE
FORCE:

# The other processors (issue 8): -smp 4 with competitors, -smp 1, aarch64
# without MP services, the committed capture replayed.
TEST_SUITES += tests/suite-qemu-mp.sh

# `cacheshape plot` (host/plot.c on common/draw.c): the SVG checked as XML,
# rendered by rsvg-convert, its marks counted.
TEST_SUITES += tests/suite-plot.sh
