#!/usr/bin/env bash
# suite-qemu-mp: the other processors (issue 8). The x86_64 firmware on OVMF
# with -smp 4 and competitors=2 (quick, 2 MiB): the processor list, the
# competitor sweep, the per-kind section and the comparison line, on screen,
# in the capture and from `cacheshape reduce` (text and --json). Under TCG
# the competitor's effect is the emulator's, not a cache's: presence and
# validity only, never the verdict. Then the committed capture replayed.
# Each boot under a timeout. Two more cases ride on boots other suites make
# anyway: -smp 1 with competitors=1 (no AP to run on: said, the reason
# kept) is suite-qemu-x86's malformed-settings boot; the aarch64 firmware
# on AAVMF, which has no MP services, is suite-qemu-aarch64's cortex-a57
# boot (competitors=1 said not run, no processors listed).
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
EFI=build/x86_64/cacheshape.efi
CS=build/host/cacheshape
COMMITTED=captures/qemu/qemu-x86_64-smp4-competitor.json
boot_suite qemu-mp "${QEMU_TEST_DIR:-build/test-qemu-mp}" "$EFI" "$CS"
in_log() { grep -qF -- "$1" "$T/$C.log"; }
boot() { # boot EFI BOOTNAME BOOTSCRIPT [QEMU ARGS...]
	local efi=$1 name=$2 script=$3; shift 3
	tests/qemu/mkesp.sh "$T/$C.img" "$efi" "$name" "$T/$C.cfg"
	local t0=$(date +%s)
	QEMU_TIMEOUT=${TMO:-120} $script "$T/$C.log" -drive if=virtio,format=raw,file="$T/$C.img" "$@"
	rc=$?
	echo "  $C: qemu exit $rc in $(($(date +%s) - t0)) s"
}
fetch() { rm -f "$T/$C.json"; mcopy -i "$T/$C.img" "::/captures/$1.json" "$T/$C.json" 2>/dev/null; }
reduce_both() {
	expect "$C: cacheshape reduce reads it" sh -c "'$CS' reduce '$T/$C.json' >'$T/$C.txt' 2>&1"
	expect "$C: cacheshape reduce --json reads it" sh -c "'$CS' reduce --json '$T/$C.json' >'$T/$C.red.json' 2>'$T/$C.red.err'"
}
# the comparison line: a verdict or a refusal, never anything else
LINE='^competitor \([0-9]+ threads?\): (private knee 1 fell [-+0-9.]+ %, shared knee [0-9]+ fell [-+0-9.]+ %: the prediction (held|failed)|not compared \(compare-[a-z-]+\): .+)$'
# the capture's and the reduction's sections, valid whatever TCG measured
check_mp() { # check_mp THREADS NPROCS [main|ap]
	local th=$1 np=$2
	capture_is "$np processors listed, one boot processor, numbers 0..$((np - 1))" \
		"len(d['processors']) == $np and sum(p['bsp'] for p in d['processors']) == 1 and sorted(p['number'] for p in d['processors']) == list(range($np)) and all(p['enabled'] for p in d['processors'])"
	capture_is "competitor: $th threads, stopped, a buffer of its own of 1 MiB or more" \
		"d['competitor']['threads'] == $th and d['competitor']['stopped'] is True and d['competitor']['buffer_bytes'] >= 1 << 20 and len(d['competitor']['processors']) == $th and 0 not in d['competitor']['processors'] and all(p > 0 for p in d['competitor']['passes'])"
	capture_is "competitor sweep: the main sweep's sizes, positive costs" \
		"[p['bytes'] for p in d['competitor']['sweep']['points']] == [p['bytes'] for p in d['sweep']['points']] and all(p['ns'] > 0 for p in d['competitor']['sweep']['points'])"
	if [ "${3:-main}" = ap ]; then
		capture_is "cores: one kind 'all' with every processor, swept on an application processor" \
			"len(d['cores']) == 1 and d['cores'][0]['kind'] == 'all' and d['cores'][0]['processors'] == list(range($np)) and d['cores'][0]['swept_on'] != 0 and d['cores'][0]['how'] == 'swept on an application processor' and [p['bytes'] for p in d['cores'][0]['sweep']['points']] == [p['bytes'] for p in d['sweep']['points']] and all(p['ns'] > 0 for p in d['cores'][0]['sweep']['points'])"
	else
		capture_is "cores: one kind 'all' with every processor, swept by the main sweep" \
			"len(d['cores']) == 1 and d['cores'][0]['kind'] == 'all' and d['cores'][0]['processors'] == list(range($np)) and d['cores'][0]['swept_on'] == 0 and [p['bytes'] for p in d['cores'][0]['sweep']['points']] == [p['bytes'] for p in d['sweep']['points']] and all(abs(a['ns'] - b['ns']) <= 1e-5 * b['ns'] for a, b in zip(d['cores'][0]['sweep']['points'], d['sweep']['points']))"
	fi
	capture_is "reduce --json: competitor with knee and floor falls, verdict or refusal" \
		"r['competitor']['threads'] == $th and isinstance(r['competitor']['knee_falls'], list) and len(r['competitor']['floor_falls']) >= 1 and ((r['competitor']['prediction_held'] in (True, False) and r['competitor']['refusal'] is None) or (r['competitor']['prediction_held'] is None and r['competitor']['refusal']['code'].startswith('compare-')))"
	capture_is "reduce --json: cores with kind, processors, levels, knees, refusals" \
		"[set(k) for k in r['cores']] == [{'kind', 'processors', 'levels', 'knees', 'refusals'}] and r['cores'][0]['kind'] == 'all' and len(r['cores'][0]['levels']) >= 1"
	expect "$C: reduce text: the comparison line" grep -qE "$LINE" "$T/$C.txt"
	expect "$C: reduce text: the kind of core" grep -qE "^cores all \($np processors\): [0-9]+ levels" "$T/$C.txt"
}

# 1: -smp 4, two competitors, and kinds=ap: the one kind swept on an AP
# (the path a hybrid machine's other kind takes).
C=smp4
printf '%s\n' sweep=quick after=shutdown max_bytes=2M competitors=2 kinds=ap name=mp "label=test smp4 competitors=2" >"$T/$C.cfg"
QEMU_MEM=1G boot "$EFI" BOOTX64.EFI tests/qemu/boot.sh -smp 4
expect "$C: QEMU powered off by the application (exit $rc)" test "$rc" -eq 0
expect "$C: processors on screen" in_log "processors: 4 (4 enabled), boot processor #0; package/core/thread: 0/0/0 0/1/0 0/2/0 0/3/0"
expect "$C: competitor sweep announced" in_log "competitor sweep: 2 processors (#1, #2) streaming through"
expect "$C: every AP stopped" in_log "competitor: every application processor stopped"
expect "$C: the summary says every kind once, as reduce does" \
	test "$(grep -c '^cores all (4 processors): [0-9]* levels' "$T/$C.log")" -eq 1
expect "$C: the comparison line on screen" grep -qE "$LINE" "$T/$C.log"
expect "$C: the kind of core on screen" in_log "cores all (4 processors): "
expect "$C: kinds=ap: swept on an AP" in_log "kind of core: sweeping on processor #1 (no progress shown)"
expect "$C: capture written" in_log 'capture written: \captures\mp.json'
if fetch mp; then
	reduce_both
	check_mp 2 4 ap
	capture_is "settings recorded: competitors=2, kinds=ap" "d['settings']['competitors'] == 2 and d['settings']['kinds'] == 'ap'"
else
	fail "$C: no capture"
fi

# 2: the committed capture (emulated) replays with every section.
C=committed
if [ -e "$COMMITTED" ]; then
	cp "$COMMITTED" "$T/$C.json"
	reduce_both
	capture_is "labelled emulated" "'emulated' in d['label']"
	check_mp "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["competitor"]["threads"])' "$COMMITTED")" 4
else
	fail "missing $COMMITTED"
fi

summary qemu-mp
