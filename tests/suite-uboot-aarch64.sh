#!/usr/bin/env bash
# suite-uboot-aarch64: the aarch64 firmware under U-Boot's UEFI (Debian's
# u-boot-qemu, qemu_arm64/u-boot.bin) on QEMU's virt machine (TCG,
# Cortex-A72), as `make run ARCH=aarch64 FIRMWARE=u-boot` boots it and as
# most ARM boards boot: an MBR-partitioned virtio disk, the ESP a partition
# of type 0xef. Two boots of the same disk. The first: the capture is on
# the ESP (mtools) under its own fresh name, since U-Boot's file protocol
# refuses to rename (said on screen and in producer.capture_write), no
# temporary file is left, the host reduces it (tests/qemu-arm/
# check_capture.py's checks for a Cortex-A72 with check_uboot.py's: the
# emulator named from the device tree, the TLB kinds run, what the firmware
# lacks said once). The second: a new capture beside the first, the first
# byte for byte as it was. TCG timings are the host's: nothing here
# compares knees with published sizes.
# run-all: seconds 40
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
export MTOOLS_SKIP_CHECK=1
EFI=build/aarch64/cacheshape.efi
CS=build/host/cacheshape
T=build/test-uboot-aarch64
UBOOT=${UBOOT_BIN:-/usr/lib/u-boot/qemu_arm64/u-boot.bin}
rm -rf "$T"
mkdir -p "$T"

if [ ! -r "$UBOOT" ]; then
	fail "$UBOOT missing (scripts/deps.sh arm: u-boot-qemu)"
	summary uboot-aarch64
	exit 1
fi
if ! make -s ARCH=aarch64 firmware >"$T/build.log" 2>&1; then
	fail "make ARCH=aarch64 firmware: $(tail -n 5 "$T/build.log")"
	summary uboot-aarch64
	exit 1
fi
for f in "$EFI" "$CS"; do
	[ -e "$f" ] || { fail "missing $f"; summary uboot-aarch64; exit 1; }
done

img=$T/disk.img
off=$(USB_LABEL=mbr tests/qemu/mkusb.sh "$img" "$EFI" BOOTAA64.EFI | sed -nE 's/.* at byte ([0-9]+),.*/\1/p')
esp="$img@@$off"
expect "the disk: an MBR table, one partition of type 0xef" sh -c \
	"sfdisk --dump '$img' | grep -q '^label: dos' && sfdisk --dump '$img' | grep -qE 'start= *2048, .*type=ef'"
printf '%s\n' sweep=quick after=shutdown name=ub "label=test u-boot" >"$T/ub.cfg"
mcopy -i "$esp" "$T/ub.cfg" ::/cacheshape.cfg

# boot N: the console in $T/bootN.log; QEMU's status in rc
boot() {
	local t0
	LOG=$T/boot$1.log
	t0=$(date +%s)
	QEMU_TIMEOUT=${TMO:-120} tests/qemu-arm/uboot.sh "$LOG" -drive if=virtio,format=raw,file="$img"
	rc=$?
	echo "  boot $1: qemu exit $rc in $(($(date +%s) - t0)) s"
}
in_log() { grep -qF -- "$1" "$LOG"; }
count() { grep -cF -- "$1" "$LOG"; }
reduce_checks() { # NAME JSON MODEL: the host's reduction and the capture's checks
	# (MODEL -: U-Boot's alone; the model's figures, timed under TCG on a
	# loaded machine, are checked once)
	if ! "$CS" reduce --json "$2" >"$2.red" 2>"$2.err"; then
		fail "$1: cacheshape reduce --json: $(head -c 300 "$2.err")"
		return
	fi
	pass "$1: cacheshape reduce --json reads it"
	while read -r verdict rest; do
		case $verdict in PASS) pass "$1: $rest" ;; *) fail "$1: $rest" ;; esac
	done < <(python3 tests/qemu-arm/check_capture.py "$2" "$2.red" "$3" u-boot)
}

boot 1
expect "boot 1: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "boot 1: U-Boot found BOOTAA64.EFI on the partition" in_log "Booting /efi\\boot\\bootaa64.efi"
expect "boot 1: banner, firmware Das U-Boot" sh -c "grep -qF 'cacheshape 0.1.0 (UEFI, aarch64)' '$LOG' && grep -q '^firmware: Das U-Boot' '$LOG'"
expect "boot 1: the emulator named from the device tree" \
	in_log "QEMU TCG inferred from device tree linux,dummy-virt (QEMU virt) and CNTFRQ 62.5 MHz"
expect "boot 1: never 'no emulator seen'" test "$(count "no emulator seen")" -eq 0
expect "boot 1: trust says EMULATED by QEMU TCG" in_log "trust: EMULATED by QEMU TCG"
expect "boot 1: what the firmware lacks, one line: MP services, graphics output" \
	grep -q '^firmware lacks: MP services: .*; graphics output: the summary is text only$' "$LOG"
expect "boot 1: graphics output said once" test "$(count "graphics output")" -eq 1
expect "boot 1: the TLB kinds ran (4 KiB and 2 MiB windows on our own tables)" sh -c \
	"grep -qE '^tlb: 4 KiB pages, [0-9]+ counts .*under a top-level slot in use' '$LOG' &&
	 grep -qE '^tlb: 2 MiB pages, [0-9]+ counts .*under a top-level slot in use' '$LOG'"
expect "boot 1: no window refused for room" test "$(count "no room in the address space")" -eq 0
expect "boot 1: summary shown" in_log "summary: each published level"
expect "boot 1: capture written under its name" in_log "capture written: \\captures\\ub.json ("
expect "boot 1: how it was kept, and why, said once" sh -c \
	"test \$(grep -c '^capture kept under a fresh name: the firmware.s file protocol refused to rename a file (Access Denied)' '$LOG') -eq 1"
expect "boot 1: no NOT written" test "$(count "NOT written")" -eq 0
mdir -i "$esp" -a -b ::/captures >"$T/dir1.txt" 2>&1
expect "boot 1: the ESP's \\captures holds ub.json alone (no temporary or probe file left)" \
	test "$(tr 'A-Z' 'a-z' <"$T/dir1.txt" | sed 's|.*/||' | grep -v '^\.\.\?$' | sort | tr '\n' ' ')" = "ub.json "
if mcopy -i "$esp" ::/captures/ub.json "$T/first.json" 2>/dev/null; then
	pass "boot 1: the capture read back with mtools"
	said=$(sed -n 's/^capture written: .* (\([0-9]*\) bytes.*/\1/p' "$LOG")
	expect "boot 1: the bytes the console said ($said)" test "$(stat -c %s "$T/first.json")" = "$said"
	reduce_checks "capture 1" "$T/first.json" cortex-a72
	"$CS" reduce "$T/first.json" >"$T/first.txt" 2>&1
	summ() { awk '/^summary: each published level/ { on = 1 } on && /^$/ { exit } on' "$1"; }
	summ "$LOG" >"$T/first.console-summary"
	summ "$T/first.txt" >"$T/first.host-summary"
	expect "capture 1: the host's summary is the console's" sh -c \
		"test -s '$T/first.host-summary' && cmp -s '$T/first.console-summary' '$T/first.host-summary'"
else
	fail "boot 1: capture not readable with mtools"
fi

# The checker can fail: a capture that says it was renamed, or names no
# emulator, is caught.
if [ -f "$T/first.json.red" ]; then
	python3 - "$T/first.json" "$T/doctored.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["producer"]["capture_write"]["method"] = "rename"
d["cpu"]["emulator"] = None
json.dump(d, open(sys.argv[2], "w"))
PY
	python3 tests/qemu-arm/check_capture.py "$T/doctored.json" "$T/first.json.red" cortex-a72 u-boot >"$T/doctored.txt"
	expect "checker catches a capture said renamed" grep -q '^FAIL producer.capture_write: a fresh name' "$T/doctored.txt"
	expect "checker catches a capture naming no emulator" grep -q '^FAIL cpu.emulator' "$T/doctored.txt"
fi

boot 2
expect "boot 2: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "boot 2: a second capture beside the first" in_log "capture written: \\captures\\ub-2.json ("
mdir -i "$esp" -a -b ::/captures >"$T/dir2.txt" 2>&1
expect "boot 2: \\captures holds ub.json and ub-2.json, nothing else" \
	test "$(tr 'A-Z' 'a-z' <"$T/dir2.txt" | sed 's|.*/||' | grep -v '^\.\.\?$' | sort | tr '\n' ' ')" = "ub-2.json ub.json "
if mcopy -i "$esp" ::/captures/ub.json "$T/first-again.json" 2>/dev/null &&
	mcopy -i "$esp" ::/captures/ub-2.json "$T/second.json" 2>/dev/null; then
	expect "boot 2: the first capture untouched, byte for byte" cmp -s "$T/first.json" "$T/first-again.json"
	reduce_checks "capture 2" "$T/second.json" -
else
	fail "boot 2: captures not readable with mtools"
fi
summary uboot-aarch64
