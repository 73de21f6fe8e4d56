/* staircase.h: ONE staircase reduction (docs/reduction.md s.2, s.3, s.4's knees
 * and s.9), over a series of sorted, surviving points (x, t): x in bytes
 * for the sweep, the competitor's, each kind of core's and
 * sweep_large_pages, in pages (TLB entries) for a TLB sweep. Every kind
 * that has a staircase calls it; what it leaves (levels, knees kept,
 * climbs) each kind pairs with its own published levels and words.
 * Freestanding. */
#ifndef CS_STAIRCASE_H
#define CS_STAIRCASE_H

#include "../common/result.h"
#include "../common/buf.h"

struct cs_stair {
	uint32_t n_plateaus;
	uint32_t n_raw;                    /* s.3's levels, as they stand */
	struct cs_level raw[CS_MAX_LEVELS];
	uint8_t climb_at[CS_MAX_LEVELS];   /* s.9: raw[l] | raw[l + 1] is a climb boundary */
	uint32_t n_levels;                 /* after s.9: a climb is one level */
	struct cs_level levels[CS_MAX_LEVELS];
	uint32_t n_knees;                  /* the knees kept (s.4, outside climbs) */
	double knee[CS_MAX_KNEES], retired[CS_MAX_KNEES];
	/* the knee's range (reduction.md s.4): retired[k] (the last point of
	 * the faster level) .. first[k] (the first point of the slower) */
	double first[CS_MAX_KNEES];
	struct cs_climbs climbs;
};

/* The staircase of p[0 .. n) (sorted by x, distinct, positive, finite). */
void cs_staircase(const struct cs_point *p, uint32_t n, struct cs_stair *s);

/* s.4: the knee between levels a and b of p, by logs (finite for every
 * positive finite t: no product of floors). */
double cs_knee_between(const struct cs_point *p, const struct cs_level *a,
		       const struct cs_level *b);

/* s.9's figures for the boundary between levels a and b of p: beta (ln t
 * per octave) and delta (ln of the excess step); 1 when it is a climb. */
int cs_climb_boundary(const struct cs_point *p, const struct cs_level *a,
		      const struct cs_level *b, double *beta, double *delta);

/* The smooth-climb refusal's sentence for climb i (s.9): its extent and
 * rate, and each refused knee's step, slope and bound, never cut (what
 * does not fit is counted). pages: x is a count of pages, not bytes. */
void cs_put_climb(struct cs_buf *b, const struct cs_climbs *cl, uint32_t i, int pages);

/* The fewer-than-two-plateaus sentence (s.3, s.9), for "sweep" or "TLB
 * level" (what): the plateaus, levels and points, and the rule. */
void cs_put_few_levels(struct cs_buf *b, const struct cs_stair *s, uint32_t points,
		       const char *curve, const char *what);

/* exp(v), finite: v clamped to the range a double's exp can hold. */
double cs_finite_exp(double v);

#endif
