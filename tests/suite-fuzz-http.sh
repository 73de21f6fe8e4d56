#!/usr/bin/env bash
# suite-fuzz-http: a short smoke of tests/fuzz_http.c (the firmware's own
# HTTP client logic against malformed answers; `make fuzz-build`):
# FUZZ_HTTP_SECONDS (default 10) from an empty corpus and the dictionary.
# Passes when nothing crashed, leaked, tripped a sanitizer or broke one of
# the target's own checks (the same answer however the bytes are cut).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
BIN=build/fuzz/fuzz_http
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if [ ! -x "$BIN" ]; then
	fail "fuzz-http: $BIN not built (make fuzz-build)"
	summary fuzz-http
	exit 1
fi
mkdir -p "$T/corpus" "$T/crash"
"$BIN" -max_total_time="${FUZZ_HTTP_SECONDS:-10}" -max_len=8192 -timeout=10 \
	-dict=tests/fuzz_http.dict -artifact_prefix="$T/crash/" \
	-print_final_stats=1 "$T/corpus" >"$T/log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$T/log")
echo "  fuzz-http smoke: ${runs:-?} answers in ${FUZZ_HTTP_SECONDS:-10} s"
expect "fuzz-http: ran to the end (exit $rc)" [ "$rc" -eq 0 ]
expect "fuzz-http: no crash, leak, sanitizer report or broken check" [ -z "$(ls -A "$T/crash")" ]
if [ -n "$(ls -A "$T/crash")" ]; then
	grep -E 'ERROR|SUMMARY|runtime error|abort' "$T/log" | head -10 >&2
	mkdir -p build/fuzz/crashes && cp "$T"/crash/* build/fuzz/crashes/ 2>/dev/null
	echo "  (inputs kept in build/fuzz/crashes/)" >&2
fi
expect "fuzz-http: executed answers" [ "${runs:-0}" -gt 1000 ]
summary fuzz-http
