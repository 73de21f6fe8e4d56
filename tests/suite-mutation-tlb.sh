#!/usr/bin/env bash
# suite-mutation-tlb: every threshold the TLB kind adds, nudged, must break a
# unit test: the reduction's (kinds/tlb/rules_tlb.h, test_reduce_tlb, whose
# sentences must print the nudged value) and the sweep's plan (common/tlb.h,
# test_tlb). The mutated folder is a copy; the others are linked in as built.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj

# DIR: the copy's neighbours (its relative includes reach them), and the
# built objects of every folder of the core but the mutated one
neighbours() {
	local d
	for d in common reduce kinds; do
		[ -e "$1/$d" ] || ln -s "$PWD/$d" "$1/$d"
	done
}
core() {
	ls common/*.c reduce/*.c kinds/*/*.c | grep -v -e '_read\.c$' -e "^$1/" | sed "s#^\(.*\)\.c\$#$obj/\1.o#"
}

mutants=(
	"CS_TLB_TRANSLATION_NEAR 0.25 0.20"
	"CS_TLB_TRANSLATION_NEAR 0.25 0.30"
	"CS_TLB_ALIAS_SPAN 2.0 1.5"
	"CS_TLB_ALIAS_SPAN 2.0 3.0"
)
build() {
	neighbours "$1"
	sed -e "s#\.\./kinds/tlb/#$1/kinds/tlb/#g" tests/test_reduce_tlb.c >"$1/test.c"
	$CC -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core kinds/tlb) \
		$(ls "$1"/kinds/tlb/*.c | grep -v _read.c) -lm 2>"$1/log"
}
MUTATE_DIR=kinds/tlb SENTENCES=1 mutate rules_tlb.h test_reduce_tlb

mutants=(
	"CS_TLB_MIN_PAGES 4 5"
	"CS_TLB_SPAN_PUBLISHED 4 3"
	"CS_TLB_SPAN_PUBLISHED 4 5"
	"CS_TLB_PAGES_UNPUBLISHED 8192 4096"
	"CS_TLB_LINES_MIN 64 128"
	"CS_TLB_LINES_MAX 1024 2048"
	"CS_TLB_LINES_DEFAULT 512 256"
)
build() {
	neighbours "$1"
	sed -e "s#\.\./common/#$1/common/#g" tests/test_tlb.c >"$1/test.c"
	$CC -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1"/common/*.c $(core common) -lm 2>"$1/log"
}
MUTATE_DIR=common mutate tlb.h test_tlb
summary mutation-tlb
