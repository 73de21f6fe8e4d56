/* test_engine.c: the measurement engine (common/engine.h) on the host, with
 * clock_gettime for a clock and fake hooks for the rest: the size grid and
 * the plan; a run records every point, what it said, and a placement
 * refused (kept once, in its series, and written once from it); a clock
 * that never moves fails every point and says so; a sweep that cannot be
 * reduced leaves the adjacency probe out with its reason; and the other
 * processors' kinds driven through fake MP hooks (list, streamers, a run
 * on another processor) are recorded, written and reduced. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "../common/capture_write.h"
#include "../kinds/adjacency/adj_probe.h"
#include "../common/engine.h"
#include "../common/kinds.h"
#include "../common/services.h"
#include "../reduce/json.h"
#include "../reduce/kinds.h"
#include "../reduce/place.h"

CS_TEST_MAIN_DEFS;

#define MEM_BYTES (2u << 20)

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static struct cs_engine eng;
static struct cs_place_ctx place;
static char text[1 << 20], text2[1 << 18];
static unsigned char *mem;

/* What the engine said, in order. */
static enum cs_event_kind said[4096];
static unsigned n_said;
static char lines[1 << 16];
static struct cs_buf lines_b;

static uint64_t host_now(void *ctx)
{
	struct timespec ts;
	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t stuck_now(void *ctx)
{
	(void)ctx;
	return 42;
}

static double seconds(void *ctx)
{
	return (double)host_now(ctx) * 1e-9;
}

static void progress(void *ctx, const struct cs_event *e)
{
	(void)ctx;
	if (n_said < sizeof said / sizeof said[0])
		said[n_said++] = e->kind;
	cs_event_text(&lines_b, e);
}

static void no_flush(const void *p, uint64_t bytes)
{
	(void)p;
	(void)bytes;
}

/* A placer that refuses the first and the last placement and puts the
 * middle one at 8 KiB: the engine's recording, not the rule, under test. */
static int fake_reduce(void *ctx, const struct cs_capture *c, char *err, size_t errlen)
{
	(void)ctx;
	(void)c;
	(void)err;
	(void)errlen;
	return 0;
}

static int fake_place(void *ctx, enum cs_placement p, double align, double max_bytes,
		      double *f, struct cs_refusal *why)
{
	(void)ctx;
	(void)align;
	(void)max_bytes;
	if (p == CS_PLACE_MIDDLE) {
		*f = 8192;
		return 0;
	}
	strcpy(why->code, "placement-crosses-edge");
	strcpy(why->reason, p == CS_PLACE_FIRST ? "first refused by the test" : "last refused by the test");
	return -1;
}

static int failing_reduce(void *ctx, const struct cs_capture *c, char *err, size_t errlen)
{
	(void)ctx;
	(void)c;
	snprintf(err, errlen, "malformed by the test");
	return -1;
}

static void setup(uint64_t max)
{
	memset(&eng, 0, sizeof eng);
	cs_capture_init(&cap);
	eng.hooks.clk = (struct cs_probe_clock){ host_now, NULL, NULL, NULL, 1.0, 1.0 };
	eng.hooks.seconds = seconds;
	eng.hooks.mem = mem;
	eng.hooks.mem_bytes = MEM_BYTES;
	eng.hooks.flush = no_flush;
	eng.hooks.progress = progress;
	eng.hooks.placer = (struct cs_placer){ fake_reduce, fake_place, NULL, NULL };
	eng.plan.sweep_max = max;
	cs_plan_blocks(&eng.plan, 1, 1.0);
	eng.plan.seed = 7;
	n_said = 0;
	cs_buf_init(&lines_b, lines, sizeof lines);
}

static unsigned count(const char *hay, const char *needle)
{
	unsigned n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static void test_sizes(void)
{
	static const uint64_t maxes[] = { 8192, 65536, 100000, 64ull << 20, 512ull << 20 };
	uint64_t s[CS_MAX_SWEEP_POINTS];
	for (unsigned t = 0; t < sizeof maxes / sizeof maxes[0]; t++) {
		uint32_t n = cs_grid_sizes(maxes[t], s, CS_MAX_SWEEP_POINTS);
		int ok = n > 0 && s[0] == 4096;
		for (uint32_t i = 0; i < n; i++) {
			ok &= s[i] % 64 == 0 && s[i] <= maxes[t];
			if (i)
				ok &= s[i] > s[i - 1];
			/* four an octave: each size about twice the one four back */
			if (i >= 4)
				ok &= s[i] + 128 >= 2 * s[i - 4] && s[i] <= 2 * s[i - 4] + 128;
		}
		CHECK(ok, "max %llu: grid broken (%u sizes)", (unsigned long long)maxes[t], n);
	}
	CHECK(cs_grid_sizes(512ull << 20, s, CS_MAX_SWEEP_POINTS) == 69,
	      "4 KiB..512 MiB is 17 octaves of four, plus the top: %u",
	      cs_grid_sizes(512ull << 20, s, CS_MAX_SWEEP_POINTS));
	CHECK(cs_grid_sizes(512ull << 20, s, 10) == 10, "the cap on sizes is kept");
	CHECK(cs_grid_sizes(4095, s, CS_MAX_SWEEP_POINTS) == 0, "nothing under 4 KiB");
}

static void test_plan(void)
{
	struct cs_plan p;
	memset(&p, 0, sizeof p);
	cs_plan_blocks(&p, 1, 20.0);
	CHECK(p.blocks == CS_PLAN_QUICK_BLOCKS && p.min_block_ns == CS_PLAN_QUICK_FLOOR_NS,
	      "quick on a 20 ns clock: %u blocks of %g ns", p.blocks, p.min_block_ns);
	cs_plan_blocks(&p, 0, 20.0);
	CHECK(p.blocks == CS_PLAN_FULL_BLOCKS && p.min_block_ns == CS_PLAN_FULL_FLOOR_NS,
	      "full on a 20 ns clock: %u blocks of %g ns", p.blocks, p.min_block_ns);
	cs_plan_blocks(&p, 1, 4e6);
	CHECK(p.min_block_ns == CS_PLAN_BLOCK_QUANTA * 4e6,
	      "a 4 ms clock: blocks of %g quanta, %g ns", CS_PLAN_BLOCK_QUANTA, p.min_block_ns);
}

static void test_run(void)
{
	uint64_t s[CS_MAX_SWEEP_POINTS];
	uint32_t n = cs_grid_sizes(32768, s, CS_MAX_SWEEP_POINTS), ok = 1;
	struct cs_buf b;

	setup(32768);
	cs_engine_run(&eng, &cap);
	CHECK(cap.n_points == n && cap.run.present && cap.run.failed_points == 0,
	      "every size measured: %u of %u, %u failed", cap.n_points, n, cap.run.failed_points);
	for (uint32_t i = 0; i < cap.n_points; i++)
		ok &= cap.points[i].bytes == (double)s[i] && cap.points[i].ns > 0 &&
		      cap.points[i].block_ns >= eng.plan.min_block_ns &&
		      cap.run.median_ns[i] >= cap.points[i].ns && cap.run.loads[i] > 0;
	CHECK(ok, "points on the grid, blocks long enough, medians and loads recorded");
	CHECK(n_said > n + 4 && said[0] == CS_EV_SWEEP && said[1] == CS_EV_POINT &&
	      said[n] == CS_EV_POINT && said[n + 1] == CS_EV_ADJ_BEGIN,
	      "said: the sweep, a point at a time, then the adjacency probe (%u events)", n_said);
	CHECK(cap.n_adj == 3 && cap.adj[0].refused && !cap.adj[1].refused && cap.adj[2].refused &&
	      cap.adj[1].n == cs_adj_ruler_len && cap.adj[0].n == 0,
	      "two placements refused, kept as series with no points; one measured over the ruler");
	CHECK(!strcmp(cap.adj[0].refusal_code, "placement-crosses-edge") &&
	      !strcmp(cap.adj[2].refusal_reason, "last refused by the test"), "the refusals as given");
	CHECK(count(lines, "first refused by the test") == 1 && strstr(lines, "  adjacency first  refused"),
	      "each refusal said once: %s", lines);
	CHECK(cap.exp.has_single && cap.exp.has_stride && cap.exp.has_random,
	      "seed 003's experiments ran in the region");
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0, "the capture is written");
	CHECK(count(text, "\"sweep_detail\"") == 1 && count(text, "\"failed_points\": 0") == 1 &&
	      count(text, "\"adjacency_probe\"") == 1 && !strstr(text, "\"processors\""),
	      "the engine's records written once; no processors member without MP hooks");
	CHECK(count(text, "\"placement\": \"last\"") == 2 && count(text, "last refused by the test") == 2,
	      "the refusal written from its series: in the series and in adjacency_probe's list");
}

/* The same run a step at a time, as the page drives it (no progress
 * hook): each call returns one thing to show, in the order the blocking
 * run says them, and leaves the same capture. */
static void test_steps(void)
{
	uint64_t s[CS_MAX_SWEEP_POINTS];
	uint32_t n = cs_grid_sizes(32768, s, CS_MAX_SWEEP_POINTS), steps = 0, pts = 0, adj = 0;
	enum cs_event_kind k[256];
	struct cs_event ev;
	int ok = 1;

	setup(32768);
	eng.hooks.progress = NULL;
	cs_engine_begin(&eng, &cap);
	while (steps < 256 && cs_engine_step(&eng, &cap, &ev)) {
		k[steps++] = ev.kind;
		ok &= ev.kind != CS_EV_NONE;
		if (ev.kind == CS_EV_POINT)
			ok &= ev.i == pts++ && ev.n == n && ev.pr && ev.bytes == s[ev.i] &&
			      cap.n_points == pts && ev.seconds > 0;
		if (ev.kind == CS_EV_ADJ_POINT)
			ok &= ev.about == &cap.adj[1] && ev.i == adj++ &&
			      cap.adj[1].n == adj && ev.bytes == cs_adj_ruler[ev.i];
	}
	CHECK(ok && ev.kind == CS_EV_NONE, "every step had something to show, points and distances in order");
	CHECK(steps == n + 7 + cs_adj_ruler_len && k[0] == CS_EV_SWEEP && k[n] == CS_EV_POINT &&
	      k[n + 1] == CS_EV_ADJ_BEGIN && k[n + 2] == CS_EV_ADJ_REFUSED &&
	      k[n + 3] == CS_EV_ADJ_PLACED && k[n + 4] == CS_EV_ADJ_POINT &&
	      k[n + 4 + cs_adj_ruler_len] == CS_EV_ADJ_SERIES &&
	      k[n + 5 + cs_adj_ruler_len] == CS_EV_ADJ_REFUSED &&
	      k[n + 6 + cs_adj_ruler_len] == CS_EV_EXP_DONE,
	      "a step a point, a placement, a distance, the experiments whole (%u steps)", steps);
	CHECK(cap.n_points == n && cap.n_adj == 3 && cap.adj[1].n == cs_adj_ruler_len &&
	      cap.adj[0].refused && cap.adj[2].refused && cap.exp.has_single && cap.run.present &&
	      cap.run.sweep_s > 0 && cap.run.adj_s > 0 && cap.run.adj_block_ns[1] > 0,
	      "the capture the blocking run leaves");
	CHECK(!cs_engine_step(&eng, &cap, &ev) && ev.kind == CS_EV_NONE, "over: it stays over");
}

static void test_failures(void)
{
	uint64_t s[CS_MAX_SWEEP_POINTS];
	uint32_t n = cs_grid_sizes(16384, s, CS_MAX_SWEEP_POINTS);
	setup(16384);
	eng.hooks.clk.now = stuck_now;
	cs_engine_run(&eng, &cap);
	CHECK(cap.n_points == 0 && cap.run.failed_points == n,
	      "a clock that never moves: every point failed (%u failed)", cap.run.failed_points);
	CHECK(strstr(lines, "bytes: not measured (the clock did not move)"), "and it is said");
	setup(16384);
	eng.hooks.placer.reduce = failing_reduce;
	cs_engine_run(&eng, &cap);
	CHECK(cap.n_adj == 0 && !strcmp(cap.run.adj_not_run, "the sweep could not be reduced: malformed by the test"),
	      "no adjacency probe, and why: '%s'", cap.run.adj_not_run);
	struct cs_buf b;
	cs_buf_init(&b, text, sizeof text);
	cs_capture_write(&b, &cap, NULL, NULL);
	CHECK(strstr(text, "\"not_run\": \"the sweep could not be reduced: malformed by the test\""),
	      "the adjacency status is recorded in the capture");
}

/* Fake MP services: four processors, #0 the boot one; every one the same
 * kind; #3 will not start; a run on another processor runs here. */
static uint32_t started, runs_on;

static void fake_list(void *ctx, struct cs_mp *mp)
{
	(void)ctx;
	mp->total = mp->enabled = mp->n_procs = 4;
	mp->bsp = 0;
	for (uint32_t i = 0; i < 4; i++)
		mp->procs[i] = (struct cs_mp_proc){ i, 0, i, 0, i == 0, 1 };
}

static int fake_ident(void *ctx, uint32_t proc, struct cs_proc_ident *out)
{
	(void)ctx;
	(void)proc;
	out->core_type = 0x40;
	out->cache_sig = 0x1234;
	return 0;
}

static int fake_start(void *ctx, uint32_t proc, uint64_t want, uint64_t *got,
		      char *why, size_t whylen)
{
	(void)ctx;
	if (proc == 3) {
		snprintf(why, whylen, "would not start: skipped");
		return -1;
	}
	*got = want / 2;
	started++;
	return 0;
}

static void fake_wait(void *ctx)
{
	(void)ctx;
}

static void fake_stop(void *ctx, uint64_t *passes, int *stopped)
{
	(void)ctx;
	for (uint32_t i = 0; i < started; i++) {
		passes[i] = 10 + i;
		stopped[i] = 1;
	}
}

static int fake_run_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg)
{
	(void)ctx;
	(void)proc;
	runs_on++;
	fn(arg);
	return 0;
}

static void test_mp(void)
{
	struct cs_buf b;
	char err[256];
	setup(16384);
	eng.hooks.mp = (struct cs_mp_hooks){ fake_list, fake_ident, fake_start, fake_wait,
					     fake_stop, fake_run_on, NULL };
	eng.plan.competitors = 3;
	eng.plan.kinds_on_ap = 1;
	started = runs_on = 0;
	cs_engine_run(&eng, &cap);
	CHECK(cap.mp.has_processors && cap.mp.n_procs == 4 && strstr(lines, "processors: 4 (4 enabled), boot processor #0"),
	      "the processors listed and said");
	CHECK(cap.mp.has_competitor && cap.mp.threads == 2 && cap.mp.requested == 3 &&
	      cap.mp.comp_procs[0] == 1 && cap.mp.comp_procs[1] == 2 && cap.mp.stopped_clean &&
	      cap.mp.passes[1] == 11 && cap.mp.comp.n_points == cap.n_points,
	      "the competitor: two of three started (#3 would not), its sweep on the main sizes");
	CHECK(strstr(lines, "competitor: processor #3 would not start: skipped") &&
	      strstr(lines, "competitor sweep: 2 processors (#1, #2) streaming through"),
	      "and said: %s", lines);
	CHECK(cap.mp.n_kinds == 1 && !strcmp(cap.mp.kinds[0].kind, "all") && runs_on == 1 &&
	      cap.mp.kinds[0].has_sweep && cap.mp.kinds[0].swept_on == 1 &&
	      cap.mp.kinds[0].sweep.n_points == cap.n_points,
	      "one kind of core, swept on another processor (kinds=ap)");
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0 && count(text, "\"competitor\": {") == 1 &&
	      count(text, "\"cores\": [") == 1 && strstr(text, "\"passes\": [10,11]") &&
	      strstr(text, "\"how\": \"swept on an application processor\""),
	      "processors, competitor and cores written from the capture alone");
	CHECK(cs_reduce_capture(&cap, &work, &res, err, sizeof err) == 0 && res.mp.has_competitor &&
	      res.mp.cmp.threads == 2 && res.mp.n_kinds == 1 && res.mp.kinds[0].swept,
	      "every kind reduced once into the result: %s", err);
}

/* The same kinds on a host's services (kinds/mp/mp_platform.c): three
 * processors, #1 the caller's; a start on #2 refused; every started one
 * returns at once; pages counted out and back. */
static int svc_pages_out, svc_started, svc_runs;

static int svc_procs(void *ctx, struct cs_svc_proc *out, uint32_t max, uint32_t *n, uint32_t *total,
		     uint32_t *enabled, uint32_t *self, char *why, size_t whylen)
{
	(void)ctx;
	(void)why;
	(void)whylen;
	*total = *enabled = 3;
	*self = 1;
	for (*n = 0; *n < 3 && *n < max; (*n)++)
		out[*n] = (struct cs_svc_proc){ *n, 0, *n, 0, *n == 1, 1 };
	return 0;
}

static int svc_procs_none(void *ctx, struct cs_svc_proc *out, uint32_t max, uint32_t *n, uint32_t *total,
			  uint32_t *enabled, uint32_t *self, char *why, size_t whylen)
{
	(void)ctx, (void)out, (void)max, (void)n, (void)total, (void)enabled, (void)self;
	snprintf(why, whylen, "no MP services here");
	return -1;
}

static int svc_ident(void *ctx, uint32_t proc, struct cs_proc_ident *out)
{
	(void)ctx;
	out->core_type = proc == 0 ? 0x20 : 0x40;
	out->cache_sig = 7;
	return 0;
}

static int svc_run_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg, uint64_t timeout_us)
{
	(void)ctx;
	(void)proc;
	(void)timeout_us;
	svc_runs++;
	fn(arg);
	return 0;
}

static int svc_start_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg, uint64_t timeout_us,
			uint32_t *slot)
{
	(void)ctx, (void)fn, (void)arg, (void)timeout_us;
	if (proc == 2)
		return -1;
	*slot = (uint32_t)svc_started++;
	return 0;
}

static int svc_returned(void *ctx, uint32_t slot)
{
	(void)ctx;
	(void)slot;
	return 1;
}

static void *svc_pages(void *ctx, uint64_t bytes)
{
	(void)ctx;
	svc_pages_out++;
	return calloc(1, bytes);
}

static void svc_pages_free(void *ctx, void *p, uint64_t bytes)
{
	(void)ctx;
	(void)bytes;
	svc_pages_out--;
	free(p);
}

static void svc_stall(void *ctx, uint32_t us)
{
	(void)ctx;
	(void)us;
}

static void test_mp_services(void)
{
	struct cs_services svc;
	setup(16384);
	memset(&svc, 0, sizeof svc);
	svc.procs = svc_procs;
	svc.proc_ident = svc_ident;
	svc.run_on = svc_run_on;
	svc.start_on = svc_start_on;
	svc.returned = svc_returned;
	svc.pages = svc_pages;
	svc.pages_free = svc_pages_free;
	svc.stall = svc_stall;
	eng.hooks.svc = &svc;
	eng.plan.competitors = 2;
	eng.plan.kinds_on_ap = 0;
	svc_pages_out = svc_started = svc_runs = 0;
	cs_engine_run(&eng, &cap);
	CHECK(cap.mp.has_processors && cap.mp.n_procs == 3 && cap.mp.bsp == 1 && cap.mp.procs[1].bsp &&
	      strstr(lines, "processors: 3 (3 enabled), boot processor #1"),
	      "the host's processors listed: %s", lines);
	CHECK(cap.mp.has_competitor && cap.mp.threads == 1 && cap.mp.comp_procs[0] == 0 &&
	      cap.mp.stopped_clean && strstr(lines, "competitor: processor #2 would not start: skipped") &&
	      svc_pages_out == 0,
	      "the competitor on #0 (#2 refused), its pages given back (%d out)", svc_pages_out);
	CHECK(cap.mp.n_kinds == 2 && svc_runs == 1 && cap.mp.kinds[0].swept_on == 0 &&
	      cap.mp.kinds[1].swept_on == 1,
	      "two kinds of core, the caller's by the main sweep, the other on its processor (%u kinds, %d runs)", cap.mp.n_kinds,
	      svc_runs);
	setup(16384);
	memset(&svc, 0, sizeof svc);
	svc.procs = svc_procs_none;
	eng.hooks.svc = &svc;
	eng.plan.competitors = 2;
	cs_engine_run(&eng, &cap);
	CHECK(cap.mp.has_processors && cap.mp.processors_null &&
	      !strcmp(cap.mp.processors_reason, "no MP services here") && !cap.mp.has_competitor &&
	      strstr(lines, "competitors=2: not run (no MP services)"),
	      "no list: the member null with the host's reason, the competitor not run");
	memset(&svc, 0, sizeof svc);
	setup(16384);
	eng.hooks.svc = &svc;
	cs_engine_run(&eng, &cap);
	CHECK(!cap.mp.has_processors, "a host without the service: no processors member");
}

/* Counts the placer's reductions, passing them on to the reducer's. */
static unsigned n_live;
static int (*place_reduce)(void *ctx, const struct cs_capture *c, char *err, size_t errlen);
static int counting_reduce(void *ctx, const struct cs_capture *c, char *err, size_t errlen)
{
	n_live++;
	return place_reduce(ctx, c, err, errlen);
}

/* The report and reduce --json of r, into out. */
static void both(char *out, size_t len, const struct cs_result *r)
{
	struct cs_buf b;
	cs_buf_init(&b, out, len);
	cs_report_text(&b, &cap, r);
	cs_result_json_write(&b, &cap, r);
}

/* With the reducer's own placer, the sweep is reduced once a run, while it
 * is measured; the capture's reduction goes on from there, and is the one
 * a reader of the capture makes from scratch. */
static void test_reduce_once(void)
{
	static struct cs_work w2;
	static struct cs_result r2;
	char err[256];

	setup(65536);
	cs_placer_init(&eng.hooks.placer, &place, &work, &res);
	place_reduce = eng.hooks.placer.reduce;
	eng.hooks.placer.reduce = counting_reduce;
	n_live = 0;
	cs_engine_run(&eng, &cap);
	CHECK(n_live == 1 && place.rows == CS_KIND_ADJACENCY && place.c == &cap,
	      "the sweep's rows reduced once, live (%u, %u rows)", n_live, place.rows);
	CHECK(cs_place_reduce_rest(&place, &cap, err, sizeof err) == 0 && place.rows == 0,
	      "the rest of the capture's rows added: %s", err);
	both(text, sizeof text, &res);
	CHECK(cs_reduce_capture(&cap, &w2, &r2, err, sizeof err) == 0, "reduced from scratch: %s", err);
	both(text2, sizeof text2, &r2);
	CHECK(!strcmp(text, text2) && res.n_adj == cap.n_adj && res.n_refusals == r2.n_refusals,
	      "the same report and JSON as a reader's reduction:\n%s\n---\n%s", text, text2);
	CHECK(cs_place_reduce_rest(&place, &cap, err, sizeof err) == 0 &&
	      res.n_refusals == r2.n_refusals, "a second call reduces it whole, refusals not doubled");
	cap.n_points--;
	place.rows = CS_KIND_ADJACENCY;
	CHECK(cs_place_reduce_rest(&place, &cap, err, sizeof err) == 0 && res.n_points == cap.n_points,
	      "a capture changed since is reduced whole");
}

/* The table is whole: every kind runs, and each has a reduction or is
 * reduced with the sweep (adjacency), and a report. */
static void test_table(void)
{
	static const char *const names[] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) name,
		CS_KINDS
#undef CS_KIND
	};
	CHECK(CS_KIND_COUNT == sizeof names / sizeof names[0] && CS_KIND_SWEEP == 0 &&
	      !strcmp(names[CS_KIND_ADJACENCY], "adjacency"), "%u kinds, the sweep first",
	      (unsigned)CS_KIND_COUNT);
}

/* The progress line's time left: never "0.0 s" while a point is left */
static void test_progress_left(void)
{
	static const struct { uint32_t i, n; double eta; const char *want; } rows[] = {
		{ 4, 57, 0.6, "  left ~0.6 s\n" },
		{ 54, 57, 0.04, "  left <0.1 s\n" },
		{ 54, 57, 0.0, "  left <0.1 s\n" },
		{ 56, 57, 0.0, "  sweep done\n" },
	};
	struct cs_point_result pr;
	memset(&pr, 0, sizeof pr);
	for (unsigned r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		char line[256];
		struct cs_buf b;
		struct cs_event e = { CS_EV_POINT, rows[r].i, rows[r].n, 32768, 0, 0, &pr, rows[r].eta, 0, 0, 0, 0, 0 };
		cs_buf_init(&b, line, sizeof line);
		cs_event_text(&b, &e);
		CHECK(strstr(line, rows[r].want) && !strstr(line, "~0.0 s"), "point %u of %u, eta %g: %s",
		      rows[r].i + 1, rows[r].n, rows[r].eta, line);
	}
}

/* The progress of a 57-point sweep in at most about a dozen lines (issue
 * 40): the first point, every fifth, the last; no line per point. */
static void test_progress_lines(void)
{
	struct cs_point_result pr;
	unsigned shown = 0, first = 0, last = 0;
	memset(&pr, 0, sizeof pr);
	for (uint32_t i = 0; i < 57; i++) {
		char line[256] = "";
		struct cs_buf b;
		struct cs_event e = { CS_EV_POINT, i, 57, 32768, 0, 0, &pr, 1.0, 0, 0, 0, 0, 0 };
		cs_buf_init(&b, line, sizeof line);
		cs_event_text(&b, &e);
		shown += b.len > 0;
		first += i == 0 && b.len > 0;
		last += i == 56 && strstr(line, "sweep done") != NULL;
	}
	CHECK(shown >= 10 && shown <= 14 && first && last,
	      "57 points said in %u lines (first %u, last %u), not one a point", shown, first, last);
}

/* plan.repeats: the whole sweep three times, later passes in their own
 * order (cs_repeat_slot, a permutation); every point has three figures,
 * its ns their median; said as one run of 3n points; written with
 * "repeats" and each point's repeats_ns. */
static void test_repeats(void)
{
	uint32_t n = cs_grid_sizes(32768, (uint64_t[CS_MAX_SWEEP_POINTS]){ 0 }, CS_MAX_SWEEP_POINTS);
	uint32_t ok = 1, points = 0;
	struct cs_buf b;
	for (uint32_t m = 1; m < 40; m++)
		for (uint32_t r = 0; r < 9; r++) {
			uint8_t seen[40] = { 0 };
			for (uint32_t k = 0; k < m; k++)
				seen[cs_repeat_slot(r, k, m, 9) % 40]++;
			for (uint32_t k = 0; k < m; k++)
				ok &= seen[k] == 1;
			ok &= r || cs_repeat_slot(0, m - 1, m, 9) == m - 1;
		}
	CHECK(ok, "each pass's order is a permutation of the sizes, the first ascending");
	CHECK(cs_repeat_slot(1, 0, 20, 5) == 15 && cs_repeat_slot(2, 0, 20, 5) == 8,
	      "pass 1 of 5 over 20 sizes starts 4 in, reversed (%u); pass 2 8 in (%u)",
	      cs_repeat_slot(1, 0, 20, 5), cs_repeat_slot(2, 0, 20, 5));
	setup(32768);
	eng.plan.repeats = 3;
	cs_engine_run(&eng, &cap);
	ok = cap.n_points == n && cap.rep.n == 3;
	for (uint32_t i = 0; i < cap.n_points; i++) {
		const double *v = cap.rep.ns[i];
		double lo = v[0] < v[1] ? v[0] : v[1], hi = v[0] < v[1] ? v[1] : v[0];
		double mid = v[2] < lo ? lo : v[2] > hi ? hi : v[2];
		ok &= v[0] > 0 && v[1] > 0 && v[2] > 0 && cap.points[i].ns == mid;
	}
	CHECK(ok, "%u of %u points, each with 3 figures and their median (rep.n %u)", cap.n_points,
	      n, cap.rep.n);
	for (unsigned i = 0; i < n_said; i++)
		points += said[i] == CS_EV_POINT;
	CHECK(points == 3 * n && count(lines, "sweep done") == 1,
	      "said: %u points for 3 passes of %u, one 'sweep done'", points, n);
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0 && count(text, "\"repeats_ns\"") == n &&
	      count(text, "\"repeats\": 3") == 1, /* the sweep's (the plan's is the producer's) */
	      "written: each point's repeats_ns and the sweep's repeats");
	setup(32768);
	eng.plan.repeats = 1;
	cs_engine_run(&eng, &cap);
	cs_buf_init(&b, text, sizeof text);
	CHECK(cap.rep.n == 0 && cs_capture_write(&b, &cap, NULL, NULL) == 0 &&
	      !strstr(text, "repeats"), "one pass: no repeats member");
}

int main(void)
{
	test_progress_left();
	test_progress_lines();
	mem = aligned_alloc(4096, MEM_BYTES);
	if (!mem)
		return 2;
	memset(mem, 0, MEM_BYTES);
	cs_placer_init(&eng.hooks.placer, &place, &work, &res); /* linked, as the programs do */
	test_sizes();
	test_plan();
	test_run();
	test_steps();
	test_failures();
	test_mp();
	test_mp_services();
	test_reduce_once();
	test_table();
	test_repeats();
	free(mem);
	return cs_test_summary("engine");
}
