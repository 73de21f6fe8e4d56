#!/usr/bin/env bash
# mkusb.sh IMG EFI BOOTNAME [EFI BOOTNAME]...: a GPT disk image for a USB
# stick, one EFI system partition holding each EFI as EFI/BOOT/BOOTNAME. No root: sfdisk writes the table into
# the file, mkfs.vfat makes the partition apart, dd puts it in place, and
# mtools reaches it at its byte offset (img@@OFFSET).
# USB_LABEL=mbr: an MBR (DOS) table instead, the partition of type 0xef:
# what U-Boot's UEFI scans (docs/firmware.md "Under U-Boot").
set -euo pipefail
img=$1
shift
disk_mib=${USB_MIB:-64}
start=2048 # sectors: 1 MiB alignment
mkdir -p "$(dirname "$img")"
rm -f "$img" "$img.part"
truncate -s "${disk_mib}M" "$img"
case ${USB_LABEL:-gpt} in
gpt) printf 'label: gpt\nstart=%s, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name="EFI system partition"\n' "$start" ;;
mbr) printf 'label: dos\nstart=%s, type=ef\n' "$start" ;;
*) echo "mkusb: USB_LABEL is gpt or mbr, not '$USB_LABEL'" >&2; exit 2 ;;
esac | sfdisk --quiet "$img"
sectors=$(sfdisk --dump "$img" | sed -nE 's/.*start= *'"$start"', size= *([0-9]+).*/\1/p')
[ -n "$sectors" ] || { echo "mkusb: cannot read the partition size back" >&2; exit 1; }
mkfs.vfat -C -n CACHESHAPE "$img.part" $((sectors / 2)) >/dev/null
dd if="$img.part" of="$img" bs=512 seek="$start" conv=notrunc status=none
rm -f "$img.part"
off=$((start * 512))
export MTOOLS_SKIP_CHECK=1
mmd -i "$img@@$off" ::/EFI ::/EFI/BOOT
while [ $# -ge 2 ]; do
	mcopy -i "$img@@$off" "$1" "::/EFI/BOOT/$2"
	shift 2
done
echo "usb image: $img ($(echo "${USB_LABEL:-gpt}" | tr a-z A-Z), EFI system partition at byte $off, $((sectors / 2048)) MiB)"
