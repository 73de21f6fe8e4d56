/* adj_run.c: the adjacency kind (engine.h): the three placements the
 * live reduction of the sweep allows (docs/reduction.md s.5), each probed over
 * the documented ruler or refused, a placement or a distance a step. A
 * refused placement is kept once: as a series with no points and its
 * refusal, so the capture and a replay say what the screen said.
 * Freestanding. */
#include "../../common/engine.h"
#include "adj_probe.h"

static const enum cs_placement order[3] = { CS_PLACE_FIRST, CS_PLACE_MIDDLE, CS_PLACE_LAST };

/* What the kind's next step does. */
enum { ADJ_REDUCE, ADJ_PLACE, ADJ_MEASURE, ADJ_SERIES };

static double now_s(const struct cs_engine *e)
{
	return e->hooks.seconds ? e->hooks.seconds(e->hooks.ctx) : 0;
}

/* The reduction the placements need; 0, or -1 with c->run.adj_not_run and
 * its event. */
static int reduce_sweep(struct cs_engine *e, const struct cs_capture *c,
			struct cs_run_detail *d, struct cs_event *ev)
{
	const struct cs_placer *pl = &e->hooks.placer;
	char err[CS_TEXT_MAX - 40];
	struct cs_buf b;

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
	ev->kind = CS_EV_ADJ_NOT_RUN;
	ev->text = d->adj_not_run;
	return -1;
}

/* ---- its events, in its own words (engine.h: about, words, figures) ---- */

static void placement(struct cs_buf *b, const struct cs_adj_series *s)
{
	size_t at;
	cs_puts(b, "  adjacency ");
	at = b->len;
	cs_puts(b, cs_placement_name(s->placement));
	cs_pad_to(b, at, 6);
}

static void series(struct cs_buf *b, const struct cs_adj_series *s)
{
	placement(b, s);
	if (s->refused) {
		cs_puts(b, " refused (");
		cs_puts(b, s->refusal_code);
		cs_puts(b, "): ");
		cs_puts(b, s->refusal_reason);
		cs_putc(b, '\n');
		return;
	}
	cs_puts(b, " at ");
	cs_put_size(b, s->footprint_bytes);
	cs_putc(b, ':');
	for (uint32_t i = 0; i < s->n; i++) {
		cs_putc(b, ' ');
		cs_put_fixed(b, s->pts[i].ns, 1);
	}
	cs_puts(b, " ns/pair\n");
}

/* A measured or refused placement's line: "  adjacency first  at 32 KiB:
 * 2.1 2.1 ... ns/pair", or its refusal (cs_event_text calls it). */
static void words(struct cs_buf *b, const struct cs_event *e)
{
	series(b, e->about);
}

/* What the page draws of the series an event is about (web/wasm/measure.c):
 * its placement, its footprint, a measured distance's cost, its refusal. */
static void figures(struct cs_jsonw *j, const struct cs_event *e)
{
	const struct cs_adj_series *s = e->about;
	cs_jsonw_key_u64(j, "placement", s->placement);
	if (s->has_footprint) {
		cs_jsonw_key(j, "footprint");
		cs_jsonw_numsig(j, s->footprint_bytes, 17);
	}
	if (e->kind == CS_EV_ADJ_POINT) {
		cs_jsonw_key(j, "ns");
		cs_jsonw_numsig(j, s->pts[s->n - 1].ns, 17);
	}
	if (s->refused) {
		char why[CS_CODE_MAX + CS_REASON_MAX + 4];
		struct cs_buf b;
		cs_buf_init(&b, why, sizeof why);
		cs_puts(&b, s->refusal_code);
		cs_puts(&b, ": ");
		cs_puts(&b, s->refusal_reason);
		cs_jsonw_key(j, "refusal");
		cs_jsonw_str(j, why);
	}
}

/* The event about series s: the page's figures of it, and (said) its line. */
static void about(struct cs_event *ev, const struct cs_adj_series *s, int said)
{
	ev->about = s;
	ev->figures = figures;
	ev->words = said ? words : 0;
}

/* The placements are all taken: 0 (the kind is done), with its time. */
static int next_placement(struct cs_engine *e, struct cs_capture *c)
{
	struct cs_adj_at *a = &e->at.adj;
	a->placement++;
	a->phase = ADJ_PLACE;
	if (a->placement < 3)
		return 1;
	if (e->hooks.seconds)
		c->run.adj_s = now_s(e) - a->t0;
	return 0;
}

/* The next placement's series: its footprint (CS_EV_ADJ_PLACED) or its
 * refusal, recorded in the series rather than moved (CS_EV_ADJ_REFUSED). */
static int place(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_placer *pl = &e->hooks.placer;
	struct cs_adj_at *a = &e->at.adj;
	uint32_t dmax = cs_adj_ruler[cs_adj_ruler_len - 1];
	/* The probe at the longest distance spreads F's pairs over span(F)
	 * bytes: bound 2F so that span fits the region. */
	double max2f = 2.0 * (double)e->hooks.mem_bytes * 64.0 / (double)cs_adj_span(64, dmax);
	struct cs_adj_series *s = &c->adj[c->n_adj];
	struct cs_refusal why;
	double f;

	cs_memset(s, 0, sizeof *s);
	cs_memset(&why, 0, sizeof why);
	s->placement = order[a->placement];
	c->run.adj_block_ns[c->n_adj] = -1;
	c->n_adj++;
	if (pl->place(pl->ctx, s->placement, CS_PLAN_ADJ_ALIGN, max2f, &f, &why) != 0) {
		s->refused = 1;
		cs_strlcpy(s->refusal_code, why.code, sizeof s->refusal_code);
		cs_strlcpy(s->refusal_reason, why.reason, sizeof s->refusal_reason);
		ev->kind = CS_EV_ADJ_REFUSED;
		about(ev, s, 1);
		return next_placement(e, c);
	}
	s->has_footprint = 1;
	s->footprint_bytes = f;
	a->k = 0;
	a->phase = ADJ_MEASURE;
	ev->kind = CS_EV_ADJ_PLACED;
	about(ev, s, 0);
	return 1;
}

/* The next distance of the ruler on the series being measured; the run
 * records its shortest timed block. */
static void measure(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_plan *p = &e->plan;
	struct cs_adj_at *a = &e->at.adj;
	struct cs_adj_series *s = &c->adj[c->n_adj - 1];
	double *shortest = &c->run.adj_block_ns[c->n_adj - 1];
	uint32_t k = a->k++, d = cs_adj_ruler[k];
	double ns, block;

	*ev = (struct cs_event){ .kind = CS_EV_ADJ_POINT_FAILED, .i = k,
				 .n = cs_adj_ruler_len, .bytes = d };
	about(ev, s, 0);
	if (cs_adj_point_capped(&e->hooks.clk, e->hooks.mem, (uint64_t)s->footprint_bytes, d,
				p->blocks, p->min_block_ns, p->warm_max, &a->rng, &ns,
				&block) == 0) {
		if (*shortest < 0 || block < *shortest)
			*shortest = block;
		s->pts[s->n].distance = d;
		s->pts[s->n].ns = ns;
		s->n++;
		ev->kind = CS_EV_ADJ_POINT;
	}
	if (a->k >= cs_adj_ruler_len || s->n >= CS_MAX_ADJ_POINTS)
		a->phase = ADJ_SERIES;
}

/* The adjacency's points column (common/kinds.h): every distance of the
 * ruler at each placement (a refused one takes none: at most). */
uint32_t cs_adj_points(const struct cs_plan *p)
{
	(void)p;
	return (uint32_t)(sizeof order / sizeof order[0]) * cs_adj_ruler_len;
}

int cs_adj_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	struct cs_adj_at *a = &e->at.adj;

	if (e->at.step == 0) {
		cs_memset(a, 0, sizeof *a);
		a->t0 = now_s(e);
		c->n_adj = 0;
		ev->kind = CS_EV_ADJ_BEGIN;
		return 1;
	}
	switch (a->phase) {
	case ADJ_REDUCE:
		if (reduce_sweep(e, c, &c->run, ev) != 0)
			return 0;
		cs_rng_seed(&a->rng, e->plan.seed ^ 0xadadadadull);
		return place(e, c, ev);
	case ADJ_PLACE:
		return place(e, c, ev);
	case ADJ_MEASURE:
		measure(e, c, ev);
		return 1;
	default: /* the series measured: said whole */
		ev->kind = CS_EV_ADJ_SERIES;
		about(ev, &c->adj[c->n_adj - 1], 1);
		return next_placement(e, c);
	}
}
