#!/usr/bin/env bash
# suite-screen-aarch64: the chart on QEMU virt's virtio-gpu-pci, where GOP
# offers Blt only (no linear framebuffer): tests/qemu/screendump.sh boots
# the aarch64 firmware, takes a screendump through the monitor and checks
# the points and knee lines against the capture it wrote. (The x86_64 check
# is case 10 of suite-qemu-x86.sh.) Timings under TCG are the host's: nothing
# here compares knees with published sizes. Without a GPU there is no GOP:
# each of suite-qemu-aarch64's boots, which have none, checks that it says
# so once and shows the summary as text.
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
boot_suite screen-aarch64 build/test-screen-aarch64 build/aarch64/cacheshape.efi build/host/cacheshape
while read -r v rest; do
	case $v in PASS) pass "screendump: $rest" ;; *) fail "screendump: $v $rest" ;; esac
done < <(tests/qemu/screendump.sh build/test-screen-aarch64 aarch64)
summary screen-aarch64
