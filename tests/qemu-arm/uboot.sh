#!/usr/bin/env bash
# uboot.sh LOG DRIVE-ARGS...: boot U-Boot's UEFI (Debian's u-boot-qemu,
# qemu_arm64/u-boot.bin as the machine's -bios) in QEMU's aarch64 `virt`
# machine (TCG), as most ARM boards boot, under a timeout; serial console to
# LOG with carriage returns and terminal escapes stripped. The drive must
# be a partitioned disk (tests/qemu/mkusb.sh with USB_LABEL=mbr: U-Boot
# scans the partitions of a virtio disk for EFI/BOOT/BOOTAA64.EFI, not a
# bare FAT image). U-Boot keeps no variables between boots here (no
# ubootefi.var on the ESP): nothing to copy, nothing to stall on.
# Env: QEMU_CPU (default cortex-a72), QEMU_TIMEOUT (s), QEMU_MEM, QEMU_SHOW=1
# to show the console while it runs, UBOOT_BIN.
# Exit status: QEMU's (0 after the application's shutdown; 124 on timeout).
set -uo pipefail
log=$1; shift
mkdir -p "$(dirname "$log")"
bin=${UBOOT_BIN:-/usr/lib/u-boot/qemu_arm64/u-boot.bin}
[ -r "$bin" ] || { echo "boot: $bin missing (scripts/deps.sh arm: u-boot-qemu)" >&2; exit 2; }
clean() { stdbuf -o0 tr -d '\r' | sed -u -E 's/\x1b\[[0-9;?=]*[A-Za-z]//g; s/\x1b[()][A-Za-z0-9]//g; s/\x1b[78]//g'; }
qemu=(qemu-system-aarch64 -M virt -cpu "${QEMU_CPU:-cortex-a72}" -m "${QEMU_MEM:-1G}"
	-display none -net none -no-reboot -serial stdio -monitor none -bios "$bin")
tmo=${QEMU_TIMEOUT:-120}
start=$(date +%s.%N)
if [ "${QEMU_SHOW:-0}" = 1 ]; then
	timeout --foreground -k 5 "$tmo" "${qemu[@]}" "$@" </dev/null 2>&1 | clean | tee "$log"
else
	timeout -k 5 "$tmo" "${qemu[@]}" "$@" </dev/null 2>&1 | clean >"$log"
fi
rc=${PIPESTATUS[0]}
echo "boot: qemu exit $rc after $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s" >>"$log"
exit "$rc"
