/* rules_experiments.h: the thresholds of seed 003's experiments, each named
 * after its rule in docs/experiments.md (which sits beside the spec's
 * docs/reduction.md rules). Change one here and a test in tests/test_experiments.c
 * must break. */
#ifndef CS_RULES_EXPERIMENTS_H
#define CS_RULES_EXPERIMENTS_H

/* E1 (line size). The clock must be able to see one miss: a miss to memory
 * is assumed to cost at least CS_EXP_MISS_NS, and that must span at least
 * CS_EXP_MISS_MIN_QUANTA clock steps; otherwise clock-too-coarse. */
#define CS_EXP_MISS_NS 60.0
#define CS_EXP_MISS_MIN_QUANTA 2.0
/* E1: an access is slow when it costs at least CS_EXP_SLOW_RATIO times the
 * series' median and at least CS_EXP_SLOW_MIN_QUANTA steps more than it. */
#define CS_EXP_SLOW_RATIO 2.0
#define CS_EXP_SLOW_MIN_QUANTA 2.0
/* E1: fewer slow accesses than this: no period can stand out. */
#define CS_EXP_MIN_SLOW 4
/* E1: a period P (in accesses) is a candidate when the series holds at
 * least CS_EXP_MIN_PERIODS whole periods. */
#define CS_EXP_MIN_PERIODS 3
/* E1: the best period's score (share of slow accesses on its phase times
 * share of its phase's accesses that are slow; 1 for a clean period, 0.5
 * for its double or half) must reach this to stand out. */
#define CS_EXP_PERIOD_MIN_SCORE 0.7
/* E2 (stride prefetch): fewer strides than this are refused. */
#define CS_EXP_STRIDE_MIN_POINTS 4
/* E2: the curve is flat when every average is under CS_EXP_STRIDE_BREAK_RATIO
 * times the shortest stride's; the prefetcher stops keeping up at the first
 * stride from which every longer stride's average is at or above it. */
#define CS_EXP_STRIDE_BREAK_RATIO 1.5
/* E2, E3: each access is one reading; when the clock's step is longer than
 * CS_EXP_AVG_MAX_QUANTA times the smallest average, every reading is 0 or
 * one step and the average is dither: clock-too-coarse. */
#define CS_EXP_AVG_MAX_QUANTA 1.0
/* E3 (random against fixed): random strides defeat the prefetcher when
 * random / fixed >= CS_EXP_RANDOM_RATIO. */
#define CS_EXP_RANDOM_RATIO 1.5

/* Stable refusal codes of the experiments. */
#define CS_R_EXP_CLOCK "clock-too-coarse"     /* E1, E2, E3 */
#define CS_R_EXP_NO_PERIOD "no-period"        /* E1 */
#define CS_R_EXP_DISAGREE "line-size-disagrees" /* E1: stride 1 vs 8 */
#define CS_R_EXP_FEW_STRIDES "too-few-strides" /* E2 */
#define CS_R_EXP_RATIO_RANGE "ratio-out-of-range" /* E3: random / fixed overflows */

#endif
