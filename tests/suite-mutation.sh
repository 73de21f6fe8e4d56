#!/usr/bin/env bash
# suite-mutation: every threshold in reduce/rules.h, nudged, must break a
# unit test, and change the refusal sentence that prints it. Builds
# test_reduce against a mutated copy of reduce/ for each.
# run-all: seconds 100
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}

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
	"CS_PAIR_BELOW 8.0 16.0"
	"CS_PAIR_BELOW 8.0 4.0"
	"CS_PAIR_ABOVE 2.0 3.0"
	"CS_PAIR_ABOVE 2.0 1.5"
	"CS_GRID_SPAN_MAX 4.0 3.0"
	"CS_GRID_SPAN_MAX 4.0 5.0"
	"CS_CLIMB_SLOPE_MIN 1.01 1.02"
	"CS_CLIMB_SLOPE_MIN 1.01 1.00"
	"CS_CLIMB_OCTAVES 2.0 2.5"
	"CS_CLIMB_OCTAVES 2.0 1.5"
	"CS_CLIMB_STEP_MAX 1.5 1.6"
	"CS_CLIMB_STEP_MAX 1.5 1.4"
	"CS_COARSE_FLAT 1.25 1.30"
	"CS_COARSE_STEP 1.35 1.30"
	"CS_COARSE_SHARP 2.0 2.5"
	"CS_COARSE_RANGE_MAX 2.0 1.9"
	"CS_COARSE_CROSS_MARGIN 1.05 1.06"
	"CS_COARSE_CROSS_MARGIN 1.05 1.04"
	"CS_COARSE_CROSS_DOMINANT 1.15 1.16"
	"CS_COARSE_CROSS_DOMINANT 1.15 1.14"
	"CS_COARSE_NOISE_POWER 2.0 2.1"
	"CS_COARSE_PAIR_OCTAVES 1.0 0.9"
)

# test_reduce.c includes ../reduce/*.h: point it at the copy in $1. The
# table of kinds names the kinds/ folders' columns too, and they include
# the rules (the adjacency's fit): a copy of kinds/ beside the copy of
# reduce/, compiled against it, and the common objects they need.
obj=build/host/obj
build() {
	cp -r kinds "$1/"
	neighbours "$1"
	sed "s#\.\./reduce/#$1/reduce/#g" tests/test_reduce.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1"/reduce/*.c $(built $(echo $CORE_DIRS | sed 's/reduce//')) \
		$(ls "$1"/kinds/*/*.c) $obj/arch/*/*.o $(kernels) -lm 2>"$1/log"
}

SENTENCES=1 mutate rules.h test_reduce

# The summary's thresholds (reduce/rules_summary.h, docs/summary.md):
# test_summary against the mutated copy; the claim factor's sentence
# prints it; the width is the text's layout and the range's widest span
# where it is shown (no refusal: no sentence).
build() {
	sed "s#\.\./reduce/#$1/reduce/#g" tests/test_summary.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1"/reduce/*.c \
		$(built $(echo $CORE_DIRS | sed 's/reduce//') kinds/*) $obj/arch/*/*.o $(kernels) -lm 2>"$1/log"
}
mutants=(
	"CS_SUMMARY_CLAIM_FACTOR 1.5 1.6"
	"CS_SUMMARY_CLAIM_FACTOR 1.5 1.4"
)
SENTENCES=1 mutate rules_summary.h test_summary
mutants=(
	"CS_SUMMARY_WIDTH 100 90"
	"CS_SUMMARY_WIDTH 100 110"
	"CS_SUMMARY_RANGE_MAX 2.0 1.8"
)
mutate rules_summary.h test_summary
summary mutation
