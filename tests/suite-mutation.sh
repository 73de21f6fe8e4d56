#!/usr/bin/env bash
# suite-mutation: every threshold in reduce/rules.h, nudged, must break a
# unit test. Builds test_reduce against a mutated copy of reduce/ for each.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
CC=${HOST_CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# constant  original  mutant
mutants=(
	"CS_BLOCK_MIN_QUANTA 100.0 101.0"
	"CS_BLOCK_MAX_FAIL_FRACTION 0.5 0.6"
	"CS_FLAT_RATIO 1.25 1.30"
	"CS_FLAT_RATIO 1.25 1.24"
	"CS_PLATEAU_MIN_POINTS 4 3"
	"CS_PLATEAU_MIN_POINTS 4 5"
	"CS_PLATEAU_MIN_SPAN 2.0 1.5"
	"CS_LEVEL_RATIO 1.35 1.30"
	"CS_LEVEL_RATIO 1.35 1.40"
	"CS_MIN_LEVELS 2 1"
	"CS_FIT_MIN_ABOVE 2 1"
	"CS_FIT_MIN_ABOVE 2 3"
	"CS_FIT_MIN_RAMP 0.18 0.20"
	"CS_FIT_MIN_RAMP 0.18 0.16"
	"CS_FIT_MIN_R2 0.80 0.82"
	"CS_FIT_MIN_R2 0.80 0.78"
	"CS_FIT_MIN_MARGIN 0.06 0.08"
	"CS_FIT_MIN_MARGIN 0.06 0.04"
	"CS_CLAMP_MAX_RATIO 1.5 1.6"
	"CS_CLAMP_MAX_RATIO 1.5 1.4"
)

# test_reduce.c includes ../reduce/*.h: point it at the copy in $1
build() {
	sed "s#\.\./reduce/#$1/reduce/#g" tests/test_reduce.c >"$1/test.c"
	$CC -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" common/csmath.c common/buf.c \
		common/capture.c "$1"/reduce/*.c -lm 2>"$1/log"
}

mkdir -p "$tmp/base/reduce"
cp reduce/*.c reduce/*.h "$tmp/base/reduce/"
if build "$tmp/base" && "$tmp/base/t" >/dev/null 2>&1; then
	pass "unmutated rules pass"
else
	fail "unmutated rules: test_reduce does not pass"
fi

for m in "${mutants[@]}"; do
	set -- $m
	d="$tmp/m"
	rm -rf "$d"; mkdir -p "$d/reduce"
	cp reduce/*.c reduce/*.h "$d/reduce/"
	# the test includes ../reduce/*.h: point it at the copy
	sed -i -E "s/^(#define $1 )$2( |\$)/\1$3\2/" "$d/reduce/rules.h"
	if ! grep -qE "^#define $1 $3( |\$)" "$d/reduce/rules.h"; then
		fail "$1: could not mutate $2 -> $3 (rules.h changed?)"
		continue
	fi
	if build "$d"; then
		if "$d/t" >/dev/null 2>&1; then
			fail "$1 $2 -> $3: no unit test noticed"
		else
			pass "$1 $2 -> $3 breaks a test"
		fi
	else
		fail "$1 $2 -> $3: build failed: $(head -c 300 "$d/log")"
	fi
done
summary mutation
