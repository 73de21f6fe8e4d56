#!/usr/bin/env bash
# suite-mutation-repeat: every threshold the sweep's repeats add, nudged,
# must break a unit test: the reduction's and the reference conditions'
# (reduce/rules_repeat.h, test_repeat, whose sentences must print the
# nudged value), the firmware's default passes (efi/settings.h,
# test_settings) and compare's slacks (host/cmd/compare.h,
# test_compare_cmd). The mutated folder is a copy; the rest as built.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj

mutants=(
	"CS_REPEAT_MATCH_OCTAVES 1.0 0.5"
	"CS_REPEAT_MATCH_OCTAVES 1.0 1.5"
	"CS_REF_MIN_REPEATS 5 4"
	"CS_REF_MIN_REPEATS 5 6"
	"CS_REF_KNEE_SPREAD_STEPS 1.0 0.75"
	"CS_REF_KNEE_SPREAD_STEPS 1.0 1.5"
	"CS_REPEAT_WILD_MADS 3.0 2.5"
)
# test_repeat.c includes ../reduce/*.h: pointed at the copy in $1, with a
# copy of kinds/ beside it (the table's columns include the rules)
build() {
	cp -r kinds "$1/"
	neighbours "$1"
	sed "s#\.\./reduce/#$1/reduce/#g" tests/test_repeat.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1"/reduce/*.c $(built $(echo $CORE_DIRS | sed 's/reduce//')) $obj/host/reader.o $obj/host/input.o \
		$(ls "$1"/kinds/*/*.c) $obj/arch/*/*.o $(kernels) -lm 2>"$1/log"
}
SENTENCES=1 mutate rules_repeat.h test_repeat
# no wild repeat at all: the sentence of one cannot show it
mutants=(
	"CS_REPEAT_WILD_MADS 3.0 1000.0"
)
mutate rules_repeat.h test_repeat

mutants=(
	"CS_SETTINGS_FULL_REPEATS 5 4"
	"CS_SETTINGS_QUICK_REPEATS 1 2"
)
build() {
	[ -e "$1/common" ] || ln -s "$PWD/common" "$1/common"
	[ -e "$1/net" ] || ln -s "$PWD/net" "$1/net"
	sed "s#\.\./efi/#$1/efi/#g" tests/test_settings.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" build/host/libcore.a -lm 2>"$1/log"
}
MUTATE_DIR=efi mutate settings.h test_settings

# compare's slacks (host/cmd/compare.h, test_compare_cmd on each side)
mutants=(
	"CS_COMPARE_KNEE_STEPS 1.0 0.9"
	"CS_COMPARE_KNEE_STEPS 1.0 1.25"
	"CS_COMPARE_FLOOR_SLACK 1.02 1.01"
	"CS_COMPARE_FLOOR_SLACK 1.02 1.03"
	"CS_COMPARE_CYCLES_SLACK 1.071 1.06"
	"CS_COMPARE_CYCLES_SLACK 1.071 1.08"
	"CS_COMPARE_BW_SLACK 1.15 1.14"
	"CS_COMPARE_BW_SLACK 1.15 1.16"
	"CS_COMPARE_GEOM_SLACK 1.0 0.99"
	"CS_COMPARE_GEOM_SLACK 1.0 1.01"
)
# The mutated copy of compare.c is the one built, beside the rest of host/
# and the core linked in as they are.
build() {
	local f
	neighbours "$1"
	for f in host/*; do
		[ -e "$1/$f" ] || ln -s "$PWD/$f" "$1/$f"
	done
	sed "s#\.\./host/cmd/#$1/host/cmd/#g" tests/test_compare_cmd.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1/host/cmd/compare.c" \
		build/host/obj/host/cmd/replay.o build/host/obj/host/reader.o build/host/obj/host/input.o build/host/obj/host/textout.o \
		build/host/obj/host/cli.o \
		build/host/libcore.a -lm 2>"$1/log"
}
MUTATE_DIR=host/cmd mutate compare.h test_compare_cmd

summary mutation-repeat
