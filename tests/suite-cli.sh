#!/usr/bin/env bash
# suite-cli: the `cacheshape` command from outside: help and usage errors,
# `reduce` (text and --json) on good and malformed captures, and `check` with
# every verdict (ok, FAIL, known failure, none), its exit status and colours.
# run-all: seconds 100
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CS=${CS:-build/host/cacheshape} # tests/suite-sanitize.sh runs this suite on its own build
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
for c in reduce check compare; do
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
run reduce --brief --json a.json; expect "reduce --brief --json: exit 2" [ $rc -eq 2 ]
expect "reduce --brief --json: said" err_has "choose one"
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
assert list(r)[:4] == ["format", "version", "label", "summary"]
assert r["format"] == "cacheshape-reduce" and r["version"] == 1
for row in r["summary"]:
    assert "read_gbps" in row and "floor_ns" in row, row
    assert row["floor_ns"] is None or row["floor_ns"] > 0, row
# the summary (docs/summary.md): a row per published level, one per unmatched knee
V = {"as-claimed", "smaller", "larger", "missing", "unmatched", "emulated", "not-measured"}
rep = "repeats" in r # the sweep's repeats (docs/repeats.md): spreads beside the figures
# a coarse grid's edges are ranges with no point (reduction.md s.10)
coarse = any(f["code"] == "grid-too-coarse" for f in r["refusals"])
def rng(v): return v is None or (len(v) == 2 and all(isinstance(x, num) for x in v) and v[0] <= v[1])
for s in r["summary"]:
    # repeats add spread_bytes, a geometry member geometry_bytes (docs/repeats.md, docs/geometry.md)
    geo = "geometry" in r
    assert list(s) == ["level", "claimed_bytes", "measured_bytes"] + ["spread_bytes"] * rep + ["geometry_bytes"] * geo + ["read_gbps", "floor_ns", "floor_cycles", "witnesses", "agree", "measured_range", "verdict", "sentence"], s
    # the witnesses (summary.md s.2a): the latency knee first where there is one, ranges holding their sizes
    w = s["witnesses"]
    assert all(set(x) == {"kind", "bytes", "range"} and x["range"][0] <= x["bytes"] <= x["range"][1] for x in w), s
    if coarse: # a coarse edge: a range, no point (its witness's bytes is the range's lower bound)
        assert s["measured_bytes"] is None, s
    else:
        assert ([x["bytes"] for x in w if x["kind"] == "latency-knee"] or [None]) == [s["measured_bytes"]], s
    assert s["agree"] is (None if len(w) < 2 else s["agree"]) and (len(w) < 2 or isinstance(s["agree"], bool)), s
    assert (s["measured_range"] is None) == (not w), s
    if w: assert s["measured_range"] == [min(x["range"][0] for x in w), max(x["range"][1] for x in w)], s
    assert opt(s.get("geometry_bytes")), s
    assert s["verdict"] in V and isinstance(s["sentence"], str) and s["sentence"], s
    # under an emulator an unmatched knee's verdict is emulated too (summary.md s.2c)
    assert (s["level"] is None) == (s["verdict"] in ("unmatched", "emulated") and s["claimed_bytes"] is None), s
    assert (s["level"] is None) == (s["claimed_bytes"] is None) and (s["verdict"] != "unmatched" or s["level"] is None), s
    # no witness: missing or not measured, or a coarse grid's refused climb paired with no level (s.10)
    climb = coarse and s["verdict"] == "unmatched" and "climbs" in s["sentence"]
    assert (not w) == (s["verdict"] in ("missing", "not-measured") or climb) or s["verdict"] == "emulated", s
# floor_cycles and floor_ns: the floor of the level below the row's knee, in cycles (null without a
# stable clock) and in ns (the text's floor), as the levels have it. A row has one where its knee is a
# witness: a point, or on a coarse grid a range (s.10); there the n-th level is below the n-th knee
# with a size, refused ranges counted, so the floors are some of the levels', in order.
def knee_row(s): return s["measured_bytes"] is not None or (coarse and any(x["kind"] == "latency-knee" for x in s["witnesses"]))
for key in ("floor_cycles", "floor_ns"):
    up = [L[key] for L in r["levels"]]
    m = [s[key] for s in r["summary"] if knee_row(s)]
    if coarse:
        f = [v for v in m if v is not None]
        assert all(v in up for v in f) and f == sorted(f), (key, m, up)
    else:
        assert m == (up + [None] * len(m))[:len(m)] or not r["knees"], (key, m, up)
    assert all(s[key] is None for s in r["summary"] if not knee_row(s)), (key, r["summary"])
assert any(s["floor_ns"] is not None for s in r["summary"] if knee_row(s)) or not r["knees"] or \
    all(not knee_row(s) for s in r["summary"]), r["summary"]
if r["knees"]:
    assert [(s["claimed_bytes"], s["measured_bytes"] if not coarse else k["bytes"]) for s, k in zip(r["summary"], r["knees"])] == \
        [(k["published_bytes"], k["bytes"]) for k in r["knees"]] and len(r["summary"]) == len(r["knees"]), (r["summary"], r["knees"])
else:
    assert all(s["verdict"] in ("not-measured", "emulated") or s["witnesses"] for s in r["summary"]), r["summary"]
assert r["label"] is None or isinstance(r["label"], str)
assert set(r) >= {"levels", "knees", "adjacency", "refusals", "gap_order", "points", "label"}
assert set(r["points"]) == {"total", "used"} and r["points"]["used"] <= r["points"]["total"]
assert r["gap_order"] in ("falls", "no", None)
for l in r["levels"]:
    # a level joined by a smooth climb (reduction.md s.9) says climb: true
    spread = {"floor_spread_ns", "floor_spread_ns_repeats"}
    assert set(l) - {"climb"} - spread == {"floor_ns", "floor_cycles", "first_bytes", "last_bytes"} and l.get("climb", True) is True, l
    assert (set(l) >= spread) == rep, l
    assert all(isinstance(l[k], num) for k in l if k not in spread | {"climb", "floor_cycles"})
    # in core cycles only with a stable core clock (docs/clock.md)
    assert (l["floor_cycles"] is None) == (not r["clock"]["stable"]), (l, r["clock"])
# the core clock and the reference verdict (docs/clock.md)
ck = r["clock"]
assert opt(ck["core_hz"]) and opt(ck["cycle_counter_hz"]), ck
assert ck["cycle_counter_hz"] is not None or (isinstance(ck["cycle_counter_why"], str) and ck["cycle_counter_why"]), ck
assert not ck["stable"] or ck["core_hz"] is not None, ck
ref = r["reference"]
assert set(ref) == {"is_reference", "reasons"} and isinstance(ref["is_reference"], bool), ref
assert ref["is_reference"] == (ref["reasons"] == []), ref
assert all(set(f) == {"code", "reason"} and f["code"] and f["reason"] for f in ref["reasons"]), ref
for k in r["knees"]:
    assert {"bytes", "retired_bytes", "published_bytes", "gap", "range"} <= set(k), k
    assert all(opt(k[x]) for x in ("bytes", "retired_bytes", "published_bytes", "gap"))
    # the range the grid allows (reduction.md s.4): around the knee, from its retired bound
    assert rng(k["range"]) and (k["range"] is None) == (k["bytes"] is None), k
    assert k["range"] is None or (k["range"][0] == k["retired_bytes"] and k["range"][0] <= k["bytes"] <= k["range"][1]), k
    # a gap needs both a knee and a published size, and a point (not a coarse range)
    assert (k["gap"] is None) == (k["published_bytes"] is None or k["bytes"] is None or coarse), k
for a in r["adjacency"]:
    assert {"placement", "footprint_bytes", "granule_bytes", "r2", "margin", "ramp", "refusal"} <= set(a), a
    assert a["placement"] in ("first", "middle", "last")
    assert all(opt(a[x]) for x in ("footprint_bytes", "granule_bytes", "r2", "margin", "ramp"))
    f = a["refusal"]
    assert f is None or (set(f) == {"code", "reason"} and f["code"] and f["reason"]), f
    assert (f is None) == (a["granule_bytes"] is not None), a
climbs = 0
for f in r["refusals"]:
    assert isinstance(f["code"], str) and f["reason"]
    if f["code"] != "smooth-climb":
        assert set(f) == {"code", "reason"}, f
        continue
    # s.9's record: the climb's extent, rate, and each refused knee
    climbs += 1
    assert set(f) == {"code", "reason", "first_bytes", "last_bytes", "rate", "knees"}, f
    assert f["first_bytes"] < f["last_bytes"] and isinstance(f["rate"], num) and f["knees"], f
    for k in f["knees"]:
        assert set(k) == {"bytes", "retired_bytes", "slope", "excess", "bound"}, k
        assert all(isinstance(k[x], num) for x in k) and k["bound"] <= 1.5, k
        assert k["bytes"] not in [x["bytes"] for x in r["knees"]], k  # never among the knees
assert climbs == sum(1 for l in r["levels"] if l.get("climb")), r["levels"]
if len(sys.argv) > 2:  # the staircase above: its own figures
    assert r["label"] == "cli staircase"
    assert r["points"] == {"total": 64, "used": 64}, r["points"]
    assert len(r["levels"]) == 4 and len(r["knees"]) == 3
    assert len(r["adjacency"]) == 3
EOF
shape() { python3 "$T/shape.py" "$@"; }
expect "reduce --json good: shape and nulls" shape "$T/good.result.json" staircase
expect "reduce --json good: stderr empty" [ ! -s "$T/err" ]

# Every committed capture is answered, with the same shape. The shapes are
# checked by one Python for all of them (shape_many: one interpreter, not
# one a capture), each capture still its own check; the text and --brief
# checks read the output with the shell's builtins, no process a line.
# shape_many FILE...: one line "ok FILE" or "FAIL FILE: why" a file, in order
cat >"$T/shape_many.py" <<'EOF'
import sys
script, files = sys.argv[1], sys.argv[2:]
code = compile(open(script).read(), script, "exec")
for f in files:
    sys.argv = [script, f]
    try:
        exec(code, {"__name__": "__main__"})
        print("ok", f)
    except SystemExit as e:
        print("ok" if e.code in (None, 0) else "FAIL", f)
    except BaseException as e:
        print("FAIL", f + ":", repr(e)[:300])
EOF
mkdir -p "$T/shapes"
n=0
caps_rc=()
caps_f=()
first_re='^  (level  claimed|no published)'
while IFS= read -r f; do
	"$CS" reduce --json "$f" >"$T/shapes/$n.json" 2>"$T/err"
	caps_rc[n]=$?
	caps_f[n]=$f
	# the text starts with the summary, and --brief prints it alone
	run reduce "$f"
	mapfile lines <"$T/out"
	expect "reduce $f: the summary first" eval '[ $rc -eq 0 ] && [[ ${lines[1]-} == "summary: "* ]] && [[ ${lines[2]-} =~ $first_re ]]'
	summary= i=0 # the lines up to the first empty one, that one included
	while [ $i -lt ${#lines[@]} ]; do
		summary+=${lines[i]}
		[ "${lines[i]}" = $'\n' ] && break
		i=$((i + 1))
	done
	[ $i -lt ${#lines[@]} ] || summary=
	run reduce --brief "$f"
	brief=
	IFS= read -r -d '' brief <"$T/out"
	expect "reduce --brief $f: the summary alone" eval '[ $rc -eq 0 ] && [ -n "$summary" ] && [ "$brief"$'"'"'\n'"'"' = "$summary" ]'
	n=$((n + 1))
done < <(find captures -name '*.json' 2>/dev/null | sort)
mapfile -t shaped < <(python3 "$T/shape_many.py" "$T/shape.py" $(for ((i = 0; i < n; i++)); do echo "$T/shapes/$i.json"; done))
for ((i = 0; i < n; i++)); do
	expect "reduce --json ${caps_f[i]}: exit 0, shape" eval '[ ${caps_rc[i]} -eq 0 ] && [ "${shaped[i]-}" = "ok $T/shapes/$i.json" ]'
	[ "${shaped[i]-}" = "ok $T/shapes/$i.json" ] || echo "  ${shaped[i]-no answer}" >&2
done
echo "  reduce --json: $n committed captures"

# Every committed QEMU capture ran under TCG: the reducer finds it in the
# evidence the capture recorded (docs/emulators.md s.2), every verdict is
# emulated, every geometry level refused naming the emulator.
cat >"$T/emu.py" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["summary"] and all(s["verdict"] == "emulated" for s in r["summary"]), r["summary"]
for L in r.get("geometry") or []:
    assert [x["code"] for x in L["refusals"]] == ["emulated"] and "QEMU TCG" in L["refusals"][0]["reason"], L
EOF
for f in captures/qemu/*.json; do
	run reduce --json "$f"
	expect "reduce --json $f: emulated, every verdict and geometry level" python3 "$T/emu.py" "$T/out"
done

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
expect "check passing: no colour when not a terminal" not grep -q $'\033' "$T/out"
run check --wide "$T/pass"
expect "check --wide passing: sizes for people" out_has "48 KiB"
run check captures
expect "check: the table fits 100 columns" [ "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$T/out")" -le 100 ]
expect "check: a long name cut in its middle, and said" eval 'grep -q "~.*\.json  " "$T/out" && out_has "cells cut with ~ to fit 100 columns"'
run check --wide captures
expect "check --wide: every column" eval 'head -1 "$T/out" | grep -q "published .*retired .*granules .*refusals .*tlbs .*tlb knees .*tlb refusals .*cycles .*ref .*geometry .*result"'
expect "check --wide: nothing cut" not out_has "cells cut with ~"
cp "$T/out" "$T/wide.txt"
run check --json captures
cp "$T/out" "$T/check.json"
cat >"$T/cells.py" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
wide = open(sys.argv[2]).read().splitlines()
keys = ["capture", "published", "knees", "retired", "granules", "refusals", "tlbs", "tlb_knees",
        "tlb_refusals", "cycles", "ref", "geometry", "result"]
assert d["captures"]
for row, line in zip(d["captures"], wide[1:]):
    assert list(row)[:13] == keys, row
    for k in keys:  # each cell stands in the wide table's line, in order
        at = line.find(row[k])
        assert at >= 0, (k, row[k], line)
        line = line[at + len(row[k]):]
assert d["ok"] + d["known_failures"] + d["failed"] + d["without_expectations"] == len(d["captures"])
EOF
expect "check --json: the same cells as --wide" python3 "$T/cells.py" "$T/check.json" "$T/wide.txt"

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
case $CS in /*) CSA=$CS ;; *) CSA=$PWD/$CS ;; esac
(cd "$T/pass/.." && mkdir -p captures && cp "$T/pass/b-ok.json" captures/ &&
	"$CSA" check >"$T/out" 2>&1)
rc=$?
expect "check without DIR reads captures/" [ $rc -eq 0 ]
expect "check without DIR: the capture" out_has "b-ok.json"

# --- issue 17 and issue 11's "also fix": each reproducer, as it was found ----
no_temp() { [ -z "$(find "$1" -name '.*.cacheshape-*' 2>/dev/null)" ]; }
xml_ok() { python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1" 2>/dev/null; }
valid_utf8() { python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$1" 2>/dev/null; }
capture_with() { # FILE POINTS-JSON [LABEL-JSON]: a minimal capture the reader accepts
	printf '{"format":"cacheshape-capture","version":1,%s"sweep":{"points":[%s]}}\n' "${3:+\"label\":$3,}" "$2" >"$1"
}
mkdir -p "$T/o17"
O=$T/o17

# 1. plot -o: one output-file rule (host/outfile.h), for plot and probe alike.
run plot "$T/good.json" -o "$O/a.svg"
expect "plot: a new file (exit $rc)" [ $rc -eq 0 ]
expect "plot: the SVG is XML" xml_ok "$O/a.svg"
cp "$O/a.svg" "$O/a.first"
echo 'keep me' >"$O/keep.svg"
run plot "$T/good.json" -o "$O/keep.svg"
expect "plot over an existing file: exit 2" [ $rc -eq 2 ]
expect "plot over an existing file: says so, names --force" err_has "exists; not overwritten (--force replaces a regular file)"
expect "plot over an existing file: untouched" grep -qx 'keep me' "$O/keep.svg"
run plot "$T/good.json" -o "$O/keep.svg" --force
expect "plot --force over a regular file: exit 0" [ $rc -eq 0 ]
expect "plot --force: replaced by the SVG" xml_ok "$O/keep.svg"
cp "$T/good.json" "$O/c.json"
run plot "$O/c.json" -o "$O/c.json" --force
expect "plot c.json -o c.json --force: exit 2" [ $rc -eq 2 ]
expect "plot c.json -o c.json: the input is named" err_has "is the input"
expect "plot c.json -o c.json: the capture is intact" cmp -s "$O/c.json" "$T/good.json"
ln -s c.json "$O/c-link.json"
run plot "$O/c.json" -o "$O/c-link.json" --force
expect "plot -o a symbolic link to the input: exit 2" [ $rc -eq 2 ]
expect "plot -o a symbolic link: refused as one" err_has "a symbolic link"
expect "plot -o a symbolic link: its target intact" cmp -s "$O/c.json" "$T/good.json"
for dev in /dev/null /dev/stdout /dev/zero; do
	kind=$(stat -c %F "$dev")
	run plot "$T/good.json" -o "$dev" --force
	expect "plot -o $dev --force: exit 2" [ $rc -eq 2 ]
	expect "plot -o $dev: refused by what it is" err_has "refused"
	expect "plot -o $dev: still a $kind" [ "$(stat -c %F "$dev")" = "$kind" ]
done
run plot "$T/good.json" -o "$O" --force
expect "plot -o a directory: exit 2, named" eval '[ $rc -eq 2 ] && err_has "a directory"'
mkfifo "$O/fifo.svg"
run plot "$T/good.json" -o "$O/fifo.svg" --force
expect "plot -o a FIFO: exit 2, named" eval '[ $rc -eq 2 ] && err_has "a FIFO"'
run plot "$T/good.json" -o -
expect "plot -o -: exit 0" [ $rc -eq 0 ]
expect "plot -o -: the SVG on stdout" eval 'head -c 5 "$T/out" | grep -q "<?xml" && xml_ok "$T/out"'
expect "plot: no temporary file left behind" no_temp "$O"

# import writes by the same rule
run import --from ramlat tests/data/imported/ramlat-i7-1165G7.txt -o /dev/null
expect "import -o /dev/null: refused, still a device" eval '[ $rc -eq 2 ] && err_has "character device" && [ -c /dev/null ]'
ln -s keep.svg "$O/imp-link.json"
run import --from ramlat tests/data/imported/ramlat-i7-1165G7.txt -o "$O/imp-link.json"
expect "import -o a symbolic link: refused" eval '[ $rc -eq 2 ] && err_has "symbolic link"'
run import --from ramlat tests/data/imported/ramlat-i7-1165G7.txt -o "$O/imp.json"
expect "import -o a new file: written, no temporary file" eval '[ $rc -eq 0 ] && [ -s "$O/imp.json" ] && no_temp "$O"'

# issue 11: a denormal cost hung plot; 1.5e308 wrote nan; extremes of both axes.
capture_with "$O/denormal.json" '{"bytes":4096,"ns":5e-324},{"bytes":8192,"ns":1}'
capture_with "$O/huge.json" '{"bytes":4096,"ns":1},{"bytes":8192,"ns":1.5e308}'
capture_with "$O/corners.json" '{"bytes":5e-324,"ns":1.7976931348623157e308},{"bytes":1.7976931348623157e308,"ns":5e-324}'
capture_with "$O/tiny.json" '{"bytes":1e-300,"ns":1e-300},{"bytes":2e-300,"ns":3e-300}'
for c in denormal huge corners tiny; do
	rm -f "$O/$c.svg"
	timeout 20 "$CS" plot "$O/$c.json" -o "$O/$c.svg" >"$T/out" 2>"$T/err"; rc=$?
	expect "plot $c: exit 0 within 20 s (exit $rc)" [ $rc -eq 0 ]
	expect "plot $c: XML" xml_ok "$O/$c.svg"
	expect "plot $c: no nan or inf" not grep -qiE 'nan|inf' "$O/$c.svg"
	expect "plot $c: every coordinate a number" not grep -qE '(x|y|x1|y1|x2|y2)="[^0-9-]' "$O/$c.svg"
	run reduce "$O/$c.json"
	expect "plot $c: the reducer reads it too" [ $rc -eq 0 ]
done
expect "plot extremes: no temporary file" no_temp "$O"

# issue 11: a label of multibyte characters is cut on a character boundary.
euro60=$(python3 -c 'print("\u20ac" * 60)')
capture_with "$O/euro60.json" '{"bytes":4096,"ns":1},{"bytes":8192,"ns":2}' "\"$euro60\""
python3 - "$O/euro-long.json" <<'PY'
import json, sys
json.dump({"format": "cacheshape-capture", "version": 1, "label": "a" * 140 + "\u20ac" * 30,
           "sweep": {"points": [{"bytes": 4096, "ns": 1}, {"bytes": 8192, "ns": 2}]}},
          open(sys.argv[1], "w"), ensure_ascii=False)
PY
for c in euro60 euro-long; do
	run plot "$O/$c.json" -o "$O/$c.svg"
	expect "plot $c: exit 0" [ $rc -eq 0 ]
	expect "plot $c: XML and UTF-8" eval 'xml_ok "$O/$c.svg" && valid_utf8 "$O/$c.svg"'
done
expect "plot euro60: the whole label (60 characters fit)" grep -qF "$euro60</text>" "$O/euro60.svg"
expect "plot euro-long: cut to 148 characters, the ... counted" grep -qF "$(python3 -c 'print("a" * 140 + "\u20ac" * 5)')...</text>" "$O/euro-long.svg"
# a legend taken from a file name that is not UTF-8
cp "$O/denormal.json" "$O/caf"$'\xe9'".json"
run plot "$O/caf"$'\xe9'".json" -o "$O/latin1.svg"
expect "plot of a Latin-1 file name: exit 0, XML" eval '[ $rc -eq 0 ] && xml_ok "$O/latin1.svg"'

# 3 and 5, 10: check on loops, an unreadable folder, hidden and long paths.
L=$(mktemp -d)
chmod 755 "$L"
mkdir -p "$L/cat/sub" "$L/cat/locked"
cp "$T/good.json" "$L/cat/a.json"
cp "$T/good.json" "$L/cat/locked/b.json"
cp "$T/good.json" "$L/cat/sub/c.json"
cp "$T/good.json" "$L/cat/.hidden.json"
ln -s . "$L/cat/s1"
ln -s .. "$L/cat/sub/s2"
ln -s ../sub "$L/cat/locked/s3"
chmod -R a+rX "$L/cat"
timeout 20 "$CS" check "$L/cat" >"$T/out" 2>"$T/err"; rc=$?
expect "check with symbolic link loops: ends (exit $rc)" [ $rc -eq 0 ]
expect "check with loops: each capture once" [ "$(grep -c '\.json ' "$T/out")" -eq 3 ]
expect "check with loops: the loop named" out_has "s1/: skipped: a folder already read"
expect "check with loops: the second loop named" out_has "sub/s2/: skipped: a folder already read"
expect "check with loops: a link into the tree named, the real path kept" eval 'out_has "locked/s3/: skipped: a folder already read" && grep -q "^sub/c\.json" "$T/out"'
expect "check: hidden entries named" out_has ".hidden.json: skipped: hidden"
expect "check with loops: summary" out_has "3 captures: 0 ok"
# an unreadable folder: a FAIL row with its error, the rest checked, exit 1
chmod 000 "$L/cat/locked"
if [ "$(id -u)" -eq 0 ]; then as_other() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }; else as_other() { "$@"; }; fi
as_other "$CS" check "$L/cat" >"$T/out" 2>"$T/err"; rc=$?
expect "check with an unreadable folder: exit 1 (exit $rc)" [ $rc -eq 1 ]
expect "check with an unreadable folder: its row" grep -qE '^locked/ .* FAIL$' "$T/out"
expect "check with an unreadable folder: its error" out_has "cannot be read: Permission denied"
expect "check with an unreadable folder: the rest checked" eval 'grep -q "^a\.json" "$T/out" && grep -q "^sub/c\.json" "$T/out"'
expect "check with an unreadable folder: the top folder not blamed" not err_has "$L/cat:"
expect "check with an unreadable folder: summary" out_has "2 captures: 0 ok, 0 known failures, 0 failed, 2 without expectations; 1 folder could not be read"
chmod 755 "$L/cat/locked"
# a path over 4096 bytes, and a folder deeper than 16: named as skipped
long=$(printf 'd%.0s' $(seq 1 254))
( cd "$L/cat/sub" && for i in $(seq 1 16); do mkdir "$long" && cd "$long" || exit 1; done && cp "$T/good.json" x.json )
mkdir -p "$L/cat/deep/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17"
"$CS" check "$L/cat" >"$T/out" 2>"$T/err"; rc=$?
expect "check with a path over 4096 bytes: says so" out_has "is over the 4095 bytes a path may have here"
expect "check with a folder too deep: says so" out_has "deep/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/: skipped: deeper than the 16 folders followed"
rm -rf "$L"

# 4: terminal escapes in a label, a refusal read from a capture, a file name.
python3 - "$O/esc.json" "$T/good.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[2]))
c["label"] = "x\u001b]0;PWNED\u0007\u001b[2J\nlevels: 9 (forged)"
c["adjacency"][0] = {"placement": "first", "refusal": {"code": "x\u001b[31m", "reason": "why\u001b[2J\nrefusals: none"}, "points": []}
json.dump(c, open(sys.argv[1], "w"))
PY
run reduce "$O/esc.json"
expect "reduce of a hostile label: exit 0" [ $rc -eq 0 ]
expect "reduce: no raw control character on stdout" not grep -qP '[\x00-\x08\x0b-\x1f\x7f]' "$T/out"
expect "reduce: the label shown escaped, on its line" out_has '== '"$O"'/esc.json: x\e]0;PWNED\x07\e[2J\nlevels: 9 (forged)'
expect "reduce: no forged report line" not grep -q '^levels: 9 (forged)' "$T/out"
expect "reduce: the refusal from the capture escaped" out_has 'why\e[2J\nrefusals: none'
cp "$T/good.json" "$O/$(printf 'n\x1b[2Jame.json')"
run check "$O"
expect "check: no raw control character in names" not grep -qP '[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f]|\x1b\[2J' "$T/out"
expect "check: the name shown escaped" out_has 'n\e[2Jame.json'
run reduce "$O/$(printf 'n\x1b[2Jame.json')x"
expect "reduce of a missing hostile name: the error escaped" eval 'err_has "n\\e[2Jame.jsonx" && ! grep -qP "\x1b" "$T/err"'

# 10: a descending sweep is reported smallest .. largest; /proc is no capture.
python3 - "$O/desc.json" "$T/good.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[2]))
c["sweep"]["points"].reverse()
json.dump(c, open(sys.argv[1], "w"))
PY
run reduce "$O/desc.json"
expect "reduce of a descending sweep: 4 KiB .. first" grep -qE '^sweep: 64 points, 64 used, 4 KiB \.\. ' "$T/out"
# an infinite random/fixed ratio: a refusal with its figures, in text and JSON
python3 - "$O/ratio.json" captures/synthetic/expLine64.json <<'PY'
import json, sys
c = json.load(open(sys.argv[2]))
c["experiments"]["random_vs_fixed"].update({"fixed_ns": 1e-300, "random_ns": 1e300, "quantum_ns": 1e-301})
json.dump(c, open(sys.argv[1], "w"))
PY
run reduce "$O/ratio.json"
expect "reduce: an infinite ratio is refused with its figures" eval 'out_has "refused ratio-out-of-range: random strides 1e300 ns" && ! out_has "ratio inf"'
run reduce --json "$O/ratio.json"
expect "reduce --json: null ratio, and the refusal" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["experiments"]["random_vs_fixed"]
sys.exit(0 if r["ratio"] is None and r["refusal"]["code"] == "ratio-out-of-range" else 1)' "$T/out"
# issue 11: a ratio of about 5e17 made the text report convert 5e19 to an
# integer (undefined behaviour: tests/suite-sanitize.sh runs this on the
# sanitized build); the figure must come out whole
python3 - "$O/ratio5e17.json" captures/synthetic/expLine64.json <<'PY'
import json, sys
c = json.load(open(sys.argv[2]))
c["experiments"]["random_vs_fixed"].update({"fixed_ns": 1, "random_ns": 5e17, "quantum_ns": 0.001})
json.dump(c, open(sys.argv[1], "w"))
PY
run reduce "$O/ratio5e17.json"
expect "reduce: a ratio of 5e17 printed whole (exit $rc)" eval '[ $rc -eq 0 ] && out_has "ratio 500000000000000000.00: random strides defeat the prefetcher"'
run reduce /proc/self/status
expect "reduce /proc/self/status: exit 2" [ $rc -eq 2 ]
expect "reduce /proc/self/status: not a regular file, said so" err_has "not a regular file"

# seed 001's instruction-cache kind (kinds/icache/): read, replayed, reported;
# a malformed member refused at its field.
A64=captures/qemu/qemu-aarch64-max.json
run reduce "$A64"
expect "icache: replayed and reported (coherent)" out_has "instruction cache: refused (coherent): "
run reduce --json "$A64"
expect "icache: in reduce --json" eval "python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))[\"icache\"]; assert d[\"ran\"] and d[\"refusal\"][\"code\"] == \"coherent\"' '$T/out'"
run reduce captures/qemu/qemu-x86_64-qemu64-tlb.json
expect "icache: not run, the producer's refusal carried" out_has "instruction cache: not run (coherent): "
icache() { # icache NAME PYTHON: the aarch64 capture with its member edited
	python3 -c "import json, sys; d = json.load(open('$A64')); i = d['icache']; $2; json.dump(d, open(sys.argv[1], 'w'))" "$T/ic-$1.json"
	run reduce "$T/ic-$1.json"
}
icache granule "i['stale'] = [0, 0, 0, 0, 5, 9, 20]; i['unmaintained_stale'] = 900"
expect "icache: a granule inferred from the counts" eval '[ $rc -eq 0 ] && out_has "instruction cache: invalidation granule 32 B ("'
icache short "i['stale'] = [0, 0]"
expect "icache: stale shorter than strides refused at its field" eval '[ $rc -eq 2 ] && err_has "icache.stale"'
icache dic "i['ctr_dic'] = 1"
expect "icache: ctr_dic not a boolean refused" eval '[ $rc -eq 2 ] && err_has "icache.ctr_dic: expected true or false"'
icache both "i['granule_bytes'] = 64"
expect "icache: a granule and a refusal both refused" eval '[ $rc -eq 2 ] && err_has "icache: has both a granule_bytes and a refusal"'
icache words "i['words'] = 4096"
expect "icache: words past 1024 refused" eval '[ $rc -eq 2 ] && err_has "icache.words"'

# 6, 7, 8: probe options refused before anything is measured (no capture).
phys_kib=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)
run probe -o "$O/p.json" --max-bytes $((phys_kib / 2 - 64 * 1024))K --competitors 64
expect "probe --competitors 64 beside a big sweep: exit 2" [ $rc -eq 2 ]
expect "probe --competitors: the memory bound said" err_has "more than half this machine's"
ncpu=$(nproc)
[ "$ncpu" -le 64 ] && expect "probe --competitors 64: threads sharing a CPU said" err_has "they share CPUs"
run probe -o "$O/p.json" --clamp 1000000000
expect "probe --clamp 1e9: refused by its bound" eval '[ $rc -eq 2 ] && err_has "from 1 to 100000000"'
run probe -o "$O/p.json" --max-bytes 010M --clamp 100000000
expect "probe --clamp 1e8 (full): the run's length said up front" err_has "the sweep (46 sizes, 9 blocks each and a trial) takes at least"
expect "probe --clamp over an hour: refused without --force" eval '[ $rc -eq 2 ] && err_has "--force runs it anyway"'
expect "probe --max-bytes 010M is 10 MiB (46 sizes), not octal 8 MiB" err_has "46 sizes"
run probe -o "$O/p.json" --cpu 010
expect "probe --cpu 010 is CPU 10, not octal 8" eval '[ $rc -eq 2 ] && err_has "CPU 10 is not"'
for v in 0x10M 1e6 " 8M" +8M -8M 8Q; do
	run probe -o "$O/p.json" --max-bytes "$v"
	expect "probe --max-bytes '$v': refused" [ $rc -eq 2 ]
done
echo 'keep me' >"$O/exists.json"
run probe -o "$O/exists.json" --quick
expect "probe -o an existing file: exit 2, untouched" eval '[ $rc -eq 2 ] && grep -qx "keep me" "$O/exists.json" && err_has "--force"'
run probe -o /dev/null --force --quick
expect "probe -o /dev/null --force: refused, still a device" eval '[ $rc -eq 2 ] && [ -c /dev/null ]'
expect "probe: nothing written by a refusal" eval '[ ! -e "$O/p.json" ]'
# --all-core-types, and --all-kinds, its old name, still taken (refused here
# with --cpu, before anything is measured)
for a in --all-core-types --all-kinds; do
	run probe -o "$O/p.json" "$a" --cpu 0
	expect "probe $a --cpu 0: a usage error naming --all-core-types" eval '[ $rc -eq 2 ] && err_has "--all-core-types (--all-kinds)"'
done
run help probe
# the old name is still taken, but --help teaches the option, not its
# history (issue 40 item 5: "--all-kinds, its old name" was inner language)
expect "help probe names --all-core-types, not its old name" eval 'out_has "--all-core-types" && ! out_has "--all-kinds"'

# 2: a Latin-1 label, a Latin-1 file name (recorded in the command line) and
# 150 'é' cut by the label builder: the capture is valid UTF-8, read by the
# strict reader, and the probe said it checked it.
e150=$(python3 -c 'print("\u00e9" * 150)')
pf="$O/caf"$'\xe9'"-probe.json"
run probe -o "$pf" --quick --max-bytes 64K -q --label "caf"$'\xe9'" $e150"
expect "probe with Latin-1 text: exit 0 (exit $rc)" [ $rc -eq 0 ]
expect "probe: says the reader read it back" err_has "read back, compared and read by the strict reader"
expect "probe with Latin-1 text: the capture is UTF-8" valid_utf8 "$pf"
run reduce --json "$pf"
expect "probe with Latin-1 text: the reader takes it (exit $rc)" [ $rc -eq 0 ]
expect "probe: the Latin-1 byte became U+FFFD" grep -q $'caf\xef\xbf\xbd' "$pf"
expect "probe: no temporary file left" no_temp "$O"
run probe -o - --quick --max-bytes 64K -q
expect "probe -o -: the capture on stdout, the report on stderr" eval '[ $rc -eq 0 ] && python3 -m json.tool "$T/out" >/dev/null && err_has "levels:"'

# --- the conventions of every subcommand (getopt_long, host/cli.h) ----------
# --version/-V at every level, --help and help CMD on stdout with exit 0, a
# wrong option ONE line on stderr naming it and pointing at --help (exit 2),
# one prefix "cacheshape CMD: ".
one_line() { [ "$(wc -l <"$T/err")" -eq 1 ]; }
ver=$(sed -n 's/^#define CS_VERSION "\(.*\)"/\1/p' common/version.h)
for v in --version -V; do
	run $v
	expect "cacheshape $v: exit 0, 'cacheshape $ver'" eval '[ $rc -eq 0 ] && [ "$(cat "$T/out")" = "cacheshape $ver" ]'
done
run --frobnicate
expect "cacheshape --frobnicate: exit 2, one line, named, points at --help" eval \
	'[ $rc -eq 2 ] && one_line && err_has "cacheshape: unknown option '"'"'--frobnicate'"'"'" && err_has "cacheshape --help" && out_empty'
for c in probe reduce check plot import serve table; do
	for v in --version -V; do
		run $c $v
		expect "$c $v: exit 0, the version alone" eval '[ $rc -eq 0 ] && [ "$(cat "$T/out")" = "cacheshape $ver" ]'
	done
	for h in --help -h; do
		run $c $h
		expect "$c $h: exit 0, its usage on stdout" eval '[ $rc -eq 0 ] && out_has "usage: cacheshape $c" && [ ! -s "$T/err" ]'
	done
	run help $c
	expect "help $c: exit 0, its usage" eval '[ $rc -eq 0 ] && out_has "usage: cacheshape $c"'
	for bad in --frobnicate --frobnicate=1 -Z; do
		run $c $bad
		oname=${bad%%=*}
		expect "$c $bad: exit 2 and ONE line naming $oname, pointing at --help" eval \
			'[ $rc -eq 2 ] && one_line && err_has "cacheshape $c: unknown option '"'"'$oname'"'"'" && err_has "(see cacheshape $c --help)" && out_empty'
	done
done
# a flag given a value, a value missing, an ambiguous abbreviation
run reduce --json=yes "$T/good.json"
expect "reduce --json=yes: a flag takes no value (exit 2, one line)" eval '[ $rc -eq 2 ] && one_line && err_has "--json takes no value"'
run plot "$T/good.json" --output
expect "plot --output at the end: needs a value (exit 2, one line)" eval '[ $rc -eq 2 ] && one_line && err_has "--output needs a value"'
run serve --b x
expect "serve --b: ambiguous, both named (exit 2)" eval '[ $rc -eq 2 ] && one_line && err_has "ambiguous option '"'"'--b'"'"' (--bind, --boot)"'
# an abbreviation that is unique is the option
run reduce --js "$T/good.json"
expect "reduce --js: --json (exit 0)" eval '[ $rc -eq 0 ] && python3 -m json.tool "$T/out" >/dev/null'
# --opt=VALUE and --opt VALUE alike, -oFILE and -o FILE alike
C="$T/conv"; mkdir -p "$C"
run plot "$T/good.json" --output="$C/eq.svg"
expect "plot --output=FILE: written" eval '[ $rc -eq 0 ] && xml_ok "$C/eq.svg"'
run plot "$T/good.json" -o"$C/glued.svg"
expect "plot -oFILE: written" eval '[ $rc -eq 0 ] && xml_ok "$C/glued.svg"'
run plot --force --output "$C/glued.svg" "$T/good.json"
expect "plot options before the files: --output FILE --force (exit 0)" [ $rc -eq 0 ]
printf '4096 1.0\n8192 1.0\n1048576 4.0\n' >"$C/two.txt"
run import --from=columns "$C/two.txt" -o"$C/imp-glued.json"
expect "import --from=columns -oFILE: written" eval '[ $rc -eq 0 ] && [ -s "$C/imp-glued.json" ]'
run import --from columns --label=x=y "$C/two.txt" --output "$C/imp-sp.json"
expect "import --label=x=y: the value is all after the first =" eval \
	'[ $rc -eq 0 ] && [ "$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[\"label\"])" "$C/imp-sp.json")" = "x=y" ]'
run probe --max-bytes=lots -o "$C/p.json"
expect "probe --max-bytes=lots: the value reached its check" eval '[ $rc -eq 2 ] && one_line && err_has "--max-bytes: '"'"'lots'"'"'"'
run probe --cpu=4095 -o"$C/p.json"
expect "probe --cpu=N -oFILE: parsed (the CPU is refused, not the syntax)" eval '[ $rc -eq 2 ] && err_has "CPU 4095"'
run probe -qo"$C/q.json" --quick --max-bytes=64K
expect "probe -qoFILE --max-bytes=64K: a capture (exit $rc)" eval '[ $rc -eq 0 ] && python3 -m json.tool "$C/q.json" >/dev/null'
run serve --port=70000
expect "serve --port=70000: the value reached its check" eval '[ $rc -eq 2 ] && one_line && err_has "--port must be 0 to 65535, got '"'"'70000'"'"'"'
run serve --bind=nowhere --port=0
expect "serve --bind=nowhere: the value reached its check" eval '[ $rc -eq 2 ] && err_has "got '"'"'nowhere'"'"'"'
run serve stray
expect "serve with an operand: one line, exit 2" eval '[ $rc -eq 2 ] && one_line && err_has "unexpected argument '"'"'stray'"'"'"'
# "--" ends the options: what follows is a file, even "--json"
run reduce -- --json
expect "reduce -- --json: --json is a file name (cannot open)" eval '[ $rc -eq 2 ] && err_has "cacheshape reduce: --json: cannot open"'
mkdir -p "$C/-dash" && cp "$T/good.json" "$C/-dash/g.json"
run check -- "$C/-dash"
expect "check -- -DIR: the folder is checked" eval '[ $rc -eq 0 ] && out_has "1 captures"'
# "-": standard input wherever a capture is read
"$CS" reduce - <"$T/good.json" >"$T/out" 2>"$T/err"; rc=$?
expect "reduce -: from standard input, headed 'standard input'" eval '[ $rc -eq 0 ] && out_has "== standard input: cli staircase"'
"$CS" reduce --json - <"$T/good.json" >"$C/stdin.json" 2>"$T/err"; rc=$?
expect "reduce --json -: the same object as from the file" eval '[ $rc -eq 0 ] && cmp -s "$C/stdin.json" "$T/good.result.json"'
cat "$T/good.json" | "$CS" reduce --brief - >"$T/out" 2>"$T/err"; rc=$?
expect "reduce --brief - from a pipe: the summary" eval '[ $rc -eq 0 ] && out_has "summary:"'
run reduce - - 
expect "reduce - -: standard input once (exit 2)" eval '[ $rc -eq 2 ] && one_line && err_has "standard input"'
cat "$T/good.json" | "$CS" plot - -o - >"$C/stdin.svg" 2>"$T/err"; rc=$?
expect "plot - -o -: standard input to standard output" eval '[ $rc -eq 0 ] && xml_ok "$C/stdin.svg"'
cat "$C/two.txt" | "$CS" import --from columns - -o - >"$C/imp-stdin.json" 2>"$T/err"; rc=$?
expect "import -: a curve from standard input" eval '[ $rc -eq 0 ] && "$CS" reduce "$C/imp-stdin.json" >/dev/null'
echo '{' | "$CS" reduce - >"$T/out" 2>"$T/err"; rc=$?
expect "reduce - of a broken capture: exit 2, named '-'" eval '[ $rc -eq 2 ] && err_has "cacheshape reduce: -: "'
# one prefix: every message on stderr of a refused command starts "cacheshape"
for args in "reduce $C/none.json" "plot $C/none.json -o $C/x.svg" "import --from columns $C/none.txt -o $C/y.json" \
	    "check $C/none" "serve --dir $C/none/deeper --port 0" "probe -o $C/none/p.json"; do
	run $args
	w=${args%% *}
	expect "$w refused: every line says 'cacheshape $w:'" eval '[ $rc -ne 0 ] && ! grep -qv "^cacheshape $w: " "$T/err"'
done

# One geometry stride time of 5e-324 ns (the reader accepts it): the heat map
# divided hi/lo to infinity and converted NaN to a colour (UBSan under
# tests/suite-sanitize.sh, which runs this suite; issue 41); its cells keep
# their shades, the tiny one the fastest.
python3 - "$T/geo-tiny.json" <<'PY'
import json, sys
d = json.load(open("captures/qemu/qemu-x86_64-qemu64-geometry.json"))
d["geometry"]["strides"][0]["ns"][0] = 5e-324
json.dump(d, open(sys.argv[1], "w"))
PY
$CS plot "$T/geo-tiny.json" -o "$T/geo-tiny.svg" >/dev/null 2>"$T/err"
expect "plot: a stride time of 5e-324 ns keeps the heat map's shades" python3 -c "
import re; s = open('$T/geo-tiny.svg').read()
fills = re.findall(r'class=\"geom-cell\"[^>]*fill=\"#([0-9a-f]{6})\"', s)
assert len(fills) > 100 and len(set(fills)) > 10, (len(fills), len(set(fills)))"

# An array longer than the count the capture itself declares is refused as
# such, never as "more than the N this reader accepts" (issue 41)
python3 - "$T/rep-long.json" <<'PY'
import json, sys
d = json.load(open("captures/synthetic/clockDrift.json"))
p = d["sweep"]["points"][0]
p["repeats_ns"].append(p["repeats_ns"][0])
json.dump(d, open(sys.argv[1], "w"))
PY
n=$(python3 -c "import json; print(json.load(open('captures/synthetic/clockDrift.json'))['sweep']['repeats'])")
$CS reduce "$T/rep-long.json" >/dev/null 2>"$T/err"; rc=$?
expect "reduce: $((n + 1)) repeats_ns where sweep.repeats says $n, said so (exit $rc)" \
	bash -c "[ $rc -eq 2 ] && grep -q '$((n + 1)) figures where sweep.repeats says $n' $T/err && ! grep -q 'this reader accepts' $T/err"

# Messages that name the cause (issue 41): --max-bytes past this machine's
# memory is too large, with the range; --repeat's time is all the repeats'
# (a clamp whose one sweep is under CS_CLAMP_RUN_MAX_S and nine are over it:
# refused at once, nothing measured); -o where no file can be made refused
# before measuring
$CS probe --max-bytes 1T -o "$T/mb.json" >/dev/null 2>"$T/err"; rc=$?
expect "probe --max-bytes 1T: too large, with the accepted range (exit $rc)" \
	bash -c "[ $rc -eq 2 ] && grep -q \"'1T' is too large: more than this machine's memory, [0-9]* MiB (the setting takes a whole number of bytes from 4096\" $T/err"
timeout 30 $CS probe --clamp 10000000 --repeat 9 -o "$T/rp.json" >/dev/null 2>"$T/err"; rc=$?
expect "probe --repeat 9 --clamp: the time of all nine said and refused (exit $rc)" \
	bash -c "[ $rc -eq 2 ] && grep -q '9 times (--repeat)) takes at least' $T/err && grep -q -- '--force runs it anyway' $T/err"
if [ "$(id -u)" = 0 ] && [ -d /sys/kernel ]; then
	SECONDS=0
	timeout 60 $CS probe --quick -o /sys/kernel/cs-probe.json >/dev/null 2>"$T/err"; rc=$?
	expect "probe -o under /sys: refused before measuring ($SECONDS s, exit $rc)" \
		bash -c "[ $rc -eq 2 ] && [ $SECONDS -le 5 ] && grep -q 'cannot create a file in /sys/kernel' $T/err"
fi
# --- an output name says its format (issue 40 item 6) -------------------------
# An extension the command does not write is refused before anything runs,
# the accepted ones named, and nothing is written; no extension, or the right
# one in any case, passes the name check.
printf 'not a sweep\n' >"$T/lat.txt"
for args in "probe -o $T/q.csv:.json" "plot $T/good.json -o $T/x.jpg:.svg or .png" \
	"plot $T/good.json -o $T/x.svg.txt:.svg or .png" \
	"import --from ramlat $T/lat.txt -o $T/i.csv:.json" \
	"import --from rambw $T/lat.txt --into $T/good.json -o $T/i.txt:.json"; do
	want=${args#*:}
	args=${args%%:*}
	out=${args##* }
	run $args
	expect "$args: exit 2" [ $rc -eq 2 ]
	expect "$args: the extension refused, the accepted named" err_has "and this command writes $want"
	expect "$args: nothing written" [ ! -e "$out" ]
done
run plot "$T/good.json" -o "$T/UPPER.SVG"
expect "plot -o UPPER.SVG: the extension in any case" [ $rc -eq 0 -a -s "$T/UPPER.SVG" ]
run plot "$T/good.json" -o "$T/noext"
expect "plot -o NAME without an extension: SVG" eval '[ $rc -eq 0 ] && grep -q "<svg" "$T/noext"'

# --- table: many captures, one row each (issue 40 item 4) ---------------------
# Over captures/ and over 1,000 copies: every capture one row, the CSV read
# back by Python's csv module (RFC 4180), each row's figures those of the
# capture's reduce --json summary; an unreadable capture is a row with its
# reason (exit 2), never dropped. Timing is make bench's (bench/table_bench.sh).
mkdir -p "$T/many/sub"
mapfile -t caps < <(find captures -name '*.json' | sort)
# the copies by one process, not a cp each (1,000 forks)
python3 -c '
import shutil, sys
caps, d = sys.argv[2:], sys.argv[1]
for i in range(1000):
    shutil.copyfile(caps[i % len(caps)], "%s/%d.json" % (d, i))' "$T/many/sub" "${caps[@]}"
cat >"$T/table.py" <<'PY'
import csv, json, subprocess, sys
cs, root, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = list(csv.reader(open(sys.argv[4], newline="")))
head, body = rows[0], rows[1:]
assert len(body) == n, (len(body), n)
assert all(len(r) == len(head) for r in body)
files = [r[0] for r in body]
assert len(set(files)) == n and all(f.endswith(".json") for f in files)
col = {h: i for i, h in enumerate(head)}
assert all(r[col["error"]] == "" for r in body), [r for r in body if r[col["error"]]][:1]
# the figures are the summary's: a sample against reduce --json
for r in body[:: max(1, n // 40)]:
    red = json.loads(subprocess.run([cs, "reduce", "--json", r[0]], capture_output=True, check=True).stdout)
    seen = set()
    for s in red["summary"]:
        L = s["level"]
        if L is None or L in seen or "L%d_verdict" % L not in col:
            continue
        seen.add(L)
        assert r[col["L%d_verdict" % L]] == s["verdict"], (r[0], L)
        assert float(r[col["L%d_claimed_bytes" % L]]) == s["claimed_bytes"], (r[0], L)
        m = r[col["L%d_measured_bytes" % L]]
        assert (m == "") == (s["measured_bytes"] is None), (r[0], L)
        assert m == "" or abs(float(m) / s["measured_bytes"] - 1) < 1e-9, (r[0], L)
        c = r[col["L%d_floor_cycles" % L]]
        assert (c == "") == (s["floor_cycles"] is None), (r[0], L)
        g = r[col["L%d_read_gbps" % L]]
        assert (g == "") == (s["read_gbps"] is None), (r[0], L)
    assert r[col["label"]] == (red["label"] or ""), r[0]
PY
ncap=$(find captures -name '*.json' | wc -l)
run table --csv captures
expect "table --csv captures/: exit 0" [ $rc -eq 0 ]
expect "table --csv captures/: one row a capture, read back by csv, the summary's figures" \
	python3 "$T/table.py" "$CS" captures "$ncap" "$T/out"
expect "table --csv: CRLF line ends (RFC 4180)" eval '[ "$(grep -c $'"'"'\r$'"'"' "$T/out")" = $((ncap + 1)) ]'
run table --csv "$T/many"
expect "table --csv over 1000 copies: exit 0" [ $rc -eq 0 ]
expect "table --csv over 1000 copies: 1000 rows, read back by csv" \
	python3 "$T/table.py" "$CS" "$T/many" 1000 "$T/out"
run table "$T/many"
expect "table (text) over 1000 copies: a header and 1000 lines" eval '[ $rc -eq 0 ] && [ "$(wc -l <"$T/out")" = 1001 ]'
run table --json "$T/many"
expect "table --json over 1000 copies: 1000 rows" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "cacheshape-table" and d["version"] == 1
assert len(d["rows"]) == 1000 and all(r["error"] is None for r in d["rows"])' "$T/out"
# unreadable captures: listed with the reason, after the others, never dropped (exit 2)
printf '{"format": "cacheshape-capture", "version": 1,' >"$T/many/cut.json"
printf 'not json' >"$T/many/sub/zz-text.json"
run table --csv "$T/many"
expect "table with unreadable captures: exit 2" [ $rc -eq 2 ]
expect "table with unreadable captures: every capture a row, the bad ones with a reason" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 1002, len(rows)
bad = [r for r in rows if r["error"]]
assert sorted(r["file"].rsplit("/", 1)[1] for r in bad) == ["cut.json", "zz-text.json"], bad
assert rows[-2:] == bad' "$T/out"
run table "$T/many"
expect "table text, unreadable: said on its row" eval '[ $rc -eq 2 ] && grep -q "cut.json  *cannot be read: " "$T/out"'
rm -f "$T/many/cut.json" "$T/many/sub/zz-text.json"
# --sort: by a level's measured size, smallest first; by label
run table --csv --sort L1 captures
expect "table --sort L1: measured L1 ascending, rows without one after" python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
m = [r["L1_measured_bytes"] for r in rows if not r["error"]]
v = [float(x) for x in m if x]
assert v == sorted(v) and m[: len(v)] == [x for x in m if x], m' "$T/out"
run table --csv --sort label captures
expect "table --sort label: labels in order" python3 -c '
import csv, sys
rows = [r["label"].encode() for r in csv.DictReader(open(sys.argv[1], newline="")) if not r["error"]]
assert rows == sorted(rows)' "$T/out"
run table --sort bogus captures
expect "table --sort bogus: exit 2, the keys named" eval '[ $rc -eq 2 ] && err_has "--sort takes file, label"'
run table --csv --json captures
expect "table --csv --json: exit 2" [ $rc -eq 2 ]
run table
expect "table without FILE: exit 2" [ $rc -eq 2 ]
# a label is text, never terminal commands (cs_put_text, as reduce's heading)
python3 - "$T/good.json" "$T/esc.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
c["label"] = "x\u001b]0;PWNED\u0007 y, \"quoted\""
json.dump(c, open(sys.argv[2], "w"))
PY
run table "$T/esc.json"
expect "table text: a label's control characters escaped" eval '[ $rc -eq 0 ] && ! grep -q $'"'"'\x1b'"'"' "$T/out"'
run table --csv "$T/esc.json"
expect "table --csv: a label with a comma and quotes read back whole" python3 -c '
import csv, sys
r = list(csv.DictReader(open(sys.argv[1], newline="")))
assert r[0]["label"] == "x\x1b]0;PWNED\x07 y, \"quoted\"", r[0]["label"]' "$T/out"

summary cli
