/* probe_experiments.c: seed 003's experiments on the host probe
 * (common/experiments.h), after the adjacency probe, in the same region,
 * with the probe's clock; the flush is the arch layer's (arch/arch.h). */
#define _GNU_SOURCE
#include "probe_experiments.h"
#include "../arch/arch.h"
#include "../common/experiments.h"

#include <stdio.h>


int cs_run_experiments(struct cs_run *m, struct cs_capture *c)
{
	struct cs_exp_env env = {
		.clk = &m->hc->clk,
		.flush = cs_arch_flush,
		.mem = m->pool,
		.bytes = m->pool_bytes,
		.seed = m->seed,
		.reps = m->blocks,
	};
	double t0 = cs_wall_s();

	if (m->pool_bytes < CS_EXP_MEM_BYTES) {
		if (!m->quiet)
			fprintf(stderr, "experiments: not run (the region is under 1 MiB)\n");
		return -1;
	}
	if (!m->quiet)
		fprintf(stderr, "experiments (seed 003): single accesses, stride prefetch, random against fixed stride\n");
	if (cs_exp_run(&env, &c->exp) != 0)
		return -1;
	if (!m->quiet)
		fprintf(stderr, "  done in %.2f s\n", cs_wall_s() - t0);
	return 0;
}
