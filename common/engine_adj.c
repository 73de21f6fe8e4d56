/* engine_adj.c: the adjacency kind (engine.h): the three placements the
 * live reduction of the sweep allows (reduction.md s.5), each probed over
 * the documented ruler or refused. A refused placement is kept once: as a
 * series with no points and its refusal, so the capture and a replay say
 * what the screen said. Freestanding. */
#include "engine.h"

static const enum cs_placement order[3] = { CS_PLACE_FIRST, CS_PLACE_MIDDLE, CS_PLACE_LAST };

/* One series over the ruler; *shortest gets its shortest timed block. */
static void probe_series(struct cs_engine *e, struct cs_adj_series *s,
			 double *shortest, struct cs_rng *r)
{
	const struct cs_plan *p = &e->plan;
	s->n = 0;
	*shortest = -1;
	for (uint32_t i = 0; i < cs_adj_ruler_len && s->n < CS_MAX_ADJ_POINTS; i++) {
		double ns, block;
		uint32_t d = cs_adj_ruler[i];
		if (cs_adj_point_capped(&e->hooks.clk, e->hooks.mem, (uint64_t)s->footprint_bytes,
					d, p->blocks, p->min_block_ns, p->warm_max, r, &ns,
					&block) != 0)
			continue;
		if (*shortest < 0 || block < *shortest)
			*shortest = block;
		s->pts[s->n].distance = d;
		s->pts[s->n].ns = ns;
		s->n++;
	}
}

/* The reduction the placements need; 0, or -1 with c->run.adj_not_run. */
static int reduce_sweep(struct cs_engine *e, const struct cs_capture *c,
			struct cs_run_detail *d)
{
	const struct cs_placer *pl = &e->hooks.placer;
	char err[CS_TEXT_MAX - 40];
	struct cs_buf b;
	struct cs_event ev = { .kind = CS_EV_ADJ_NOT_RUN, .text = d->adj_not_run };

	err[0] = 0;
	if (pl->reduce && pl->place && pl->reduce(pl->ctx, c, err, sizeof err) == 0)
		return 0;
	cs_buf_init(&b, d->adj_not_run, sizeof d->adj_not_run);
	if (pl->reduce && pl->place) {
		cs_puts(&b, "the sweep could not be reduced: ");
		cs_puts(&b, err);
	} else {
		cs_puts(&b, "no placement rule: the adjacency probe was not run");
	}
	cs_engine_say(e, &ev);
	return -1;
}

static void refuse(struct cs_adj_series *s, const struct cs_refusal *why)
{
	s->refused = 1;
	cs_strlcpy(s->refusal_code, why->code, sizeof s->refusal_code);
	cs_strlcpy(s->refusal_reason, why->reason, sizeof s->refusal_reason);
}

void cs_adj_run(struct cs_engine *e, struct cs_capture *c)
{
	const struct cs_placer *pl = &e->hooks.placer;
	uint32_t dmax = cs_adj_ruler[cs_adj_ruler_len - 1];
	/* The probe at the longest distance spreads F's pairs over span(F)
	 * bytes: bound 2F so that span fits the region. */
	double max2f = 2.0 * (double)e->hooks.mem_bytes * 64.0 / (double)cs_adj_span(64, dmax);
	double t0 = e->hooks.seconds ? e->hooks.seconds(e->hooks.ctx) : 0;
	struct cs_event ev = { .kind = CS_EV_ADJ_BEGIN };
	struct cs_rng rng;

	cs_engine_say(e, &ev);
	c->n_adj = 0;
	if (reduce_sweep(e, c, &c->run) != 0)
		return;
	cs_rng_seed(&rng, e->plan.seed ^ 0xadadadadull);
	for (int i = 0; i < 3; i++) {
		struct cs_adj_series *s = &c->adj[c->n_adj];
		struct cs_refusal why;
		double f;
		cs_memset(s, 0, sizeof *s);
		cs_memset(&why, 0, sizeof why);
		s->placement = order[i];
		ev.series = s;
		/* Refused rather than moved: the refusal travels in the series. */
		if (pl->place(pl->ctx, order[i], CS_PLAN_ADJ_ALIGN, max2f, &f, &why) != 0) {
			refuse(s, &why);
			c->n_adj++;
			ev.kind = CS_EV_ADJ_REFUSED;
			cs_engine_say(e, &ev);
			continue;
		}
		s->has_footprint = 1;
		s->footprint_bytes = f;
		probe_series(e, s, &c->run.adj_block_ns[c->n_adj], &rng);
		c->n_adj++;
		ev.kind = CS_EV_ADJ_SERIES;
		cs_engine_say(e, &ev);
	}
	if (e->hooks.seconds)
		c->run.adj_s = e->hooks.seconds(e->hooks.ctx) - t0;
}
