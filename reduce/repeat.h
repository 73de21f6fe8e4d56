/* repeat.h: the sweep's repeats reduced (docs/repeats.md): each repeat's
 * curve by the same reduction as the median curve, its knees paired with
 * the median curve's, and each knee's and floor's spread; and the
 * reference verdict's conditions on repeats. Freestanding. */
#ifndef CS_REDUCE_REPEAT_H
#define CS_REDUCE_REPEAT_H

#include <stddef.h>
#include "reduce.h"

/* Fills r->rep from c's repeats (c->rep), after the median curve's
 * reduction into r (its knees and levels); uses w->side and w->side_res,
 * and leaves w->pts the last repeat's. Nothing (r->rep.n 0) without
 * repeats. */
void cs_repeat_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r);

/* The reference verdict's conditions on repeats (w25-clock's table,
 * reduce/reference.h): 1 holds; 0 fails, with a stable code and a
 * sentence giving the constant and the figures that decided it.
 * repeats: at least CS_REF_MIN_REPEATS repeats.
 * knee-spread: every knee of the median curve found in every repeat, its
 * spread (max/min) at most CS_REF_KNEE_SPREAD. */
int cs_ref_repeats(const struct cs_capture *c, const struct cs_result *r,
		   char *code, size_t codelen, char *why, size_t whylen);
int cs_ref_knee_spread(const struct cs_capture *c, const struct cs_result *r,
		       char *code, size_t codelen, char *why, size_t whylen);

#endif
