/* place.c: the placement rule for the engine (place.h). Freestanding. */
#include "place.h"

/* The rows before the adjacency's: the sweep's levels the placements need. */
static int reduce_sweep(void *ctx, const struct cs_capture *c, char *err, size_t errlen)
{
	struct cs_place_ctx *p = ctx;
	p->rows = 0;
	if (cs_reduce_kinds(c, p->w, p->r, 0, CS_KIND_ADJACENCY, err, errlen) != 0)
		return -1;
	p->rows = CS_KIND_ADJACENCY;
	p->c = c;
	p->n_points = c->n_points;
	return 0;
}

static int place(void *ctx, enum cs_placement pl, double align, double max_bytes,
		 double *f, struct cs_refusal *why)
{
	struct cs_place_ctx *p = ctx;
	return cs_place_adjacency(p->r, pl, align, max_bytes, f, why);
}

static uint32_t levels(void *ctx, double *first, double *last, uint32_t cap)
{
	const struct cs_place_ctx *p = ctx;
	uint32_t n = 0;
	if (!p->rows)
		return 0;
	for (; n < p->r->n_levels && n < cap; n++) {
		first[n] = p->r->levels[n].first_bytes;
		last[n] = p->r->levels[n].last_bytes;
	}
	return n;
}

void cs_placer_init(struct cs_placer *pl, struct cs_place_ctx *ctx,
		    struct cs_work *w, struct cs_result *r)
{
	ctx->w = w;
	ctx->r = r;
	ctx->rows = 0;
	ctx->c = 0;
	ctx->n_points = 0;
	pl->reduce = reduce_sweep;
	pl->place = place;
	pl->levels = levels;
	pl->ctx = ctx;
}

int cs_place_reduce_rest(struct cs_place_ctx *ctx, const struct cs_capture *c,
			 char *err, size_t errlen)
{
	uint32_t first = ctx->c == c && ctx->n_points == c->n_points ? ctx->rows : 0;
	ctx->rows = 0; /* used once: a second call reduces the capture whole */
	return cs_reduce_kinds(c, ctx->w, ctx->r, first, CS_KIND_COUNT, err, errlen);
}
