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
/* summary.md s.2 "ranges": a knee's range (reduction.md s.4, s.10) that
 * spans at most this factor and holds P makes the claim as-claimed, even
 * where the point lies beyond CS_SUMMARY_CLAIM_FACTOR: the grid cannot
 * tell them apart. A wider range leaves the verdict to the point. */
#define CS_SUMMARY_RANGE_MAX 2.0
/* summary.md s.4: the text wraps a sentence to lines of this many
 * characters (continued under the verdict column) */
#define CS_SUMMARY_WIDTH 100

/* summary.md s.2: the verdicts, stable short codes (reduce --json's
 * summary[].verdict) */
#define CS_V_AS_CLAIMED "as-claimed"
#define CS_V_SMALLER "smaller"
#define CS_V_LARGER "larger"
#define CS_V_MISSING "missing"
#define CS_V_NOT_SEEN "not-seen"
#define CS_V_REFUSED "refused"
#define CS_V_UNMATCHED "unmatched"

#endif
