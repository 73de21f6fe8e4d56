/* rules_summary.h: every threshold of the summary (docs/summary.md), the
 * table read first: one row per published data or unified level, what it
 * claims, what was measured, and a verdict. Change one here and
 * tests/test_summary.c must break. */
#ifndef CS_RULES_SUMMARY_H
#define CS_RULES_SUMMARY_H

/* summary.md s.2 "as claimed": the paired knee k of a published size P
 * lies within this factor of it, P / F <= k <= F * P; below, "smaller",
 * above, "larger" */
#define CS_SUMMARY_CLAIM_FACTOR 1.5
/* summary.md s.2a "ranges": a knee's range (reduction.md s.4, s.10) is its
 * witness's range only where it spans at most this factor (one octave):
 * the grid then locates the edge. A wider one is a climb the fit placed
 * the knee in (a guest's L2 running into its share of L3 from 2 to 45 MiB),
 * and the knee's point is the witness, as before ranges. */
#define CS_SUMMARY_RANGE_MAX 2.0
/* summary.md s.2a: two witnesses of a level's size agree when their sizes
 * lie within this factor of each other, or when their ranges (the grid's)
 * overlap, so the grid cannot tell them apart. The bandwidth kind's
 * cross-witness table uses the same 1.5 (CS_BW_WITNESS_AGREE): a knee
 * lands near, not on, its size, whichever curve shows it. */
#define CS_SUMMARY_WITNESS_AGREE 1.5
/* summary.md s.2b: an extra level is at a published TLB's reach (entries x
 * page size) when within this factor of it */
#define CS_SUMMARY_REACH_FACTOR 1.5
/* summary.md s.4: the text wraps a sentence to lines of this many
 * characters (continued under the verdict column) */
#define CS_SUMMARY_WIDTH 100

/* summary.md s.2: the verdicts, stable short codes (reduce --json's
 * summary[].verdict) */
#define CS_V_AS_CLAIMED "as-claimed"
#define CS_V_SMALLER "smaller"
#define CS_V_LARGER "larger"
#define CS_V_MISSING "missing"
#define CS_V_NOT_MEASURED "not-measured"
#define CS_V_UNMATCHED "unmatched"
#define CS_V_EMULATED "emulated"

/* summary.md s.2a: the witnesses of a level's size (summary[].witnesses[].kind) */
#define CS_W_LATENCY "latency-knee"
#define CS_W_READ "read-bandwidth-knee"
#define CS_W_GEOMETRY "geometry"

#endif
