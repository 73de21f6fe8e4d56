/* exp_run.c: the experiments' run column (common/kinds.h): seed 003's
 * experiments, whole (they cannot pause), on the engine's hooks.
 * Freestanding. */
#include "../../common/engine.h"
#include "experiments.h"

int cs_exp_kind_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	struct cs_exp_env env = {
		.clk = &e->hooks.clk,
		.flush = e->hooks.flush,
		.mem = e->hooks.mem,
		.bytes = e->hooks.mem_bytes,
		.seed = e->plan.seed,
		.reps = e->plan.blocks,
	};
	struct cs_event begin = { .kind = CS_EV_EXP_BEGIN };
	double t0;

	if (e->hooks.mem_bytes < CS_EXP_MEM_BYTES || !e->hooks.flush) {
		ev->kind = CS_EV_EXP_NOT_RUN;
		ev->text = e->hooks.flush ? "the region is under 1 MiB" : "no way to flush a cache here";
		return 0;
	}
	cs_engine_say(e, &begin);
	t0 = cs_engine_seconds(e);
	if (cs_exp_run(&env, &c->exp) != 0)
		return 0;
	ev->kind = CS_EV_EXP_DONE;
	ev->seconds = cs_engine_seconds(e) - t0;
	return 0;
}
