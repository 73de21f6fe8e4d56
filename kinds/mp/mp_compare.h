/* compare.h: the competitor experiment of seed 000 s.4, reduced. Both
 * sweeps (alone, and with application processors streaming beside it) are
 * reduced with cs_reduce; each knee's fall and each level's floor fall are
 * matched by level, and the private level (1) is set against the shared one
 * (the last knee both sweeps found). The prediction held when the shared
 * knee falls more than the private one by at least CS_CMP_MARGIN.
 * Freestanding, like the reducer: the caller supplies every buffer. */
#ifndef CS_COMPARE_H
#define CS_COMPARE_H

#include <stdint.h>
#include "../../common/buf.h"
#include "../../reduce/reduce.h"

/* How much further (as a fraction of its size) the shared knee must fall
 * than the private one for the prediction to hold: below that the two are
 * the same within a sweep's own noise. */
#define CS_CMP_MARGIN 0.05
/* Knees (found in both sweeps) needed: a private one and a shared one. */
#define CS_CMP_MIN_KNEES 2

/* (struct cs_comparison, the result, is common/result.h's.) */

/* Compare two reductions. 0 when compared; -1 with out->refusal filled
 * (code compare-no-sweep, compare-knees) when not. */
int cs_compare(const struct cs_result *alone, const struct cs_result *with,
	       uint32_t threads, struct cs_comparison *out);

/* Build a capture to reduce from c (header, clock, published caches) and
 * the points of a sweep kept beside it (c->mp). */
void cs_mp_sweep_capture(const struct cs_capture *c, const struct cs_mp_sweep *s,
			 struct cs_capture *out);

/* Reduce c's competitor sweep (scratch: tmp, w, with) and compare it with
 * 'alone' (c's own sweep, already reduced). -1 and out->refusal when there
 * is no competitor sweep or it cannot be reduced or compared. */
int cs_compare_capture(const struct cs_capture *c, const struct cs_result *alone,
		       struct cs_capture *tmp, struct cs_work *w,
		       struct cs_result *with, struct cs_comparison *out);

/* One line: "competitor (N threads): private knee fell X, shared knee fell
 * Y: the prediction held|failed" or "competitor: not compared (code): ...". */
void cs_compare_text(struct cs_buf *b, const struct cs_comparison *k);

#endif
