#!/usr/bin/env bash
# suite-compare: `cacheshape compare A B` (host/cmd/compare.c,
# docs/repeats.md s.5): two runs of this machine with repeats are compared
# level by level (a verdict each, exit 0 or 1, never 2); this machine
# against a committed capture of a different processor cannot be compared
# (exit 2, saying why) unless --force, and then differs; the synthetic
# repeats that agree, that do not and that moved give their known answers;
# bad usage and an unreadable capture exit 2 naming what is wrong.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
C=build/host/cacheshape
S=captures/synthetic
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- two runs of this machine (quick, to 1 MiB, 3 repeats: well under a second each)
for k in 1 2; do
	$C probe --quick --max-bytes 1M --repeat 3 -q -o "$tmp/run$k.json" >/dev/null 2>"$tmp/probe$k.err"
	expect "probe --repeat 3, run $k" test $? -eq 0
done
$C compare "$tmp/run1.json" "$tmp/run2.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
expect "two runs of this machine compared: exit 0 or 1, not 2 (exit $rc: $(head -c 300 "$tmp/err"))" test $rc -le 1
levels=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["levels"]))' <($C reduce --json "$tmp/run1.json"))
expect "a verdict for each of run 1's $levels levels" test "$(grep -cE '^level [0-9]+: floor .*(agree within noise|beyond noise)' "$tmp/out")" -ge "$levels"
expect "the overall verdict said" grep -qE "^verdict: (every level agrees within noise|[0-9]+ of [0-9]+ levels differ beyond noise)" "$tmp/out"
expect "each side's repeats said" grep -q "^A: .*, 3 repeats$" "$tmp/out"
$C compare --json "$tmp/run1.json" "$tmp/run2.json" >"$tmp/j" 2>/dev/null
rcj=$?
expect "--json: the same exit ($rcj, $rc)" test $rcj -eq $rc
expect "--json: same processor, per level floor and knee with spreads, a verdict" python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); rc = int(sys.argv[2])
assert d["same_processor"] is True and d["forced"] is False and d["refused"] is None
assert d["a"]["repeats"] == 3 and d["a"]["signature"]
for L in d["levels"]:
    assert L["verdict"] in ("agree", "differ") and L["sentence"]
    f = L["floor_ns"]
    assert len(f["a"]["spread"]) == 2 and f["a"]["spread"][0] <= f["a"]["spread"][1]
assert d["agree"] == (rc == 0) == all(L["verdict"] == "agree" for L in d["levels"])
' "$tmp/j" $rc

# --- a committed capture of a different processor: the one whose signature is not this machine's
sig=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["cpu"]; print(c.get("vendor"), c.get("family"), c.get("model"), c.get("stepping"))' "$tmp/run1.json")
other=
for f in captures/host/AMD-EPYC-2026-11-30-tsc-huge.json captures/host/Intel-R-Xeon-R-Processor-2026-12-01-tsc-huge.json; do
	s=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["cpu"]; print(c.get("vendor"), c.get("family"), c.get("model"), c.get("stepping"))' "$f")
	[ "$s" != "$sig" ] && { other=$f; break; }
done
expect "a committed capture of another processor than this ($sig)" test -n "$other"
$C compare "$tmp/run1.json" "$other" >"$tmp/out" 2>"$tmp/err"
expect "another processor: exit 2" test $? -eq 2
expect "... saying the processors differ, and --force" grep -q "different processors: A is .*, B is .*--force" "$tmp/err"
expect "... and nothing on stdout" test ! -s "$tmp/out"
$C compare --json "$tmp/run1.json" "$other" >"$tmp/j" 2>/dev/null
expect "another processor, --json: exit 2" test $? -eq 2
expect "... its refusal in the JSON" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["same_processor"] is False and "different processors" in d["refused"] and d["agree"] is None and d["levels"] == []
' "$tmp/j"
$C compare --force "$tmp/run1.json" "$other" >"$tmp/out" 2>"$tmp/err"
expect "another processor, --force: compared, and they differ (exit 1)" test $? -eq 1
expect "... the forcing said" grep -q "^processor: compared by --force (the signatures differ)" "$tmp/out"

# --- synthetic repeats with known answers (no cpu member: --force)
$C compare $S/repeatsAgree.json $S/repeatsAgree.json >/dev/null 2>"$tmp/err"
expect "no signature: exit 2 without --force" test $? -eq 2
expect "... saying it names no processor" grep -q "names no processor" "$tmp/err"
$C compare --force $S/repeatsAgree.json $S/repeatsAgree.json >"$tmp/out"
expect "repeatsAgree against itself: agree (exit 0)" test $? -eq 0
expect "... every level agrees" grep -q "^verdict: every level agrees within noise (4 levels)" "$tmp/out"
$C compare --force $S/repeatsAgree.json $S/repeatsMoved.json >"$tmp/out"
expect "repeatsAgree against repeatsMoved: differ (exit 1)" test $? -eq 1
expect "... level 2's knee alone beyond noise" test "$(grep -c '^level.*beyond noise' "$tmp/out")" -eq 1
expect "... level 2 named" grep -qE "^level 2: .*knee A 255 KiB, B 428 KiB: differ by \+6[0-9]\.[0-9] %, beyond noise" "$tmp/out"
$C compare --force $S/repeatsAgree.json $S/repeatsDisagree.json >"$tmp/out"
expect "repeatsDisagree's wide L2 spread covers repeatsAgree's knee (exit 0)" test $? -eq 0
$C compare --force --json $S/repeatsMoved.json $S/repeatsAgree.json >"$tmp/j"
expect "--json --force: exit 1" test $? -eq 1
expect "... level 2's knee differs, the others agree" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = [(L["level"], L["verdict"], L["knee_bytes"] and L["knee_bytes"]["agree"]) for L in d["levels"]]
assert d["forced"] is True and d["agree"] is False, v
assert v == [(1, "agree", True), (2, "differ", False), (3, "agree", True), (4, "agree", None)], v
' "$tmp/j"

# --- the figures compared only where both have them (s.5): cycles, read bandwidth, geometry
# the floor in cycles: clockSteady against a copy whose core clock reads faster
# (a capture made here from a committed one, not committed: every hz times F)
scale_clock() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); f = float(sys.argv[2])
def walk(o):
    if isinstance(o, dict):
        return {k: ([v * f for v in x] if k.endswith("hz") and isinstance(x, list) else walk(x)) for k, x in o.items()}
    if isinstance(o, list):
        return [walk(x) for x in o]
    return o
d["core_clock"] = walk(d["core_clock"])
json.dump(d, open(sys.argv[3], "w"))
' $S/clockSteady.json "$1" "$2"
}
scale_clock 1.25 "$tmp/fast.json"
scale_clock 1.03 "$tmp/near.json"
$C compare --force $S/clockSteady.json $S/clockSteady.json >"$tmp/out"
expect "clockSteady against itself: agree (exit 0)" test $? -eq 0
expect "... the floor in cycles said per level, and its constant" test "$(grep -c 'floor in cycles A [0-9.]* cycles, B [0-9.]* cycles: agree within noise (1.071x, CS_COMPARE_CYCLES_SLACK)' "$tmp/out")" -eq 4
expect "... level 1's floor 3.579 cycles (1.193 ns at 3 GHz)" grep -q "^level 1: .*floor in cycles A 3.579 cycles, B 3.579 cycles" "$tmp/out"
$C compare --force $S/clockSteady.json "$tmp/fast.json" >"$tmp/out"
expect "a core clock 25 % faster: differ (exit 1)" test $? -eq 1
expect "... every floor in ns agrees, every floor in cycles differs by +25 %" test "$(grep -c 'floor A [0-9.]* ns, B [0-9.]* ns: agree within noise; .*floor in cycles A .*: differ by +25.0 %, beyond noise' "$tmp/out")" -eq 4
$C compare --force $S/clockSteady.json "$tmp/near.json" >/dev/null
expect "a core clock 3 % faster: within CS_COMPARE_CYCLES_SLACK (exit 0)" test $? -eq 0
$C compare --force $S/clockSteady.json $S/clockDrift.json >"$tmp/out"
expect "a drifting clock (no cycles) against a steady one: the cycles not compared (exit 0)" test $? -eq 0
expect "... said per level" test "$(grep -c 'floor in cycles in A only: not compared' "$tmp/out")" -eq 4
$C compare --force --json $S/clockSteady.json "$tmp/fast.json" >"$tmp/j"
expect "--json: floor_cycles per level, with its constant; a missing figure null" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for L in d["levels"]:
    c = L["floor_cycles"]
    assert c["agree"] is False and c["constant"] == "CS_COMPARE_CYCLES_SLACK" and abs(c["slack"] - 1.071) < 1e-9, c
    assert abs(c["b"]["value"] / c["a"]["value"] - 1.25) < 1e-6, c
    assert c["a"]["spread"][0] <= c["a"]["spread"][1], c
    assert L["floor_ns"]["agree"] is True and L["verdict"] == "differ"
    assert L["read_gbps"] is None and L["geometry_ways"] is None, L
' "$tmp/j"
# the read bandwidth: three levels against a flat read
$C compare --force $S/bwThreeLevels.json $S/bwDisagree.json >"$tmp/out"
expect "bwThreeLevels against bwDisagree (the same reads): agree (exit 0)" test $? -eq 0
expect "... a read per level, judged by CS_COMPARE_BW_SLACK" test "$(grep -c 'read A [0-9.]* GB/s, B [0-9.]* GB/s: agree within noise (1.15x, CS_COMPARE_BW_SLACK)' "$tmp/out")" -eq 4
$C compare --force --json $S/bwThreeLevels.json $S/bwFlat.json >"$tmp/j"
expect "bwThreeLevels against bwFlat: differ (exit 1)" test $? -eq 1
expect "... level 1's read 200 against 20 GB/s differs; the levels bwFlat lacks not compared" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = [L["read_gbps"] for L in d["levels"]]
assert r[0]["a"]["value"] == 200 and r[0]["b"]["value"] == 20 and r[0]["agree"] is False, r[0]
assert all(x["b"] is None and x["agree"] is None for x in r[1:]), r
assert [L["verdict"] for L in d["levels"]] == ["differ", "agree", "agree", "agree"]
' "$tmp/j"
# the geometry: L1 8 ways against 12
$C compare --force $S/geomL1Ways8.json $S/geomL1Ways8.json >"$tmp/out"
expect "geomL1Ways8 against itself: agree (exit 0)" test $? -eq 0
expect "... ways, sets and size of level 1, judged by CS_COMPARE_GEOM_SLACK" grep -q "^level 1: .*ways A 8, B 8: agree within noise (1x, CS_COMPARE_GEOM_SLACK); sets A 64, B 64: agree.*; geometry size A 32 KiB, B 32 KiB: agree" "$tmp/out"
$C compare --force $S/geomL1Ways8.json $S/geomL1Ways12.json >"$tmp/out"
expect "geomL1Ways8 against geomL1Ways12: differ (exit 1)" test $? -eq 1
expect "... level 1's ways and size differ, its sets agree" grep -q "^level 1: .*ways A 8, B 12: differ by +50.0 %, beyond noise .*sets A 64, B 64: agree within noise .*geometry size A 32 KiB, B 48 KiB: differ by +50.0 %" "$tmp/out"
$C compare --force --json $S/geomL1Ways8.json $S/geomL1Ways12.json >"$tmp/j"
expect "--json: geometry_ways, geometry_sets, geometry_bytes" python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); L = d["levels"]
assert L[0]["geometry_ways"]["agree"] is False and L[0]["geometry_sets"]["agree"] is True
assert L[0]["geometry_bytes"]["a"]["value"] == 32768 and L[0]["geometry_bytes"]["b"]["value"] == 49152
assert L[2]["geometry_ways"]["agree"] is True and L[3]["geometry_ways"] is None
assert L[0]["geometry_ways"]["constant"] == "CS_COMPARE_GEOM_SLACK"
' "$tmp/j"

# --- probe --repeat's bounds (1 .. CS_MAX_REPEATS)
for v in 0 10 x; do
	$C probe --quick --repeat $v -o "$tmp/bad.json" >/dev/null 2>"$tmp/err"
	expect "probe --repeat $v: exit 2, the bounds named" test $? -eq 2 -a -n "$(grep -- "--repeat: '$v' is not a number of sweeps from 1 to 9" "$tmp/err")"
done
expect "probe --repeat refused: no file left" test ! -e "$tmp/bad.json"
$C probe --help | grep -q -- "--repeat N"
expect "probe --help names --repeat" test $? -eq 0

# --- usage
$C compare $S/repeatsAgree.json >/dev/null 2>"$tmp/err"
expect "one capture: exit 2" test $? -eq 2
expect "... asking for two" grep -q "two captures, A and B (got 1)" "$tmp/err"
$C compare --colour $S/repeatsAgree.json $S/repeatsAgree.json >/dev/null 2>"$tmp/err"
expect "an unknown option: exit 2, named" test $? -eq 2 -a -n "$(grep -- "unknown option '--colour'" "$tmp/err")"
$C compare "$tmp/none.json" $S/repeatsAgree.json >/dev/null 2>"$tmp/err"
expect "an unreadable capture: exit 2, named" test $? -eq 2 -a -n "$(grep "$tmp/none.json: cannot open it" "$tmp/err")"
printf '{"format": "cacheshape-capture"' >"$tmp/cut.json"
$C compare --force "$tmp/cut.json" $S/repeatsAgree.json >/dev/null 2>"$tmp/err"
expect "a cut capture: exit 2, the reader's reason" test $? -eq 2 -a -n "$(grep "cut.json: " "$tmp/err")"
$C compare --help | grep -q "^usage: cacheshape compare"
expect "--help" test $? -eq 0
$C help compare | grep -q "Exit status: 0 every level agrees"
expect "help compare" test $? -eq 0

summary compare
