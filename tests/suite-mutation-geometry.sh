#!/usr/bin/env bash
# suite-mutation-geometry: every threshold the geometry kind has, nudged,
# must break a unit test: the reduction's (kinds/geometry/rules_geom.h,
# test_reduce_geom, whose sentences must print the nudged value) and the
# plan's and run's (the same header, test_geom). The mutated folder is a
# copy; the others are linked in as built.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj

# build DIR TEST: the test against DIR's copy of kinds/geometry/
build_with() {
	neighbours "$1"
	sed -e "s#\.\./kinds/geometry/#$1/kinds/geometry/#g" "tests/$2.c" >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core kinds/geometry) \
		$(ls "$1"/kinds/geometry/*.c) -lm 2>"$1/log"
}

mutants=(
	"CS_GEOM_RISE 0.1 0.05"
	"CS_GEOM_RISE 0.1 0.5"
	"CS_GEOM_STAY 3 2"
	"CS_GEOM_STAY 3 5"
	"CS_GEOM_MIN_RUN 2 3"
	"CS_GEOM_HALF_SLACK 1 4"
)
build() { build_with "$1" test_reduce_geom; }
MUTATE_DIR=kinds/geometry SENTENCES=1 mutate rules_geom.h test_reduce_geom

mutants=(
	"CS_GEOM_STRIDE_MAX 16777216ull 8388608ull"
	"CS_GEOM_WAYS_FLOOR 32 33"
	"CS_GEOM_WAYS_FLOOR 32 16"
	"CS_GEOM_BLOCK_FLOOR_NS 10000.0 12000.0"
	"CS_GEOM_BLOCKS 3 2"
	"CS_GEOM_BLOCKS 3 5"
	"CS_GEOM_PASSES 2 1"
	"CS_GEOM_PASSES 2 3"
	"CS_GEOM_BLOCK_MAX_NS 5000000.0 10000000.0"
	"CS_GEOM_BLOCK_MAX_NS 5000000.0 3000000.0"
)
build() { build_with "$1" test_geom; }
MUTATE_DIR=kinds/geometry mutate rules_geom.h test_geom

summary mutation-geometry
