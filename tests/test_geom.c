/* test_geom.c: the geometry kind's plan and run (kinds/geometry/geom_run.c)
 * on an engine with hooks of the test's own: a region of plain memory, a
 * clock that moves a fixed step each reading. The counts (2 x max(32, the
 * published ways)), the strides (line .. 16 MiB, two lines in the region),
 * the passes, the block floor, a clock too coarse, a program with no
 * memory of known address (refused with its reason), one with no hook (no
 * member), and the published geometry from recorded CPUID and CCSIDR. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/engine.h"
#include "../kinds/geometry/geom_kind.h"
#include "../decode/cpuid.h"
#include "../decode/armcache.h"

CS_TEST_MAIN_DEFS;

static unsigned char *region;
static uint64_t region_bytes, ticks, step, reads;
static int give, released;

static uint64_t fake_now(void *ctx)
{
	(void)ctx;
	reads++;
	return ticks += step;
}

static int fake_region(void *ctx, void **mem, uint64_t *bytes, uint64_t *span, char *memory, size_t memory_len,
		       char *how, size_t how_len, char *why, size_t why_len)
{
	(void)ctx;
	if (!give) {
		snprintf(why, why_len, "fake: no huge page");
		return -1;
	}
	*mem = region;
	*bytes = region_bytes;
	*span = 1ull << 40;
	snprintf(memory, memory_len, "identity");
	snprintf(how, how_len, "fake");
	return 0;
}

static void fake_release(void *ctx, void *mem, uint64_t bytes)
{
	(void)ctx;
	(void)mem;
	(void)bytes;
	released++;
}

static struct cs_engine e;
static struct cs_capture cap;

/* The engine over a clock of quantum q ns (1 ns a tick) that moves twice
 * the block the run asks for at each reading. */
static void engine(double q)
{
	double block = 100 * q > CS_GEOM_BLOCK_FLOOR_NS ? 100 * q : CS_GEOM_BLOCK_FLOOR_NS;
	memset(&e, 0, sizeof e);
	step = (uint64_t)(2 * block);
	e.plan.blocks = 9;
	e.plan.seed = 7;
	e.hooks.clk = (struct cs_probe_clock){ fake_now, NULL, NULL, NULL, 1.0, q };
	e.hooks.geom = (struct cs_geom_hooks){ fake_region, fake_release, NULL };
	cs_capture_init(&cap);
	give = 1;
	released = 0;
	reads = 0;
}

static void run(void)
{
	struct cs_event ev = { .kind = CS_EV_POINT };
	CHECK(cs_geom_run(&e, &cap, &ev) == 0 && ev.kind == CS_EV_NONE, "the kind runs whole in one step");
}

static void test_plan(void)
{
	uint64_t s[CS_GEOM_MAX_STRIDES];
	uint32_t k[CS_GEOM_MAX_STRIDES], n;
	struct cs_geom_capture g;
	memset(&g, 0, sizeof g);
	CHECK(cs_geom_counts_max(&g) == 64, "no published ways: 2 x 32 counts, got %u", cs_geom_counts_max(&g));
	g.n_published = 1;
	g.published[0] = (struct cs_geom_pub){ 3, CS_CACHE_UNIFIED, 40, 1024, 64 };
	CHECK(cs_geom_counts_max(&g) == 80, "40 published ways: 80 counts, got %u", cs_geom_counts_max(&g));
	g.published[0].ways = 100;
	CHECK(cs_geom_counts_max(&g) == CS_GEOM_MAX_COUNTS, "capped at CS_GEOM_MAX_COUNTS");
	n = cs_geom_plan(64, 1ull << 40, 64, s, k);
	CHECK(n == 19 && s[0] == 64 && s[n - 1] == (16u << 20) && k[n - 1] == 64,
	      "a large region: 64 B .. 16 MiB, 19 strides, got %u up to %llu", n, (unsigned long long)s[n - 1]);
	n = cs_geom_plan(64, 2u << 20, 64, s, k);
	CHECK(n == 15 && s[n - 1] == (1u << 20) && k[n - 1] == 2 && k[9] == 64 && k[10] == 32,
	      "2 MiB: up to 1 MiB (two lines), 32 lines at 64 KiB: %u strides, %u at the last", n, k[n - 1]);
}

static void test_run(void)
{
	uint64_t s[CS_GEOM_MAX_STRIDES];
	uint32_t k[CS_GEOM_MAX_STRIDES], n, points = 0;
	engine(1.0);
	region_bytes = 256 * 1024;
	run();
	n = cs_geom_plan(64, region_bytes, 64, s, k);
	for (uint32_t i = 0; i < n; i++)
		points += k[i];
	const struct cs_geom_capture *g = &cap.geom;
	/* a point reads the clock twice to size its block, twice a block */
	double blocks_seen = g->points ? ((double)reads / g->points - 2) / 2 : 0;
	CHECK(g->present && g->n_strides == n && !strcmp(g->memory, "identity") && released == 1,
	      "the table: %u strides of %u, memory %s, released %d", g->n_strides, n, g->memory, released);
	CHECK(g->passes == 2 && g->points == 2 * points, "2 passes (CS_GEOM_PASSES %d): %u points of %u",
	      CS_GEOM_PASSES, g->points, 2 * points);
	CHECK(g->strides[0].has_block && g->strides[0].block_ns == 20000.0,
	      "blocks of 10 us (CS_GEOM_BLOCK_FLOOR_NS %g): the clock moved %g", CS_GEOM_BLOCK_FLOOR_NS,
	      g->strides[0].block_ns);
	CHECK(blocks_seen == 3, "3 blocks a point (CS_GEOM_BLOCKS %d, the plan's 9): %g", CS_GEOM_BLOCKS, blocks_seen);
	int timed = 1;
	for (uint32_t i = 0; i < g->n_strides; i++)
		for (uint32_t j = 0; j < g->strides[i].n; j++)
			timed &= g->strides[i].ns[j] > 0;
	CHECK(timed, "every point timed");
	engine(1.0);
	e.plan.blocks = 3; /* a quick plan: one pass */
	run();
	CHECK(cap.geom.passes == 1 && cap.geom.points == points, "a quick plan: one pass, %u points",
	      cap.geom.points);
	/* 100 quanta of 40 us: 4 ms blocks, measured; of 60 us: 6 ms, refused */
	engine(40000.0);
	region_bytes = 8192;
	run();
	CHECK(cap.geom.n_strides > 0 && !cap.geom.refusal[0], "4 ms blocks: measured");
	engine(60000.0);
	run();
	CHECK(cap.geom.n_strides == 0 && strstr(cap.geom.refusal, "5 ms the geometry table allows (CS_GEOM_BLOCK_MAX_NS)") &&
		      !strcmp(cap.geom.memory, "identity"),
	      "6 ms blocks: refused (CS_GEOM_BLOCK_MAX_NS %g): %s", CS_GEOM_BLOCK_MAX_NS, cap.geom.refusal);
	engine(1.0);
	give = 0;
	run();
	CHECK(cap.geom.present && !strcmp(cap.geom.memory, "none") && !strcmp(cap.geom.refusal, "fake: no huge page"),
	      "no memory: refused with the program's reason: %s", cap.geom.refusal);
	engine(1.0);
	e.hooks.geom.region = NULL;
	run();
	CHECK(!cap.geom.present && !cap.geom.run_present, "no hook: no member at all");
}

static void test_published(void)
{
	struct cs_cpuid_dump d;
	struct cs_geom_capture g;
	struct cs_arm_regs a;
	memset(&d, 0, sizeof d);
	memset(&g, 0, sizeof g);
	/* AMD: TOPOEXT, 0x8000001D: L1d 8 ways 64 sets, L2 8 x 1024 */
	cs_cpuid_add(&d, 0x80000001u, 0, 0, 0, 1u << 22, 0);
	cs_cpuid_add(&d, 0x8000001du, 0, 0x21, (7u << 22) | 63, 63, 0);
	cs_cpuid_add(&d, 0x8000001du, 1, 0x43, (7u << 22) | 63, 1023, 0);
	CHECK(cs_geom_published_cpuid(&d, &g) == 2 && g.published[0].ways == 8 && g.published[0].sets == 64 &&
		      g.published[1].level == 2 && g.published[1].sets == 1024 &&
		      !strcmp(g.published_source, "cpuid-0x8000001d"),
	      "0x8000001D: %u caches, L1 %u x %u", g.n_published, g.published[0].ways, g.published[0].sets);
	/* ARM: CLIDR L1 split, CCSIDR L1d 4 ways 256 sets of 64 B */
	memset(&a, 0, sizeof a);
	a.clidr = 3;
	a.n_ccsidr = 1;
	a.ccsidr[0].csselr = cs_arm_csselr(1, 0);
	a.ccsidr[0].ccsidr = (255ull << 13) | (3ull << 3) | 2;
	CHECK(cs_geom_published_arm(&a, &g) == 1 && g.published[0].ways == 4 && g.published[0].sets == 256 &&
		      g.published[0].line_bytes == 64,
	      "CCSIDR: %u x %u of %u B", g.published[0].ways, g.published[0].sets, g.published[0].line_bytes);
}

int main(void)
{
	unsigned char *m = malloc(256 * 1024 + 64);
	CHECK(m != NULL, "memory");
	if (!m)
		return cs_test_summary("geom");
	region = (unsigned char *)(((uintptr_t)m + 63) & ~(uintptr_t)63);
	test_plan();
	test_run();
	test_published();
	free(m);
	return cs_test_summary("geom");
}
