/* tlb_run.c: the TLB kind's run (common/kinds.h, docs/tlb.md s.1): the
 * page size that backed the region, then for 4 KiB, 2 MiB and 1 GiB pages
 * a window from the program (kinds/tlb/tlb_probe.h's hooks) swept by the kernel
 * (kinds/tlb/tlb_probe.c) over the counts of the plan, CS_TLB_PASSES times,
 * keeping each count's fastest; then the data-cache sweep again on large
 * pages of our own. Every point runs inside the program's enter/leave (the
 * firmware's own tables, interrupts masked). Freestanding. */
#include "tlb_kind.h"

static const uint64_t page_sizes[CS_TLB_MAX_SIZES - 1] = { 4096, 2u << 20, 1u << 30 };

static double now_s(const struct cs_engine *e)
{
	return e->hooks.seconds ? e->hooks.seconds(e->hooks.ctx) : 0;
}

static void say(struct cs_engine *e, struct cs_buf *b)
{
	cs_putc(b, '\n');
	cs_engine_note(e, b->p);
}

/* A TLB point's block: 100 quanta of the clock, and CS_TLB_BLOCK_FLOOR_NS. */
static double block_ns(const struct cs_engine *e)
{
	double q = CS_PLAN_BLOCK_QUANTA * e->hooks.clk.quantum_ns;
	return q > CS_TLB_BLOCK_FLOOR_NS ? q : CS_TLB_BLOCK_FLOOR_NS;
}

/* One point inside the program's tables: 0, or -1. */
static int point(struct cs_engine *e, const struct cs_tlb_window *w, uint64_t pages,
		 struct cs_rng *r, struct cs_point_result *pr)
{
	const struct cs_tlb_hooks *h = &e->hooks.tlb;
	int rc;
	if (h->enter && h->enter(h->ctx) != 0)
		return -1;
	rc = cs_tlb_point(&e->hooks.clk, w, pages, e->plan.blocks, block_ns(e), e->plan.warm_max, r, pr);
	if (h->leave)
		h->leave(h->ctx);
	return rc;
}

/* Passes over the counts: CS_TLB_PASSES, or one on a clock whose blocks
 * last over CS_TLB_ONE_PASS_NS. */
static uint32_t pass_count(const struct cs_engine *e)
{
	return block_ns(e) > CS_TLB_ONE_PASS_NS ? 1 : CS_TLB_PASSES;
}

/* The counts, in passes (forward, back, forward), each count's fastest
 * pass kept with its median and shortest block: interference that comes
 * and goes (a busy sibling thread, the host) spoils a pass, not a count.
 * Returns the points kept. */
static uint32_t passes(struct cs_engine *e, const struct cs_tlb_window *w, const uint64_t *counts,
		       uint32_t n, struct cs_tlb_point *pts, struct cs_rng *r)
{
	uint32_t got = 0, np = pass_count(e);
	for (uint32_t i = 0; i < n; i++)
		pts[i] = (struct cs_tlb_point){ (double)counts[i], 0, 1, 0, 1, 0 };
	for (uint32_t pass = 0; pass < np; pass++)
		for (uint32_t k = 0; k < n; k++) {
			uint32_t i = pass % 2 ? n - 1 - k : k;
			struct cs_point_result pr;
			if (point(e, w, counts[i], r, &pr) != 0)
				continue;
			if (pts[i].ns == 0 || pr.ns_min < pts[i].ns) {
				pts[i].ns = pr.ns_min;
				pts[i].ns_median = pr.ns_median;
				pts[i].block_ns = pr.block_ns;
			}
		}
	for (uint32_t i = 0; i < n; i++) /* a count no pass could time is left out */
		if (pts[i].ns > 0)
			pts[got++] = pts[i];
	return got;
}

static void refuse(struct cs_tlb_series *s, const char *why)
{
	s->refused = 1;
	cs_strlcpy(s->refusal, why, sizeof s->refusal);
	s->n = 0;
}

/* Why no page size can be swept on this clock ("" when it can). */
static void too_coarse(const struct cs_engine *e, char *why, size_t whylen)
{
	struct cs_buf b;
	cs_buf_init(&b, why, whylen);
	if (!(block_ns(e) > CS_TLB_BLOCK_MAX_NS))
		return;
	cs_puts(&b, "the clock moves in steps of ");
	cs_put_g(&b, e->hooks.clk.quantum_ns, 4);
	cs_puts(&b, " ns: a TLB point's blocks would last ");
	cs_put_g(&b, block_ns(e) / 1e6, 4);
	cs_puts(&b, " ms, over the ");
	cs_put_g(&b, CS_TLB_BLOCK_MAX_NS / 1e6, 6);
	cs_puts(&b, " ms a TLB sweep allows (CS_TLB_BLOCK_MAX_NS): not measured");
}

static void series(struct cs_engine *e, struct cs_capture *c, uint64_t page, uint32_t lines,
		   struct cs_rng *r)
{
	const struct cs_tlb_hooks *h = &e->hooks.tlb;
	struct cs_tlb_series *s = &c->tlb.series[c->tlb.n_series++];
	uint64_t counts[CS_TLB_MAX_POINTS], max = cs_tlb_max_pages(c->tlb.published, c->tlb.n_published, page);
	struct cs_tlb_window w;
	char why[CS_TEXT_MAX], line[CS_TEXT_MAX + 160];
	struct cs_buf b;
	double t0 = now_s(e);

	cs_memset(s, 0, sizeof *s);
	s->page_bytes = page;
	too_coarse(e, why, sizeof why);
	if (why[0]) {
		refuse(s, why);
	} else if (h->map(h->ctx, page, max, lines, &w, s->page_tables, sizeof s->page_tables, s->method,
			  sizeof s->method, why, sizeof why) != 0) {
		refuse(s, why[0] ? why : "the program gave no window");
	} else {
		uint32_t n = cs_tlb_counts(w.pages, counts, CS_TLB_MAX_POINTS);
		s->alias_lines = w.unaliased ? 0 : w.lines;
		cs_buf_init(&b, line, sizeof line);
		cs_puts(&b, "tlb: ");
		cs_put_size(&b, (double)page);
		cs_puts(&b, " pages, ");
		cs_put_u64(&b, n);
		cs_puts(&b, " counts from 4 to ");
		cs_put_u64(&b, n ? counts[n - 1] : 0);
		cs_puts(&b, " pages, ");
		cs_put_u64(&b, pass_count(e));
		cs_puts(&b, pass_count(e) == 1 ? " pass (page tables " : " passes (page tables ");
		cs_puts(&b, s->page_tables);
		cs_puts(&b, "; ");
		cs_puts(&b, s->method);
		cs_putc(&b, ')');
		say(e, &b);
		s->n = passes(e, &w, counts, n, s->pts, r);
		if (h->unmap)
			h->unmap(h->ctx, &w);
		if (!s->n)
			refuse(s, "no count could be timed (the clock never moved, or a line was not zero)");
	}
	c->tlb.series_s[c->tlb.n_series - 1] = now_s(e) - t0;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "tlb: ");
	cs_put_size(&b, (double)page);
	if (s->refused) {
		cs_puts(&b, " pages refused: ");
		cs_puts(&b, s->refusal);
	} else {
		cs_puts(&b, " pages: ");
		cs_put_u64(&b, s->n);
		cs_puts(&b, " points in ");
		cs_put_fixed(&b, now_s(e) - t0, 2);
		cs_puts(&b, " s");
	}
	say(e, &b);
}

/* The data-cache sweep again, on the program's large pages of its own
 * tables (sweep_large_pages), each point inside enter/leave. */
static void large(struct cs_engine *e, struct cs_capture *c)
{
	const struct cs_tlb_hooks *h = &e->hooks.tlb;
	struct cs_tlb_capture *t = &c->tlb;
	uint64_t sizes[CS_MAX_SWEEP_POINTS], page = 0;
	void *mem = 0;
	char why[CS_TEXT_MAX], line[CS_TEXT_MAX + 80];
	struct cs_buf b;
	struct cs_rng r;

	if (!h->large)
		return;
	cs_buf_init(&b, line, sizeof line);
	if (h->large(h->ctx, &mem, &page, why, sizeof why) != 0) {
		cs_puts(&b, "sweep on large pages: not run: ");
		cs_puts(&b, why);
		say(e, &b);
		return;
	}
	uint32_t n = cs_grid_sizes(e->plan.sweep_max, sizes, CS_MAX_SWEEP_POINTS);
	cs_rng_seed(&r, e->plan.seed ^ 0x1a2e);
	t->has_large = 1;
	t->large_page_bytes = page;
	cs_strlcpy(t->large_page_tables, "own", sizeof t->large_page_tables);
	t->n_large = 0;
	double t0 = now_s(e);
	for (uint32_t i = 0; i < n; i++) {
		struct cs_point_result pr;
		int rc = -1;
		if (!h->enter || h->enter(h->ctx) == 0) {
			rc = cs_chase_point_capped(&e->hooks.clk, mem, sizes[i], e->plan.blocks,
						   e->plan.min_block_ns, e->plan.warm_max, &r, &pr);
			if (h->leave)
				h->leave(h->ctx);
		}
		if (rc == 0)
			t->large[t->n_large++] = (struct cs_point){ (double)sizes[i], pr.ns_min, 1, pr.block_ns };
	}
	t->large_s = now_s(e) - t0;
	cs_puts(&b, "sweep on large pages (");
	cs_put_size(&b, (double)page);
	cs_puts(&b, ", page tables own): ");
	cs_put_u64(&b, t->n_large);
	cs_puts(&b, " points in ");
	cs_put_fixed(&b, t->large_s, 2);
	cs_puts(&b, " s");
	say(e, &b);
}

/* The run column: the whole TLB kind in its first step (it does not pause;
 * its progress lines go through the note hook). */
int cs_tlb_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_tlb_hooks *h = &e->hooks.tlb;
	struct cs_tlb_capture *t = &c->tlb;
	struct cs_rng r;

	ev->kind = CS_EV_NONE;
	cs_tlb_publish(e, c); /* the host probe's, from its CPUID */
	cs_tlb_platform(e);
	double t0 = now_s(e);
	t->n_series = 0;
	t->has_large = 0;
	t->run_present = 0;
	if (h->pool_pages &&
	    h->pool_pages(h->ctx, &t->pool_pages, t->pool_pages_how, sizeof t->pool_pages_how) == 0)
		t->has_pool_pages = 1;
	if (!h->map) {
		cs_tlb_platform_end(e, c);
		return 0; /* no windows here: no TLB sweep, and the capture says nothing of one */
	}
	cs_rng_seed(&r, e->plan.seed ^ 0x71b);
	uint32_t lines = cs_tlb_lines(c->caches, c->n_caches);
	for (uint32_t i = 0; i < sizeof page_sizes / sizeof page_sizes[0]; i++)
		series(e, c, page_sizes[i], lines, &r);
	large(e, c);
	t->run_present = 1;
	t->passes = pass_count(e);
	t->run_s = now_s(e) - t0;
	cs_tlb_platform_end(e, c);
	return 0;
}
