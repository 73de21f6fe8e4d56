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
 * and leaves w->pts the last repeat's. Then each knee and each floor of r
 * is drawn from the repeats (the lower median of the unwild ones, within
 * the spread) and the gaps follow. Nothing (r->rep.n 0) without repeats. */
void cs_repeat_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r);

/* s.2: where bytes lies on c's size grid (the sizes it swept, in any
 * order): its index among them, fractional between two (log-linear), the
 * first or last step extended outside them; the engine's grid
 * (CS_GRID_RATIO) where c has fewer than two sizes. */
double cs_grid_pos(const struct cs_capture *c, double bytes);
/* |cs_grid_pos(c, b) - cs_grid_pos(c, a)|: steps of c's grid between them. */
double cs_grid_steps(const struct cs_capture *c, double a, double b);

/* The reference verdict's conditions on repeats (w25-clock's table,
 * reduce/reference.h): 1 holds; 0 fails, with a stable code and a
 * sentence giving the constant and the figures that decided it.
 * repeats: at least CS_REF_MIN_REPEATS repeats.
 * knee-spread: every knee of the median curve found in every repeat, no
 * repeat wild, its spread at most CS_REF_KNEE_SPREAD_STEPS grid steps. */
int cs_ref_repeats(const struct cs_capture *c, const struct cs_result *r,
		   char *code, size_t codelen, char *why, size_t whylen);
int cs_ref_knee_spread(const struct cs_capture *c, const struct cs_result *r,
		       char *code, size_t codelen, char *why, size_t whylen);

#endif
