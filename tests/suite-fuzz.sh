#!/usr/bin/env bash
# suite-fuzz: a short smoke of each libFuzzer target (tests/fuzz_*.c, built
# by `make fuzz-build`): the capture reader, the firmware's settings parser,
# the chart's scale and plot's SVG, the firmware's strict JSON check
# against yajl, and the firmware's own HTTP client logic against malformed
# answers (with the same answer however the bytes are cut). Each runs FUZZ_SMOKE_SECONDS (default 8) from its seeds
# (mk/fuzz.mk) into a scratch corpus. Passes when no input crashed, hung,
# leaked or tripped a sanitizer. `make fuzz` is the long run.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
SECONDS_=${FUZZ_SMOKE_SECONDS:-8}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

smoke() { # NAME DICT SEED-DIR...
	local name=$1 dict=$2 bin=build/fuzz/fuzz_$1 seeds=() d
	shift 2
	if [ ! -x "$bin" ]; then
		fail "fuzz $name: $bin not built (make fuzz-build)"
		return
	fi
	for d in "$@"; do [ -e "$d" ] && seeds+=("$d"); done
	mkdir -p "$T/$name/corpus" "$T/$name/crash"
	"$bin" -max_total_time="$SECONDS_" -max_len=32768 -timeout=10 $dict \
		-artifact_prefix="$T/$name/crash/" -print_final_stats=1 \
		"$T/$name/corpus" "${seeds[@]}" >"$T/$name/log" 2>&1
	local rc=$?
	local runs rate
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$T/$name/log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$T/$name/log")
	echo "  fuzz $name: ${runs:-?} inputs in ${SECONDS_} s (${rate:-?}/s)"
	expect "fuzz $name: ran to the end (exit $rc)" [ "$rc" -eq 0 ]
	expect "fuzz $name: no crash, hang, leak or sanitizer report" [ -z "$(ls -A "$T/$name/crash")" ]
	if [ "$rc" -ne 0 ] || [ -n "$(ls -A "$T/$name/crash")" ]; then
		grep -E 'ERROR|SUMMARY|==[0-9]+==|runtime error|took' "$T/$name/log" | head -20 >&2
		mkdir -p "build/fuzz/crashes-$name" && cp "$T/$name"/crash/* "build/fuzz/crashes-$name/" 2>/dev/null
		echo "  (inputs kept in build/fuzz/crashes-$name/)" >&2
	fi
	expect "fuzz $name: executed inputs" [ "${runs:-0}" -gt 0 ]
}

smoke reader -dict=tests/fuzz_reader.dict tests/data captures
smoke settings -dict=tests/fuzz_settings.dict tests/data/settings
smoke chart "" tests/data/chart
smoke jsoncheck -dict=tests/fuzz_jsoncheck.dict tests/data/json tests/data/bad captures
smoke http -dict=tests/fuzz_http.dict
summary fuzz
