/* test_bw_run.c: the bandwidth kind's run (kinds/bandwidth/bw_run.c,
 * bw_gang.c, bw_mlp.c) on the engine with this host's kernels (arch.h), a
 * clock from clock_gettime and a gang of threads: what it must fill in
 * struct cs_bw_capture (the contract with the writer, reader and
 * reduction: bw_capture.h), whatever the figures: four operations on one
 * processor in order, the grid's sizes (4 KiB first, 512-byte multiples,
 * increasing, copy's source at most half the region), positive times with
 * the minimum under the median and every block at least its floor; the
 * aggregate read on every processor of the gang on slices of the region;
 * no aggregate and its reason when no other processor starts; the member
 * null with its reason when the program has no kernels; the misses in
 * flight at the middle of each level the live reduction gives and at the
 * largest size, 1 to 16 chains. Host only (threads: mk/selftest.mk). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "../common/engine.h"
#include "../arch/arch.h"

CS_TEST_MAIN_DEFS;

#define MEM_BYTES (8u << 20)
static struct cs_engine eng;
static struct cs_capture cap;
static struct cs_bw_kernels kern;
static void *mem;

static uint64_t host_now(void *ctx)
{
	struct timespec ts;
	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double seconds(void *ctx)
{
	return (double)host_now(ctx) * 1e-9;
}

static uint32_t fake_levels(void *ctx, double *first, double *last, uint32_t cap_)
{
	(void)ctx;
	CHECK(cap_ >= 2, "room for two levels (%u)", cap_);
	first[0] = 4096, last[0] = 32768;    /* middle 11585: 11264 on the grain */
	first[1] = 65536, last[1] = 1 << 20; /* middle 262144 */
	return 2;
}

/* The gang: threads, as the host probe's (without pinning). */
static pthread_t th[8];
static uint32_t started, gang_want = 2, gang_give = 2;
struct targ { void (*fn)(void *, uint32_t); void *arg; uint32_t k; };
static struct targ targs[8];
static void *tmain(void *a) { struct targ *t = a; t->fn(t->arg, t->k); return NULL; }
static uint32_t g_count(void *ctx, char *why, size_t n)
{
	(void)ctx;
	snprintf(why, n, "the test offers %u", gang_want);
	return gang_want;
}
static uint32_t g_start(void *ctx, uint32_t n, void (*fn)(void *, uint32_t), void *arg, char *why,
			size_t whylen)
{
	(void)ctx;
	started = 0;
	for (uint32_t k = 1; k < n && k < gang_give && k < 8; k++) {
		targs[k] = (struct targ){ fn, arg, k };
		if (pthread_create(&th[k], NULL, tmain, &targs[k]) == 0)
			started++;
	}
	if (started + 1 < n)
		snprintf(why, whylen, "the test started %u", started);
	return started;
}
static int g_join(void *ctx)
{
	(void)ctx;
	for (uint32_t k = 1; k <= started; k++)
		pthread_join(th[k], NULL);
	return 0;
}

static void setup(uint64_t max)
{
	memset(&eng, 0, sizeof eng);
	cs_capture_init(&cap);
	eng.hooks.clk = (struct cs_probe_clock){ host_now, NULL, NULL, NULL, 1.0, 1.0 };
	eng.hooks.seconds = seconds;
	eng.hooks.mem = mem;
	eng.hooks.mem_bytes = MEM_BYTES;
	eng.hooks.placer.levels = fake_levels;
	eng.hooks.bw = (struct cs_bw_hooks){ .kernels = &kern, .gang_count = g_count,
					     .gang_start = g_start, .gang_join = g_join };
	eng.plan.sweep_max = max;
	cs_plan_blocks(&eng.plan, 1, 1.0);
	eng.plan.seed = 7;
}

static void check_series(const struct cs_bw_series *s, uint64_t max, double floor_ns)
{
	int ok = s->n > 0 && s->pts[0].bytes == 4096;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct cs_bw_point *p = &s->pts[i];
		ok &= (uint64_t)p->bytes % CS_BW_CHUNK == 0 && p->bytes <= (double)max;
		ok &= i == 0 || p->bytes > s->pts[i - 1].bytes;
		ok &= p->ns_per_byte > 0 && p->ns_per_byte_min > 0 && p->ns_per_byte_min <= p->ns_per_byte;
		ok &= p->has_block && p->block_ns >= floor_ns;
	}
	CHECK(ok, "series %d x%u: %u points on the grid, timed, blocks >= %g ns", s->op, s->threads,
	      s->n, floor_ns);
	CHECK(s->bytes_per_byte_touched == (s->op == CS_BW_COPY ? 2.0 : 1.0), "op %d convention", s->op);
	CHECK(strcmp(s->kernel, kern.name) == 0 && s->vector_bytes == kern.vector_bytes,
	      "op %d names the kernel", s->op);
}

static void test_run(void)
{
	struct cs_event ev;
	const struct cs_bw_capture *b = &cap.bw;
	setup(1u << 20);
	cs_bw_run(&eng, &cap, &ev);
	CHECK(b->present && !b->null && b->run_present, "measured");
	CHECK(strcmp(b->vector_note, kern.note) == 0, "the kernels' note kept");
	CHECK(b->n_series == 5, "four operations and the aggregate (%u)", b->n_series);
	for (uint32_t i = 0; i < 4 && i < b->n_series; i++) {
		CHECK(b->series[i].op == (enum cs_bw_op)i && b->series[i].threads == 1 && !b->series[i].refused,
		      "series %u: op %u on one processor", i, i);
		check_series(&b->series[i], i == CS_BW_COPY ? (MEM_BYTES / 2) : (1u << 20), b->block_floor_ns);
	}
	CHECK(b->series[2].pts[b->series[2].n - 1].bytes <= MEM_BYTES / 2, "copy's source fits twice");
	CHECK(b->series[0].pts[b->series[0].n - 1].bytes == 1u << 20, "read reaches the max");
	if (b->n_series == 5) {
		CHECK(b->series[4].op == CS_BW_READ && b->series[4].threads == 2, "the aggregate on 2");
		check_series(&b->series[4], MEM_BYTES / 2, b->block_floor_ns);
	}
	CHECK(b->all_cores_asked == 2 && b->all_cores_note[0] == 0, "2 offered, both ran");
	CHECK(b->mlp_present && !b->mlp_null && b->n_mlp == 3, "three sizes chased (%u)", b->n_mlp);
	CHECK(b->mlp[0].bytes == 11264 && b->mlp[1].bytes == 262144 && b->mlp[2].bytes == 1u << 20,
	      "inside each level and the largest: %g %g %g", b->mlp[0].bytes, b->mlp[1].bytes, b->mlp[2].bytes);
	for (uint32_t i = 0; i < b->n_mlp; i++) {
		int ok = b->mlp[i].n == 5;
		for (uint32_t j = 0; j < b->mlp[i].n; j++)
			ok &= b->mlp[i].chains[j] == 1u << j && b->mlp[i].ns[j] > 0;
		CHECK(ok, "size %u: 1, 2, 4, 8, 16 chains, each timed", i);
	}
	CHECK(b->run_s > 0 && b->mlp_s > 0 && b->blocks == eng.plan.blocks, "the record's figures");
}

static void test_no_gang(void)
{
	struct cs_event ev;
	setup(64u << 10);
	gang_give = 1; /* none starts */
	cs_bw_run(&eng, &cap, &ev);
	CHECK(cap.bw.n_series == 4, "no aggregate series when no other processor starts");
	CHECK(strstr(cap.bw.all_cores_note, "no other processor started") != NULL, "and why: %s",
	      cap.bw.all_cores_note);
	gang_want = 3, gang_give = 2; /* one of two others asked */
	cs_bw_run(&eng, &cap, &ev);
	CHECK(cap.bw.n_series == 5 && cap.bw.series[4].threads == 2, "fewer ran: the aggregate on 2");
	CHECK(strstr(cap.bw.all_cores_note, "fewer processors than asked") != NULL, "and said: %s",
	      cap.bw.all_cores_note);
	gang_want = gang_give = 2;
	eng.hooks.bw.gang_count = NULL;
	cs_bw_run(&eng, &cap, &ev);
	CHECK(cap.bw.n_series == 4 && strstr(cap.bw.all_cores_note, "one processor") != NULL,
	      "no gang hooks: one processor, said");
}

static void test_off(void)
{
	struct cs_event ev;
	setup(64u << 10);
	eng.hooks.bw.kernels = NULL;
	cs_bw_run(&eng, &cap, &ev);
	CHECK(cap.bw.present && cap.bw.null && cap.bw.why[0], "no kernels: null, with why");
	setup(64u << 10);
	eng.hooks.bw.off = "bandwidth=off in the test";
	cs_bw_run(&eng, &cap, &ev);
	CHECK(cap.bw.null && strcmp(cap.bw.why, "bandwidth=off in the test") == 0, "off: its reason");
	setup(64u << 10);
	eng.hooks.bw.max_bytes = 16384;
	cs_bw_run(&eng, &cap, &ev);
	CHECK(cap.bw.series[0].pts[cap.bw.series[0].n - 1].bytes <= 16384 &&
	      cap.bw.mlp[cap.bw.n_mlp - 1].bytes <= 16384, "max_bytes bounds the series and the chase");
}

int main(void)
{
	if (posix_memalign(&mem, 2u << 20, MEM_BYTES) != 0)
		return 1;
	memset(mem, 1, MEM_BYTES);
	CHECK(cs_bw_kernels_select(&kern, 0, NULL) == 0, "kernels");
	test_run();
	test_no_gang();
	test_off();
	free(mem);
	return cs_test_summary("test_bw_run");
}
