/* probe_experiments.c: seed 003's experiments on the host probe
 * (common/experiments.h), after the adjacency probe, in the same region,
 * with the probe's clock; the flush hook is this architecture's. */
#define _GNU_SOURCE
#include "probe_experiments.h"
#include "../common/experiments.h"

#include <stdio.h>

#if defined(__x86_64__)
/* clflush every line, then mfence: the lines are out of every cache level
 * before the first timed access. */
static void flush_range(const void *p, uint64_t bytes)
{
	const char *c = p;
	for (uint64_t i = 0; i < bytes; i += 64)
		__asm__ volatile("clflush (%0)" : : "r"(c + i) : "memory");
	__asm__ volatile("mfence" : : : "memory");
}
#elif defined(__aarch64__)
/* dc civac (clean and invalidate to the point of coherency) every line of
 * CTR_EL0's smallest data line, then dsb: EL0 may do both under Linux. */
static void flush_range(const void *p, uint64_t bytes)
{
	uint64_t ctr, line;
	const char *c = p;
	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	line = 4u << ((ctr >> 16) & 15);
	for (uint64_t i = 0; i < bytes; i += line)
		__asm__ volatile("dc civac, %0" : : "r"(c + i) : "memory");
	__asm__ volatile("dsb sy" : : : "memory");
}
#else
static void flush_range(const void *p, uint64_t bytes)
{
	(void)p;
	(void)bytes;
}
#endif

int cs_run_experiments(struct cs_run *m, struct cs_capture *c)
{
	struct cs_exp_env env = {
		.clk = &m->hc->clk,
		.flush = flush_range,
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
