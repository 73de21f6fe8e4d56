#!/usr/bin/env bash
# suite-import: `cacheshape import` on every format: the printed sizes and
# nanoseconds come out exactly (checked against an independent reading in
# Python), errors name the file and line, nothing is ever overwritten or
# half-written, and the committed captures/imported/ is remade byte for byte.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
B=build/host/cacheshape
D=tests/data/imported
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. the committed imported examples are this build's output, and check
#    replays them against their .expect files
if scripts/import-examples.sh "$B" "$tmp/ex" 2>"$tmp/err" &&
   diff -r -x '*.expect' "$tmp/ex" captures/imported >"$tmp/diff"; then
	pass "captures/imported remade byte for byte"
else
	fail "captures/imported differs from import's output: $(head -c 400 "$tmp/diff" "$tmp/err")"
fi
# the catalogue of real runs (issue 34 item 3): captures and expectations
if scripts/import-realworld.sh "$B" "$tmp/rw" 2>"$tmp/err" &&
   diff -r "$tmp/rw" captures/realworld >"$tmp/diff"; then
	pass "captures/realworld and its expectations remade byte for byte"
else
	fail "captures/realworld differs from import-realworld.sh's output: $(head -c 400 "$tmp/diff" "$tmp/err")"
fi
n_rw=$(ls captures/realworld/*.json | wc -l)
n_tables=$(cat tests/data/realworld/sbc-bench/*.txt | grep -c '^Executing ramlat on cpu')
expect "one real capture a ramlat table ($n_rw, $n_tables)" [ "$n_rw" -eq "$n_tables" ]
"$B" check captures/realworld >"$tmp/rw.out" 2>&1
expect "check replays the real runs: none failed, every one with its expectations" \
	grep -qE '^[0-9]+ captures: [0-9]+ ok, [0-9]+ known failures, 0 failed, 0 without expectations$' "$tmp/rw.out"
# the same tables with L2 claimed four times too large: never as claimed
expect "the real runs with L2 claimed 4x: no L2 as claimed" python3 tests/coarse_l2x4.py captures/realworld "$B"
# expectations by level can fail: a level claimed otherwise, a level the
# summary has no row for, and rows that mix by level and by position
mkdir -p "$tmp/lv"
cp captures/realworld/3XYo-cpu4.json "$tmp/lv/a.json"
sed 's/"verdict": "as-claimed"/"verdict": "smaller"/' captures/realworld/3XYo-cpu4.expect >"$tmp/lv/a.expect"
"$B" check --wide "$tmp/lv" >"$tmp/lv.out" 2>&1
expect "an expectation by level that the summary contradicts is a FAIL naming the level" \
	grep -q 'summary L2: expected smaller' "$tmp/lv.out"
printf '{"summary": [{"level": 1, "verdict": "as-claimed", "agree": null}, {"level": 5, "verdict": "as-claimed", "agree": null}]}\n' >"$tmp/lv/a.expect"
"$B" check --wide "$tmp/lv" >"$tmp/lv.out" 2>&1
expect "a level with no row in the summary is a FAIL" grep -q 'expected a row for L5' "$tmp/lv.out"
printf '{"summary": [{"level": 1, "verdict": "as-claimed", "agree": null}, {"verdict": "as-claimed", "agree": null}]}\n' >"$tmp/lv/a.expect"
"$B" check --wide "$tmp/lv" >"$tmp/lv.out" 2>&1
expect "rows by level and by position mixed are refused" grep -q 'every row names its level, or none does' "$tmp/lv.out"
n_ex=$(ls captures/imported/*.json | wc -l)
n_exp=$(ls captures/imported/*.expect | wc -l)
expect "every imported example has its expectations ($n_ex, $n_exp)" [ "$n_ex" -eq "$n_exp" ]
out=$($B check captures/imported)
expect "check: imported examples answer as expected" grep -q "$n_ex captures: $n_ex ok, 0 known failures, 0 failed, 0 without expectations" <<<"$out"
mkdir -p "$tmp/bad"
cp captures/imported/core-ultra-265k-ecore-octaves.json "$tmp/bad/"
echo '{ "knees": [null, 4700000, null], "refusals": ["knee-missing"] }' >"$tmp/bad/core-ultra-265k-ecore-octaves.expect"
$B check "$tmp/bad" >"$tmp/out"; rc=$?
expect "check: a wrong .expect fails (exit 1)" [ "$rc" -eq 1 ]
expect "check: and says what differs" grep -q "unexpected grid-too-coarse" "$tmp/out"
echo '{ "knees": 3 }' >"$tmp/bad/core-ultra-265k-ecore-octaves.expect"
$B check "$tmp/bad" >"$tmp/out"; rc=$?
expect "check: a malformed .expect is named" grep -q "octaves.expect: knees: must be an array" "$tmp/out"

# 2. exactly as printed: an independent reading of each format
exact() { # FORMAT FIXTURE CAPTURE
	python3 - "$@" <<'PY'
import json, re, sys
fmt, fix, cap = sys.argv[1:4]
pts = json.load(open(cap))["sweep"]["points"]
got = [(p["bytes"], p["ns"]) for p in pts]
want = []
lines = open(fix).read().splitlines()
unit = {"k": 1024.0, "K": 1024.0, "m": 1048576.0, "M": 1048576.0, "g": 2.0**30, "G": 2.0**30}
if fmt == "ramlat":
    head = next(i for i, l in enumerate(lines) if l.split()[:1] == ["size:"])
    col = lines[head].split()[1:].index("1xPTR")
    for l in lines[head + 1:]:
        t = l.split()
        if not t or not t[0].endswith(":"):
            break
        want.append((float(t[0][:-2]) * unit[t[0][-2]], float(t[1 + col])))
elif fmt == "memorylatency":
    on = False
    for l in lines:
        if l.strip() == "Region,Latency (ns)":
            on = True
        elif on and re.match(r"^\d+,[\d.]+$", l.strip()):
            a, b = l.strip().split(",")
            want.append((float(a) * 1024, float(b)))
elif fmt == "lat_mem_rd":
    for l in lines:
        t = l.split()
        if len(t) == 2 and re.match(r"^[\d.]+$", t[0]):
            want.append((float(t[0]) * 1048576, float(t[1])))
else:
    for l in lines:
        t = l.split()
        if len(t) == 2 and not l.startswith("#"):
            m = re.match(r"^([\d.]+)([KMG]?)$", t[0])
            want.append((float(m.group(1)) * unit.get(m.group(2), 1.0), float(t[1])))
if got != want or not want:
    print("differs:", [(w, g) for w, g in zip(want, got) if w != g][:3], len(want), len(got))
    sys.exit(1)
PY
}
for f in ramlat:ramlat-i7-1165G7.txt ramlat:ramlat-rk3576-a72.txt memorylatency:memorylatency-core-ultra-265k-ecore.csv \
	 lat_mem_rd:lat_mem_rd-server-256M.txt columns:columns-kaby-lake.txt; do
	fmt=${f%%:*} fix=${f#*:}
	$B import --from "$fmt" "$D/$fix" -o "$tmp/x-$fix.json" >/dev/null 2>"$tmp/err"
	if r=$(exact "$fmt" "$D/$fix" "$tmp/x-$fix.json" 2>&1); then
		pass "$fmt $fix: every size and ns exactly as printed"
	else
		fail "$fmt $fix: $r $(cat "$tmp/err")"
	fi
done
expect "memorylatency: 24567 KiB is 25156608 bytes, as printed" grep -q '"bytes":25156608,"ns":25.251892' "$tmp/x-memorylatency-core-ultra-265k-ecore.csv.json"
expect "lat_mem_rd: 0.00049 MB is 513.80224 bytes (MB = 2^20)" grep -q '"bytes":513.80224,"ns":1.667' "$tmp/x-lat_mem_rd-server-256M.txt.json"
expect "imported: kind and source recorded" grep -q '"kind": "imported"' "$tmp/x-columns-kaby-lake.txt.json"
expect "imported: the file's name recorded" grep -q '"file": "columns-kaby-lake.txt"' "$tmp/x-columns-kaby-lake.txt.json"

# 3. several curves: one capture each, or the one asked for
cat "$D/ramlat-rk3576-a53.txt" "$D/ramlat-rk3576-a72.txt" >"$tmp/both.txt"
$B import --from ramlat "$tmp/both.txt" -o "$tmp/both.json" >/dev/null
expect "ramlat: two tables, two captures" [ -f "$tmp/both-table1.json" ] && [ -f "$tmp/both-table2.json" ]
expect "ramlat: the cluster named in the label" grep -q 'cpu4 (Cortex-A72)' "$tmp/both-table2.json"
$B import --from ramlat --column 2x64 "$D/ramlat-rk3576-a53.txt" -o "$tmp/col.json" >/dev/null
expect "ramlat --column picks another column" grep -q '"bytes":4096,"ns":1.397' "$tmp/col.json"
printf '"stride=64\n0.00049 1.5\n0.00098 1.6\n\n"stride=128\n0.00049 1.7\n0.00098 1.8\n' >"$tmp/two.txt"
$B import --from lat_mem_rd "$tmp/two.txt" -o "$tmp/two.json" >/dev/null
expect "lat_mem_rd: one capture per stride" [ -f "$tmp/two-stride64.json" ] && [ -f "$tmp/two-stride128.json" ]
$B import --from lat_mem_rd --stride 128 "$tmp/two.txt" -o "$tmp/one.json" >/dev/null
expect "lat_mem_rd --stride picks one" grep -q '"ns":1.7}' "$tmp/one.json"
$B import --from columns "$D/columns-kaby-lake.txt" "$D/columns-kaby-lake.txt" -o "$tmp/same.json" >/dev/null 2>"$tmp/err"
expect "two inputs of one name: refused, nothing written" grep -q "would both be written" "$tmp/err"
expect "  (nothing written)" [ ! -e "$tmp/same-columns-kaby-lake-txt.json" ]

# 4. refusals and errors: file and line, exit 2, nothing written
err() { # NAME WANT-IN-STDERR ARGS...
	local name=$1 want=$2
	shift 2
	rm -f "$tmp/e.json"
	$B import "$@" -o "$tmp/e.json" >/dev/null 2>"$tmp/err"; local rc=$?
	if [ "$rc" -eq 2 ] && grep -qF -- "$want" "$tmp/err" && [ ! -e "$tmp/e.json" ]; then
		pass "$name"
	else
		fail "$name: exit $rc, stderr: $(head -c 300 "$tmp/err")"
	fi
}
printf 'size: 1x32 1xPTR\n4k: 1.0 1.1\n8k: 1.0\n' >"$tmp/r1.txt"
err "ramlat: a short row, with its line" "r1.txt:3: a ramlat row with 1 values where the header names 2" --from ramlat "$tmp/r1.txt"
printf 'size: 1x32 1xPTR\n4k: 1.0 abc\n' >"$tmp/r2.txt"
err "ramlat: a bad number, with its line" 'r2.txt:2: "abc" is not a latency in ns' --from ramlat "$tmp/r2.txt"
printf 'size: 1x32 2x32\n4k: 1.0 1.1\n' >"$tmp/r3.txt"
err "ramlat: no 1xPTR column, the columns listed" 'no column "1xPTR" in this ramlat table (columns: 1x32, 2x32)' --from ramlat "$tmp/r3.txt"
err "ramlat: no table at all" "no ramlat table" --from ramlat "$D/columns-kaby-lake.txt"
printf '0.00049 1.0\n"stride=128\n0.00098 1.1\n' >"$tmp/l1.txt"
printf '"stride=128\n0.00049 1.0\n0.00098 1.1\n0.00049 1.2\n' >"$tmp/l2.txt"
err "lat_mem_rd: a repeated size names both lines" "l2.txt:4: size 513.80224 bytes repeats line 2" --from lat_mem_rd "$tmp/l2.txt"
printf '"stride=128\n0.00049 1.0\nbanner text\n' >"$tmp/l3.txt"
err "lat_mem_rd: stray text inside a set" 'l3.txt:3: not an "MB ns" line' --from lat_mem_rd "$tmp/l3.txt"
err "lat_mem_rd: --stride not in the file" "no stride 256 in this file (strides: 64, 128)" --from lat_mem_rd --stride 256 "$tmp/two.txt"
printf 'Region,Latency (ns)\n2,0.8\n4,abc\n' >"$tmp/m1.txt"
err "memorylatency: a bad latency, with its line" 'm1.txt:3: "abc" is not a latency in ns' --from memorylatency "$tmp/m1.txt"
printf 'Region,Latency (ns)\nIf you did not run this through cmd\n' >"$tmp/m2.txt"
err "memorylatency: a header with no rows" "no MemoryLatency table" --from memorylatency "$tmp/m2.txt"
printf '4K 1.0\n8Q 2.0\n' >"$tmp/c1.txt"
err "columns: a bad size suffix" 'c1.txt:2: "8Q" is not a size' --from columns "$tmp/c1.txt"
printf '4K 1.0\n8K 0\n' >"$tmp/c2.txt"
err "columns: zero ns" "c2.txt:2: latency must be positive" --from columns "$tmp/c2.txt"
printf '4K 1.0 3\n' >"$tmp/c3.txt"
err "columns: three columns" "c3.txt:1: expected two columns" --from columns "$tmp/c3.txt"
err "tinymembench is refused with its reason" "time over an L1 hit" --from tinymembench "$D/columns-kaby-lake.txt"
err "unknown format" 'unknown format "csv"' --from csv "$D/columns-kaby-lake.txt"
err "--column is ramlat's" "--column is for ramlat" --from columns --column x "$D/columns-kaby-lake.txt"
err "--published needs LEVEL=SIZE" '"L2" is not LEVEL=SIZE' --from columns --published L1=32K,L2 "$D/columns-kaby-lake.txt"
err "--published size" '"1Q" is not a size' --from columns --published L1=1Q "$D/columns-kaby-lake.txt"
err "--arch must be a token" '"x86-64" is not a token' --from columns --arch x86-64 "$D/columns-kaby-lake.txt"
err "a file that cannot be opened" "nope.txt: cannot open" --from columns "$tmp/nope.txt"
printf '4K 1.0\n' >"$tmp/ok.txt"
err "a good file and a bad one: nothing written" "c3.txt:1:" --from columns "$tmp/ok.txt" "$tmp/c3.txt"
expect "  (not even the good one)" [ ! -e "$tmp/e-ok-txt.json" ]

# 5. never overwrite
echo keep >"$tmp/exists.json"
$B import --from columns "$D/columns-kaby-lake.txt" -o "$tmp/exists.json" >/dev/null 2>"$tmp/err"; rc=$?
expect "an existing file is not overwritten (exit 2)" [ "$rc" -eq 2 ] && [ "$(cat "$tmp/exists.json")" = keep ]
expect "  and it says so" grep -q "exists; not overwritten" "$tmp/err"
expect "  and leaves no temporary file" [ -z "$(ls -A "$tmp" | grep '\.tmp\.')" ]

# 6. labels: the field's limit, cut on a character boundary, with a note
long=$(python3 -c 'print("é" * 200)')
$B import --from columns "$D/columns-kaby-lake.txt" -o "$tmp/long.json" --label "$long" >/dev/null 2>"$tmp/err"
expect "a long label: a note on stderr" grep -q "cut at a character boundary" "$tmp/err"
expect "  the capture says so too" grep -q '"label cut to 255 bytes' "$tmp/long.json"
expect "  and the label is 254 bytes of whole characters" python3 -c '
import json, sys
l = json.load(open(sys.argv[1]))["label"]
sys.exit(0 if len(l.encode()) == 254 and set(l) == {"é"} else 1)' "$tmp/long.json"

# 7. a foreign architecture reads, and the report notes it
$B import --from columns "$D/columns-kaby-lake.txt" -o "$tmp/rv.json" --arch riscv64 >/dev/null
$B import --from columns "$D/columns-kaby-lake.txt" -o "$tmp/sparc.json" --arch sparc64 >/dev/null
expect "riscv64: read, no note" bash -c "$B reduce $tmp/rv.json | grep -qv 'is not one this build names'"
expect "an arch this build does not name: noted, not refused" bash -c "$B reduce $tmp/sparc.json | grep -q 'environment.arch \"sparc64\" is not one this build names'"
expect "no published caches: the report says so" bash -c "$B reduce $tmp/rv.json | grep -q 'no data or unified cache in this capture'"

# 8. hostile inputs (issue 22 items 6, 9, 10, 11; tests/data/imported/hostile)
H=$D/hostile
# every table named, every row kept or the file refused by its line
$B import --from memorylatency "$H/memorylatency-two-tables.csv" -o "$tmp/mt.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
expect "memorylatency: two tables back to back, two captures, each named (exit $rc: $(head -c 200 "$tmp/out"))" \
	sh -c "[ $rc -eq 0 ] && [ -f '$tmp/mt-table1.json' ] && [ -f '$tmp/mt-table2.json' ] && grep -q 'table 2' '$tmp/out'"
expect "memorylatency: the second table's 7 rows, all of them" python3 -c '
import json, sys; sys.exit(0 if len(json.load(open(sys.argv[1]))["sweep"]["points"]) == 7 else 1)' "$tmp/mt-table2.json"
err "memorylatency: a malformed row is refused by its line, not the table cut there" \
	'memorylatency-malformed-row.csv:6: not a "KiB,ns" row of table 1: 16x,0.870000' \
	--from memorylatency "$H/memorylatency-malformed-row.csv"
printf 'Region,Latency (ns)\n2,0.8\n4,0.9\nDone.\n8,1.0\n' >"$tmp/m3.txt"
err "memorylatency: a row after the table ended is refused by its line" \
	'm3.txt:5: a "KiB,ns" row outside a table' --from memorylatency "$tmp/m3.txt"
printf 'size: 1x32 1xPTR\n4k: 1.0 1.1\n8k 1.0 1.2\n16k: 1.0 1.3\n' >"$tmp/r4.txt"
err "ramlat: a malformed row is refused by its line, not the table cut there" \
	'r4.txt:3: not a ramlat row' --from ramlat "$tmp/r4.txt"
# a byte-order mark at the start is skipped
for f in memorylatency:memorylatency-bom.csv lat_mem_rd:lat_mem_rd-bom.txt columns:columns-bom.txt; do
	fmt=${f%%:*} fix=${f#*:}
	rm -f "$tmp/bom.json"
	$B import --from "$fmt" "$H/$fix" -o "$tmp/bom.json" >/dev/null 2>"$tmp/err"; rc=$?
	expect "$fmt: a UTF-8 byte-order mark is skipped ($fix, exit $rc: $(head -c 160 "$tmp/err"))" \
		sh -c "[ $rc -eq 0 ] && [ -f '$tmp/bom.json' ]"
done
# what a file holds is shown escaped, never sent to the terminal raw
$B import --from columns "$H/columns-control.txt" -o "$tmp/cc.json" >"$tmp/out" 2>"$tmp/err"
expect "control characters in a refusal are escaped ($(head -c 160 "$tmp/err"))" \
	sh -c "! grep -qP '[\x00-\x08\x0b-\x1f\x7f]' '$tmp/err' && grep -qF '\e]0;PWNED\x07\e[2J' '$tmp/err'"
$B import --from ramlat "$H/ramlat-control-heading.txt" -o "$tmp/rc.json" >"$tmp/out" 2>"$tmp/err"
expect "control characters in a ramlat heading are escaped in the success line ($(head -c 200 "$tmp/out"))" \
	sh -c "! grep -qP '[\x00-\x08\x0b-\x1f\x7f]' '$tmp/out' && grep -qF 'Cortex-A72\e]0;PWNED' '$tmp/out'"
$B import --from ramlat "$H/ramlat-latin1-heading.txt" -o "$tmp/rl.json" >"$tmp/out" 2>"$tmp/err"
expect "a Latin-1 heading is printed as valid, escaped text ($(head -c 200 "$tmp/out"))" \
	sh -c "iconv -f UTF-8 -t UTF-8 '$tmp/out' >/dev/null && grep -qF 'r\xe9vision' '$tmp/out'"
# -o - with several curves: standard output, or refused; never files named "-..."
AB=$PWD/$B
mkdir -p "$tmp/dash" && cp "$tmp/two.txt" "$tmp/dash/"
(cd "$tmp/dash" && "$AB" import --from lat_mem_rd two.txt -o - >out 2>err); rc=$?
expect "-o - with two strides: refused (exit $rc: $(head -c 200 "$tmp/dash/err"))" \
	sh -c "[ $rc -eq 2 ] && grep -q 'standard output takes one capture' '$tmp/dash/err'"
expect "-o - with two strides: no file named -..." test -z "$(ls "$tmp/dash" | grep '^-')"
(cd "$tmp/dash" && "$AB" import --from lat_mem_rd --stride 64 two.txt -o - >one.json 2>err); rc=$?
expect "-o - with one curve: the capture alone on standard output (exit $rc)" \
	sh -c "[ $rc -eq 0 ] && '$AB' reduce '$tmp/dash/one.json' >/dev/null"

summary import
