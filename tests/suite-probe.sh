#!/usr/bin/env bash
# suite-probe: `cacheshape probe` on this machine. A quick probe reads back
# whole and names at least two levels; a clamp finer than the coarse clock
# moves is written and refused as clock-unusable; a clamp the clock can
# honour is not; option errors exit 2 with a message naming the option and
# write nothing; an existing file is never overwritten. Nothing here depends
# on this machine's figures.
# run-all: alone
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
bin=build/host/cacheshape
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# json FILE PYTHON-EXPR: prints the expression over the parsed file as d.
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
not() { ! "$@"; }

# A quick probe, read back whole, reduced to at least two levels.
"$bin" probe -o "$tmp/quick.json" --quick >"$tmp/quick.out" 2>"$tmp/quick.err"
rc=$?
expect "quick probe exits 0 (got $rc)" test $rc -eq 0
expect "quick probe wrote its capture" test -s "$tmp/quick.json"
expect "progress on stderr shows the time left" grep -q "left ~" "$tmp/quick.err"
expect "the time left is never 0.0 s" not grep -q "left ~0.0 s" "$tmp/quick.err"
expect "the report starts with the summary (docs/summary.md)" eval 'head -1 "$tmp/quick.out" | grep -q "^summary: " && grep -q "^trust: " "$tmp/quick.out"'
"$bin" reduce "$tmp/quick.json" >"$tmp/quick.txt" 2>&1
upto_blank() { sed -n '1,/^$/p' "$1"; }
expect "the probe's summary is reduce's for its capture" eval 'cmp -s <(upto_blank "$tmp/quick.out") <(tail -n +2 "$tmp/quick.txt" | sed -n "1,/^\$/p")'
# --brief: the summary alone, as reduce --brief prints it for the capture
"$bin" probe -o "$tmp/brief.json" --quick --brief -q >"$tmp/brief.out" 2>/dev/null
rc=$?
"$bin" reduce --brief "$tmp/brief.json" 2>&1 | tail -n +2 >"$tmp/brief.red"
expect "probe --brief prints the summary alone (exit $rc)" eval '[ $rc -eq 0 ] && head -1 "$tmp/brief.out" | grep -q "^summary: " && [ "$(tail -1 "$tmp/brief.out" | cut -c1-1)" != "" ] && ! grep -q "^levels:" "$tmp/brief.out"'
expect "probe --brief equals reduce --brief of its capture" cmp -s "$tmp/brief.out" "$tmp/brief.red"
"$bin" reduce --json "$tmp/quick.json" >"$tmp/quick.red" 2>"$tmp/quick.rerr"
rc=$?
expect "the capture reads back whole (reduce --json exit $rc)" test $rc -eq 0
levels=$(json "$tmp/quick.red" 'len(d["levels"])' 2>/dev/null || echo 0)
expect "the quick probe reduces to at least two levels (got $levels)" test "$levels" -ge 2
# the core clock (docs/clock.md): measured, every level in cycles or the
# drift refused with its reason; the reference verdict with its reasons
expect "the core clock measured (reduce --json clock.core_hz)" \
	json "$tmp/quick.red" '1/(d["clock"]["core_hz"] > 0)'
expect "every level in ns and cycles, or the drift refused" eval \
	'grep -qE "^  level 1  floor [0-9.]+ ns = [0-9.]+ cycles" "$tmp/quick.out" || grep -q "^  clock-drift: " "$tmp/quick.out"'
expect "the cycle counter read, or why not" grep -qE "^  cycle counter: " "$tmp/quick.out"
expect "the report says whether it is a reference, and why not" eval \
	'grep -q "^reference: yes" "$tmp/quick.out" || [ "$(json "$tmp/quick.red" "len(d[\"reference\"][\"reasons\"])")" -ge 1 ]'
expect "context switches and migrations counted per kind" \
	json "$tmp/quick.json" '1/all(isinstance(q["context_switches"], int) and isinstance(q["migrations"], int) for q in d["core_clock"]["kinds"])'
expect "environment is linux" test "$(json "$tmp/quick.json" 'd["environment"]["kind"]')" = linux
expect "clock quantum recorded" test "$(json "$tmp/quick.json" 'd["clock"]["quantum_ns"] > 0')" = True
expect "pages recorded (requested huge)" test "$(json "$tmp/quick.json" 'd["pages"]["requested"]')" = huge
expect "CPUID and sysfs both recorded" test "$(json "$tmp/quick.json" '"sysfs_caches" in d and ("cpuid" in d or d["published"].get("source") == "linux-sysfs")')" = True
expect "every point passes the block-length rule" test "$(json "$tmp/quick.json" 'all(p["block_ns"] >= 100 * d["clock"]["quantum_ns"] for p in d["sweep"]["points"])')" = True
expect "peak memory before the TLB sweep within the working set + 10 %" test "$(json "$tmp/quick.json" 'd["machine"]["peak_rss_before_tlb_bytes"] <= 1.1 * d["settings"]["max_bytes"]')" = True
# The TLB windows map a few frames at many pages; the kernel counts each
# mapping, so the peak may grow by the largest window, and by no more.
expect "peak memory within that + the largest TLB window's pages" test "$(json "$tmp/quick.json" 'd["machine"]["peak_rss_before_tlb_bytes"] <= d["machine"]["peak_rss_bytes"] <= 1.1 * d["settings"]["max_bytes"] + d["machine"]["tlb_window_bytes"] and d["machine"]["tlb_window_bytes"] >= 4 * 4096')" = True
# Seed 003's experiments (docs/experiments.md): present and valid, with a
# result or a refusal each; the figures are this machine's, not asserted.
expect "the experiments are recorded (2 single-access series, strides, random/fixed)" \
	test "$(json "$tmp/quick.json" 'len(d["experiments"]["single_access"]["series"]) == 2 and all(len(s["ticks"]) == 1024 and min(s["ticks"]) >= 0 for s in d["experiments"]["single_access"]["series"]) and d["experiments"]["single_access"]["quantum_ns"] > 0 and len(d["experiments"]["stride_prefetch"]["points"]) >= 4 and d["experiments"]["random_vs_fixed"]["fixed_ns"] >= 0' 2>/dev/null)" = True
expect "reduce --json gives each experiment a result or a refusal" \
	test "$(json "$tmp/quick.red" 'all((e["refusal"] is None) != (e[k] is None) for e, k in ((d["experiments"]["single_access"], "line_bytes"), (d["experiments"]["stride_prefetch"], "flat"), (d["experiments"]["random_vs_fixed"], "ratio")))' 2>/dev/null)" = True

# The geometry kind's memory (docs/geometry.md s.1): huge pages with a 2 MiB
# span, saying why larger ways are refused; a run of pages pagemap shows
# PFN-contiguous, of 4 MiB or more, its span a power of two within it; or none,
# with its reason. Whether pagemap gives this user the frames is read here,
# independently (a touched page's entry), and the probe must agree.
pfns=$(python3 - <<'PY'
import ctypes, os, struct
pg = os.sysconf("SC_PAGE_SIZE")
b = ctypes.create_string_buffer(2 * pg)
b[0] = b[pg] = b"x"
try:
    with open("/proc/self/pagemap", "rb") as f:
        f.seek(ctypes.addressof(b) // pg * 8)
        e = struct.unpack("Q", f.read(8))[0]
    print("shown" if e & ((1 << 55) - 1) else "hidden")
except OSError:
    print("unreadable")
PY
)
# geom CHECK: the check (a Python expression over m, how, span, reg, g) on the quick capture.
geom() {
	python3 - "$tmp/quick.json" "$1" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))["geometry"]
m, how = g["memory"], g.get("memory_how", "")
span, reg = g.get("physical_span_bytes", 0), g.get("region_bytes", 0)
ok = eval(sys.argv[2])
print(ok)
if not ok:
    print("geometry memory %s, span %s, region %s: %s %s" % (m, span, reg, how, g.get("refusal", "")), file=sys.stderr)
PY
}
expect "geometry: huge pages (span 2 MiB, why larger ways are refused), a pagemap run of 4 MiB or more (a power-of-two span in it), or none and why" \
	test "$(geom '(m == "huge-page" and span == 2 << 20 and "ways of 2 MiB+ refused: " in how) or (m == "pagemap" and reg >= 4 << 20 and span & (span - 1) == 0 and 2 << 20 < span <= reg and ("frames follow one another over %d KiB" % (reg >> 10)) in how) or (m == "none" and bool(g.get("refusal")))')" = True
case $pfns in
shown) want='"hides the PFNs" not in how and (m != "huge-page" or "the longest PFN-contiguous run" in how and "the kind wants" in how)' ;;
hidden) want='m != "pagemap" and (m == "none" or "hides the PFNs" in how)' ;;
*) want='m != "pagemap" and (m == "none" or "pagemap unreadable" in how)' ;;
esac
expect "geometry: pagemap's frames as this user sees them ($pfns, euid $(id -u))" test "$(geom "$want")" = True

# The coarse clock asked for 5 us: measured, written, refused. Without the
# bandwidth kind (--bandwidth off), which nothing here checks: its blocks of
# 100 coarse quanta (some 0.4 s each) took 83 of the run's 99 s.
"$bin" probe -o "$tmp/coarse.json" --quick --clock coarse --clamp 5000 \
	--max-bytes 8K --bandwidth off >"$tmp/coarse.out" 2>"$tmp/coarse.err"
rc=$?
expect "coarse clock with a 5 us clamp still writes its capture (exit $rc)" test $rc -eq 0 -a -s "$tmp/coarse.json"
expect "the probe prints the clock-unusable refusal" grep -q "clock-unusable" "$tmp/coarse.out"
"$bin" reduce --json "$tmp/coarse.json" >"$tmp/coarse.red" 2>/dev/null
expect "the reducer refuses it as clock-unusable" \
	test "$(json "$tmp/coarse.red" '"clock-unusable" in [r["code"] for r in d["refusals"]]' 2>/dev/null)" = True
expect "the capture states the clamp and a quantum above 1.5 x it" \
	test "$(json "$tmp/coarse.json" 'd["clock"]["clamp_ns"] == 5000 and d["clock"]["quantum_ns"] > 7500')" = True

# A clamp the clock can honour: measured through it, not refused (the
# bandwidth kind left out as above: 17 of the run's 26 s).
"$bin" probe -o "$tmp/clamp.json" --quick --clock monotonic --clamp 100000 \
	--max-bytes 64K --bandwidth off >/dev/null 2>&1
rc=$?
expect "monotonic clock clamped to 100 us writes its capture (exit $rc)" test $rc -eq 0
"$bin" reduce --json "$tmp/clamp.json" >"$tmp/clamp.red" 2>/dev/null
expect "a 100 us clamp on the monotonic clock is not refused" \
	test "$(json "$tmp/clamp.red" '"clock-unusable" not in [r["code"] for r in d["refusals"]]' 2>/dev/null)" = True
expect "its quantum is the clamp's (100 us, +-50 %)" \
	test "$(json "$tmp/clamp.json" '50000 <= d["clock"]["quantum_ns"] <= 150000' 2>/dev/null)" = True

# A competitor on another CPU, recorded (only where there is another CPU).
if [ "$(nproc)" -ge 2 ]; then
	"$bin" probe -o "$tmp/comp.json" --quick --max-bytes 1M --competitors 1 >/dev/null 2>&1
	rc=$?
	expect "a competitor run writes its capture (exit $rc)" test $rc -eq 0
	expect "the competitor is recorded" test "$(json "$tmp/comp.json" 'd["competitors"]["threads"] == 1 and d["competitors"]["buffer_bytes"] >= 64 << 20' 2>/dev/null)" = True
fi

# Eviction in place of the flush instruction (what an arm64 kernel that
# keeps EL0 from dc civac leaves): asked for here, recorded, and the
# experiments still run.
"$bin" probe -o "$tmp/evict.json" --quick --max-bytes 1M --flush evict >/dev/null 2>&1
rc=$?
expect "--flush evict writes its capture (exit $rc)" test $rc -eq 0
expect "the capture says eviction, its buffer and why" \
	test "$(json "$tmp/evict.json" 'd["flush"]["method"] == "eviction" and d["flush"]["eviction_bytes"] >= 8 << 20 and "--flush evict" in d["flush"]["why"]' 2>/dev/null)" = True
expect "the experiments ran on eviction" \
	test "$(json "$tmp/evict.json" 'len(d["experiments"]["single_access"]["series"]) == 2' 2>/dev/null)" = True
expect "the default flush is the instruction, tried first and said so" \
	test "$(json "$tmp/quick.json" 'd["flush"]["method"] == d["flush"]["instruction"] and d["flush"]["allowed_in_user_space"]')" = True
expect "seed 001 is in the capture: coherent by architecture here, never a number" \
	test "$(json "$tmp/quick.json" 'd["icache"]["granule_bytes"] is None and d["icache"]["refusal"]["code"] == "coherent"')" = True

# --all-kinds: one capture per kind of core, named by kind and CPU.
"$bin" probe -o "$tmp/kinds.json" --quick --max-bytes 64K --all-kinds -q >/dev/null 2>&1
rc=$?
n=$(ls "$tmp"/kinds-*-cpu*.json 2>/dev/null | wc -l)
expect "--all-kinds writes one capture per kind (exit $rc, $n files)" test $rc -eq 0 -a "$n" -ge 1
for f in "$tmp"/kinds-*-cpu*.json; do
	expect "$(basename "$f") names the kinds of core and is the CPU its name says" \
		test "$(json "$f" '"kind" in d["cpu"]["kinds_of_core"] and ("-cpu%d.json" % d["cpu"]["probe_cpu"]) in "'"$f"'"')" = True
done

# Option errors: exit 2, a message naming the option, no file written.
bad() {
	local opt=$1; shift
	local f="$tmp/bad.json"
	rm -f "$f"
	"$bin" probe "$@" >"$tmp/bad.out" 2>"$tmp/bad.err"
	local rc=$?
	expect "probe $* exits 2 (got $rc)" test $rc -eq 2
	expect "probe $* names $opt" grep -q -e "$opt" "$tmp/bad.err"
	expect "probe $* writes nothing" test ! -e "$f"
}
bad --clock -o "$tmp/bad.json" --clock sundial
bad --pages -o "$tmp/bad.json" --pages 1g
bad --max-bytes -o "$tmp/bad.json" --max-bytes lots
bad --max-bytes -o "$tmp/bad.json" --max-bytes 1K
bad --clamp -o "$tmp/bad.json" --clamp 0
bad --clamp -o "$tmp/bad.json" --clamp
bad --competitors -o "$tmp/bad.json" --competitors many
bad --cpu -o "$tmp/bad.json" --cpu 4000
bad --frobnicate -o "$tmp/bad.json" --frobnicate
bad --flush -o "$tmp/bad.json" --flush sometimes
bad --all-kinds -o "$tmp/bad.json" --all-kinds --cpu 0
bad "-o FILE" --quick
"$bin" probe --help >"$tmp/help.out" 2>&1
expect "probe --help exits 0 and lists --clamp" grep -q -- "--clamp" "$tmp/help.out"

# An existing file is never overwritten.
echo keep >"$tmp/exists.json"
"$bin" probe -o "$tmp/exists.json" --quick >/dev/null 2>"$tmp/exists.err"
rc=$?
expect "an existing output file is refused (exit $rc)" test $rc -eq 2
expect "the refusal says it exists" grep -q "exists" "$tmp/exists.err"
expect "the existing file is untouched" test "$(cat "$tmp/exists.json")" = keep

# The output-file rule's temporary names are .NAME.cacheshape-XXXXXX beside
# NAME (host/outfile.c); the check is shown to see one: a scratch folder
# with a stray made from that template must fail it.
strays() { ls -A "$1" | grep -cE '^\..+\.cacheshape-[A-Za-z0-9]{6}$'; }
mkdir "$tmp/scratch" && mktemp "$tmp/scratch/.quick.json.cacheshape-XXXXXX" >/dev/null
expect "the stray check sees a temporary file left in a scratch folder" test "$(strays "$tmp/scratch")" -eq 1
rm -r "$tmp/scratch"
expect "no temporary file left beside any capture this suite wrote" test "$(strays "$tmp")" -eq 0

summary probe
