#!/usr/bin/env bash
# suite-mutation-bandwidth: every threshold the bandwidth kind adds
# (kinds/bandwidth/rules_bw.h), nudged, must break test_reduce_bw, whose
# sentences must print the nudged value. The mutated folder is a copy; the
# others are linked in as built.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj


mutants=(
	"CS_MLP_GAIN_MIN 1.2 1.1"
	"CS_MLP_GAIN_MIN 1.2 1.3"
	"CS_BW_WITNESS_AGREE 1.5 1.4"
	"CS_BW_WITNESS_AGREE 1.5 1.6"
	"CS_BW_LITTLE_FAR 2.0 1.8"
	"CS_BW_LITTLE_FAR 2.0 2.2"
)
build() {
	neighbours "$1"
	sed -e "s#\.\./kinds/bandwidth/#$1/kinds/bandwidth/#g" tests/test_reduce_bw.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core kinds/bandwidth) \
		$(ls "$1"/kinds/bandwidth/*.c) -lm 2>"$1/log"
}
MUTATE_DIR=kinds/bandwidth SENTENCES=1 mutate rules_bw.h test_reduce_bw
summary mutation-bandwidth
