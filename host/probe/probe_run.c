/* probe_run.c: the host probe's measurement (probe.h): the engine
 * (common/engine.h), the same code the firmware runs, with this process's
 * hooks: the probe's clock (no interrupt masking in user space), its one
 * region, the flush probe_flush.c chose (the arch layer's instruction
 * where this process may run it, else eviction), progress on stderr, and
 * the reducer's placement rule. No other processors are driven (the
 * competitors of --competitors stream beside the whole run,
 * probe_cpus.c). */
#define _GNU_SOURCE
#include "probe.h"
#include "../../arch/arch.h"

#include <stdio.h>

static void progress(void *ctx, const struct cs_event *e)
{
	const struct cs_probe_run *run = ctx;
	char line[CS_TEXT_MAX + 1024];
	struct cs_buf b;
	if (run->quiet)
		return;
	cs_buf_init(&b, line, sizeof line);
	cs_event_text(&b, e);
	fputs(line, stderr);
}

static double seconds(void *ctx)
{
	(void)ctx;
	return cs_wall_s();
}

void cs_probe_run_init(struct cs_probe_run *run, const struct cs_hclock *hc,
		       const struct cs_pool *pool, const struct cs_flush *fl,
		       struct cs_work *w, struct cs_result *r, int quiet)
{
	struct cs_engine_hooks *h = &run->e.hooks;
	cs_memset(h, 0, sizeof *h);
	h->clk = hc->clk;
	h->seconds = seconds;
	h->mem = pool->mem;
	h->mem_bytes = pool->bytes;
	h->flush = fl->fn;
	h->progress = progress;
	cs_placer_init(&h->placer, &run->place, w, r);
	h->svc = &run->svc.s; /* the command fills it (cs_probe_services_init) */
	h->ctx = run;
	run->quiet = quiet;
}
