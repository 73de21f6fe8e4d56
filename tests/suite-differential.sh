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
# word. DIFF_FUZZ_SECONDS (default 5; 0: none) sets the fuzz run.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
for f in build/host/tests/reduce_many build/web/cacheshape.wasm; do
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
node tests/differential.mjs --host build/host/tests/reduce_many --wasm build/web/cacheshape.wasm \
	--keep build/test-differential captures tests/data "${corpus[@]}"
