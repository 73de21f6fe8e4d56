# aarch64: the variables mk/efi.mk's rules use, set for the cross toolchain
# and the arm64 gnu-efi (unpacked by scripts/gnu-efi-arm64.sh, since
# Debian's gnu-efi package has x86 libraries only), QEMU's virt machine with
# AAVMF, and the aarch64 suites. The arch code is every .c in arch/aarch64/
# (arch/arch.h). Included with every ARCH (mk/arch-*.mk), before mk/efi.mk. gnu-efi 3.0.15's aarch64 crt0 carries its own PE/COFF header:
# the link defines EFI_SUBSYSTEM and the image is `objcopy -O binary`
# (--target efi-app-aarch64 does not work with this version).
GNU_EFI_ARM64 := $(BUILD)/gnu-efi-arm64/usr
EFI_ARCHES += aarch64
EFI_BOOT_NAME_aarch64 := BOOTAA64.EFI
# Linux on aarch64: the GNU triplet and Debian's name for the architecture
# (the host command cross-built for it: mk/host-cross.mk).
LINUX_TRIPLET_aarch64 := aarch64-linux-gnu
DEBIAN_ARCH_aarch64 := arm64

ifeq ($(ARCH),aarch64)
CROSS_COMPILE ?= aarch64-linux-gnu-
EFI_CC := $(CROSS_COMPILE)gcc
# The link's extra options ride on the command: mk/efi.mk's link line is
# shared with x86_64. 0xa: EFI application.
EFI_LD := $(CROSS_COMPILE)ld --defsym=EFI_SUBSYSTEM=0xa --no-warn-rwx-segments
EFI_OBJCOPY := $(CROSS_COMPILE)objcopy
EFI_INC := $(GNU_EFI_ARM64)/include/efi
EFI_LIB := $(GNU_EFI_ARM64)/lib
# No red zone or ms_abi on aarch64: UEFI calls are plain AAPCS64, and the
# UEFI spec has the FP/SIMD unit enabled for applications (the core uses
# doubles).
EFI_ARCH_CFLAGS :=
EFI_CRT0 := $(EFI_LIB)/crt0-efi-aarch64.o
EFI_LDS := $(EFI_LIB)/elf_aarch64_efi.lds
EFI_OBJCOPY_TARGET := -O binary
# crt0's header declares two sections, .text and .data up to _edata (the
# relocations inside it). .dynsym lay past _edata, in the file but in no
# section (the gap sbsign warned of; the loader never read it; the
# relocations are all R_AARCH64_RELATIVE, no symbol needed): left out, and
# the file padded with zeros to _edata, the declared end of .data.
EFI_SECTIONS := .text .sdata .data .dynamic .rel .rela .rel.* .rela.* .reloc
define EFI_IMAGE_FINISH
	@end=$$(( 0x$$($(CROSS_COMPILE)nm $< | sed -n 's/ [A-Za-z] _edata$$//p') )); \
	size=$$(stat -c %s $@); \
	if [ "$$end" -le 0 ] || [ "$$size" -gt "$$end" ]; then \
		echo "$@: $$size bytes, past _edata ($$end): the section layout changed" >&2; rm -f $@; exit 1; fi; \
	truncate -s "$$end" $@
endef
QEMU_SYSTEM := qemu-system-aarch64
QEMU_MACHINE := -M virt -m 1G
AAVMF_CODE := /usr/share/AAVMF/AAVMF_CODE.fd
AAVMF_VARS := /usr/share/AAVMF/AAVMF_VARS.fd
OVMF_CODE := $(AAVMF_CODE)
OVMF_VARS := $(AAVMF_VARS)
# `make run` for this arch: tests/qemu/run.sh with AAVMF's boot script;
# FIRMWARE=u-boot: U-Boot's UEFI instead (Debian's u-boot-qemu,
# qemu_arm64/u-boot.bin as -bios), as most ARM boards boot, on an
# MBR-partitioned disk (U-Boot scans partitions, not a bare FAT image) and
# a Cortex-A72 as the issue that asked for it tried it.
RUN_FIRMWARES := u-boot
ifeq ($(FIRMWARE),u-boot)
QEMU_BOOT_SCRIPT := tests/qemu-arm/uboot.sh
QEMU_DISK := mbr
QEMU_CPU ?= cortex-a72
else
QEMU_BOOT_SCRIPT := tests/qemu-arm/boot.sh
endif
QEMU_CPU ?= max

# Every firmware object waits for the cross tools and the arm64 gnu-efi.
deps-efi: deps-arm $(GNU_EFI_ARM64)/lib/libgnuefi.a
endif

$(GNU_EFI_ARM64)/lib/libgnuefi.a: scripts/gnu-efi-arm64.sh
	@scripts/gnu-efi-arm64.sh $(BUILD)/gnu-efi-arm64
	@touch $@
# fetched (apt-get download) before make test's parallel build (mk/test.mk)
TEST_DEPS_MAKE += $(GNU_EFI_ARM64)/lib/libgnuefi.a

# The aarch64 build from any ARCH (`make test` runs with x86_64):
# firmware-aarch64 (mk/efi.mk), which `usb` waits for, so the stick
# carries BOOTAA64.EFI as well.
TEST_SUITES += tests/suite-qemu-aarch64.sh
# The chart drawn through Blt on virtio-gpu-pci, checked from a screendump.
TEST_SUITES += tests/suite-screen-aarch64.sh
# The same firmware under U-Boot's UEFI (make run FIRMWARE=u-boot): the
# capture kept without a rename, the TLB kinds, the emulator named, a
# second boot leaving the first capture untouched.
TEST_SUITES += tests/suite-uboot-aarch64.sh
TEST_PREREQS += firmware-aarch64

# The host command on aarch64 Linux: where this machine is another
# architecture, build/host-aarch64/cacheshape and its unit tests of the
# aarch64 paths are run under qemu-aarch64-static (probe --quick, reduced
# by this machine's command); on an aarch64 machine the suite runs
# build/host/cacheshape itself.
TEST_SUITES += tests/suite-linux-aarch64.sh
ifneq ($(HOST_ARCH),aarch64)
TEST_PREREQS += host-aarch64 host-aarch64-tests
endif
