#!/usr/bin/env bash
# suite-mutation-tlb: every threshold the TLB adds, nudged, must break a
# unit test: the reduction's (reduce/rules_tlb.h, test_reduce_tlb, whose
# sentences must print the nudged value) and the sweep's plan
# (common/tlb.h, test_tlb).
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}

# the core the tests link, less the folder being mutated: the built
# objects (make test builds them first)
obj=build/host/obj
core() {
	ls $obj/common/*.o $obj/reduce/*.o | grep -v -e "^$obj/$1/"
}

mutants=(
	"CS_TLB_TRANSLATION_NEAR 0.25 0.20"
	"CS_TLB_TRANSLATION_NEAR 0.25 0.30"
	"CS_TLB_ALIAS_SPAN 2.0 1.5"
	"CS_TLB_ALIAS_SPAN 2.0 3.0"
)
build() {
	sed -e "s#\.\./reduce/#$1/reduce/#g" tests/test_reduce_tlb.c >"$1/test.c"
	$CC -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core reduce) "$1"/reduce/*.c -lm 2>"$1/log"
}
SENTENCES=1 mutate rules_tlb.h test_reduce_tlb

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
	sed -e "s#\.\./common/#$1/common/#g" tests/test_tlb.c >"$1/test.c"
	$CC -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1"/common/*.c $(core common) -lm 2>"$1/log"
}
MUTATE_DIR=common mutate tlb.h test_tlb
summary mutation-tlb
