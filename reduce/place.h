/* place.h: the reducer's adjacency placement rule (docs/reduction.md s.5) as the
 * engine asks for it (common/engine.h struct cs_placer): the rows of the
 * table before the adjacency's (the sweep's levels and knees) reduced into
 * the caller's result while the capture is measured, then
 * cs_place_adjacency for each placement. That reduction is the capture's:
 * cs_place_reduce_rest adds the later rows (the adjacency fit, the other
 * kinds) to it once the run is over, so each kind is reduced once. */
#ifndef CS_PLACE_H
#define CS_PLACE_H

#include "reduce.h"
#include "../common/engine.h"

struct cs_place_ctx {
	struct cs_work *w;
	struct cs_result *r;
	/* Rows of the table reduced into r, of this capture with this many
	 * points (0: none yet). */
	uint32_t rows;
	const struct cs_capture *c;
	uint32_t n_points;
};

/* Points pl at the rule, with ctx (which the caller keeps) over w and r. */
void cs_placer_init(struct cs_placer *pl, struct cs_place_ctx *ctx,
		    struct cs_work *w, struct cs_result *r);

/* The capture's reduction in ctx's result, finished: the rows the live
 * reduction did not reach (all of them when it did not run, failed, or
 * reduced another capture or fewer points). Returns as cs_reduce_capture. */
int cs_place_reduce_rest(struct cs_place_ctx *ctx, const struct cs_capture *c,
			 char *err, size_t errlen);

#endif
