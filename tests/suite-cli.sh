#!/usr/bin/env bash
# suite-cli: the `cacheshape` command from outside: help and usage errors,
# `reduce` (text and --json) on good and malformed captures, and `check` with
# every verdict (ok, FAIL, known failure, none), its exit status and colours.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CS=build/host/cacheshape
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# run ARGS...: sets rc, and $T/out, $T/err
run() { "$CS" "$@" >"$T/out" 2>"$T/err"; rc=$?; }
out_has() { grep -qF -- "$1" "$T/out"; }
err_has() { grep -qF -- "$1" "$T/err"; }
out_empty() { [ ! -s "$T/out" ]; }
not() { ! "$@"; }

# --- help and usage --------------------------------------------------------
run; expect "no arguments: exit 2" [ $rc -eq 2 ]
expect "no arguments: usage on stderr" err_has "usage: cacheshape"
expect "no arguments: stdout empty" out_empty
for h in --help -h help; do
	run $h
	expect "$h: exit 0" [ $rc -eq 0 ]
	expect "$h: usage on stdout" out_has "usage: cacheshape COMMAND"
	expect "$h: states the bounds" out_has "4 MiB"
done
for c in reduce check; do
	run $c --help
	expect "$c --help: exit 0" [ $rc -eq 0 ]
	expect "$c --help: its usage" out_has "usage: cacheshape $c"
	run help $c
	expect "help $c: exit 0" [ $rc -eq 0 ]
	expect "help $c: its usage" out_has "usage: cacheshape $c"
done
run help nothing; expect "help of no command: exit 2" [ $rc -eq 2 ]
run frobnicate; expect "unknown command: exit 2" [ $rc -eq 2 ]
expect "unknown command: named" err_has "unknown command 'frobnicate'"
expect "unknown command: stdout empty" out_empty
run reduce; expect "reduce without FILE: exit 2" [ $rc -eq 2 ]
expect "reduce without FILE: said" err_has "no capture FILE"
run reduce --bogus x.json; expect "reduce unknown option: exit 2" [ $rc -eq 2 ]
expect "reduce unknown option: named" err_has "unknown option '--bogus'"
run reduce --json a.json b.json; expect "reduce --json two files: exit 2" [ $rc -eq 2 ]
expect "reduce --json two files: stdout empty" out_empty
run check --bogus; expect "check unknown option: exit 2" [ $rc -eq 2 ]
run check a b; expect "check two DIRs: exit 2" [ $rc -eq 2 ]
run check "$T/nonexistent"; expect "check missing DIR: exit 2" [ $rc -eq 2 ]
expect "check missing DIR: named" err_has "$T/nonexistent"

# --- a good capture ---------------------------------------------------------
# A four-step staircase with three adjacency series (granule 64 B).
python3 - "$T/good.json" <<'EOF'
import json, sys
pts = []
for i in range(64):
    b = round(4096 * 2 ** (i / 4))
    ns = 1.0 if b < 45e3 else 4.0 if b < 1.9e6 else 15.0 if b < 28e6 else 80.0
    pts.append({"bytes": b, "ns": ns, "block_ns": 2e5})
ruler = [8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512]
adj = [{"placement": p, "footprint_bytes": f,
        "points": [{"distance": d, "ns": 6 + 0.1 * min(d, 64)} for d in ruler]}
       for p, f in (("first", 8192), ("middle", 262144), ("last", 268435456))]
cap = {"format": "cacheshape-capture", "version": 1, "label": "cli staircase",
       "environment": {"kind": "synthetic", "arch": "x86_64"},
       "clock": {"source": "tsc", "hz": 3e9, "quantum_ns": 0.33, "clamp_ns": None},
       "published": {"source": "cpuid-leaf4", "caches": [
           {"level": 1, "type": "data", "size_bytes": 49152, "line_bytes": 64},
           {"level": 2, "type": "unified", "size_bytes": 2097152, "line_bytes": 64},
           {"level": 3, "type": "unified", "size_bytes": 31457280, "line_bytes": 64}]},
       "sweep": {"points": pts}, "adjacency": adj, "producer_notes": {"any": [1]}}
json.dump(cap, open(sys.argv[1], "w"), indent=1)
EOF

run reduce "$T/good.json"
expect "reduce good: exit 0" [ $rc -eq 0 ]
expect "reduce good: header with file and label" out_has "== $T/good.json: cli staircase"
expect "reduce good: levels" out_has "levels:"
expect "reduce good: knees" out_has "knees:"
expect "reduce good: adjacency" out_has "adjacency:"
expect "reduce good: stderr empty" [ ! -s "$T/err" ]

run reduce --json "$T/good.json"
expect "reduce --json good: exit 0" [ $rc -eq 0 ]
cp "$T/out" "$T/good.result.json"
expect "reduce --json good: valid JSON" python3 -m json.tool "$T/out" /dev/null
# The shape of the object, and null exactly where a value does not exist.
cat >"$T/shape.py" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
num = (int, float)
def opt(v): return v is None or isinstance(v, num)
assert list(r)[:1] == ["label"]
assert r["label"] is None or isinstance(r["label"], str)
assert set(r) >= {"levels", "knees", "adjacency", "refusals", "gap_order", "points", "label"}
assert set(r["points"]) == {"total", "used"} and r["points"]["used"] <= r["points"]["total"]
assert r["gap_order"] in ("falls", "no", None)
for l in r["levels"]:
    assert set(l) == {"floor_ns", "first_bytes", "last_bytes"}, l
    assert all(isinstance(l[k], num) for k in l)
for k in r["knees"]:
    assert {"bytes", "retired_bytes", "published_bytes", "gap"} <= set(k), k
    assert all(opt(k[x]) for x in ("bytes", "retired_bytes", "published_bytes", "gap"))
    # a gap needs both a knee and a published size
    assert (k["gap"] is None) == (k["published_bytes"] is None or k["bytes"] is None), k
for a in r["adjacency"]:
    assert {"placement", "footprint_bytes", "granule_bytes", "r2", "margin", "ramp", "refusal"} <= set(a), a
    assert a["placement"] in ("first", "middle", "last")
    assert all(opt(a[x]) for x in ("footprint_bytes", "granule_bytes", "r2", "margin", "ramp"))
    f = a["refusal"]
    assert f is None or (set(f) == {"code", "reason"} and f["code"] and f["reason"]), f
    assert (f is None) == (a["granule_bytes"] is not None), a
for f in r["refusals"]:
    assert set(f) == {"code", "reason"} and isinstance(f["code"], str) and f["reason"]
if len(sys.argv) > 2:  # the staircase above: its own figures
    assert r["label"] == "cli staircase"
    assert r["points"] == {"total": 64, "used": 64}, r["points"]
    assert len(r["levels"]) == 4 and len(r["knees"]) == 3
    assert len(r["adjacency"]) == 3
EOF
shape() { python3 "$T/shape.py" "$@"; }
expect "reduce --json good: shape and nulls" shape "$T/good.result.json" staircase
expect "reduce --json good: stderr empty" [ ! -s "$T/err" ]

# Every committed capture is answered, with the same shape.
n=0
while IFS= read -r f; do
	run reduce --json "$f"
	cp "$T/out" "$T/r.json"
	expect "reduce --json $f: exit 0, shape" eval '[ $rc -eq 0 ] && shape "$T/r.json"'
	n=$((n + 1))
done < <(find captures -name '*.json' 2>/dev/null | sort)
echo "  reduce --json: $n committed captures"

# --- malformed captures: exit 2, the file and the field named, no result -----
while IFS=$'\t' read -r name want; do
	case "$name" in '#'* | '') continue ;; esac
	f=tests/data/bad/$name
	run reduce "$f"
	expect "bad $name: exit 2" [ $rc -eq 2 ]
	expect "bad $name: stdout empty" out_empty
	expect "bad $name: file named" err_has "$f"
	expect "bad $name: says '$want'" err_has "$want"
	run reduce --json "$f"
	expect "bad $name --json: exit 2" [ $rc -eq 2 ]
	expect "bad $name --json: stdout empty" out_empty
done <tests/data/bad/expected.txt
n_bad=$(ls tests/data/bad/*.json | wc -l)
n_listed=$(grep -c '\.json' tests/data/bad/expected.txt)
expect "every bad capture has its expected error" [ "$n_bad" -eq "$n_listed" ]
run reduce "$T/missing.json"
expect "missing file: exit 2" [ $rc -eq 2 ]
expect "missing file: named" err_has "$T/missing.json: cannot open"

# Several files: the good ones are reduced, the bad one named, exit 2.
run reduce "$T/good.json" tests/data/bad/ns-negative.json "$T/good.json"
expect "mixed files: exit 2" [ $rc -eq 2 ]
expect "mixed files: both good ones reported" [ "$(grep -c '^== ' "$T/out")" -eq 2 ]
expect "mixed files: the bad one named" err_has "ns-negative.json"

# --- check -------------------------------------------------------------------
# Expectations made from the reducer's own answer: ok when copied, FAIL when
# moved 10 %, known failure when marked as such.
mkdir -p "$T/cat/sub" "$T/empty"
python3 - "$T" <<'EOF'
import json, sys
t = sys.argv[1]
cap = json.load(open(t + "/good.json"))
res = json.load(open(t + "/good.result.json"))
knees = [k["bytes"] for k in res["knees"]]
codes = sorted({f["code"] for f in res["refusals"]})
granules = [a["granule_bytes"] for a in res["adjacency"]]
def write(name, expect):
    c = dict(cap)
    if expect is not None:
        c["expect"] = expect
    json.dump(c, open(t + "/cat/" + name, "w"))
write("a-plain.json", None)
write("b-ok.json", {"knees": knees, "refusals": codes, "granules": granules})
write("sub/c-known.json", {"knees": [], "refusals": ["fewer-than-two-plateaus"],
                           "known_failure": "the rules see steps here"})
write("d-fail.json", {"knees": [k * 1.1 for k in knees], "refusals": codes + ["block-length"]})
EOF
cp tests/data/bad/ns-negative.json "$T/cat/e-bad.json"
echo "not a capture" >"$T/cat/notes.txt"

mkdir -p "$T/pass"
cp "$T/cat/a-plain.json" "$T/cat/b-ok.json" "$T/pass/"
mkdir -p "$T/pass/sub" && cp "$T/cat/sub/c-known.json" "$T/pass/sub/"
run check "$T/pass"
expect "check passing: exit 0" [ $rc -eq 0 ]
expect "check passing: table header" out_has "capture"
expect "check passing: plain row" grep -qE '^a-plain\.json .* -$' "$T/out"
expect "check passing: ok row" grep -qE '^b-ok\.json .* ok$' "$T/out"
expect "check passing: known failure row" grep -qE '^sub/c-known\.json .* known failure$' "$T/out"
expect "check passing: known failure reason" out_has "the rules see steps here"
expect "check passing: summary" out_has "3 captures: 1 ok, 1 known failures, 0 failed, 1 without expectations"
expect "check passing: sizes for people" out_has "48 KiB"
expect "check passing: no colour when not a terminal" not grep -q $'\033' "$T/out"

run check "$T/cat"
expect "check with failures: exit 1" [ $rc -eq 1 ]
expect "check with failures: FAIL row" grep -qE '^d-fail\.json .* FAIL$' "$T/out"
expect "check with failures: unreadable is FAIL" grep -qE '^e-bad\.json .* FAIL$' "$T/out"
expect "check with failures: what differed" out_has "knee 1: expected"
expect "check with failures: unexpected refusal" out_has "expected block-length, not refused"
expect "check with failures: the read error" out_has "sweep.points[3].ns: must be a positive finite number, got -1"
expect "check with failures: only *.json" not out_has "notes.txt"
expect "check with failures: sorted" [ "$(grep -oE '^[a-z/-]+\.json' "$T/out" | head -5 | tr '\n' ' ')" = "a-plain.json b-ok.json d-fail.json e-bad.json sub/c-known.json " ]
expect "check with failures: summary" out_has "5 captures: 1 ok, 1 known failures, 2 failed, 1 without expectations"

run check "$T/empty"
expect "check empty DIR: exit 0" [ $rc -eq 0 ]
expect "check empty DIR: summary" out_has "0 captures"

run check tests/data/bad
expect "check of malformed captures: exit 1" [ $rc -eq 1 ]
expect "check of malformed captures: all FAIL" out_has "$n_bad failed"

# Colours on a terminal: yellow known failure, red FAIL.
if command -v script >/dev/null; then
	script -qec "$CS check $T/cat" /dev/null >"$T/tty" 2>&1
	expect "check on a terminal: red FAIL" grep -qF $'\033[31mFAIL' "$T/tty"
	expect "check on a terminal: yellow known failure" grep -qF $'\033[33mknown failure' "$T/tty"
	NO_COLOR=1 script -qec "$CS check $T/cat" /dev/null >"$T/tty" 2>&1
	expect "check with NO_COLOR: no colour" not grep -q $'\033\[3' "$T/tty"
fi

# Default DIR is captures/ of the current folder.
(cd "$T/pass/.." && mkdir -p captures && cp "$T/pass/b-ok.json" captures/ &&
	"$OLDPWD/$CS" check >"$T/out" 2>&1)
rc=$?
expect "check without DIR reads captures/" [ $rc -eq 0 ]
expect "check without DIR: the capture" out_has "b-ok.json"

summary cli
