/* rules_bw.h: the thresholds the bandwidth reduction adds, each pointing at
 * its section of docs/bandwidth.md. The plateau, level and knee rules are
 * docs/reduction.md's (reduce/rules.h), applied unchanged to (bytes, ns per
 * byte). Change one here and a unit test in tests/test_reduce_bw.c must
 * break (tests/suite-mutation-bandwidth.sh). */
#ifndef CS_RULES_BW_H
#define CS_RULES_BW_H

/* s.4 MLP = ns(1) / ns(N) saturates at the smallest chain count N with
 * it x MLP(N) >= the largest MLP at any count (unless N is the last count
 * and MLP(N) >= it x MLP at the count before: still rising, unsaturated) */
#define CS_MLP_GAIN_MIN 1.2
/* s.5 the latency knee and the read-bandwidth knee of one published level
 * agree when the larger is at most this many times the smaller */
#define CS_BW_WITNESS_AGREE 1.5
/* s.6 Little's law: measured read / (MLP x line / latency) outside
 * [1 / it, it] is a finding, printed as such */
#define CS_BW_LITTLE_FAR 2.0
/* s.6 the line when no published cache gives one: none; Little's law is
 * then refused (little-no-line), never computed on a guessed line */

/* Refusal codes the bandwidth reduction adds (s.7); each series also
 * raises the sweep's block-length, clock-unusable, grid-too-coarse,
 * fewer-than-two-plateaus, smooth-climb, knee-unmatched and knee-missing. */
#define CS_R_BW_NOT_MEASURED "bw-not-measured"   /* the producer's refusal */
#define CS_R_MLP_NO_SINGLE "mlp-no-single-chain" /* s.4: no 1-chain latency */
#define CS_R_MLP_UNSATURATED "mlp-unsaturated"   /* s.4: still rising at the last count */
#define CS_R_LITTLE_NO_LINE "little-no-line"     /* s.6: no published line size */
#define CS_R_LITTLE_NO_READ "little-no-read"     /* s.6: no read series to compare */
#define CS_R_LITTLE_NO_LATENCY "little-no-latency" /* s.6: a 1-chain latency no figure follows from */

#endif
