#!/usr/bin/env bash
# suite-qemu-aarch64: the aarch64 firmware booted on QEMU's virt machine with
# AAVMF (TCG), once for each of -cpu max, cortex-a57 and cortex-a72, with
# quick settings and each boot under a timeout. It builds the firmware
# itself (`make test` runs with ARCH=x86_64). Captures are read back with
# mtools and checked with `cacheshape reduce --json` plus the capture's own
# fields (tests/qemu-arm/check_capture.py): published caches as each model
# advertises, clock figures, sweep and adjacency series, and the
# instruction-cache probe's coherent refusal. TCG timings are the host's:
# nothing here compares the measured knees with the emulated registers.
# These boots have no GPU: each says so once and shows its summary as text
# (suite-screen-aarch64 boots one with). cortex-a57's asks for a competitor
# (competitors=1), which AAVMF, without MP services, cannot run: said on
# screen, in the capture and by reduce (the other processors' aarch64 case,
# beside suite-qemu-mp's x86_64 ones).
# run-all: seconds 110
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
EFI=build/aarch64/cacheshape.efi
CS=build/host/cacheshape
boot_suite qemu-aarch64 build/test-qemu-arm "$CS"

if ! make -s ARCH=aarch64 firmware >"$T/build.log" 2>&1; then
	fail "make ARCH=aarch64 firmware: $(tail -n 5 "$T/build.log")"
	summary qemu-aarch64
	exit 1
fi
pass "make ARCH=aarch64 firmware"
[ -e "$EFI" ] || { fail "missing $EFI"; summary qemu-aarch64; exit 1; }
# MZ, then at e_lfanew "PE\0\0", machine 0xaa64, subsystem 10 (application).
expect "the image is a PE32+ EFI application for arm64" python3 -c '
import struct, sys
b = open(sys.argv[1], "rb").read()
pe = struct.unpack_from("<I", b, 0x3c)[0]
ok = b[:2] == b"MZ" and b[pe:pe + 4] == b"PE\0\0" and struct.unpack_from("<H", b, pe + 4)[0] == 0xaa64
ok = ok and struct.unpack_from("<H", b, pe + 24)[0] == 0x20b and struct.unpack_from("<H", b, pe + 24 + 68)[0] == 10
sys.exit(0 if ok else 1)' "$EFI"

# (not $name: lib.sh's expect() has a local of that name)
in_log() { grep -qF -- "$1" "$LOG"; }
for model in max cortex-a57 cortex-a72; do
	name=$model
	LOG=$T/$model.log
	more=
	[ "$model" = cortex-a57 ] && more=competitors=1
	printf '%s\n' sweep=quick after=shutdown "label=test $model" name="aa64-$model" $more >"$T/$name.cfg"
	tests/qemu/mkesp.sh "$T/$name.img" "$EFI" BOOTAA64.EFI "$T/$name.cfg"
	t0=$(date +%s)
	QEMU_CPU=$model QEMU_TIMEOUT=${TMO:-120} tests/qemu-arm/boot.sh "$T/$name.log" \
		-drive if=virtio,format=raw,file="$T/$name.img"
	rc=$?
	echo "  $name: qemu exit $rc in $(($(date +%s) - t0)) s"
	expect "$name: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$name: banner" in_log "cacheshape 0.1.0 (UEFI, aarch64)"
	expect "$name: instruction-cache refusal on screen" \
		in_log "instruction cache probe: instruction fetch is coherent here: nothing to measure"
	expect "$name: progress with time left" grep -qE '^  \[ ?[0-9]+/[0-9]+\] .* left (~|<)' "$LOG"
	expect "$name: summary shown" in_log "summary: each published level"
	expect "$name: capture written" in_log "capture written: \\captures\\aa64-$model.json"
	expect "$name: no MP services: said, boot processor alone" in_log "processors: the firmware has no MP services protocol (LocateProtocol: not found): measured on the boot processor alone"
	expect "$name: no GPU: 'graphics output' said once, in the line of what the firmware lacks" \
		test "$(grep -c 'graphics output' "$LOG")" -eq 1 -a \
		"$(grep -c '^firmware lacks: .*graphics output: the summary is text only' "$LOG")" -eq 1
	expect "$name: ran to the end" in_log "after=shutdown: powering off"
	[ -n "$more" ] && expect "$name: competitors not run, said" in_log "competitors=1: not run (no MP services)"
	rm -f "$T/$name.json"
	if ! mcopy -i "$T/$name.img" "::/captures/aa64-$model.json" "$T/$name.json" 2>/dev/null; then
		fail "$name: capture not readable with mtools"
		continue
	fi
	expect "$name: cacheshape reduce reads it" "$CS" reduce "$T/$name.json" >"$T/$name.txt" 2>&1
	if ! "$CS" reduce --json "$T/$name.json" >"$T/$name.red.json" 2>"$T/$name.red.err"; then
		fail "$name: cacheshape reduce --json: $(head -c 300 "$T/$name.red.err")"
		continue
	fi
	while read -r verdict rest; do
		case $verdict in
		PASS) pass "$name: $rest" ;;
		*) fail "$name: $rest" ;;
		esac
	done < <(python3 tests/qemu-arm/check_capture.py "$T/$name.json" "$T/$name.red.json" "$model")
	# the core clock (docs/clock.md): readings, PMCCNTR_EL0 read or refused
	expect "$name: the core clock recorded: $(python3 tests/qemu/check_clock.py "$T/$name.json" "$T/$name.red.json" arm 2>&1 | tail -1)" \
		python3 tests/qemu/check_clock.py "$T/$name.json" "$T/$name.red.json" arm
	# seed 003's experiments: on screen, present and valid (figures are TCG's)
	expect "$name: experiments on screen" in_log "experiments:"
	expect "$name: experiments in the capture: $(python3 tests/qemu/check_experiments.py "$T/$name.json" "$T/$name.red.json")" \
		python3 tests/qemu/check_experiments.py "$T/$name.json" "$T/$name.red.json"
	# no MP services: no processors, no competitor, no kinds of core
	if [ -n "$more" ]; then
		expect "$name: processors null with the reason; no competitor, no cores" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if d["processors"] is None and "no MP services protocol" in d["processors_reason"] and "competitor" not in d and "cores" not in d and d["settings"]["competitors"] == 1 else 1)' "$T/$name.json"
		expect "$name: reduce --json: neither member" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if "competitor" not in r and "cores" not in r else 1)' "$T/$name.red.json"
		expect "$name: reduce text says why" grep -qF "processors: not listed: the firmware has no MP services protocol" "$T/$name.txt"
	fi
done

# The checks can fail: a capture doctored to claim a granule under TCG, or
# another L2 size, must be caught.
if [ -f "$T/max.json" ] && [ -f "$T/max.red.json" ]; then
	python3 - "$T/max.json" "$T/doctored-granule.json" "$T/doctored-l2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["icache"]["granule_bytes"] = 64
d["icache"].pop("refusal", None)
json.dump(d, open(sys.argv[2], "w"))
d = json.load(open(sys.argv[1]))
for c in d["published"]["caches"]:
    if c["level"] == 2:
        c["size_bytes"] = 1 << 20
json.dump(d, open(sys.argv[3], "w"))
PY
	expect "checker refuses a number from the coherent probe" sh -c \
		"python3 tests/qemu-arm/check_capture.py '$T/doctored-granule.json' '$T/max.red.json' max | grep '^FAIL icache: the coherent refusal' >/dev/null"
	expect "checker catches a wrong L2" sh -c \
		"python3 tests/qemu-arm/check_capture.py '$T/doctored-l2.json' '$T/max.red.json' max | grep '^FAIL published caches' >/dev/null"
fi

# A USB stick on the virt machine (qemu-xhci + usb-storage): the `make usb`
# image when it carries BOOTAA64.EFI, else a stick made the same way with
# the aarch64 binary alone.
name=usb
LOG=$T/usb.log
if [ -f build/cacheshape-usb.img ] && mdir -i "build/cacheshape-usb.img@@1048576" ::/EFI/BOOT 2>/dev/null | grep -qi BOOTAA64; then
	cp build/cacheshape-usb.img "$T/usb.img"
	echo "  usb: the make usb image"
else
	tests/qemu/mkusb.sh "$T/usb.img" "$EFI" BOOTAA64.EFI >/dev/null
	echo "  usb: a stick with the aarch64 binary alone (make usb carries no BOOTAA64.EFI yet)"
fi
off=$(( $(sfdisk --dump "$T/usb.img" | sed -nE 's/.*start= *([0-9]+),.*/\1/p' | head -n 1) * 512 ))
printf '%s\n' sweep=quick after=shutdown max_bytes=4M name=aa64-usb >"$T/usb.cfg"
mcopy -o -i "$T/usb.img@@$off" "$T/usb.cfg" ::/cacheshape.cfg
t0=$(date +%s)
QEMU_CPU=cortex-a72 QEMU_TIMEOUT=${TMO:-120} tests/qemu-arm/boot.sh "$LOG" -device qemu-xhci \
	-drive if=none,id=stick,format=raw,file="$T/usb.img" -device usb-storage,drive=stick
rc=$?
echo "  usb: qemu exit $rc in $(($(date +%s) - t0)) s"
expect "usb: booted from the USB stick" in_log "USB(0x0,0x0)"
expect "usb: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "usb: capture written" in_log 'capture written: \captures\aa64-usb.json'
rm -f "$T/usb.json"
if mcopy -i "$T/usb.img@@$off" ::/captures/aa64-usb.json "$T/usb.json" 2>/dev/null; then
	expect "usb: cacheshape reduce reads it" "$CS" reduce "$T/usb.json" >"$T/usb.txt" 2>&1
else
	fail "usb: no capture on the stick"
fi
summary qemu-aarch64
