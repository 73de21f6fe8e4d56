#!/usr/bin/env bash
# suite-check: the synthetic catalogue is reproducible byte for byte from
# its seeded generator, and every committed capture replays through the
# reducer with the answers it expects (known failures printed as such).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

build/host/gen-synthetic "$tmp/syn" 2>"$tmp/err"
expect "generator runs" test $? -eq 0
n_gen=$(ls "$tmp/syn" | wc -l)
n_com=$(ls captures/synthetic/*.json 2>/dev/null | wc -l)
expect "catalogue has at least 20 captures ($n_gen)" test "$n_gen" -ge 20
expect "committed catalogue has every generated capture ($n_com of $n_gen)" test "$n_gen" -eq "$n_com"
if diff -r -x "*.c" "$tmp/syn" captures/synthetic >"$tmp/diff"; then
	pass "catalogue reproduces byte for byte"
else
	fail "catalogue differs from its generator: $(head -5 "$tmp/diff")"
fi

build/host/cacheshape check --wide captures >"$tmp/out" 2>&1 # every column (issue 26: the default fits 100)
rc=$?
cat "$tmp/out"
expect "cacheshape check captures/ passes (exit $rc)" test $rc -eq 0
expect "smoothClimb is answered: smooth-climb (reduction.md s.9)" grep -qE "^synthetic/smoothClimb.json .*smooth-climb.* ok$" "$tmp/out"
expect "the table has a header row" grep -q "^capture" "$tmp/out"
expect "the header names the TLB columns" grep -qE "^capture .*  tlbs  +tlb knees  +tlb refusals  +cycles  +ref  +geometry  +read GB/s  +result" "$tmp/out"
expect "a geometry capture's row shows each level's ways x sets and size" \
	grep -qE "^synthetic/geomL1Ways8.json .*  L1 8x64, 32 KiB; L2 8x1024, 512 KiB; L3 16x8192, 8 MiB  +- +ok$" "$tmp/out"
# a TLB capture's row: its published TLBs and its refused page size
expect "a TLB capture's row shows its TLBs by page size" \
	grep -qE "^synthetic/tlbTwoLevels.json .*  4 KiB: 96, 1536  +4 KiB: [0-9.]+, [0-9.]+; 1 GiB: refused  +tlb-not-measured  " "$tmp/out"

# a capture whose answer differs makes the check fail
mkdir -p "$tmp/wrong"
sed 's/"knees": \[/"knees": [ 1024,/' captures/synthetic/threeSteps.json >"$tmp/wrong/threeSteps.json"
build/host/cacheshape check "$tmp/wrong" >"$tmp/out2" 2>&1
rc=$?
expect "a wrong expectation fails the check (exit $rc)" test $rc -eq 1
expect "the failure says what differed" grep -q "knees" "$tmp/out2"
summary check
