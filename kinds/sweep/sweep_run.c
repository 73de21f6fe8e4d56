/* sweep_run.c: the sweep's run column (common/kinds.h): the main sweep
 * over the size grid, a point a step, on the engine's sweep (engine.h).
 * Freestanding. */
#include "../../common/engine.h"

/* The main sweep: its first step begins it, each next one is a point. */
int cs_sweep_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	struct cs_sweep_at *s = &e->at.sweep;
	if (e->at.step == 0) {
		c->n_points = 0;
		cs_engine_sweep_begin(e, s, e->plan.seed, 1, CS_MAX_SWEEP_POINTS, ev);
		return s->i < s->n;
	}
	cs_engine_sweep_next(e, s, c->points, &c->run, ev);
	c->n_points = s->got;
	c->run.sweep_s = cs_engine_seconds(e) - s->t0;
	return s->i < s->n;
}
