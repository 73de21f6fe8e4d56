/* reduce.h: the reduction of docs/reduction.md, from a capture to
 * levels, knees, adjacency verdicts and refusals (the types are
 * common/result.h's), and of every other kind of the table (kinds.h).
 * Freestanding: no libc, no libm, no allocation. The caller supplies the
 * result and the workspace; the same code runs in firmware and on the host. */
#ifndef CS_REDUCE_H
#define CS_REDUCE_H

#include <stddef.h>
#include "../common/capture.h"
#include "../common/result.h"
#include "staircase.h"

/* Scratch the caller supplies (large: keep it off small stacks). */
struct cs_work {
	uint32_t n;
	struct cs_point pts[CS_MAX_SWEEP_POINTS]; /* sorted, surviving points */
	double ratio[CS_MAX_SWEEP_POINTS]; /* s.4 grid: spans of 4 points */
	struct cs_stair stair;             /* the staircase of pts (staircase.h) */
	/* 1: a coarse grid (s.4) keeps the staircase's knees, s.10 not applied.
	 * Only the unit tests of s.2 to s.4, whose sweeps double, set it. */
	int staircase_only;
	/* Another sweep of the capture (the competitor's, a kind of core's)
	 * as a capture of its own, and its reduction. */
	struct cs_capture side;
	struct cs_result side_res;
};

/* Reduce a capture: every kind of the table (kinds.h), each once, into r.
 * Returns 0 when the capture was reduced (refusals are answers and live in
 * r). Returns -1 when the capture is malformed (a duplicate size, a zero,
 * negative, NaN or infinite value, too many points): err then names what is
 * wrong and r must not be shown. */
int cs_reduce_capture(const struct cs_capture *c, struct cs_work *w,
		      struct cs_result *r, char *err, size_t errlen);

/* Rows first..end-1 of the table, in order, into r, whose earlier rows
 * hold their reduction of this same capture already (the sweep's, made
 * while the capture was measured: place.h). cs_reduce_capture is rows
 * 0..CS_KIND_COUNT-1. Returns as cs_reduce_capture. */
int cs_reduce_kinds(const struct cs_capture *c, struct cs_work *w,
		    struct cs_result *r, uint32_t first, uint32_t end,
		    char *err, size_t errlen);

/* A latency series's reduction (docs/reduction.md s.1 to s.4; reduce.c):
 * the capture's points and clock checked (-1 and err when malformed),
 * levels and knees into a fresh r, and the repeats' (repeat.h). The
 * sweep's row of the table (kinds/sweep/) and each repeat reduce so. */
int cs_reduce_latency(const struct cs_capture *c, struct cs_work *w,
		      struct cs_result *r, char *err, size_t errlen);

/* The sweep and its adjacency series alone (docs/reduction.md s.1 to s.5): the
 * first two rows of the table, for another sweep of the same capture (the
 * competitor's, a kind of core's). The other kinds' members of r are left
 * as they were. Returns as cs_reduce_capture. */
int cs_reduce(const struct cs_capture *c, struct cs_work *w,
	      struct cs_result *r, char *err, size_t errlen);

/* Live placement for the adjacency probe (docs/reduction.md section 5): choose a
 * footprint F for placement p such that F and 2F lie inside that level's
 * extent, F a multiple of 'align' bytes and 2F <= max_bytes. Returns 0 and
 * sets *footprint; or -1 and fills 'why' with the refusal (code
 * placement-crosses-edge or placement-no-level). */
int cs_place_adjacency(const struct cs_result *r, enum cs_placement p,
		       double align, double max_bytes, double *footprint,
		       struct cs_refusal *why);

#endif
