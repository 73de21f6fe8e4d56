#!/usr/bin/env bash
# suite-import-bw: `cacheshape import` of other tools' bandwidth outputs
# (docs/bandwidth.md s.10) into a copy of a capture with a sweep: each
# figure exactly as printed in this project's units and convention (the
# copy doubled from tinymembench, halved sizes from MemoryBandwidth's copy,
# rambw's median), the refusals (no --into, a second series, two rows on as
# many processors, no bandwidth line), nothing overwritten; and ramlat's
# NxPTR columns in bandwidth.mlp, divided by N.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
B=build/host/cacheshape
D=tests/data/imported/bandwidth
INTO=captures/synthetic/threeSteps.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# SERIES-FIGURE CHECK: python over the capture: op, threads, bytes, GB/s
fig() { # CAPTURE OP THREADS BYTES GBPS
	python3 - "$@" <<'PY'
import json, sys
cap, op, thr, b, g = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
for s in json.load(open(cap))["bandwidth"]["series"]:
    if s["op"] == op and s["threads"] == thr:
        for p in s["points"]:
            if p["bytes"] == b and abs(1 / p["ns_per_byte"] / g - 1) < 1e-6:
                sys.exit(0)
        print("no point", b, g, "in", s["points"][:3])
        sys.exit(1)
print("no series", op, thr)
sys.exit(1)
PY
}
err() { # NAME WANT ARGS...
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

# tinymembench: C copy 15966.0 MB/s counted once -> 31.932 GB/s; C fill 39197.1; NEON STNP fill 39951.2
$B import --from tinymembench "$D/tinymembench-graviton2.txt" --into $INTO -o "$tmp/t.json" >/dev/null 2>"$tmp/err"
expect "tinymembench: imported ($(head -c 200 "$tmp/err"))" [ -f "$tmp/t.json" ]
expect "tinymembench: the copy doubled into copy 2" fig "$tmp/t.json" copy 1 33554432 31.932
expect "tinymembench: C fill is the write" fig "$tmp/t.json" write 1 33554432 39.1971
expect "tinymembench: STNP fill is the non-temporal write" fig "$tmp/t.json" nt_write 1 33554432 39.9512
expect "tinymembench: the doubling said in the capture" grep -q "doubled" "$tmp/t.json"
expect "tinymembench: the sweep of --into kept" grep -q '"bytes":4096' "$tmp/t.json"
$B reduce "$tmp/t.json" >"$tmp/r.txt"
expect "tinymembench: the report shows the one-size figure" grep -q "32 MiB 31.93 GB/s" "$tmp/r.txt"
err "tinymembench: no --into, with why (and its latency table's refusal)" "time over an L1 hit" \
	--from tinymembench "$D/tinymembench-graviton2.txt"
err "tinymembench: a file with no bandwidth line" "no tinymembench bandwidth line" \
	--from tinymembench "$D/rambw-odroid-h3.txt" --into $INTO

# MemoryBandwidth: "2,210.000000" read 2 KiB at 210 GB/s; as a copy, 1 KiB of source
$B import --from memorybandwidth "$D/memorybandwidth-composed.txt" --into $INTO -o "$tmp/m.json" >/dev/null 2>&1
expect "memorybandwidth: KB = 1024 B, GB/s as printed" fig "$tmp/m.json" read 1 2048 210
$B import --from memorybandwidth --op copy "$D/memorybandwidth-composed.txt" --into "$tmp/m.json" -o "$tmp/m2.json" >/dev/null 2>&1
expect "memorybandwidth --op copy: the source is half the array" fig "$tmp/m2.json" copy 1 1024 210
$B reduce --json "$tmp/m2.json" >"$tmp/m2.out"
expect "memorybandwidth: three levels and four GB/s in reduce --json" python3 -c "
import json; d = json.load(open('$tmp/m2.out'))
r = [s for s in d['bandwidth'] if s['op'] == 'read'][0]
assert [round(l['gbps']) for l in r['levels']] == [214, 108, 52, 16], r['levels']
assert len(d['bandwidth_witness']) == 3"
err "memorybandwidth: a second read series refused" "has a read series on 1 thread(s) already" \
	--from memorybandwidth "$D/memorybandwidth-composed.txt" --into "$tmp/m.json"
err "memorybandwidth: --op must be an operation" "--op must be read, write, copy or nt_write" \
	--from memorybandwidth --op fill "$D/memorybandwidth-composed.txt" --into $INTO
err "--op is memorybandwidth's" "--op is for memorybandwidth" \
	--from rambw --op copy "$D/rambw-odroid-h3.txt" --into $INTO

# rambw: 0-0 median of 13991 14009 14021 14024 = 14015 MB/s; 0-3 on 4 threads
$B import --from rambw "$D/rambw-odroid-h3.txt" --into $INTO -o "$tmp/rb.json" >/dev/null 2>&1
expect "rambw: the median, MB/s as bytes per microsecond" fig "$tmp/rb.json" read 1 16777216 14.015
expect "rambw: 0-3 is 4 threads" fig "$tmp/rb.json" read 4 16777216 17.7355
err "rambw: two rows on 4 processors, --row named" "choose one with --row" \
	--from rambw "$D/rambw-rock5b.txt" --into $INTO
$B import --from rambw --row 4-7 "$D/rambw-rock5b.txt" --into $INTO -o "$tmp/rb2.json" >/dev/null 2>&1
expect "rambw --row 4-7: that row only" fig "$tmp/rb2.json" read 4 16777216 24.091
err "rambw --row with no such row" 'no rambw row "9-9:"' --from rambw --row 9-9 "$D/rambw-rock5b.txt" --into $INTO

# nothing overwritten, --into never touched
cp "$tmp/t.json" "$tmp/keep.json"
$B import --from rambw "$D/rambw-odroid-h3.txt" --into $INTO -o "$tmp/keep.json" >/dev/null 2>&1; rc=$?
expect "an existing OUT is not overwritten (exit $rc)" cmp -s "$tmp/t.json" "$tmp/keep.json"
expect "--into is unchanged" git diff --quiet -- $INTO
err "--into that cannot be read" "--into $tmp/none.json" --from rambw "$D/rambw-odroid-h3.txt" --into "$tmp/none.json"

# ramlat: NxPTR / N into bandwidth.mlp (8xPTR 1.110 ns at 4k -> 0.13875 ns per load)
$B import --from ramlat tests/data/imported/ramlat-i7-1165G7.txt -o "$tmp/rl.json" >/dev/null 2>&1
expect "ramlat: NxPTR divided by N in bandwidth.mlp" python3 -c "
import json; m = json.load(open('$tmp/rl.json'))['bandwidth']['mlp']
assert len(m) == 8 and m[0]['bytes'] == 4096 and m[-1]['bytes'] == 16777216, [x['bytes'] for x in m]
c = {x['n']: x['ns'] for x in m[0]['chains']}
assert c == {1: 1.143, 2: 0.5335, 4: 0.2675, 8: 0.13875}, c"
expect "ramlat: the division said in the capture" grep -q "divided by N" "$tmp/rl.json"
# hostile input (issue 41): each row read whole or refused by its line
bad() { # NAME WANT FORMAT TEXT: TEXT as the file, refused by WANT
	local name=$1 want=$2 fmt=$3
	printf '%b' "$4" >"$tmp/bad.txt"
	err "$name" "$want" --from "$fmt" "$tmp/bad.txt" --into $INTO
}
bad "rambw: a negative figure refused by its line" 'bad.txt:1: "-13991" is not a figure' rambw '0-0: -13991 14009\n'
bad "rambw: a row without its colon refused" 'bad.txt:2: "0-0" is not a figure' rambw '# x\n0-0 13991 14009\n'
bad "rambw: a CPU past 65535 refused (no count wraps)" '"0-4294967296" is not a CPU list' rambw '0-4294967296: 13991\n'
bad "rambw: hex refused" '"0x10" is not a figure' rambw '0-0: 0x10\n'
bad "tinymembench: a thousands separator refused, not read as 15.966" '"15,966.0" is not a figure in MB/s' \
	tinymembench ' C copy  :  15,966.0 MB/s\n'
bad "tinymembench: hex refused" '"0x10" is not a figure in MB/s' tinymembench ' C copy  :  0x10 MB/s\n'
bad "memorybandwidth: a size of 0 blamed on the size" 'bad.txt:2: not a positive size: 0 bytes' \
	memorybandwidth 'Using 1 threads\n0,100\n'
bad "memorybandwidth: a quoted thousands figure refused" 'is not a number' memorybandwidth 'Using 1 threads\n2,"1,000.5"\n'
bad "memorybandwidth: hex refused" 'bad.txt:2: "0x10" is not' memorybandwidth 'Using 1 threads\n0x10,100\n'
python3 -c "print('Using 1 threads'); print('# ' + 'x' * 1021 + '64,5'); print('2,210')" >"$tmp/long.txt"
$B import --from memorybandwidth "$tmp/long.txt" --into $INTO -o "$tmp/long.json" >/dev/null 2>&1
expect "memorybandwidth: a line over 1,023 bytes read whole, never split into a point" python3 -c "
import json; s = json.load(open('$tmp/long.json'))['bandwidth']['series']
assert [p['bytes'] for p in s[0]['points']] == [2048], s"
python3 -c "print('0-0: 13991 ' + ' ' * 5000 + '64 5')" >"$tmp/long.txt"
err "rambw: a line over CS_IMPORT_LINE_MAX refused by its number" 'long.txt:1: a line longer than 4096' \
	--from rambw "$tmp/long.txt" --into $INTO
printf '0-0: 1 ' >"$tmp/long.txt"; head -c 1100 /dev/zero | tr '\0' 7 >>"$tmp/long.txt"; echo >>"$tmp/long.txt"
err "rambw: a figure of 1,100 digits refused, never split into points" 'long.txt:1:' \
	--from rambw "$tmp/long.txt" --into $INTO
printf 'x\n\0\n' >"$tmp/nul.txt"
err "a NUL byte refused by its line" 'nul.txt:2: a NUL byte' --from rambw "$tmp/nul.txt" --into $INTO
: >"$tmp/empty.txt"
err "an empty file: said so, never an empty reason" 'empty.txt: empty: 0 bytes' --from rambw "$tmp/empty.txt" --into $INTO
for f in tinymembench memorybandwidth rambw; do
	printf 'junk\n' >"$tmp/junk.txt"
	$B import --from $f "$tmp/junk.txt" --into $INTO -o "$tmp/j.json" 2>"$tmp/err" >/dev/null
	expect "$f: a malformed file's reason is never empty ($(cat "$tmp/err"))" \
		bash -c "! grep -qE 'junk.txt: *\$' $tmp/err && grep -qE 'junk.txt: [a-z]' $tmp/err"
done

# tinymembench with several runs (sbc-bench: one per cluster): each by --run, or refused
cat "$D/tinymembench-graviton2.txt" "$D/tinymembench-graviton2.txt" | sed '57,$s/15966.0/12345.6/' >"$tmp/two.txt"
err "tinymembench: two runs refused unless --run names one" "2 tinymembench runs" --from tinymembench "$tmp/two.txt" --into $INTO
$B import --from tinymembench --run 2 "$tmp/two.txt" --into $INTO -o "$tmp/run2.json" >/dev/null 2>&1
expect "tinymembench --run 2: the second run's copy" fig "$tmp/run2.json" copy 1 33554432 24.6912
$B import --from tinymembench --run 1 "$tmp/two.txt" --into $INTO -o "$tmp/run1.json" >/dev/null 2>&1
expect "tinymembench --run 1: the first run's copy" fig "$tmp/run1.json" copy 1 33554432 31.932
err "tinymembench --run 3 of 2" "holds 2 tinymembench runs" --from tinymembench --run 3 "$tmp/two.txt" --into $INTO

# --into keeps every member it does not replace (the producer's cpu, icache...)
HOSTCAP=captures/host/Intel-R-Xeon-R-Processor-2026-12-02-tsc-huge-bandwidth.json
$B import --from rambw --row 0-3 "$D/rambw-odroid-h3.txt" --into $HOSTCAP -o "$tmp/keep2.json" >/dev/null 2>&1
expect "--into: every member of the capture kept, as it was" python3 -c "
import json; a = json.load(open('$HOSTCAP')); b = json.load(open('$tmp/keep2.json'))
lost = [k for k in a if k not in b]
assert not lost, lost
for k in ('cpu', 'icache', 'sweep', 'clock'):
    assert a[k] == b[k], k"
expect "--into: compare OUT CAPTURE names the processor" bash -c "$B compare $tmp/keep2.json $HOSTCAP >/dev/null"
summary import-bw
