/* place.h: the reducer's adjacency placement rule (reduction.md s.5) as the
 * engine asks for it (common/engine.h struct cs_placer): the live reduction
 * of the sweep as it stands, then cs_place_adjacency for each placement.
 * The caller's workspace and result are its scratch; the capture's own
 * reduction is made after, once (cs_reduce_capture). */
#ifndef CS_PLACE_H
#define CS_PLACE_H

#include "reduce.h"
#include "../common/engine.h"

struct cs_place_ctx {
	struct cs_work *w;
	struct cs_result *r;
};

/* Points pl at the rule, with ctx (which the caller keeps) over w and r. */
void cs_placer_init(struct cs_placer *pl, struct cs_place_ctx *ctx,
		    struct cs_work *w, struct cs_result *r);

#endif
