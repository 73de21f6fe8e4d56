#!/usr/bin/env bash
# suite-bandwidth: what every consumer shows of the bandwidth kind
# (docs/bandwidth.md s.8) on the synthetic catalogue: reduce --json's
# "bandwidth" and "mlp" with exactly the issue's names, the text report's
# sections, the summary's read GB/s cell, check's column and the plot's
# panel (a curve per series, the read's knees marked).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
B=build/host/cacheshape
S=captures/synthetic
tmp=$(mktemp -d)
not() { ! "$@"; }
trap 'rm -rf "$tmp"' EXIT

$B reduce --json $S/bwThreeLevels.json >"$tmp/j" 2>"$tmp/err"
expect "reduce --json: bandwidth and mlp with the issue's names" python3 - "$tmp/j" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bw, mlp = d["bandwidth"], d["mlp"]
assert [s["op"] for s in bw] == ["read", "write", "copy", "nt_write", "read"], bw
for s in bw:
    assert list(s) == ["op", "threads", "kernel", "levels", "knees", "refusals"], list(s)
    for l in s["levels"]:
        assert list(l) == ["gbps", "first_bytes", "last_bytes"], l
    for k in s["knees"]:
        assert list(k) == ["bytes", "published_bytes", "gap"], k
r = bw[0]
assert r["threads"] == 1 and [round(l["gbps"]) for l in r["levels"]] == [200, 100, 50, 15], r["levels"]
assert bw[4]["threads"] == 8
assert [x["code"] for x in bw[3]["refusals"]] == ["fewer-than-two-plateaus"], bw[3]
assert len(mlp) == 4
for m in mlp:
    assert list(m)[:3] == ["bytes", "chains", "saturates_at"], list(m)
    assert all(list(c) == ["n", "ns"] for c in m["chains"])
assert [m["saturates_at"] for m in mlp] == [2, 4, 8, None], [m["saturates_at"] for m in mlp]
assert [w["verdict"] for w in d["bandwidth_witness"]] == ["agree"] * 3
PY
$B reduce --json $S/bwFlat.json >"$tmp/f" 2>/dev/null
expect "reduce --json: mlp null with its reason" python3 -c "
import json; d = json.load(open('$tmp/f')); assert d['mlp'] is None and d['mlp_reason'], d.get('mlp')"
$B reduce $S/bwDisagree.json >"$tmp/t"
expect "report: the levels in GB/s" grep -q "level 1  200 GB/s" "$tmp/t"
expect "report: the MLP table" grep -q "saturates at 4 chains, MLP 4" "$tmp/t"
expect "report: the cross-witness table" grep -qE "L3 8 MiB .* disagree \(3.36x\)" "$tmp/t"
expect "report: Little's law, the ratio and the finding" grep -qE "memory at 64 MiB: MLP 8 x 64 B / 80.0 ns = 6.4 GB/s; read 15 GB/s; ratio 2.34  FINDING" "$tmp/t"
expect "summary: the read GB/s cell" grep -qE "^  L2  +256 KiB  +256 KiB  +100.2  " "$tmp/t"
$B reduce $S/threeSteps.json >"$tmp/t3"
expect "summary: no cell without bandwidth" grep -q "^  level  claimed     measured    verdict" "$tmp/t3"
expect "report: nothing of bandwidth without it" not grep -q "bandwidth" "$tmp/t3"
$B check --wide $S >"$tmp/c"
expect "check: the read GB/s column" grep -qE "^bwOnlyLevel.json .*200, 100.2, 50.11, 15.06  +ok" "$tmp/c"
$B plot $S/bwThreeLevels.json -o "$tmp/p.svg" >/dev/null 2>&1
expect "plot: the bandwidth panel, a curve per measured series" [ "$(grep -c 'class="bw-curve' "$tmp/p.svg")" -eq 5 ]
expect "plot: the read's three knees marked" [ "$(grep -c 'class="bw-knee' "$tmp/p.svg")" -eq 3 ]
expect "plot: GB/s on its axis, with the unit said" grep -q "class=\"axis-title\">GB/s (1 GB = 1e9 B, log scale)<" "$tmp/p.svg"
$B plot $S/threeSteps.json -o "$tmp/q.svg" >/dev/null 2>&1
expect "plot: no panel without bandwidth" not grep -q 'id="bandwidth"' "$tmp/q.svg"
summary bandwidth
