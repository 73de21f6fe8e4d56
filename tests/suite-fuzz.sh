#!/usr/bin/env bash
# suite-fuzz: a short smoke of the libFuzzer target for the capture reader
# (tests/fuzz_reader.c, built by `make fuzz-build`): FUZZ_SMOKE_SECONDS
# (default 20) from the seeds in tests/data and captures, into a scratch
# corpus. Passes when no input crashed, leaked or tripped a sanitizer.
# `make fuzz` is the long run.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
BIN=build/fuzz/fuzz_reader
SECONDS_=${FUZZ_SMOKE_SECONDS:-20}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

if [ ! -x "$BIN" ]; then
	fail "fuzz: $BIN not built (make fuzz-build)"
	summary fuzz
	exit 1
fi
seeds=()
for d in tests/data captures; do [ -d "$d" ] && seeds+=("$d"); done
mkdir -p "$T/corpus" "$T/crash"
"$BIN" -max_total_time="$SECONDS_" -max_len=32768 -timeout=10 \
	-dict=tests/fuzz_reader.dict -artifact_prefix="$T/crash/" \
	-print_final_stats=1 "$T/corpus" "${seeds[@]}" >"$T/log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$T/log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$T/log")
echo "  fuzz smoke: ${runs:-?} inputs in ${SECONDS_} s (${rate:-?}/s)"
expect "fuzz: ran to the end (exit $rc)" [ "$rc" -eq 0 ]
expect "fuzz: no crash, leak or sanitizer report" \
	[ -z "$(ls -A "$T/crash")" ]
if [ "$rc" -ne 0 ] || [ -n "$(ls -A "$T/crash")" ]; then
	grep -E 'ERROR|SUMMARY|==[0-9]+==|runtime error' "$T/log" | head -20 >&2
	mkdir -p build/fuzz/crashes && cp "$T"/crash/* build/fuzz/crashes/ 2>/dev/null
	echo "  (inputs kept in build/fuzz/crashes/)" >&2
fi
expect "fuzz: executed inputs" [ "${runs:-0}" -gt 0 ]
summary fuzz
