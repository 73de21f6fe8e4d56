#!/usr/bin/env bash
# suite-mutation-experiments: every threshold in kinds/experiments/rules_experiments.h,
# nudged either way, must break tests/test_experiments.c. Builds the test
# against a mutated copy of kinds/experiments/, linked with the built host objects.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj

# constant  original  mutant
mutants=(
	"CS_EXP_MISS_NS 60.0 62.0"
	"CS_EXP_MISS_NS 60.0 58.0"
	"CS_EXP_MISS_MIN_QUANTA 2.0 2.1"
	"CS_EXP_MISS_MIN_QUANTA 2.0 1.9"
	"CS_EXP_SLOW_RATIO 2.0 2.05"
	"CS_EXP_SLOW_RATIO 2.0 1.95"
	"CS_EXP_SLOW_MIN_QUANTA 2.0 2.1"
	"CS_EXP_SLOW_MIN_QUANTA 2.0 1.9"
	"CS_EXP_MIN_SLOW 4 3"
	"CS_EXP_MIN_SLOW 4 5"
	"CS_EXP_MIN_PERIODS 3 4"
	"CS_EXP_PERIOD_MIN_SCORE 0.7 0.73"
	"CS_EXP_PERIOD_MIN_SCORE 0.7 0.69"
	"CS_EXP_STRIDE_MIN_POINTS 4 3"
	"CS_EXP_STRIDE_MIN_POINTS 4 5"
	"CS_EXP_STRIDE_BREAK_RATIO 1.5 1.51"
	"CS_EXP_STRIDE_BREAK_RATIO 1.5 1.49"
	"CS_EXP_RANDOM_RATIO 1.5 1.51"
	"CS_EXP_RANDOM_RATIO 1.5 1.49"
	"CS_EXP_AVG_MAX_QUANTA 1.0 1.02"
	"CS_EXP_AVG_MAX_QUANTA 1.0 0.98"
)

hostobj="$(built host host/*/ | grep -v -e '/main\.o$' -e '/gen_synthetic\.o$' -e '/serve_absent\.o$' -e '/plot_png_absent\.o$')"
# The copy's neighbours (its relative includes reach them); the other kinds
# as built.
build() {
	local d
	for d in common reduce reader host; do
		[ -e "$1/$d" ] || ln -s "$PWD/$d" "$1/$d"
	done
	sed "s#\.\./kinds/experiments/#$1/kinds/experiments/#g" tests/test_experiments.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -I host $(pkg-config --cflags yajl 2>/dev/null) \
		-o "$1/t" "$1/test.c" "$1"/kinds/experiments/*.c $hostobj $(built $CORE_DIRS) \
		$(built kinds/* | grep -v '/kinds/experiments/') $obj/arch/*/*.o $(kernels) \
		$(pkg-config --libs yajl 2>/dev/null || echo -lyajl) \
		$(pkg-config --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd) \
		$(pkg-config --libs nettle 2>/dev/null || echo -lnettle) -lpthread -lm 2>"$1/log"
}

MUTATE_DIR=kinds/experiments mutate rules_experiments.h test_experiments
summary mutation-experiments
