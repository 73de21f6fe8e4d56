/* engine.c: the plan, the size grid, a sweep a point a step (the sweep's
 * and every kind's that sweeps: kinds/), and the run: the walk over the
 * table of kinds, a step at a time (engine.h). Freestanding. */
#include "engine.h"
#include "kinds.h"
#include "../build/gen/kinds_watch.h" /* the kinds that watch every kind (the clock) */

void cs_plan_blocks(struct cs_plan *p, int quick, double quantum_ns)
{
	p->blocks = quick ? CS_PLAN_QUICK_BLOCKS : CS_PLAN_FULL_BLOCKS;
	p->min_block_ns = quick ? CS_PLAN_QUICK_FLOOR_NS : CS_PLAN_FULL_FLOOR_NS;
	if (p->min_block_ns < CS_PLAN_BLOCK_QUANTA * quantum_ns)
		p->min_block_ns = CS_PLAN_BLOCK_QUANTA * quantum_ns;
}

/* Size k of the grid: 2^(k/4) steps from 4 KiB, so every octave has the
 * same four, rounded down to whole 64-byte slots. */
static uint64_t grid_size(uint32_t k)
{
	static const double step[4] = { 1.0, 1.189207115, 1.414213562, 1.681792831 };
	uint64_t oct = 4096ull << (k / 4);
	return (uint64_t)((double)oct * step[k % 4]) / 64 * 64;
}

/* How many sizes of the grid lie at or under max (at most cap). */
static uint32_t grid_count(uint64_t max, uint32_t cap)
{
	uint32_t n = 0;
	while (n < cap && n < 4 * 48 && grid_size(n) <= max)
		n++;
	return n;
}

uint32_t cs_grid_sizes(uint64_t max, uint64_t *out, uint32_t cap)
{
	uint32_t n = grid_count(max, cap);
	for (uint32_t k = 0; k < n; k++)
		out[k] = grid_size(k);
	return n;
}

void cs_plan_json(struct cs_jsonw *j, const struct cs_plan *p)
{
	struct cs_buf b;
	char is[160];
	cs_jsonw_key(j, "max_bytes");
	cs_jsonw_u64(j, p->sweep_max);
	cs_jsonw_key(j, "blocks");
	cs_jsonw_u64(j, p->blocks);
	cs_jsonw_key(j, "min_block_ns");
	cs_jsonw_numsig(j, p->min_block_ns, 6);
	cs_buf_init(&b, is, sizeof is);
	cs_puts(&b, "the larger of ");
	cs_put_g(&b, CS_PLAN_BLOCK_QUANTA, 6);
	cs_puts(&b, " clock quanta (reduction.md s.1) and a floor (");
	cs_put_g(&b, CS_PLAN_FULL_FLOOR_NS / 1e6, 6);
	cs_puts(&b, " ms full, ");
	cs_put_g(&b, CS_PLAN_QUICK_FLOOR_NS / 1e3, 6);
	cs_puts(&b, " us quick, as the firmware)");
	cs_jsonw_key(j, "min_block_is");
	cs_jsonw_str(j, is);
	cs_jsonw_key(j, "warm_max_loads");
	cs_jsonw_u64(j, p->warm_max);
	cs_jsonw_key(j, "seed");
	cs_jsonw_hex(j, p->seed);
	cs_jsonw_key(j, "repeats"); /* the main sweep's passes (sweep_run.c) */
	cs_jsonw_u64(j, p->repeats > 1 ? p->repeats : 1);
}

void cs_engine_say(struct cs_engine *e, const struct cs_event *ev)
{
	if (e->hooks.progress)
		e->hooks.progress(e->hooks.ctx, ev);
}

void cs_engine_note(struct cs_engine *e, const char *text)
{
	struct cs_event ev = { .kind = CS_EV_NOTE, .text = text };
	cs_engine_say(e, &ev);
}

double cs_engine_seconds(const struct cs_engine *e)
{
	return e->hooks.seconds ? e->hooks.seconds(e->hooks.ctx) : 0;
}

/* ---- the time left ---- */

/* A planning figure for a load that misses every cache, used only for the
 * time left before memory-sized points have been measured. */
#define CS_PLAN_MEMORY_NS 100.0

/* Seconds the timed blocks of a point take: each block runs a whole turn
 * of the cycle (or the warm-up cap) or min_block_ns, whichever is longer,
 * and sizing them costs about two more. */
static double blocks_s(const struct cs_plan *p, uint64_t bytes, double ns)
{
	uint64_t loads = bytes / CS_SLOT_BYTES;
	double one;
	if (p->warm_max && loads > p->warm_max)
		loads = p->warm_max;
	one = (double)loads * ns;
	if (one < p->min_block_ns)
		one = p->min_block_ns;
	return (p->blocks + 2) * one * 1e-9;
}

/* Time left after point i of n: blocks at the latest cost per load (or the
 * planning figure past the largest published cache, if higher), plus
 * building and touching each set at the per-byte rate seen so far. */
static double eta_after(struct cs_engine *e, uint32_t n, uint32_t i,
			double took, double ns)
{
	uint64_t bytes = grid_size(i);
	double build = took - blocks_s(&e->plan, bytes, ns), eta = 0;
	if (build > 0 && bytes >= (1u << 20))
		e->per_byte = build / (double)bytes; /* small sets are all noise */
	for (uint32_t k = i + 1; k < n; k++) {
		double f = ns;
		if (grid_size(k) > e->plan.largest_cache && f < CS_PLAN_MEMORY_NS)
			f = CS_PLAN_MEMORY_NS;
		eta += blocks_s(&e->plan, grid_size(k), f) + e->per_byte * (double)grid_size(k);
	}
	return eta;
}

/* ---- the sweep, a point a step ---- */

/* A sweep over the grid begins: its event (CS_EV_SWEEP). */
void cs_engine_sweep_begin(struct cs_engine *e, struct cs_grid_at *s, uint64_t seed,
			   int show, uint32_t cap, struct cs_event *ev)
{
	s->n = grid_count(e->plan.sweep_max, cap);
	s->i = s->got = 0;
	s->show = show;
	s->t0 = show ? cs_engine_seconds(e) : 0;
	cs_rng_seed(&s->rng, seed);
	e->per_byte = 0;
	*ev = (struct cs_event){ .kind = CS_EV_SWEEP, .n = s->n,
				 .first = s->n ? grid_size(0) : 0,
				 .last = s->n ? grid_size(s->n - 1) : 0 };
}

/* Its next size into pts[s->got] (and the main sweep's detail d, which may
 * be NULL): its event, CS_EV_POINT or CS_EV_POINT_FAILED. The clock and
 * the time left are read only where someone hears of them (show) or
 * records them (d): a sweep on another processor does neither. */
void cs_engine_sweep_next(struct cs_engine *e, struct cs_grid_at *s, struct cs_point *pts,
			  struct cs_run_detail *d, struct cs_event *ev)
{
	const struct cs_plan *p = &e->plan;
	uint32_t i = s->i++;
	uint64_t bytes = grid_size(i);
	double t0 = s->show || d ? cs_engine_seconds(e) : 0, took;

	*ev = (struct cs_event){ .kind = CS_EV_POINT_FAILED, .i = i, .n = s->n, .bytes = bytes };
	if (cs_chase_point_capped(&e->hooks.clk, e->hooks.mem, bytes, p->blocks,
				  p->min_block_ns, p->warm_max, &s->rng, &s->pr) != 0) {
		if (d)
			d->failed_points++;
		return;
	}
	pts[s->got] = (struct cs_point){ (double)bytes, s->pr.ns_min, 1, s->pr.block_ns };
	took = s->show || d ? cs_engine_seconds(e) - t0 : 0;
	if (d) {
		d->median_ns[s->got] = s->pr.ns_median;
		d->loads[s->got] = s->pr.loads_per_block;
		d->point_s[s->got] = took;
	}
	s->got++;
	ev->kind = CS_EV_POINT;
	ev->pr = &s->pr;
	ev->seconds = took;
	if (s->show)
		ev->eta_s = eta_after(e, s->n, i, cs_engine_seconds(e) - t0, s->pr.ns_min);
}

uint32_t cs_engine_sweep(struct cs_engine *e, uint64_t seed, int show,
			 struct cs_point *pts, uint32_t cap)
{
	struct cs_grid_at s;
	struct cs_event ev;

	cs_engine_sweep_begin(e, &s, seed, show, cap, &ev);
	if (show)
		cs_engine_say(e, &ev);
	while (s.i < s.n) {
		cs_engine_sweep_next(e, &s, pts, NULL, &ev);
		if (show)
			cs_engine_say(e, &ev);
	}
	return s.got;
}

int cs_none_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	(void)e;
	(void)c;
	(void)ev;
	return 0;
}

uint32_t cs_none_points(const struct cs_plan *p)
{
	(void)p;
	return 0;
}

typedef uint32_t (*cs_points_fn)(const struct cs_plan *p);
static const cs_points_fn points[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, ...) \
	points,
	CS_KINDS
#undef CS_KIND
};

uint64_t cs_plan_points(const struct cs_plan *p, uint32_t first, uint32_t end)
{
	uint64_t n = 0;
	for (uint32_t k = first; k < end && k < CS_KIND_COUNT; k++)
		n += points[k](p);
	return n;
}

/* ---- the run: the table's rows in order, a step at a time ---- */

typedef int (*cs_run_fn)(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev);
static const cs_run_fn runs[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) run,
	CS_KINDS
#undef CS_KIND
};

/* The kinds watching every kind's run, ended by an empty one. */
static const struct cs_watch watches[] = { CS_KINDS_WATCH { 0, 0, 0 } };

static const char *const kind_names[CS_KIND_COUNT] = {
#define CS_KIND(id, name, ...) name,
	CS_KINDS
#undef CS_KIND
};

void cs_engine_begin(struct cs_engine *e, struct cs_capture *c)
{
	cs_memset(&c->run, 0, sizeof c->run);
	cs_memset(&c->mp, 0, sizeof c->mp);
	c->run.present = 1;
	cs_memset(&e->at, 0, sizeof e->at);
	for (const struct cs_watch *w = watches; w->begin; w++)
		w->begin(e, c);
}

int cs_engine_step(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	struct cs_engine_at *at = &e->at;
	while (at->kind < CS_KIND_COUNT) {
		int more, watched = runs[at->kind] != cs_none_run;
		cs_memset(ev, 0, sizeof *ev);
		if (watched && at->step == 0) /* the watches (the core clock) around each kind */
			for (const struct cs_watch *w = watches; w->begin; w++)
				w->kind_begin(e, c, kind_names[at->kind]);
		more = runs[at->kind](e, c, ev);
		at->step++;
		if (watched)
			for (const struct cs_watch *w = watches; w->begin; w++)
				w->kind_step(e, c, !more);
		if (!more) {
			at->kind++;
			at->step = 0;
		}
		if (ev->kind == CS_EV_NONE)
			continue;
		cs_engine_say(e, ev);
		/* after the line: it may have scrolled a chart */
		if (ev->kind == CS_EV_POINT && e->hooks.live)
			e->hooks.live(e->hooks.ctx, c);
		return 1;
	}
	cs_memset(ev, 0, sizeof *ev);
	return 0;
}

void cs_engine_run(struct cs_engine *e, struct cs_capture *c)
{
	struct cs_event ev;
	cs_engine_begin(e, c);
	while (cs_engine_step(e, c, &ev))
		;
}
