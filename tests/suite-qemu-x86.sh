#!/usr/bin/env bash
# suite-qemu-x86: the x86_64 firmware booted in QEMU/OVMF (TCG), each boot
# under a timeout with quick settings. Captures are read back with mtools and
# checked with `cacheshape reduce --json` plus the capture's own fields
# (tests/qemu/check_capture.py). Also: the `make usb` image as a USB stick,
# a read-only volume, a full volume, an existing capture name, a malformed
# settings file. Timings under TCG are the host's: nothing here compares the
# measured knees with the emulated CPUID. Some boots carry another suite's
# checks, so that no boot is made twice for them: the boot menu's countdown
# run out (menu=2, EPYC) and the unattended run (Skylake: no countdown),
# suite-menu's; competitors=1 on one processor (malformed), suite-qemu-mp's.
# run-all: seconds 150
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
EFI=build/x86_64/cacheshape.efi
USB=build/cacheshape-usb.img
CS=build/host/cacheshape
boot_suite qemu-x86 "${QEMU_TEST_DIR:-build/test-qemu}" "$EFI" "$USB" "$CS"

cfg() { printf '%s\n' "$@" >"$T/$C.cfg"; } # settings lines for this case
boot() { # boot IMAGE [QEMU ARGS...]: boots case $C, log in $T/$C.log
	local img=$1; shift
	local t0=$(date +%s)
	QEMU_TIMEOUT=${TMO:-90} tests/qemu/boot.sh "$T/$C.log" "$@"
	rc=$?
	echo "  $C: qemu exit $rc in $(($(date +%s) - t0)) s"
}
esp() { tests/qemu/mkesp.sh "$T/$C.img" "$EFI" BOOTX64.EFI "$T/$C.cfg" "${1:-65536}"; }
in_log() { grep -qF -- "$1" "$T/$C.log"; }
# fetch IMG[@@OFF] FILE-ON-IMAGE: copies it to $T/$C.json
fetch() { rm -f "$T/$C.json"; mcopy -i "$1" "$2" "$T/$C.json" 2>/dev/null; }
captures() { mdir -i "$1" -b ::/captures 2>/dev/null | grep -iE '\.(json|tmp)$'; }
# verify MODEL [LIMIT]: the whole capture check on $T/$C.json
verify() {
	local model=$1 limit=${2:-0}
	expect "$C: cacheshape reduce reads it" "$CS" reduce "$T/$C.json" >"$T/$C.txt" 2>&1
	if ! "$CS" reduce --json "$T/$C.json" >"$T/$C.red.json" 2>"$T/$C.red.err"; then
		fail "$C: cacheshape reduce --json: $(head -c 300 "$T/$C.red.err")"
		return
	fi
	local out
	out=$(python3 tests/qemu/check_capture.py "$T/$C.json" "$T/$C.red.json" "$model" "$limit" 2>&1)
	[ -n "$out" ] || { fail "$C: check_capture.py printed nothing"; return; }
	while read -r verdict rest; do
		case $verdict in
		PASS) pass "$C: $rest" ;;
		*) fail "$C: $verdict $rest" ;;
		esac
	done <<<"$out"
}
# a normal run: booted, summary shown, capture written and named on screen
ran_ok() {
	expect "$C: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
	expect "$C: banner" in_log "cacheshape 0.1.0 (UEFI, x86_64)"
	expect "$C: progress with time left" grep -qE '^  \[ ?[0-9]+/[0-9]+\] .* left (~|<)' "$T/$C.log"
	expect "$C: summary shown" in_log "summary: each published level"
	expect "$C: capture written" in_log "capture written: \\captures\\"
}

# 0: `make run` as a user types it (issue 40 item 2): each thing once, at
# most 120 lines (tests/qemu/check_makerun.sh), in its own run folder; its
# boot is also case 1 below (the default model)
C=makerun
t0=$(date +%s)
make --no-print-directory run QEMU_CPU= RUNDIR="$T/makerun" QEMU_TIMEOUT="${TMO:-300}" >"$T/makerun.out" 2>&1
rc=$?
echo "  $C: make run exit $rc in $(($(date +%s) - t0)) s"
expect "$C: make run exits 0 ($rc)" [ "$rc" -eq 0 ]
while read -r v rest; do case $v in PASS) pass "$rest" ;; *) fail "$rest" ;; esac; done \
	< <(tests/qemu/check_makerun.sh "$T/makerun.out" "$T/makerun")

# 1-3: the three CPU models, quick sweep. The default model's boot is
# make run's above (the same quick settings, the default memory: the sweep
# to its default target, 4x the largest published cache, end to end); its
# console and ESP are checked here as a case of their own. The other two
# models sweep to 2 MiB (max_bytes): what differs between models is what
# they publish and the capture's fields, each checked whole (the default
# target, 4x the largest, in the plan's target_bytes on every model).
for model in default skylake epyc; do
	C=$model
	case $model in
	default) export QEMU_CPU= ;;
	skylake) export QEMU_CPU=Skylake-Client-v1 ;;
	epyc) export QEMU_CPU=EPYC-v1 ;;
	esac
	if [ "$model" = default ]; then
		# make run's boot: its console and its ESP image, QEMU's status
		# as tests/qemu/boot.sh logged it
		cp "$T/makerun/console.log" "$T/$C.log" 2>/dev/null
		cp "$T/makerun/esp.img" "$T/$C.img" 2>/dev/null
		rc=$(sed -nE 's/^boot: qemu exit ([0-9]+) after .*/\1/p' "$T/$C.log" | tail -n 1)
		rc=${rc:-124}
		limit=0
	else
		# EPYC's: menu=2, the boot menu's countdown left to run out
		cfg sweep=quick after=shutdown max_bytes=2M "label=test $model ${QEMU_CPU:-qemu64}" \
			$([ "$model" = epyc ] && echo menu=2)
		esp
		boot "$T/$C.img" -drive if=virtio,format=raw,file="$T/$C.img"
		limit=$((2 << 20))
	fi
	ran_ok
	files=$(captures "$T/$C.img")
	expect "$C: exactly one capture, no temporary file" test "$(echo "$files" | grep -c .)" -eq 1 -a -z "$(echo "$files" | grep -i '\.tmp$')"
	if fetch "$T/$C.img" "$(echo "$files" | head -n 1)"; then
		verify "$model" "$limit"
		# seed 003's experiments: on screen, present and valid (figures are TCG's)
		expect "$C: experiments on screen" in_log "experiments:"
		expect "$C: experiments in the capture" python3 tests/qemu/check_experiments.py "$T/$C.json" "$T/$C.red.json"
		# the core clock (docs/clock.md): readings, the guarded MSRs caught or read
		smi=amd
		[ "$model" = skylake ] && smi=intel
		expect "$C: the core clock recorded: $(python3 tests/qemu/check_clock.py "$T/$C.json" "$T/$C.red.json" $smi 2>&1 | tail -1)" \
			python3 tests/qemu/check_clock.py "$T/$C.json" "$T/$C.red.json" $smi
		expect "$C: the cycle counter said on screen" in_log "cycle counter: "
		expect "$C: file as shown on screen" in_log "$(basename "$(echo "$files" | head -n 1)")"
		# the boot menu (suite-menu's other two boots)
		case $model in
		skylake)
			expect "$C: unattended (after=shutdown, no menu=): no countdown" not grep -qE '^menu:|^run: ' "$T/$C.log"
			capture_is "the capture records no countdown" 's["menu"] == 0 and not s["menu_opened"]' ;;
		epyc)
			expect "$C: menu=2: counted down and started by itself" \
				in_log "menu: press a key for the boot menu, or the run starts in 2 1: starting"
			expect "$C: menu=2: no menu opened" not in_log "boot menu:"
			capture_is "the capture records the countdown, no menu" \
				's["menu"] == 2 and not s["menu_opened"] and s["menu_changed"] == [] and s["repeat"] == 1' ;;
		esac
	else
		fail "$C: capture not readable with mtools"
	fi
done
export QEMU_CPU=

# 4: the `make usb` image as a USB mass-storage device (settings added).
C=usb
cp "$USB" "$T/usb.img"
off=$(( $(sfdisk --dump "$T/usb.img" | sed -nE 's/.*start= *([0-9]+),.*/\1/p' | head -n 1) * 512 ))
cfg sweep=quick after=shutdown max_bytes=4M
mcopy -i "$T/usb.img@@$off" "$T/usb.cfg" ::/cacheshape.cfg
expect "usb: GPT with an EFI system partition" grep -q 'type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B' <(sfdisk --dump "$T/usb.img")
boot "$T/usb.img" -device qemu-xhci -drive if=none,id=stick,format=raw,file="$T/usb.img" -device usb-storage,drive=stick
ran_ok
f=$(captures "$T/usb.img@@$off" | head -n 1)
if [ -n "$f" ] && fetch "$T/usb.img@@$off" "$f"; then verify default $((4 << 20)); else fail "usb: no capture on the stick"; fi

# 5: read-only volume: clear message, summary on screen, nothing written.
C=readonly
cfg sweep=quick after=shutdown max_bytes=2M
esp
boot "$T/$C.img" -drive if=virtio,format=raw,readonly=on,file="$T/$C.img"
expect "readonly: ran to the end (exit $rc)" test "$rc" -eq 0
expect "readonly: summary still shown" in_log "summary: each published level"
expect "readonly: says read-only" in_log "NOT written: the volume is read-only"
expect "readonly: nothing on the volume" test -z "$(captures "$T/$C.img")"

# 6: a full volume: a small FAT (the program and 256 KiB) filled up to a
# few KiB.
C=full
cfg sweep=quick after=shutdown max_bytes=2M
esp $(( ($(stat -c %s "$EFI") + 1023) / 1024 + 256 ))
free=$(mdir -i "$T/$C.img" ::/ | sed -nE 's/^ *([0-9 ]+) bytes free.*/\1/p' | tr -d ' ')
case $free in ''|*[!0-9]*) free=0 ;; esac
# Leave 6 KiB: less than a quick capture needs (8 KiB and more).
if [ "$free" -gt 8192 ] && [ "$free" -lt $((1 << 20)) ]; then
	head -c $((free - 6144)) /dev/zero >"$T/filler.bin"
	mcopy -i "$T/$C.img" "$T/filler.bin" ::/filler.bin
	rm -f "$T/filler.bin"
else
	fail "full: cannot read the free space of the small FAT ($free)"
fi
boot "$T/$C.img" -drive if=virtio,format=raw,file="$T/$C.img"
expect "full: ran to the end (exit $rc)" test "$rc" -eq 0
expect "full: says full" in_log "NOT written: the volume is full"
expect "full: summary still shown" in_log "summary: each published level"
expect "full: no half capture left" test -z "$(captures "$T/$C.img")"

# 7: repeat=5 (the default boot's, issue 25) on the smallest sweep this
# suite runs that has a knee under TCG (to 256 KiB, QEMU's own step near
# 34 KiB): the whole sweep five times, every point with its
# five figures, each level's floor and each knee with its spread.
# The same boot: an existing name is never overwritten (name=rep, and a
# rep.json already there): the run takes the next name, rep-2.
C=repeats
cfg sweep=quick after=shutdown max_bytes=256K repeat=5 name=rep
esp
echo '{"sentinel": true}' >"$T/sentinel.json"
mmd -i "$T/$C.img" ::/captures
mcopy -i "$T/$C.img" "$T/sentinel.json" ::/captures/rep.json
boot "$T/$C.img" -drive if=virtio,format=raw,file="$T/$C.img"
ran_ok
expect "exists: written beside it" in_log 'capture written: \captures\rep-2.json'
fetch "$T/$C.img" ::/captures/rep.json
expect "exists: the old capture untouched" cmp -s "$T/$C.json" "$T/sentinel.json"
expect "repeats: the settings line says repeat=5" in_log "settings: sweep=quick after=shutdown max_bytes=256 KiB repeat=5"
if fetch "$T/$C.img" ::/captures/rep-2.json; then verify default $((256 << 10)); else fail "exists: no rep-2.json"; fi
if [ -s "$T/$C.red.json" ]; then
	expect "repeats: five figures a point, its ns among them; settings and plan say 5" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
s = c["sweep"]
assert s["repeats"] == 5 and s["repeat_order"], s.get("repeats")
assert len(s["points"]) >= 8
for p in s["points"]:
    r = p["repeats_ns"]
    assert len(r) == 5 and min(r) <= p["ns"] <= max(r), p
assert c["settings"]["repeat"] == 5 and c["plan"]["repeats"] == 5
' "$T/$C.json"
	expect "repeats: reduce --json gives every floor and knee a spread, each repeat its knees" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["repeats"]["n"] == 5 and len(d["repeats"]["knees"]) == 5
assert d["levels"], "no level"
for L in d["levels"]:
    assert "floor_spread_ns" in L and L["floor_spread_ns_repeats"] == 5, L
for k in d["knees"]:
    assert "spread" in k and "spread_repeats" in k, k
    assert k["bytes"] is None or (k["spread_repeats"] == 0) == (k["spread"] is None), k
' "$T/$C.red.json"
	expect "repeats: the report shows the spreads" "$CS" reduce "$T/$C.json" >"$T/$C.txt"
	expect "repeats: ... a floor's" grep -qE "^           spread [0-9.]+ ns .. [0-9.]+ ns, the floor in 5 of 5 repeats" "$T/$C.txt"
else
	fail "repeats: no capture rep-2.json, or reduce --json refused it: $(head -c 300 "$T/$C.red.err" 2>/dev/null)"
fi

# 8: malformed settings: each bad line named, defaults kept, no hang.
# max_bytes keeps its default (4x the largest published cache): a CPU
# without an L3 (qemu64, l3-cache=off: L2 512 KiB the largest) holds that
# default sweep to 2 MiB, where the 16 MiB L3 made it 64 MiB.
# Its last line asks for a competitor on this one processor (suite-qemu-mp's
# -smp 1 case): none to run on, said, and the reason kept.
C=malformed
printf 'sweep=quick\nafter=shutdown\nmax_bytes=lots\nthis is not a setting\ncolour=blue\nafter = sometimes\ncompetitors=1\n' >"$T/$C.cfg"
esp
QEMU_CPU=qemu64,l3-cache=off boot "$T/$C.img" -drive if=virtio,format=raw,file="$T/$C.img"
expect "malformed: ran to the end (exit $rc)" test "$rc" -eq 0
expect "malformed: bad number named" in_log "settings line 3: max_bytes must be a whole number of bytes"
expect "malformed: line without = named" in_log "settings line 4: no '=' in"
expect "malformed: unknown key named" in_log "settings line 5: unknown key 'colour'"
expect "malformed: bad value named" in_log "settings line 6: after must be wait, shutdown or return"
f=$(captures "$T/$C.img" | head -n 1)
if [ -n "$f" ] && fetch "$T/$C.img" "$f"; then
	expect "malformed: defaults kept (max_bytes absent, 4 errors)" python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["settings"]
sys.exit(0 if s["max_bytes"] is None and s["errors"] == 4 and s["sweep"] == "quick" else 1)' "$T/$C.json"
	expect "malformed: the default target swept, 4x the largest published cache (2 MiB)" python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
big = max(k["size_bytes"] for k in c["published"]["caches"] if k["type"] != "instruction")
pts = c["sweep"]["points"]
sys.exit(0 if c["plan"]["target_bytes"] == 4 * big == 2 << 20 and pts[-1]["bytes"] == 4 * big else 1)' "$T/$C.json"
	# one processor, a competitor asked for: none to run on
	expect "malformed: one processor" in_log "processors: 1 (1 enabled), boot processor #0"
	expect "malformed: competitors=1, no AP said" in_log "competitor: no enabled application processor: the competitor sweep was not run"
	expect "$C: cacheshape reduce reads it" "$CS" reduce "$T/$C.json" >"$T/$C.txt" 2>&1
	expect "$C: cacheshape reduce --json reads it" sh -c "'$CS' reduce --json '$T/$C.json' >'$T/$C.red.json' 2>'$T/$C.red.err'"
	capture_is "one processor listed, no competitor sweep, the reason kept" \
		"len(d['processors']) == 1 and 'competitor' not in d and 'no enabled application processor' in d['competitor_note'] and s['competitors'] == 1"
	capture_is "reduce --json: no competitor member" "'competitor' not in r and r['cores'][0]['kind'] == 'all'"
else
	fail "malformed: no capture"
fi

# 9: a hostile stick and CPU (issue 17, items 2, 4, 9, 10): a settings file
# with a UTF-8 byte-order mark, a NUL line, max_bytes=1K, a UTF-8 label, and
# over 4 KiB with after=wait past the end; a CPU brand with a Latin-1 byte
# and an ESC sequence; a user's own file under the old temporary name.
hostile() {
	C=hostile
	{
		printf '\xef\xbb\xbfsweep=quick\nafter=shutdown\nname=hostile\n'
		printf 'max_bytes=1K\nmax_bytes=2M\nlabel=caf\xc3\xa9 \xe2\x9c\x93\nbad\0line\n'
		for i in $(seq 1 140); do printf '# padding to pass the 4 KiB that are read: line %03d\n' "$i"; done
		printf 'after=wait\n'
	} >"$T/$C.cfg"
	esp
	mmd -i "$T/$C.img" ::/captures
	echo 'a file of the user' >"$T/user.tmp"
	mcopy -i "$T/$C.img" "$T/user.tmp" ::/captures/hostile.tmp
	QEMU_CPU="qemu64,model-id=Caf"$'\xe9'" "$'\x1b'"[2J CPU" boot "$T/$C.img" -drive if=virtio,format=raw,file="$T/$C.img"
	expect "hostile: powered off: after=shutdown kept from the first 4 KiB (exit $rc)" test "$rc" -eq 0
	expect "hostile: the rest of the file named as ignored" in_log "settings: the file is longer than the 4096 bytes read: line"
	expect "hostile: max_bytes=1K refused by name" in_log "settings line 4: max_bytes must be a whole number of bytes from 4096"
	expect "hostile: the NUL line named" in_log "settings line 7: a NUL byte"
	expect "hostile: the byte-order mark skipped (line 1 taken)" not in_log "settings line 1:"
	expect "hostile: the brand shown escaped, not obeyed" in_log 'Caf\xe9 \e[2J CPU'
	expect "hostile: capture written" in_log 'capture written: \captures\hostile.json'
	fetch "$T/$C.img" ::/captures/hostile.tmp
	expect "hostile: the user's .tmp file untouched" cmp -s "$T/$C.json" "$T/user.tmp"
	expect "hostile: no temporary file left" test -z "$(mdir -i "$T/$C.img" -b ::/captures 2>/dev/null | grep -i unfinished)"
	if fetch "$T/$C.img" ::/captures/hostile.json; then
		verify default $((2 << 20))
		expect "hostile: the label is UTF-8, the Latin-1 byte U+FFFD" python3 -c '
import json, sys
c = json.load(open(sys.argv[1], encoding="utf-8"))
l = c["label"]
sys.exit(0 if "Caf\ufffd \x1b[2J CPU" in l and "caf\u00e9 \u2713" in l and c["settings"]["max_bytes"] == 2097152 else 1)' "$T/$C.json"
	else
		fail "hostile: no capture"
	fi
	export QEMU_CPU=
}
hostile

# 10: the chart on the screen (tests/qemu/screendump.sh): pixels against the capture.
while read -r v rest; do case $v in PASS) pass "screendump: $rest" ;; *) fail "screendump: $v $rest" ;; esac; done < <(tests/qemu/screendump.sh "$T/screendump")

summary qemu-x86
