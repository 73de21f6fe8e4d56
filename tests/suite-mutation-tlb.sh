#!/usr/bin/env bash
# suite-mutation-tlb: every threshold the TLB kind adds, nudged, must break a
# unit test: the reduction's (kinds/tlb/rules_tlb.h, test_reduce_tlb, whose
# sentences must print the nudged value) and the sweep's plan (kinds/tlb/tlb_probe.h,
# test_tlb). The mutated folder is a copy; the others are linked in as built.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh
CC=${HOST_CC:-cc}
obj=build/host/obj


mutants=(
	"CS_TLB_TRANSLATION_NEAR 0.25 0.20"
	"CS_TLB_TRANSLATION_NEAR 0.25 0.30"
	"CS_TLB_ALIAS_SPAN 2.0 1.5"
	"CS_TLB_ALIAS_SPAN 2.0 3.0"
)
build() {
	neighbours "$1"
	sed -e "s#\.\./kinds/tlb/#$1/kinds/tlb/#g" tests/test_reduce_tlb.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core kinds/tlb) \
		$(ls "$1"/kinds/tlb/*.c) -lm 2>"$1/log"
}
MUTATE_DIR=kinds/tlb SENTENCES=1 mutate rules_tlb.h test_reduce_tlb

mutants=(
	"CS_TLB_MIN_PAGES 4 5"
	"CS_TLB_SPAN_PUBLISHED 4 3"
	"CS_TLB_SPAN_PUBLISHED 4 5"
	"CS_TLB_PAGES_UNPUBLISHED 8192 4096"
	"CS_TLB_LINES_MIN 64 128"
	"CS_TLB_LINES_MAX 1024 2048"
	"CS_TLB_LINES_DEFAULT 128 256"
	"CS_TLB_L1D_SHARE 4 2"
	"CS_TLB_L1D_SHARE 4 8"
)
build() {
	neighbours "$1"
	sed -e "s#\.\./kinds/tlb/#$1/kinds/tlb/#g" tests/test_tlb.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" $(core kinds/tlb) \
		$(ls "$1"/kinds/tlb/*.c) -lm 2>"$1/log"
}
MUTATE_DIR=kinds/tlb mutate tlb_probe.h test_tlb

# the run's (kinds/tlb/tlb_run.c reads them from kinds/tlb/tlb_probe.h):
# built from its sources against the mutated header. common/, reduce/ and
# the other kinds are copies here, not links: a relative include from a
# linked folder resolves through the link to the real kinds/tlb/ (engine.h
# includes the header), and the mutant would go unseen.
mutants=(
	"CS_TLB_PASSES 3 2"
	"CS_TLB_BLOCK_FLOOR_NS 50000.0 40000.0"
	"CS_TLB_ONE_PASS_NS 1000000.0 1500000.0"
	"CS_TLB_ONE_PASS_NS 1000000.0 500000.0"
	"CS_TLB_BLOCK_MAX_NS 20000000.0 40000000.0"
	"CS_TLB_BLOCK_MAX_NS 20000000.0 10000000.0"
)
build() {
	local k
	cp -r common reduce reader chart "$1/"
	# the kinds\' members gathered from these copies (docs/layers.md "Storage")
	scripts/kinds-h.sh "$1/build/gen"
	for k in kinds/*/; do
		[ -e "$1/$k" ] || cp -r "$k" "$1/kinds/"
	done
	sed -e "s#\.\./common/#$1/common/#g" -e "s#\.\./kinds/#$1/kinds/#g" tests/test_tlb_run.c >"$1/test.c"
	mcc -std=c11 -O1 -w -I tests -o "$1/t" "$1/test.c" "$1"/common/*.c \
		$(ls "$1"/kinds/tlb/*.c) \
		$(core kinds/tlb | grep -v "/common/") -lm 2>"$1/log"
}
MUTATE_DIR=kinds/tlb mutate tlb_probe.h test_tlb_run
summary mutation-tlb
