#!/usr/bin/env bash
# suite-differential: one reader, one answer in every build (issue 41). The
# host build of the reader and reducer (build/host/tests/reduce_many) and
# the page's WebAssembly module (build/web/cacheshape.wasm, in node) are fed
# the same bytes by tests/differential.mjs: the committed captures (the
# synthetic catalogue among them), the reader's test data, the generated
# corpus (strings with every escape and UTF-8 length at every offset,
# numbers at their limits, in a member of every kind) and the corpus of a
# short libFuzzer run of build/fuzz/fuzz_reader seeded from a sample of it;
# reduce --json's text must match byte for byte, or the refusal word for
# word. DIFF_FUZZ_SECONDS (default 5; 0: none) sets the fuzz run. And the
# judgement (issue 38): `cacheshape check --json captures` against the
# page's verdict and notes (the module's cs_judge, through web/js/replay.js)
# on every committed capture and on variants of their expectations; the
# page holds no judgement of its own in JavaScript.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
for f in build/host/tests/reduce_many build/host/cacheshape build/web/cacheshape.wasm; do
	[ -e "$f" ] || { echo "FAIL $f missing (make test builds it)"; echo "differential: 0 passed, 1 failed"; exit 1; }
done
command -v node >/dev/null || { echo "FAIL node missing (scripts/deps.sh web)"; echo "differential: 0 passed, 1 failed"; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
corpus=()
fuzz=build/fuzz/fuzz_reader
secs=${DIFF_FUZZ_SECONDS:-5}
if [ "$secs" -gt 0 ] && [ -x "$fuzz" ]; then
	mkdir -p "$T/seed" "$T/corpus" "$T/crash"
	node tests/differential.mjs --host build/host/tests/reduce_many --wasm build/web/cacheshape.wasm \
		--write-sample "$T/seed" 300
	"$fuzz" -max_total_time="$secs" -max_len=32768 -timeout=10 -dict=tests/fuzz_reader.dict \
		-artifact_prefix="$T/crash/" "$T/corpus" "$T/seed" >"$T/fuzz.log" 2>&1
	echo "  fuzz_reader: $(ls "$T/corpus" | wc -l) inputs in its corpus after ${secs} s, replayed below"
	corpus=("$T/corpus")
elif [ "$secs" -gt 0 ]; then
	echo "  ($fuzz not built: no fuzz corpus replayed; make fuzz-build)"
fi
node tests/differential.mjs --judge build/host/cacheshape --wasm build/web/cacheshape.wasm captures \
	>"$T/judge.log" 2>&1
grep -v '^differential: ' "$T/judge.log"
jp=$(sed -nE 's/^differential: ([0-9]+) passed, ([0-9]+) failed$/\1/p' "$T/judge.log")
jf=$(sed -nE 's/^differential: ([0-9]+) passed, ([0-9]+) failed$/\2/p' "$T/judge.log")
[ -n "$jp" ] || { jp=0; jf=1; }
echo "  judge: $jp captures judged alike by check and the page, $jf otherwise"
# no expectation judged in JavaScript: the words of the judgement's notes
# (reader/expect_compare.c, kinds/*/*_expect.c) are the module's alone
bad=$(grep -lE 'not refused|known failure no longer fails|tolerance' web/js/*.js)
if [ -z "$bad" ]; then jp=$((jp + 1)); echo "  ok   web/js/ words no judgement of its own"
else jf=$((jf + 1)); echo "FAIL web/js/ judges expectations itself: $bad"; fi
node tests/differential.mjs --host build/host/tests/reduce_many --wasm build/web/cacheshape.wasm \
	--keep build/test-differential captures tests/data "${corpus[@]}" | tee "$T/diff.log"
p=$(sed -nE 's/^differential: ([0-9]+) passed, ([0-9]+) failed$/\1/p' "$T/diff.log")
f=$(sed -nE 's/^differential: ([0-9]+) passed, ([0-9]+) failed$/\2/p' "$T/diff.log")
[ -n "$p" ] || { p=0; f=1; }
echo "differential: $((p + jp)) passed, $((f + jf)) failed"
[ $((f + jf)) -eq 0 ]
