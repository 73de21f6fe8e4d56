/* adj_fit.h: the adjacency kind's reduction (docs/reduction.md s.5),
 * adj_fit.c: its series fitted, and the fit alone, exported for the unit
 * tests (tests/test_reduce.c). Freestanding. */
#ifndef CS_ADJ_FIT_H
#define CS_ADJ_FIT_H

#include "../../reduce/reduce.h"

/* The fit of every series against the levels the sweep's row left in r
 * (s.5), into r's adjacency results. */
void cs_reduce_adjacency(const struct cs_capture *c, struct cs_work *w,
			 struct cs_result *r);

/* Least-squares fit of t = a + b * min(d, g) for every candidate g: the
 * swept distances that are powers of two (s.5 as amended); every distance
 * enters each fit as data. Exported for the unit tests. pts sorted by
 * distance, n >= 1. has_winner 0: no swept distance is a power of two. */
struct cs_fit {
	int has_winner;
	uint32_t winner;   /* index of the winning distance */
	uint32_t above;    /* swept distances greater than the winner */
	double a, b, sse, sst, sse_runner;
	int has_runner;
	double r2, margin, ramp;
	int has_r2, has_margin, has_ramp;
};
void cs_fit_ramp(const struct cs_adj_point *pts, uint32_t n, struct cs_fit *f);
/* s.5: d is a whole power of two (1, 2, 4, ... bytes) */
int cs_power_of_two(double d);

#endif
