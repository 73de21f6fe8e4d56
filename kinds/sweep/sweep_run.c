/* sweep_run.c: the sweep's run column (common/kinds.h): the main sweep
 * over the size grid, a point a step, on the engine's sweep (engine.h);
 * with plan.repeats N > 1 the whole sweep N times, each later pass over
 * the sizes the first measured in an order of its own (cs_repeat_slot),
 * so that a drift in time is not read as a step in size; each point's ns
 * is then the median of its N figures (docs/capture.md "sweep.repeats").
 * Freestanding. */
#include "../../common/engine.h"

uint32_t cs_repeat_slot(uint32_t pass, uint32_t k, uint32_t m, uint32_t repeats)
{
	uint32_t j;
	if (!m || !repeats)
		return k;
	j = (uint32_t)((k + (uint64_t)pass * m / repeats) % m); /* rotated */
	return pass % 2 ? m - 1 - j : j;                        /* odd passes reversed */
}

static uint32_t repeats_of(const struct cs_engine *e)
{
	uint32_t n = e->plan.repeats;
	return n < 1 ? 1 : n > CS_MAX_REPEATS ? CS_MAX_REPEATS : n;
}

/* The median of v[0 .. n), n small (sorted in place). */
static double median(double *v, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++)
		for (uint32_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* After the last pass: each point's ns the median of its repeats; a size
 * some later pass could not time is dropped (and counted failed), with
 * its detail, so every point kept has all N figures. */
static void finish(struct cs_capture *c, uint32_t n)
{
	struct cs_run_detail *d = &c->run;
	uint32_t kept = 0;
	for (uint32_t i = 0; i < c->n_points; i++) {
		double v[CS_MAX_REPEATS];
		uint32_t ok = 0;
		c->rep.ns[i][0] = c->points[i].ns;
		for (uint32_t r = 0; r < n; r++)
			ok += c->rep.ns[i][r] > 0;
		if (ok < n) {
			d->failed_points++;
			continue;
		}
		for (uint32_t r = 0; r < n; r++)
			v[r] = c->rep.ns[i][r];
		c->points[kept] = c->points[i];
		c->points[kept].ns = median(v, n);
		cs_memcpy(c->rep.ns[kept], c->rep.ns[i], sizeof c->rep.ns[i]);
		d->median_ns[kept] = d->median_ns[i];
		d->loads[kept] = d->loads[i];
		d->point_s[kept] = d->point_s[i];
		kept++;
	}
	c->n_points = kept;
}

/* A later pass's next size: its figure beside the first pass's. */
static void again(struct cs_engine *e, struct cs_capture *c, uint32_t n, struct cs_event *ev)
{
	struct cs_sweep_at *s = &e->at.sweep;
	struct cs_grid_at *g = &s->grid;
	uint32_t m = c->n_points, slot = cs_repeat_slot(s->pass, s->k, m, n);
	struct cs_point *pt = &c->points[slot];
	double t0 = cs_engine_seconds(e), took;
	const struct cs_plan *p = &e->plan;

	*ev = (struct cs_event){ .kind = CS_EV_POINT_FAILED, .i = g->n + (s->pass - 1) * m + s->k,
				 .n = g->n + (n - 1) * m, .bytes = (uint64_t)pt->bytes };
	c->rep.ns[slot][s->pass] = 0; /* not measured, until it is */
	if (cs_chase_point_capped(&e->hooks.clk, e->hooks.mem, (uint64_t)pt->bytes, p->blocks,
				  p->min_block_ns, p->warm_max, &g->rng, &g->pr) == 0) {
		c->rep.ns[slot][s->pass] = g->pr.ns_min;
		if (g->pr.block_ns < pt->block_ns)
			pt->block_ns = g->pr.block_ns; /* the shortest block of any pass */
		took = cs_engine_seconds(e) - t0;
		c->run.point_s[slot] += took;
		ev->kind = CS_EV_POINT;
		ev->pr = &g->pr;
		ev->seconds = took;
		ev->eta_s = s->pass_s * ((double)(n - 1 - s->pass) +
					 (double)(m - 1 - s->k) / (double)m);
	}
	if (++s->k >= m) {
		s->k = 0;
		s->pass++;
	}
}

/* The sweep's points column (common/kinds.h): every size of the grid, in
 * every pass. */
uint32_t cs_sweep_points(const struct cs_plan *p)
{
	uint64_t sizes[CS_MAX_SWEEP_POINTS];
	uint32_t n = p->repeats < 1 ? 1 : p->repeats;
	return cs_grid_sizes(p->sweep_max, sizes, CS_MAX_SWEEP_POINTS) * n;
}

/* The main sweep: its first step begins it, each next one is a point. */
int cs_sweep_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	struct cs_sweep_at *s = &e->at.sweep;
	struct cs_grid_at *g = &s->grid;
	uint32_t n = repeats_of(e);
	if (e->at.step == 0) {
		c->n_points = 0;
		c->rep.n = 0;
		cs_engine_sweep_begin(e, g, e->plan.seed, 1, CS_MAX_SWEEP_POINTS, ev);
		s->pass = s->k = 0;
		return g->i < g->n;
	}
	if (s->pass == 0) {
		cs_engine_sweep_next(e, g, c->points, &c->run, ev);
		c->n_points = g->got;
		c->run.sweep_s = cs_engine_seconds(e) - g->t0;
		if (n > 1) { /* the whole run's place and time left */
			ev->n = g->n * n;
			ev->eta_s += (double)(n - 1) * c->run.sweep_s *
				     (double)g->n / (double)(g->i ? g->i : 1);
		}
		if (g->i < g->n)
			return 1;
		s->pass = 1;
		s->pass_s = c->run.sweep_s;
		return n > 1 && c->n_points > 0;
	}
	again(e, c, n, ev);
	c->run.sweep_s = cs_engine_seconds(e) - g->t0;
	if (s->pass < n)
		return 1;
	c->rep.n = n;
	finish(c, n);
	return 0;
}
