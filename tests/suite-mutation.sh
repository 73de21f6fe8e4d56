#!/usr/bin/env bash
# suite-mutation: every threshold of every rules header, nudged, must break
# a unit test, and, where the test prints the refusal sentences, change
# the sentence that prints it. One generic driver (tests/mutation-lib.sh:
# one schema build, each mutant one run) over the table below; a group's
# SUITE names it in the output (the former per-kind suites' names), and
# the header that defines a constant is found by searching, so a rules
# header moved or renamed needs no edit here. Every constant of every
# rules header (reduce/rules*.h, kinds/*/rules*.h) must have a mutant.
# run-all: seconds 90
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
. tests/mutation-lib.sh

mutants <<'TABLE'
# = SUITE TEST [sentences] [compiled], then CONSTANT ORIGINAL MUTANT
# The reduction's thresholds (reduce/rules.h): test_reduce.
= mutation test_reduce sentences
CS_BLOCK_MIN_QUANTA 100.0 101.0
CS_BLOCK_MAX_FAIL_FRACTION 0.5 0.6
CS_FLAT_RATIO 1.25 1.30
CS_FLAT_RATIO 1.25 1.24
CS_PLATEAU_MIN_POINTS 4 3
CS_PLATEAU_MIN_POINTS 4 5
CS_PLATEAU_MIN_SPAN 2.0 1.5
CS_LEVEL_RATIO 1.35 1.30
CS_LEVEL_RATIO 1.35 1.40
CS_MIN_LEVELS 2 1
CS_FIT_MIN_ABOVE 2 1
CS_FIT_MIN_ABOVE 2 3
CS_FIT_MIN_RAMP 0.18 0.20
CS_FIT_MIN_RAMP 0.18 0.16
CS_FIT_MIN_R2 0.80 0.82
CS_FIT_MIN_R2 0.80 0.78
CS_FIT_MIN_MARGIN 0.06 0.08
CS_FIT_MIN_MARGIN 0.06 0.04
CS_CLAMP_MAX_RATIO 1.5 1.6
CS_CLAMP_MAX_RATIO 1.5 1.4
CS_PAIR_BELOW 8.0 16.0
CS_PAIR_BELOW 8.0 4.0
CS_PAIR_ABOVE 2.0 3.0
CS_PAIR_ABOVE 2.0 1.5
CS_GRID_SPAN_MAX 4.0 3.0
CS_GRID_SPAN_MAX 4.0 5.0
CS_CLIMB_SLOPE_MIN 1.01 1.02
CS_CLIMB_SLOPE_MIN 1.01 1.00
CS_CLIMB_OCTAVES 2.0 2.5
CS_CLIMB_OCTAVES 2.0 1.5
CS_CLIMB_STEP_MAX 1.5 1.6
CS_CLIMB_STEP_MAX 1.5 1.4
CS_COARSE_FLAT 1.25 1.30
CS_COARSE_STEP 1.35 1.30
CS_COARSE_SHARP 2.0 2.5
CS_COARSE_RANGE_MAX 2.0 1.9
CS_COARSE_CROSS_MARGIN 1.05 1.06
CS_COARSE_CROSS_MARGIN 1.05 1.04
CS_COARSE_CROSS_DOMINANT 1.15 1.16
CS_COARSE_CROSS_DOMINANT 1.15 1.14
CS_COARSE_NOISE_POWER 2.0 2.1
CS_COARSE_PAIR_OCTAVES 1.0 0.9
# The summary's thresholds (reduce/rules_summary.h, docs/summary.md): the
# claim factor's sentence prints it; the width is the text's layout and
# the range's widest span where it is shown (no refusal: no sentence).
= mutation test_summary sentences
CS_SUMMARY_CLAIM_FACTOR 1.5 1.6
CS_SUMMARY_CLAIM_FACTOR 1.5 1.4
= mutation test_summary
CS_SUMMARY_WITNESS_AGREE 1.5 1.4
CS_SUMMARY_WITNESS_AGREE 1.5 1.6
CS_SUMMARY_WIDTH 100 90
CS_SUMMARY_WIDTH 100 110
CS_SUMMARY_RANGE_MAX 2.0 1.8
# The repeats' thresholds and the reference conditions' (reduce/rules_repeat.h).
= mutation-repeat test_repeat sentences
CS_REPEAT_MATCH_OCTAVES 1.0 0.5
CS_REPEAT_MATCH_OCTAVES 1.0 1.5
CS_REF_MIN_REPEATS 5 4
CS_REF_MIN_REPEATS 5 6
CS_REF_KNEE_SPREAD_STEPS 1.0 0.75
CS_REF_KNEE_SPREAD_STEPS 1.0 1.5
CS_REPEAT_WILD_MADS 3.0 2.5
# no wild repeat at all: the sentence of one cannot show it
= mutation-repeat test_repeat
CS_REPEAT_MAD_MIN_STEPS 1.0 0.5
CS_REPEAT_MAD_MIN_STEPS 1.0 1.5
CS_REPEAT_MAD_MIN_FLOOR 1.02 1.01
CS_REPEAT_WILD_MADS 3.0 1000.0
# the firmware's default passes (efi/settings.h)
= mutation-repeat test_settings
CS_SETTINGS_FULL_REPEATS 5 4
CS_SETTINGS_QUICK_REPEATS 1 2
# compare's slacks (host/cmd/compare.h): compare.c's table of rows holds
# them in a static initializer, which C needs constant
= mutation-repeat test_compare_cmd compiled
CS_COMPARE_KNEE_STEPS 1.0 0.9
CS_COMPARE_KNEE_STEPS 1.0 1.25
CS_COMPARE_FLOOR_SLACK 1.02 1.01
CS_COMPARE_FLOOR_SLACK 1.02 1.03
CS_COMPARE_CYCLES_SLACK 1.071 1.06
CS_COMPARE_CYCLES_SLACK 1.071 1.08
CS_COMPARE_BW_SLACK 1.15 1.14
CS_COMPARE_BW_SLACK 1.15 1.16
CS_COMPARE_GEOM_SLACK 1.0 0.99
CS_COMPARE_GEOM_SLACK 1.0 1.01
# The experiments' thresholds (kinds/experiments/rules_experiments.h).
= mutation-experiments test_experiments
CS_EXP_MISS_NS 60.0 62.0
CS_EXP_MISS_NS 60.0 58.0
CS_EXP_MISS_MIN_QUANTA 2.0 2.1
CS_EXP_MISS_MIN_QUANTA 2.0 1.9
CS_EXP_SLOW_RATIO 2.0 2.05
CS_EXP_SLOW_RATIO 2.0 1.95
CS_EXP_SLOW_MIN_QUANTA 2.0 2.1
CS_EXP_SLOW_MIN_QUANTA 2.0 1.9
CS_EXP_MIN_SLOW 4 3
CS_EXP_MIN_SLOW 4 5
CS_EXP_MIN_PERIODS 3 4
CS_EXP_PERIOD_MIN_SCORE 0.7 0.73
CS_EXP_PERIOD_MIN_SCORE 0.7 0.69
CS_EXP_STRIDE_MIN_POINTS 4 3
CS_EXP_STRIDE_MIN_POINTS 4 5
CS_EXP_STRIDE_BREAK_RATIO 1.5 1.51
CS_EXP_STRIDE_BREAK_RATIO 1.5 1.49
CS_EXP_RANDOM_RATIO 1.5 1.51
CS_EXP_RANDOM_RATIO 1.5 1.49
CS_EXP_AVG_MAX_QUANTA 1.0 1.02
CS_EXP_AVG_MAX_QUANTA 1.0 0.98
# The TLB kind's reduction (kinds/tlb/rules_tlb.h).
= mutation-tlb test_reduce_tlb sentences
CS_TLB_TRANSLATION_NEAR 0.25 0.20
CS_TLB_TRANSLATION_NEAR 0.25 0.30
CS_TLB_ALIAS_SPAN 2.0 1.5
CS_TLB_ALIAS_SPAN 2.0 3.0
# The TLB sweep's plan (kinds/tlb/tlb_probe.h), and its run's.
= mutation-tlb test_tlb
CS_TLB_MIN_PAGES 4 5
CS_TLB_SPAN_PUBLISHED 4 3
CS_TLB_SPAN_PUBLISHED 4 5
CS_TLB_PAGES_UNPUBLISHED 8192 4096
CS_TLB_LINES_MIN 64 128
CS_TLB_LINES_MAX 1024 2048
CS_TLB_LINES_DEFAULT 128 256
CS_TLB_L1D_SHARE 4 2
CS_TLB_L1D_SHARE 4 8
= mutation-tlb test_tlb_run
CS_TLB_PASSES 3 2
CS_TLB_BLOCK_FLOOR_NS 50000.0 40000.0
CS_TLB_ONE_PASS_NS 1000000.0 1500000.0
CS_TLB_ONE_PASS_NS 1000000.0 500000.0
CS_TLB_BLOCK_MAX_NS 20000000.0 40000000.0
CS_TLB_BLOCK_MAX_NS 20000000.0 10000000.0
# The geometry kind's reduction (kinds/geometry/rules_geom.h), and its plan and run.
= mutation-geometry test_reduce_geom sentences
CS_GEOM_RISE 0.1 0.05
CS_GEOM_RISE 0.1 0.5
CS_GEOM_STAY 3 2
CS_GEOM_STAY 3 5
CS_GEOM_MIN_RUN 2 3
CS_GEOM_HALF_SLACK 1 4
= mutation-geometry test_geom
CS_GEOM_STRIDE_MAX 16777216ull 8388608ull
CS_GEOM_WAYS_FLOOR 32 33
CS_GEOM_WAYS_FLOOR 32 16
CS_GEOM_BLOCK_FLOOR_NS 10000.0 12000.0
CS_GEOM_BLOCKS 3 2
CS_GEOM_BLOCKS 3 5
CS_GEOM_PASSES 2 1
CS_GEOM_PASSES 2 3
CS_GEOM_BLOCK_MAX_NS 5000000.0 10000000.0
CS_GEOM_BLOCK_MAX_NS 5000000.0 3000000.0
# The bandwidth kind's (kinds/bandwidth/rules_bw.h).
= mutation-bandwidth test_reduce_bw sentences
CS_MLP_GAIN_MIN 1.2 1.1
CS_MLP_GAIN_MIN 1.2 1.3
CS_BW_WITNESS_AGREE 1.5 1.4
CS_BW_WITNESS_AGREE 1.5 1.6
CS_BW_LITTLE_FAR 2.0 1.8
CS_BW_LITTLE_FAR 2.0 2.2
# The core clock's (issue 25, docs/clock.md): the drift rule and the cycle
# counter's agreement (kinds/clock/rules_clock.h), whose sentences print
# the value, then the readings' (the same header).
= mutation-clock test_clock sentences
CS_CLOCK_DRIFT_MAX 0.05 0.04
CS_CLOCK_DRIFT_MAX 0.05 0.06
CS_CLOCK_DRIFT_SHARE 0.10 0.08
CS_CLOCK_DRIFT_SHARE 0.10 0.12
CS_CLOCK_CC_AGREE 0.05 0.04
CS_CLOCK_CC_AGREE 0.05 0.06
= mutation-clock test_clock
CS_CLOCK_CHAIN_RUNS 3 2
CS_CLOCK_CHAIN_RUNS 3 4
CS_CLOCK_READING_QUANTA 100.0 50.0
CS_CLOCK_READING_QUANTA 100.0 200.0
CS_CLOCK_READING_MAX_NS 2000000.0 1000000.0
CS_CLOCK_READING_MAX_NS 2000000.0 4000000.0
CS_CLOCK_CC_CHAINS 16 8
CS_CLOCK_CC_CHAINS 16 32
# The member's capacities (kinds/clock/clock_capture.h), which the reader
# bounds: two are array sizes in struct cs_capture, which C needs at
# compile time; the rate's bound is an ordinary value.
= mutation-clock test_clock compiled
CS_CLOCK_MAX_KINDS 16 32
CS_CLOCK_MAX_BLOCKS 1024 2048
= mutation-clock test_clock
CS_CLOCK_HZ_MAX 1e12 1e14
# No test covers these yet (found by the coverage below, 2026-12): each
# mutant survives and must be reported surviving, which shows the suite
# tells a survivor from a kill. A test that covers one makes it fail
# here: move it to a group above.
= uncovered test_repeat survives
CS_REPEAT_MAD_MIN_FLOOR 1.02 1.05
CS_GRID_RATIO 1.189207115 1.2
CS_GRID_EPS 1e-6 1e-2
= uncovered test_summary survives
CS_SUMMARY_REACH_FACTOR 1.5 1.6
= uncovered test_clock survives
CS_CLOCK_EMULATED_RATIO 1.5 1.6
TABLE

mutation_run
# every constant of every rules header (a kind's too) has a row above
mut_coverage reduce/rules*.h kinds/*/rules*.h
summary mutation
