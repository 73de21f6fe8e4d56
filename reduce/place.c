/* place.c: the placement rule for the engine (place.h). Freestanding. */
#include "place.h"

static int reduce_sweep(void *ctx, const struct cs_capture *c, char *err, size_t errlen)
{
	struct cs_place_ctx *p = ctx;
	return cs_reduce(c, p->w, p->r, err, errlen);
}

static int place(void *ctx, enum cs_placement pl, double align, double max_bytes,
		 double *f, struct cs_refusal *why)
{
	struct cs_place_ctx *p = ctx;
	return cs_place_adjacency(p->r, pl, align, max_bytes, f, why);
}

void cs_placer_init(struct cs_placer *pl, struct cs_place_ctx *ctx,
		    struct cs_work *w, struct cs_result *r)
{
	ctx->w = w;
	ctx->r = r;
	pl->reduce = reduce_sweep;
	pl->place = place;
	pl->ctx = ctx;
}
