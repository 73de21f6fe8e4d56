/* clock_run.c: the core clock's readings (clock_run.h, docs/clock.md s.1):
 * the chain of dependent adds timed on the run's own counter, the fastest
 * of CS_CLOCK_CHAIN_RUNS, interrupts masked where the clock can; the cycle
 * counter's rate across CS_CLOCK_CC_CHAINS chains before and after each
 * kind. Freestanding. */
#include "clock_run.h"
#include "rules_clock.h"

void cs_core_clock_init(struct cs_core_clock *k)
{
	cs_memset(k, 0, sizeof *k);
	k->irq_masked = k->smi_countable = k->boost = k->isolated = k->nohz_full = -1;
	k->hypervisor = -1;
}

static uint64_t sink;

/* Ticks of reps chains, interrupts masked around them where the clock can. */
static uint64_t timed(const struct cs_engine *e, uint32_t reps)
{
	const struct cs_probe_clock *k = &e->hooks.clk;
	uint64_t x = sink, t0, t1;
	if (k->irq_off)
		k->irq_off(k->ctx);
	t0 = k->now(k->ctx);
	for (uint32_t i = 0; i < reps; i++)
		x = e->hooks.clock.chain(x);
	t1 = k->now(k->ctx);
	if (k->irq_on)
		k->irq_on(k->ctx);
	sink = x;
	return t1 - t0;
}

static uint32_t reps_of(const struct cs_engine *e, const struct cs_capture *c)
{
	return e->hooks.clock.adds ? c->cclock.adds / e->hooks.clock.adds : 0;
}

void cs_clock_run_begin(struct cs_engine *e, struct cs_capture *c)
{
	struct cs_core_clock *k = &c->cclock;
	const struct cs_probe_clock *clk = &e->hooks.clk;
	double want = CS_CLOCK_READING_QUANTA * clk->quantum_ns, ns = 0;
	uint32_t reps = 1;
	struct cs_buf b;

	cs_clock_platform(e, c);
	k->n_kinds = k->n_blocks = 0;
	k->adds = 0;
	k->runs = CS_CLOCK_CHAIN_RUNS;
	if (!e->hooks.clock.chain || !e->hooks.clock.adds || !clk->now) {
		if (!k->not_measured[0])
			cs_strlcpy(k->not_measured, "this program has no chain of adds to time",
				   sizeof k->not_measured);
		return;
	}
	k->not_measured[0] = '\0';
	for (;;) {
		uint64_t best = 0; /* the fastest of the runs, as a reading: a cold first one is not it */
		for (uint32_t i = 0; i < CS_CLOCK_CHAIN_RUNS; i++) {
			uint64_t t = timed(e, reps);
			if (!best || (t && t < best))
				best = t;
		}
		ns = (double)best * clk->ns_per_tick;
		if (ns >= want && ns > 0 && ns <= CS_CLOCK_READING_MAX_NS)
			break;
		if (ns > CS_CLOCK_READING_MAX_NS || reps >= (1u << 20)) {
			cs_buf_init(&b, k->not_measured, sizeof k->not_measured);
			cs_puts(&b, "the counter's quantum (");
			cs_put_g(&b, clk->quantum_ns, 4);
			cs_puts(&b, " ns) needs a reading of CS_CLOCK_READING_QUANTA ");
			cs_put_g(&b, CS_CLOCK_READING_QUANTA, 4);
			cs_puts(&b, " quanta, over CS_CLOCK_READING_MAX_NS ");
			cs_put_g(&b, CS_CLOCK_READING_MAX_NS, 6);
			cs_puts(&b, " ns: no core clock");
			return;
		}
		reps *= 2;
	}
	k->present = 1;
	k->adds = reps * e->hooks.clock.adds;
	k->reading_ns = ns;
}

/* One reading of the core clock in Hz (0 when none). */
static double reading(const struct cs_engine *e, const struct cs_capture *c)
{
	uint32_t reps = reps_of(e, c);
	uint64_t best = 0;
	if (!c->cclock.adds || !reps)
		return 0;
	for (uint32_t i = 0; i < CS_CLOCK_CHAIN_RUNS; i++) {
		uint64_t t = timed(e, reps);
		if (t && (!best || t < best))
			best = t;
	}
	return best ? (double)c->cclock.adds / ((double)best * e->hooks.clk.ns_per_tick) * 1e9 : 0;
}

/* The cycle counter's rate across CS_CLOCK_CC_CHAINS readings' chains. */
static double cc_reading(const struct cs_engine *e, const struct cs_capture *c)
{
	uint64_t v0, v1, ticks;
	uint32_t reps = reps_of(e, c);
	const struct cs_clock_hooks *h = &e->hooks.clock;
	if (!h->cycles || !c->cclock.adds || h->cycles(h->ctx, &v0) != 0)
		return 0;
	ticks = timed(e, reps * CS_CLOCK_CC_CHAINS);
	if (h->cycles(h->ctx, &v1) != 0 || v1 <= v0 || !ticks)
		return 0;
	return (double)(v1 - v0) / ((double)ticks * e->hooks.clk.ns_per_tick) * 1e9;
}

void cs_clock_kind_begin(struct cs_engine *e, struct cs_capture *c, const char *kind)
{
	struct cs_core_clock *k = &c->cclock;
	struct cs_clock_kind *q;
	if (!k->present || k->n_kinds >= CS_CLOCK_MAX_KINDS)
		return;
	q = &k->kinds[k->n_kinds++];
	cs_memset(q, 0, sizeof *q);
	cs_strlcpy(q->kind, kind, sizeof q->kind);
	q->first_block = k->n_blocks;
	if (e->hooks.clock.mark)
		e->hooks.clock.mark(e->hooks.clock.ctx, q, 0);
	q->cc_hz[0] = cc_reading(e, c);
	q->hz[0] = reading(e, c);
}

void cs_clock_kind_step(struct cs_engine *e, struct cs_capture *c, int last)
{
	struct cs_core_clock *k = &c->cclock;
	struct cs_clock_kind *q = k->n_kinds ? &k->kinds[k->n_kinds - 1] : 0;
	if (!q)
		return;
	if (!last) {
		double hz = reading(e, c);
		if (hz > 0 && k->n_blocks < CS_CLOCK_MAX_BLOCKS) {
			k->block_hz[k->n_blocks++] = hz;
			q->n_blocks++;
		}
		return;
	}
	q->hz[1] = reading(e, c);
	q->cc_hz[1] = cc_reading(e, c);
	if (e->hooks.clock.mark)
		e->hooks.clock.mark(e->hooks.clock.ctx, q, 1);
}
