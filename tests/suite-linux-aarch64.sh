#!/usr/bin/env bash
# suite-linux-aarch64: the cacheshape command on aarch64 Linux. On another
# machine, build/host-aarch64/cacheshape (make ARCH=aarch64 host: static,
# cross-built) runs under qemu-aarch64-static; on an aarch64 machine,
# build/host/cacheshape runs itself. `probe --quick` writes a capture that
# this machine's own command reads whole and reduces; the capture carries
# what the aarch64 paths of the probe do (the generic timer at CNTFRQ_EL0,
# dc civac tried in user space, CTR_EL0 and MIDR_EL1, sysfs as the
# published source, seed 001 in a memfd mapped twice, with its raw counts
# and a refusal, never a granule: under qemu-user the answer is the
# emulator's, and the emulator is named); --all-core-types writes one capture
# per kind of core and never over an existing one; the cross-built command
# says serve is not in it; the unit tests of those paths pass there too;
# and the make logic builds natively on an aarch64 machine (a dry run with
# that machine's compiler). Timings are the emulator's: never asserted.
# run-all: seconds 100
# suite: qemu
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
host=build/host/cacheshape
if [ "$(uname -m)" = aarch64 ]; then
	bin=build/host/cacheshape
	run() { timeout 300 "$@"; }
	emulated=False
else
	bin=build/host-aarch64/cacheshape
	command -v qemu-aarch64-static >/dev/null || { fail "qemu-aarch64-static missing (scripts/deps.sh cross-arm64)"; summary linux-aarch64; exit 1; }
	run() { timeout 300 qemu-aarch64-static "$@"; }
	emulated=True
fi
# json FILE PYTHON-EXPR: the expression over the parsed file as d.
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1" 2>/dev/null; }

expect "the aarch64 command is built ($bin)" test -x "$bin"
expect "it is an aarch64 ELF, linked static (nothing to install on a board)" python3 -c '
import sys
h = open(sys.argv[1], "rb").read(64)
machine = int.from_bytes(h[18:20], "little")
data = open(sys.argv[1], "rb").read()
sys.exit(0 if h[:4] == b"\x7fELF" and machine == 183 and b"/lib/ld-linux-aarch64.so.1" not in data else 1)' "$bin"

# The quick probe, small: the emulator is slow, and its numbers are its own.
run "$bin" probe --quick --max-bytes 512K -o "$tmp/a64.json" >"$tmp/a64.out" 2>"$tmp/a64.err"
rc=$?
expect "probe --quick exits 0 (got $rc: $(tail -n 2 "$tmp/a64.err"))" test $rc -eq 0
expect "it wrote its capture" test -s "$tmp/a64.json"
"$host" reduce "$tmp/a64.json" >"$tmp/a64.red.txt" 2>"$tmp/a64.red.err"
rc=$?
expect "this machine's reduce reads it whole and reduces it (exit $rc: $(head -c 200 "$tmp/a64.red.err"))" test $rc -eq 0
"$host" reduce --json "$tmp/a64.json" >"$tmp/a64.red.json" 2>/dev/null
expect "reduce --json reduces every point of the sweep" test "$(json "$tmp/a64.red.json" 'd["points"]["used"] == d["points"]["total"] >= 10')" = True
expect "aarch64, linux" test "$(json "$tmp/a64.json" 'd["environment"]["arch"] + " " + d["environment"]["kind"]')" = "aarch64 linux"
expect "complete: every sweep point, the adjacency series, the experiments" \
	test "$(json "$tmp/a64.json" 'len(d["sweep"]["points"]) == d["sweep_detail"]["points"] if "points" in d.get("sweep_detail", {}) else len(d["sweep"]["points"]) >= 10')" = True
expect "seed 003's experiments recorded (two single-access series)" \
	test "$(json "$tmp/a64.json" 'len(d["experiments"]["single_access"]["series"]) == 2')" = True
# The counter: CNTVCT_EL0 at CNTFRQ_EL0, checked against CLOCK_MONOTONIC_RAW.
expect "the generic timer times it, at the frequency CNTFRQ_EL0 publishes, recorded" \
	test "$(json "$tmp/a64.json" 'd["clock"]["source"] == "cntvct" and d["calibration"]["hz_published"] > 0 and d["clock"]["hz"] == d["calibration"]["hz"] and (d["calibration"]["hz_from"] == "CNTFRQ_EL0") == (d["clock"]["hz"] == d["calibration"]["hz_published"]) and d["calibration"]["hz_measured"] > 0')" = True
# The flush: dc civac tried in user space first, and which one said.
expect "the flush is named and why (dc civac where EL0 may, else eviction)" \
	test "$(json "$tmp/a64.json" 'd["flush"]["instruction"] == "dc civac" and d["flush"]["method"] in ("dc civac", "eviction") and (d["flush"]["method"] == "dc civac") == d["flush"]["allowed_in_user_space"] and len(d["flush"]["why"]) > 0')" = True
# What the processor publishes to a process: CTR_EL0, MIDR_EL1, sysfs.
expect "CTR_EL0 read at EL0, its I and D lines decoded" \
	test "$(json "$tmp/a64.json" 'd["arm_registers"]["CTR_EL0"].startswith("0x") and d["arm_registers"]["ctr"]["imin_line_bytes"] >= 4 and d["arm_registers"]["ctr"]["dmin_line_bytes"] >= 4')" = True
expect "MIDR_EL1 read, and from where; the core named; the CPU and the kinds of core said" \
	test "$(json "$tmp/a64.json" 'd["arm_registers"]["MIDR_EL1"].startswith("0x") and len(d["cpu"]["midr_from"]) > 0 and d["cpu"]["part"] != "" and d["cpu"]["probe_cpu"] >= 0 and "kind" in d["cpu"]["kinds_of_core"] and ("on CPU %d" % d["cpu"]["probe_cpu"]) in d["label"]')" = True
expect "published caches come from sysfs (no CPUID on ARM; CLIDR is EL1's)" \
	test "$(json "$tmp/a64.json" 'd["published_from"]["chosen"] in ("sysfs", "none") and "cpuid" not in d')" = True
expect "the emulator is named where there is one (emulated: $emulated)" \
	test "$(json "$tmp/a64.json" 'd["platform"]["emulated"] == '$emulated' and (not d["platform"]["emulated"] or d["label"].startswith("qemu-user emulated, not a real cache")) and (not d["platform"]["emulated"] or "qemu-user" in d["platform"]["emulation"])')" = True
# Seed 001: the raw counts, the two views of one memfd, an answer that is
# never a number here: under qemu-user either "coherent" or, with QEMU 7.2,
# "maintenance_ignored" (the rewrite through the other view never seen,
# yet a fresh mapping runs the new code).
expect "seed 001 ran: 1024 words, strides 4..256, raw counts each run 3 times" \
	test "$(json "$tmp/a64.json" 'd["icache"]["words"] == 1024 and d["icache"]["first_run"] == 1024 and d["icache"]["strides"] == [4, 8, 16, 32, 64, 128, 256] and len(d["icache"]["stale"]) == 7 and d["icache"]["runs"] == 3 and len(d["icache"]["stale_min"]) == 7')" = True
expect "seed 001 in a memfd mapped twice, writable and executable views" \
	test "$(json "$tmp/a64.json" '"memfd" in d["icache_mapping"] and "mapped twice" in d["icache_mapping"] and "no page writable and executable at once" in d["icache_mapping"]')" = True
code=$(json "$tmp/a64.json" 'd["icache"]["refusal"]["code"] if d["icache"]["granule_bytes"] is None else "granule"')
if [ "$emulated" = True ]; then
	expect "under qemu-user, no granule: refused as coherent or as maintenance ignored (got $code)" \
		test "$code" = coherent -o "$code" = maintenance_ignored
	[ "$code" = maintenance_ignored ] && expect "maintenance ignored, with its evidence: a fresh mapping ran the new code" \
		test "$(json "$tmp/a64.json" 'd["icache"]["remapped_stale"] == 0 and d["icache"]["stale"][0] > 0 and "ic ivau had no effect" in d["icache"]["refusal"]["reason"]')" = True
	[ "$code" = coherent ] && expect "coherent, with its evidence" \
		test "$(json "$tmp/a64.json" 'd["icache"]["refusal"]["reason"].startswith("instruction fetch is coherent here")')" = True
else
	expect "on this machine, a granule or a refusal with its reason (got $code)" \
		test "$(json "$tmp/a64.json" '(d["icache"]["granule_bytes"] is not None) != ("refusal" in d["icache"])')" = True
fi
expect "the probe's report says seed 001's answer" grep -q "instruction cache probe: " "$tmp/a64.out"

# --all-core-types: one capture per core type, none over an existing file
# (--all-kinds, its old name, still accepted: the second run below).
run "$bin" probe --quick --max-bytes 64K --all-core-types -q -o "$tmp/k.json" >/dev/null 2>"$tmp/k.err"
rc=$?
n=$(ls "$tmp"/k-*-cpu*.json 2>/dev/null | wc -l)
kinds=$(json "$(ls "$tmp"/k-*-cpu*.json 2>/dev/null | head -n 1)" 'd["cpu"]["kinds_of_core"].split(" ")[0]')
expect "--all-core-types exits 0 and writes one capture per core type ($n files, $kinds types)" test $rc -eq 0 -a "$n" -ge 1 -a "$n" = "$kinds"
for f in "$tmp"/k-*-cpu*.json; do
	expect "$(basename "$f") reduces, on the CPU its name says" sh -c \
		"'$host' reduce '$f' >/dev/null && python3 -c 'import json,sys,re; d=json.load(open(sys.argv[1])); sys.exit(0 if \"-cpu%d.json\" % d[\"cpu\"][\"probe_cpu\"] in sys.argv[1] else 1)' '$f'"
done
: >"$tmp/k2.err"
before=$(ls "$tmp" | wc -l)
run "$bin" probe --quick --max-bytes 64K --all-kinds -q -o "$tmp/k.json" >/dev/null 2>"$tmp/k2.err"
rc=$?
expect "--all-kinds (the old name) again: refused before measuring (exit $rc), naming the file" \
	sh -c "test $rc -eq 2 && grep -q 'exists; not overwritten' '$tmp/k2.err' && test $(ls "$tmp" | wc -l) -eq $before"
run "$bin" probe --all-core-types --cpu 0 -o "$tmp/x.json" >/dev/null 2>"$tmp/x.err"
expect "--all-core-types with --cpu: a usage error" sh -c "test $? -eq 2 && grep -q -- '--all-core-types' '$tmp/x.err'"
run "$bin" help probe >"$tmp/help.out" 2>&1
expect "help probe lists --all-core-types and --flush" sh -c "grep -q -- '--all-core-types' '$tmp/help.out' && grep -q -- '--flush auto|arch|evict' '$tmp/help.out'"
if [ "$bin" != "$host" ]; then
	run "$bin" serve >/dev/null 2>"$tmp/serve.err"
	expect "the cross-built command says serve is not in it (exit $?)" grep -q "not in this build" "$tmp/serve.err"
	run "$bin" check captures/synthetic >"$tmp/check.out" 2>&1
	# the same last line as this machine's build, which must have no failure
	want=$("$host" check captures/synthetic 2>&1 | tail -n 1)
	expect "its check replays the synthetic catalogue like this machine's ($want)" \
		sh -c "echo '$want' | grep -q ' 0 failed' && test \"\$(tail -n 1 '$tmp/check.out')\" = '$want'"
fi

# The unit tests of the aarch64 paths (sysfs without CPUID, the counter's
# rate, the flush, seed 001 in a memfd, the bandwidth kernels and run),
# run there.
for t in test_sysfs test_probe_host test_icache test_bw_kernels test_bw_run; do
	tb=build/host-aarch64/tests/$t
	[ "$bin" = "$host" ] && tb=build/host/tests/$t
	out=$(run "$tb" 2>&1)
	expect "$t on aarch64: $(echo "$out" | tail -n 1)" sh -c "echo '$(echo "$out" | tail -n 1)' | grep -q ' 0 failed'"
done

# On an aarch64 Debian machine plain `make` builds natively: the arch layer
# of the host command and ARCH's default follow the compiler (a dry run
# with that machine's compiler name; nothing is built).
if command -v aarch64-linux-gnu-gcc >/dev/null; then
	make -n --no-print-directory BUILD="$tmp/nb" HOST_CC=aarch64-linux-gnu-gcc all >"$tmp/make-n.out" 2>&1
	expect "native aarch64 make: the host command on arch/aarch64" grep -q "aarch64-linux-gnu-gcc .*-c arch/aarch64/counter.c -o $tmp/nb/host/obj/arch/aarch64/counter.o" "$tmp/make-n.out"
	expect "native aarch64 make: no x86_64 arch code in it" sh -c "! grep -q 'host/obj/arch/x86_64' '$tmp/make-n.out'"
	expect "native aarch64 make: no cross build beside it" sh -c "! grep -q 'host-aarch64' '$tmp/make-n.out'"
	expect "native aarch64 make: the firmware for aarch64 by default" grep -q "$tmp/nb/aarch64/cacheshape.efi" "$tmp/make-n.out"
fi
summary linux-aarch64
