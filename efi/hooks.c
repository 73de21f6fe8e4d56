/* hooks.c: the firmware's hooks for the engine (hooks.h). */
#include "hooks.h"
#include "console.h"
#include "gop.h"
#include "../arch/arch.h"

/* The probe's clock: the arch counter, interrupts masked around blocks. */
static uint64_t clk_now(void *ctx) { (void)ctx; return cs_arch_counter(); }
static void clk_off(void *ctx) { (void)ctx; cs_arch_irq_off(); }
static void clk_on(void *ctx) { (void)ctx; cs_arch_irq_on(); }

static double seconds(void *ctx)
{
	const struct cs_efi_run *run = ctx;
	return (double)cs_arch_counter() / run->hz;
}

static void progress(void *ctx, const struct cs_event *e)
{
	char line[CS_TEXT_MAX + 1024];
	struct cs_buf b;
	(void)ctx;
	if (e->kind == CS_EV_SWEEP && e->n)
		cs_gop_live_begin((double)e->first, (double)e->last);
	cs_buf_init(&b, line, sizeof line);
	cs_event_text(&b, e);
	cs_con_buf(&b);
}

static void live(void *ctx, const struct cs_capture *c)
{
	(void)ctx;
	cs_gop_live(c);
}

void cs_efi_run_init(struct cs_efi_run *run, EFI_SYSTEM_TABLE *st, struct cs_arch_cpu *cpu,
		     const struct cs_calib *calib, void *pool, uint64_t pool_bytes,
		     struct cs_work *w, struct cs_result *r)
{
	struct cs_engine_hooks *h = &run->e.hooks;
	cs_memset(h, 0, sizeof *h);
	run->hz = calib->hz;
	h->clk = (struct cs_probe_clock){ clk_now, clk_off, clk_on, NULL,
					  1e9 / calib->hz, calib->quantum_ns };
	h->seconds = seconds;
	h->mem = pool;
	h->mem_bytes = pool_bytes;
	h->flush = cs_arch_flush;
	h->progress = progress;
	h->live = live;
	cs_placer_init(&h->placer, &run->place, w, r);
	cs_efi_services_init(&run->svc, st, cpu, pool, pool_bytes);
	run->svc.s.cpuid = &cpu->cpuid; /* what the processor publishes */
	run->svc.s.arm = &cpu->arm;
	h->svc = &run->svc.s;
	h->ctx = run;
}
