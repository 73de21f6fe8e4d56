# x86_64: the firmware's toolchain (Debian's gnu-efi), QEMU with OVMF, and
# its boot suite. The arch code is every .c in arch/x86_64/ (arch/arch.h),
# built into each program for x86_64: the firmware, and the host command
# when the host is x86_64. Included with every ARCH (mk/arch-*.mk), before
# mk/efi.mk; a port adds arch/<arch>/ and a fragment like this one.
EFI_ARCHES += x86_64
EFI_BOOT_NAME_x86_64 := BOOTX64.EFI
LINUX_TRIPLET_x86_64 := x86_64-linux-gnu
DEBIAN_ARCH_x86_64 := amd64

ifeq ($(ARCH),x86_64)
EFI_CC ?= gcc
EFI_LD ?= ld
EFI_OBJCOPY ?= objcopy
EFI_INC := /usr/include/efi
EFI_LIB := /usr/lib
EFI_ARCH_CFLAGS := -mno-red-zone -maccumulate-outgoing-args -DGNU_EFI_USE_MS_ABI
EFI_CRT0 := $(EFI_LIB)/crt0-efi-x86_64.o
EFI_LDS := $(EFI_LIB)/elf_x86_64_efi.lds
# --strip-all: no COFF symbol table after the last section (the image's
# file ends where its last section does; sbsign warned of a gap before).
EFI_OBJCOPY_TARGET := --target efi-app-x86_64 --subsystem=10 --strip-all
QEMU_SYSTEM := qemu-system-x86_64
QEMU_MACHINE := -machine q35 -m 512M
OVMF_CODE := /usr/share/OVMF/OVMF_CODE_4M.fd
OVMF_VARS := /usr/share/OVMF/OVMF_VARS_4M.fd

TEST_SUITES += tests/suite-qemu-x86.sh
TEST_PREREQS += firmware usb
endif
