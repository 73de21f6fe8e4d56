#!/usr/bin/env bash
# mkesp.sh IMG EFI BOOTNAME [CFG [SIZE_KIB]]: a FAT EFI system partition image
# (no root: mkfs.vfat + mtools) with EFI/BOOT/BOOTNAME and, if given, CFG as
# \cacheshape.cfg.
set -euo pipefail
img=$1 efi=$2 boot=$3 cfg=${4:-} size=${5:-65536}
mkdir -p "$(dirname "$img")"
rm -f "$img"
mkfs.vfat -C -n CACHESHAPE "$img" "$size" >/dev/null
export MTOOLS_SKIP_CHECK=1
mmd -i "$img" ::/EFI ::/EFI/BOOT
mcopy -i "$img" "$efi" "::/EFI/BOOT/$boot"
if [ -n "$cfg" ]; then mcopy -i "$img" "$cfg" ::/cacheshape.cfg; fi
