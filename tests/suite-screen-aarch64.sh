#!/usr/bin/env bash
# suite-screen-aarch64: the chart on QEMU virt's virtio-gpu-pci, where GOP
# offers Blt only (no linear framebuffer): tests/qemu/screendump.sh boots
# the aarch64 firmware, takes a screendump through the monitor and checks
# the points and knee lines against the capture it wrote. (The x86_64 check
# is case 9 of suite-qemu-x86.sh.) Timings under TCG are the host's: nothing
# here compares knees with published sizes.
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
for f in build/aarch64/cacheshape.efi build/host/cacheshape; do
	[ -e "$f" ] || { fail "missing $f (make firmware-aarch64 host)"; summary screen-aarch64; exit 1; }
done
while read -r v rest; do
	case $v in PASS) pass "screendump: $rest" ;; *) fail "screendump: $v $rest" ;; esac
done < <(tests/qemu/screendump.sh build/test-screen-aarch64 aarch64)
# Without a GPU there is no GOP: said once, the summary as text alone.
T=build/test-screen-aarch64
printf 'sweep=quick\nafter=shutdown\nmax_bytes=256K\n' >"$T/nogpu.cfg"
tests/qemu/mkesp.sh "$T/nogpu.img" build/aarch64/cacheshape.efi BOOTAA64.EFI "$T/nogpu.cfg"
QEMU_TIMEOUT=90 tests/qemu-arm/boot.sh "$T/nogpu.log" -drive if=virtio,format=raw,file="$T/nogpu.img"
expect "no GPU: ran to the end" grep -q "after=shutdown: powering off" "$T/nogpu.log"
expect "no GPU: 'graphics output' said once, in the line of what the firmware lacks" \
	test "$(grep -c 'graphics output' "$T/nogpu.log")" -eq 1 -a \
	"$(grep -c '^firmware lacks: .*graphics output: the summary is text only' "$T/nogpu.log")" -eq 1
expect "no GPU: the summary as text" grep -q "summary: each published level" "$T/nogpu.log"
summary screen-aarch64
