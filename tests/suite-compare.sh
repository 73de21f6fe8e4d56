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
expect "a row for each published level with a knee, and memory" test "$(grep -cE '^(L[0-9]+|unmatched knee [0-9]+|memory): floor ' "$tmp/out")" -ge 2
expect "the overall verdict said" grep -qE "^verdict: (every level agrees within noise|[0-9]+ of [0-9]+ levels differ beyond noise|no level differs beyond a stated variation; [0-9]+ of [0-9]+ cannot be told)" "$tmp/out"
expect "each side's repeats said" grep -q "^A: .*, 3 repeats$" "$tmp/out"
$C compare --json "$tmp/run1.json" "$tmp/run2.json" >"$tmp/j" 2>/dev/null
rcj=$?
expect "--json: the same exit ($rcj, $rc)" test $rcj -eq $rc
expect "--json: same processor, per level floor and knee with spreads, a verdict" python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); rc = int(sys.argv[2])
assert d["same_processor"] is True and d["forced"] is False and d["refused"] is None
assert d["a"]["repeats"] == 3 and d["a"]["signature"]
differ = untold = False
for L in d["levels"]:
    assert L["verdict"] in ("agree", "differ", "untold", "not-compared") and L["sentence"]
    f = L["floor_ns"]
    if f and f["a"]:
        assert len(f["a"]["spread"]) == 2 and f["a"]["spread"][0] <= f["a"]["spread"][1]
    differ |= L["verdict"] == "differ"
    untold |= L["verdict"] == "untold"
assert (rc == 1) == differ
assert d["agree"] == (None if untold and not differ else not differ)
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
expect "... L2's knee alone beyond noise" test "$(grep -c '^L.*beyond noise' "$tmp/out")" -eq 1
expect "... L2 named, with the spreads and the statistic" grep -qE "^L2: .*knee A 255 KiB, B 428 KiB: differ by \+6[0-9]\.[0-9] %, beyond noise \(A 254 KiB \.\. 255 KiB over 5 repeats, B 42[0-9] KiB \.\. 43[0-9] KiB over 5 repeats: the spreads over repeats, less any more than 3 median absolute deviations" "$tmp/out"
$C compare --force $S/repeatsAgree.json $S/repeatsDisagree.json >"$tmp/out"
expect "repeatsDisagree's wide L2 spread covers repeatsAgree's knee (exit 0)" test $? -eq 0
$C compare --force --json $S/repeatsMoved.json $S/repeatsAgree.json >"$tmp/j"
expect "--json --force: exit 1" test $? -eq 1
expect "... level 2's knee differs, the others agree" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
v = [(L["level"], L["verdict"], L["knee_bytes"] and L["knee_bytes"]["agree"]) for L in d["levels"]]
assert d["forced"] is True and d["agree"] is False, v
assert v == [(1, "agree", True), (2, "differ", False), (3, "agree", True), (None, "agree", None)], v
assert [L["row"] for L in d["levels"]] == ["L1", "L2", "L3", "memory"]
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
expect "... the floor in cycles said per level, and its constant" test "$(grep -c 'floor in cycles A [0-9.]* cycles, B [0-9.]* cycles: agree within noise (spreads over repeats widened by 1.071x, CS_COMPARE_CYCLES_SLACK)' "$tmp/out")" -eq 4
expect "... L1's floor 3.569 cycles (1.19 ns, drawn from the repeats, at 3 GHz)" grep -q "^L1: .*floor in cycles A 3.569 cycles, B 3.569 cycles" "$tmp/out"
$C compare --force $S/clockSteady.json "$tmp/fast.json" >"$tmp/out"
expect "a core clock 25 % faster: differ (exit 1)" test $? -eq 1
expect "... every floor in ns agrees, every floor in cycles differs by +25 %" test "$(grep -c 'floor A [0-9.]* ns, B [0-9.]* ns: agree within noise .*floor in cycles A .*: differ by +25.0 %, beyond noise' "$tmp/out")" -eq 4
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
expect "... a read per level, judged by CS_COMPARE_BW_SLACK" test "$(grep -c 'read A [0-9.]* GB/s, B [0-9.]* GB/s: agree within noise (within 1.15x, CS_COMPARE_BW_SLACK)' "$tmp/out")" -eq 4
$C compare --force --json $S/bwThreeLevels.json $S/bwFlat.json >"$tmp/j"
expect "bwThreeLevels against bwFlat: no read paired with a level in bwFlat, so none compared (exit 0)" test $? -eq 0
expect "... (issue 41: never a flat read's one plateau against L1's read)" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
r = [L["read_gbps"] for L in d["levels"]]
assert r[0]["a"]["value"] == 200 and all(x["b"] is None and x["agree"] is None for x in r), r
assert [L["verdict"] for L in d["levels"]] == ["agree", "agree", "agree", "agree"]
' "$tmp/j"
# the geometry: L1 8 ways against 12
$C compare --force $S/geomL1Ways8.json $S/geomL1Ways8.json >"$tmp/out"
expect "geomL1Ways8 against itself: agree (exit 0)" test $? -eq 0
expect "... ways, sets and size of level 1, judged by CS_COMPARE_GEOM_SLACK" grep -q "^L1: .*ways A 8, B 8: agree within noise (counted: equal or not, CS_COMPARE_GEOM_SLACK); sets A 64, B 64: agree.*; geometry size A 32 KiB, B 32 KiB: agree" "$tmp/out"
$C compare --force $S/geomL1Ways8.json $S/geomL1Ways12.json >"$tmp/out"
expect "geomL1Ways8 against geomL1Ways12: differ (exit 1)" test $? -eq 1
expect "... level 1's ways and size differ, its sets agree" grep -q "^L1: .*ways A 8, B 12: differ by +50.0 %, beyond noise .*sets A 64, B 64: agree within noise .*geometry size A 32 KiB, B 48 KiB: differ by +50.0 %" "$tmp/out"
$C compare --force --json $S/geomL1Ways8.json $S/geomL1Ways12.json >"$tmp/j"
expect "--json: geometry_ways, geometry_sets, geometry_bytes" python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); L = d["levels"]
assert L[0]["geometry_ways"]["agree"] is False and L[0]["geometry_sets"]["agree"] is True
assert L[0]["geometry_bytes"]["a"]["value"] == 32768 and L[0]["geometry_bytes"]["b"]["value"] == 49152
assert L[2]["geometry_ways"]["agree"] is True and L[3]["geometry_ways"] is None
assert L[0]["geometry_ways"]["constant"] == "CS_COMPARE_GEOM_SLACK"
' "$tmp/j"

# --- issue 41 (compare on firm ground) and issue 39 item 4: each fault, a capture made here
edit() { # edit IN OUT PYTHON: the capture as d, changed by the statements, written to OUT
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
' "$1" "$2" "$3"
}
# fault 2: figures paired by published level: a read whose L1 plateau is flattened into L2's
edit $S/bwThreeLevels.json "$tmp/noL1read.json" '
for s in d["bandwidth"]["series"]:
    if s["op"] == "read" and s["threads"] == 1:
        l2 = [p for p in s["points"] if 100e3 < p["bytes"] < 160e3][0]
        for p in s["points"]:
            if p["bytes"] < 100e3:
                p["ns_per_byte"], p["ns_per_byte_min"] = l2["ns_per_byte"], l2["ns_per_byte_min"]'
$C compare --force --json $S/bwThreeLevels.json "$tmp/noL1read.json" >"$tmp/j"
expect "a read with no L1 knee: its L2 plateau is never compared with L1's read (exit 0)" test $? -eq 0
expect "... L1's read in A only, L2's and L3's reads paired by their published level and equal" python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); L = {x["row"]: x for x in d["levels"]}
assert L["L1"]["read_gbps"]["b"] is None and L["L1"]["read_gbps"]["agree"] is None, L["L1"]["read_gbps"]
for k in ("L2", "L3"):
    r = L[k]["read_gbps"]
    assert r["agree"] is True and r["b"] is not None, (k, r)
' "$tmp/j"
# fault 3: labels and file names escaped
edit $S/repeatsAgree.json "$tmp/esc.json" 'd["label"] = "red \u001b[31mRED\u001b[0m \u001b]0;owned\u0007 two\nlines\rback"'
cp "$tmp/esc.json" "$tmp/$(printf 'name\033[32mgreen')"
$C compare --force "$tmp/esc.json" "$tmp/$(printf 'name\033[32mgreen')" >"$tmp/out" 2>&1
expect "an escaping label and file name: compared (exit 0)" test $? -eq 0
expect "... no ESC, BEL or CR reaches the terminal" python3 -c '
import sys
t = open(sys.argv[1], "rb").read()
assert b"\x1b" not in t and b"\x07" not in t and b"\r" not in t, t[:400]
assert t.count(b"\n") == 8, t.count(b"\n")
assert b"name\\e[32mgreen" in t, t[:400]
assert b"red \\e[31mRED\\e[0m \\e]0;owned\\x07 two\\nlines\\rback" in t, t[:300]
' "$tmp/out"
# fault 1: no inf, nan, null or ? for a number: every figure at 1e308 ns, with a 3 GHz clock
edit $S/clockSteady.json "$tmp/huge.json" '
for p in d["sweep"]["points"]:
    p["ns"] = 1e308
    p["repeats_ns"] = [1e308] * len(p["repeats_ns"])'
$C compare --force $S/clockSteady.json "$tmp/huge.json" >"$tmp/out" 2>&1
rc=$?
expect "figures at a double's limits: compared or refused, never a crash (exit $rc)" test $rc -le 2
expect "... no inf, nan, null or ? for a number" python3 -c '
import re, sys
t = open(sys.argv[1]).read()
bad = re.findall(r"\b(inf|nan|null)\b|\?", t.lower())
assert not bad, (bad, t[:600])
' "$tmp/out"
# fault 4a: a curve moved by one step of the size grid is not a difference
edit $S/threeSteps.json "$tmp/up1.json" '
for p in d["sweep"]["points"]:
    p["bytes"] = round(p["bytes"] * 2 ** 0.25)'
$C compare --force $S/threeSteps.json "$tmp/up1.json" >"$tmp/out"
expect "threeSteps against itself one grid step up: agree (exit 0)" test $? -eq 0
expect "... every knee within one step of the size grid" test "$(grep -c 'knee A [^:]*: agree within noise (not repeated, within 1 step of the size grid, CS_COMPARE_KNEE_STEPS)' "$tmp/out")" -eq 3
# fault 4b: one wild repeat (5x) does not widen the spread: the same capture 3x slower differs
edit $S/repeatsSpreadHoldsKnee.json "$tmp/slow3.json" '
for p in d["sweep"]["points"]:
    p["ns"] *= 3
    p["repeats_ns"] = [x * 3 for x in p["repeats_ns"]]'
$C compare --force $S/repeatsSpreadHoldsKnee.json "$tmp/slow3.json" >"$tmp/out"
expect "one wild repeat of five, against the same 3x slower: differ (exit 1)" test $? -eq 1
expect "... every floor beyond noise, the wild repeat said left out" test "$(grep -c 'floor A [^;]*: differ by +200.0 %, beyond noise (A [^;]* over 5 repeats, 1 wild left out' "$tmp/out")" -eq 4
# issue 39: two unrepeated captures: a difference is "cannot tell", never "beyond noise"
edit $S/threeSteps.json "$tmp/slow15.json" '
for p in d["sweep"]["points"]:
    p["ns"] *= 1.5'
$C compare --force $S/threeSteps.json "$tmp/slow15.json" >"$tmp/out"
expect "unrepeated, 1.5x slower: no difference claimed (exit 0)" test $? -eq 0
expect "... never beyond noise" test "$(grep -c 'beyond noise' "$tmp/out")" -eq 0
expect "... each floor: not repeated: cannot tell noise from change" test "$(grep -c 'floor A [^;]*: differ by +50.0 %; not repeated: cannot tell noise from change' "$tmp/out")" -eq 4
expect "... the verdict says so" grep -q "^verdict: no level differs beyond a stated variation; 4 of 4 cannot be told (not repeated: cannot tell noise from change)" "$tmp/out"
$C compare --force --json $S/threeSteps.json "$tmp/slow15.json" >"$tmp/j"
expect "... --json: untold, agree null" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["agree"] is None and d["untold"] == 4 and all(L["verdict"] == "untold" for L in d["levels"]), d["untold"]
assert d["levels"][0]["floor_ns"]["verdict"] == "untold" and d["levels"][0]["floor_ns"]["agree"] is None
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
expect "an unreadable capture: exit 2, named" test $? -eq 2 -a -n "$(grep "$tmp/none.json: cannot open" "$tmp/err")"
printf '{"format": "cacheshape-capture"' >"$tmp/cut.json"
$C compare --force "$tmp/cut.json" $S/repeatsAgree.json >/dev/null 2>"$tmp/err"
expect "a cut capture: exit 2, the reader's reason" test $? -eq 2 -a -n "$(grep "cut.json: " "$tmp/err")"
$C compare --help | grep -q "^usage: cacheshape compare"
expect "--help" test $? -eq 0
$C help compare | grep -q "Exit status: 0 no level differs beyond a stated variation"
expect "help compare" test $? -eq 0

summary compare
