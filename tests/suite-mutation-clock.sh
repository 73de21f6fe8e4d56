#!/usr/bin/env bash
# suite-mutation-clock: every threshold the core clock adds (issue 25,
# docs/clock.md), nudged, must break a unit test (tests/test_clock.c): the
# reduction's (kinds/clock/rules_clock.h: the drift rule and the cycle
# counter's agreement, whose sentences must print the nudged value), the
# readings' (the same header: runs, quanta, the longest reading, the
# cycle counter's span), and the member's capacities (clock_capture.h,
# which the reader bounds). The mutated folder is a copy; the rest of the
# core is linked in as built.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj

build() {
	neighbours "$1"
	sed -e "s#\.\./kinds/clock/#$1/kinds/clock/#g" tests/test_clock.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core kinds/clock) \
		$(ls "$1"/kinds/clock/*.c) -lm 2>"$1/log"
}

mutants=(
	"CS_CLOCK_DRIFT_MAX 0.05 0.04"
	"CS_CLOCK_DRIFT_MAX 0.05 0.06"
	"CS_CLOCK_DRIFT_SHARE 0.10 0.08"
	"CS_CLOCK_DRIFT_SHARE 0.10 0.12"
	"CS_CLOCK_CC_AGREE 0.05 0.04"
	"CS_CLOCK_CC_AGREE 0.05 0.06"
)
MUTATE_DIR=kinds/clock SENTENCES=1 mutate rules_clock.h test_clock

mutants=(
	"CS_CLOCK_CHAIN_RUNS 3 2"
	"CS_CLOCK_CHAIN_RUNS 3 4"
	"CS_CLOCK_READING_QUANTA 100.0 50.0"
	"CS_CLOCK_READING_QUANTA 100.0 200.0"
	"CS_CLOCK_READING_MAX_NS 2000000.0 1000000.0"
	"CS_CLOCK_READING_MAX_NS 2000000.0 4000000.0"
	"CS_CLOCK_CC_CHAINS 16 8"
	"CS_CLOCK_CC_CHAINS 16 32"
)
MUTATE_DIR=kinds/clock mutate rules_clock.h test_clock

# the capacities change struct cs_capture: every object built again from
# a copy of the core (a linked object would keep the old layout)
mutants=(
	"CS_CLOCK_MAX_KINDS 16 32"
	"CS_CLOCK_MAX_BLOCKS 1024 2048"
	"CS_CLOCK_HZ_MAX 1e12 1e14"
)
build() {
	local k
	cp -r common reduce reader chart decode net "$1/"
	# the kinds\' members gathered from these copies (docs/layers.md "Storage")
	scripts/kinds-h.sh "$1/build/gen"
	for k in kinds/*/; do
		[ -e "$1/$k" ] || cp -r "$k" "$1/kinds/"
	done
	sed -e "s#\.\./#$1/#g" tests/test_clock.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" \
		$(for d in $CORE_DIRS; do ls "$1/$d"/*.c; done) \
		$(ls "$1"/kinds/*/*.c) $(kernels) -lm 2>"$1/log"
}
MUTATE_DIR=kinds/clock mutate clock_capture.h test_clock
summary mutation-clock
