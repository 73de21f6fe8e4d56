/* test_tlb_run.c: the TLB kind's run (kinds/tlb/tlb_run.c) on an engine with
 * hooks of the test's own: a window of plain memory, a clock that moves a
 * fixed step each reading, counters of every call. The counts swept, the
 * passes (CS_TLB_PASSES, one on a coarse clock, none past
 * CS_TLB_BLOCK_MAX_NS), every point inside enter and leave, a refused page
 * size with its reason, pool_pages, the large-page sweep, and nothing at
 * all from a program with no windows. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/engine.h"
#include "../kinds/tlb/tlb_kind.h"

CS_TEST_MAIN_DEFS;

#define PAGES 64
static unsigned char *window_mem, *region;
static uint64_t ticks, step;
static int maps, enters, leaves, inside, unbalanced;

static uint64_t fake_now(void *ctx)
{
	(void)ctx;
	return ticks += step; /* every reading a block's worth on */
}

static int fake_map(void *ctx, uint64_t page, uint64_t pages, uint32_t lines, struct cs_tlb_window *w,
		    char *tables, size_t tables_len, char *method, size_t method_len, char *why,
		    size_t why_len)
{
	(void)ctx;
	maps++;
	if (page != 4096) {
		snprintf(why, why_len, "fake: no %llu-byte pages", (unsigned long long)page);
		return -1;
	}
	memset(w, 0, sizeof *w);
	memset(window_mem, 0, PAGES * 4096);
	w->base = window_mem;
	w->page_bytes = page;
	w->pages = pages < PAGES ? pages : PAGES;
	w->lines = lines;
	snprintf(tables, tables_len, "os");
	snprintf(method, method_len, "fake: %u lines, each page its own", lines);
	return 0;
}

static int fake_enter(void *ctx)
{
	(void)ctx;
	enters++;
	unbalanced |= inside;
	inside = 1;
	return 0;
}

static void fake_leave(void *ctx)
{
	(void)ctx;
	leaves++;
	unbalanced |= !inside;
	inside = 0;
}

static int fake_pool(void *ctx, uint64_t *page, char *how, size_t how_len)
{
	(void)ctx;
	*page = 2u << 20;
	snprintf(how, how_len, "fake");
	return 0;
}

static int fake_large(void *ctx, void **mem, uint64_t *page, char *why, size_t why_len)
{
	(void)ctx;
	(void)why;
	(void)why_len;
	*mem = region;
	*page = 1u << 30;
	return 0;
}

static struct cs_engine e;
static struct cs_capture cap;
static int steps_left;

/* The run column: the whole kind in one step, nothing said through the
 * event (its lines go to the note hook). */
static void run(void)
{
	struct cs_event ev = { .kind = CS_EV_POINT };
	steps_left |= cs_tlb_run(&e, &cap, &ev) != 0 || ev.kind != CS_EV_NONE;
}

/* The engine over a clock of quantum q ns (1 ns a tick) that moves twice
 * the block the run asks for at each reading: sizing takes one try. */
static void engine(double q)
{
	double block = 100 * q > CS_TLB_BLOCK_FLOOR_NS ? 100 * q : CS_TLB_BLOCK_FLOOR_NS;
	memset(&e, 0, sizeof e);
	step = (uint64_t)(2 * (block > 20000 ? block : 20000));
	e.plan.blocks = 3;
	e.plan.min_block_ns = 20000;
	e.plan.sweep_max = 64 * 1024;
	e.plan.seed = 7;
	e.hooks.clk = (struct cs_probe_clock){ fake_now, NULL, NULL, NULL, 1.0, q };
	e.hooks.tlb = (struct cs_tlb_hooks){ fake_map, NULL, fake_enter, fake_leave, fake_pool, fake_large,
					     NULL };
	cs_capture_init(&cap);
	maps = enters = leaves = inside = unbalanced = 0;
}

static void test_passes(void)
{
	uint64_t c[64];
	uint32_t n = cs_tlb_counts(PAGES, c, 64), large_n = cs_grid_sizes(64 * 1024, c, 64);
	engine(1.0);
	run();
	const struct cs_tlb_capture *t = &cap.tlb;
	CHECK(t->n_series == 3 && maps == 3, "three page sizes asked for: %u series, %d maps", t->n_series, maps);
	CHECK(t->series[0].page_bytes == 4096 && !t->series[0].refused && t->series[0].n == n &&
		      !strcmp(t->series[0].page_tables, "os") && t->series[0].alias_lines == CS_TLB_LINES_DEFAULT,
	      "4 KiB: %u points of %u counts, tables %s, alias lines %u", t->series[0].n, n,
	      t->series[0].page_tables, t->series[0].alias_lines);
	CHECK(t->passes == 3 && enters == (int)(3 * n + large_n) && leaves == enters && !unbalanced,
	      "%u passes (CS_TLB_PASSES %d): %d points entered (3 x %u + %u large), %d left",
	      t->passes, CS_TLB_PASSES, enters, n, large_n, leaves);
	CHECK(t->series[1].refused && strstr(t->series[1].refusal, "fake: no 2097152-byte pages") &&
		      t->series[1].n == 0 && t->series[2].refused,
	      "2 MiB and 1 GiB refused with the program's reason: %s", t->series[1].refusal);
	CHECK(t->has_pool_pages && t->pool_pages == (2u << 20), "pool_pages from the program");
	CHECK(t->has_large && t->large_page_bytes == (1u << 30) && t->n_large == large_n &&
		      !strcmp(t->large_page_tables, "own"),
	      "the large-page sweep: %u points", t->n_large);
	CHECK(t->run_present && t->series_s[0] >= 0, "the run recorded");
	int rising = 1;
	for (uint32_t i = 1; i < t->series[0].n; i++)
		rising &= t->series[0].pts[i].pages > t->series[0].pts[i - 1].pages &&
			  t->series[0].pts[i].ns > 0 && t->series[0].pts[i].block_ns > 0;
	CHECK(rising, "points rise, each timed");
}

static void test_coarse(void)
{
	/* 100 quanta of 20 us: 2 ms blocks, over CS_TLB_ONE_PASS_NS */
	uint64_t c[64];
	uint32_t n = cs_tlb_counts(PAGES, c, 64), large_n = cs_grid_sizes(64 * 1024, c, 64);
	engine(20000.0);
	run();
	CHECK(cap.tlb.passes == 1 && enters == (int)(n + large_n),
	      "2 ms blocks: one pass (CS_TLB_ONE_PASS_NS %g): %d points entered", CS_TLB_ONE_PASS_NS, enters);
	/* 100 quanta of 1 ms: 100 ms blocks, over CS_TLB_BLOCK_MAX_NS */
	engine(1000000.0);
	run();
	CHECK(maps == 0 && cap.tlb.n_series == 3 && cap.tlb.series[0].refused &&
		      strstr(cap.tlb.series[0].refusal, "CS_TLB_BLOCK_MAX_NS") &&
		      strstr(cap.tlb.series[0].refusal, "100 ms"),
	      "100 ms blocks: every size refused, nothing mapped: %s", cap.tlb.series[0].refusal);
	/* the edges: 0.8 ms blocks three passes, 1.2 ms one; 15 ms measured,
	 * 30 ms refused */
	engine(8000.0);
	run();
	CHECK(cap.tlb.passes == 3, "0.8 ms blocks: three passes (%u)", cap.tlb.passes);
	engine(12000.0);
	run();
	CHECK(cap.tlb.passes == 1, "1.2 ms blocks: one pass (%u)", cap.tlb.passes);
	engine(150000.0);
	run();
	CHECK(!cap.tlb.series[0].refused && cap.tlb.series[0].n > 0, "15 ms blocks: measured");
	engine(300000.0);
	run();
	CHECK(cap.tlb.series[0].refused, "30 ms blocks: refused (CS_TLB_BLOCK_MAX_NS %g)", CS_TLB_BLOCK_MAX_NS);
	/* a block floor for a fine clock: 100 quanta of 100 ns is under it
	 * (the fake clock moves twice the block asked for each reading) */
	engine(100.0);
	run();
	CHECK(cap.tlb.passes == 3 && cap.tlb.series[0].pts[0].block_ns == 100000.0,
	      "blocks of 50 us (CS_TLB_BLOCK_FLOOR_NS %g ns): the clock moved %g", CS_TLB_BLOCK_FLOOR_NS,
	      cap.tlb.series[0].pts[0].block_ns);
}

static void test_no_windows(void)
{
	engine(1.0);
	e.hooks.tlb.map = NULL;
	e.hooks.tlb.pool_pages = NULL;
	run();
	CHECK(cap.tlb.n_series == 0 && !cap.tlb.has_large && !cap.tlb.has_pool_pages && !cap.tlb.run_present,
	      "a program with no windows: no TLB member at all");
}

int main(void)
{
	window_mem = malloc(PAGES * 4096 + 4096);
	region = malloc(256 * 1024);
	CHECK(window_mem && region, "memory");
	if (!window_mem || !region)
		return cs_test_summary("tlb_run");
	window_mem = (unsigned char *)(((uintptr_t)window_mem + 4095) & ~(uintptr_t)4095);
	region = (unsigned char *)(((uintptr_t)region + 63) & ~(uintptr_t)63);
	test_passes();
	test_coarse();
	test_no_windows();
	CHECK(!steps_left, "every run whole in its first step, its event CS_EV_NONE");
	return cs_test_summary("tlb_run");
}
