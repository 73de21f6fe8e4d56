/* test_experiments: seed 003's experiments. The reductions on series built
 * with known answers (periods of 32, 64 and 128 bytes; no period; a coarse
 * clock; flat, breaking and bumpy stride curves; random against fixed),
 * each threshold of kinds/experiments/rules_experiments.h with a row on either side;
 * then the kernels on a counting clock, and the capture member written,
 * read back, refused when malformed, and reduced to JSON. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/capture_write.h"
#include "../kinds/experiments/experiments.h"
#include "../common/probe.h"
#include "../kinds/experiments/exp_reduce.h"
#include "../kinds/experiments/rules_experiments.h"
#include "../host/cmd/json_result.h"
#include "../host/reader.h"

CS_TEST_MAIN_DEFS;

static struct cs_experiments x;
static struct cs_exp_result r;
static struct cs_exp_series_result sr;

/* n accesses of 'base' ticks, 'slow' ticks every 'period' from 'phase'. */
static void series(struct cs_exp_single *s, uint32_t stride, uint32_t n,
		   uint32_t period, uint32_t phase, uint32_t base, uint32_t slow)
{
	s->stride_bytes = stride;
	s->n = n;
	for (uint32_t i = 0; i < n; i++)
		s->ticks[i] = period && i % period == phase ? slow : base;
}

static void single2(uint32_t p1, uint32_t p8, double quantum)
{
	memset(&x, 0, sizeof x);
	x.has_single = 1;
	x.ns_per_tick = 1.0;
	x.quantum_ns = quantum;
	x.n_single = 2;
	series(&x.single[0], 1, 1024, p1, 0, 50, 400);
	series(&x.single[1], 8, 1024, p8, 0, 50, 400);
	cs_exp_reduce(&x, &r);
}

static void test_periods(void)
{
	static const uint32_t lines[] = { 32, 64, 128 };
	for (int i = 0; i < 3; i++) {
		single2(lines[i], lines[i] / 8, 1.0);
		CHECK(r.has_line && r.line_bytes == lines[i] && !r.single_refused,
		      "line %u: got %g (%s)", lines[i], r.line_bytes, r.single_refusal.reason);
		CHECK(r.series[0].period == lines[i] && r.series[1].period == lines[i] / 8,
		      "line %u: periods %u %u", lines[i], r.series[0].period, r.series[1].period);
	}
	/* a phase other than 0 changes nothing */
	series(&x.single[0], 1, 1024, 64, 17, 50, 400);
	cs_exp_reduce_series(&x.single[0], 1.0, 1.0, &sr);
	CHECK(sr.accepted && sr.period == 64, "phase 17: period %u", sr.period);
	/* one series refused, the other enough */
	single2(64, 0, 1.0);
	CHECK(r.has_line && r.line_bytes == 64, "stride 8 flat: line from stride 1 (%g)", r.line_bytes);
	CHECK(r.series[1].refusal.code[0] && !r.series[1].accepted, "stride 8 refused alone");
	/* the two strides disagree */
	single2(64, 16, 1.0);
	CHECK(!r.has_line && r.single_refused &&
	      !strcmp(r.single_refusal.code, CS_R_EXP_DISAGREE), "64 vs 128: %s", r.single_refusal.code);
}

static void test_no_period(void)
{
	single2(0, 0, 1.0); /* every access alike: a prefetcher hid them all */
	CHECK(!r.has_line && !strcmp(r.single_refusal.code, CS_R_EXP_NO_PERIOD),
	      "flat series: %s", r.single_refusal.code);
	CHECK(strstr(r.single_refusal.reason, "prefetcher") != NULL, "reason: %s",
	      r.single_refusal.reason);
	/* slow accesses scattered with no period */
	struct cs_rng g;
	cs_rng_seed(&g, 3);
	series(&x.single[0], 1, 1024, 0, 0, 50, 400);
	for (int k = 0; k < 40; k++)
		x.single[0].ticks[cs_rng_below(&g, 1024)] = 400;
	cs_exp_reduce_series(&x.single[0], 1.0, 1.0, &sr);
	CHECK(!sr.accepted && !strcmp(sr.refusal.code, CS_R_EXP_NO_PERIOD),
	      "scattered: period %u score %.2f", sr.period, sr.score);
}

/* E1 clock: a miss of CS_EXP_MISS_NS must span CS_EXP_MISS_MIN_QUANTA steps */
static void test_coarse_clock(void)
{
	single2(64, 8, 29.9);
	CHECK(r.has_line && r.line_bytes == 64, "quantum 29.9 ns: %s", r.single_refusal.reason);
	single2(64, 8, 30.1);
	CHECK(!r.has_line && !strcmp(r.single_refusal.code, CS_R_EXP_CLOCK),
	      "quantum 30.1 ns: %s", r.single_refusal.code);
	single2(64, 8, 41.7); /* a 24 MHz generic timer */
	CHECK(!strcmp(r.single_refusal.code, CS_R_EXP_CLOCK) &&
	      strstr(r.single_refusal.reason, "41.7") != NULL, "24 MHz: %s", r.single_refusal.reason);
}

static int period_of(uint32_t base, uint32_t slow, double quantum, uint32_t n,
		     uint32_t period)
{
	struct cs_exp_single s;
	series(&s, 1, n, period, 0, base, slow);
	cs_exp_reduce_series(&s, 1.0, quantum, &sr);
	return sr.accepted ? (int)sr.period : -1;
}

static void test_thresholds(void)
{
	/* CS_EXP_SLOW_RATIO 2.0: 199 vs 201 over a median of 100 */
	CHECK(period_of(100, 199, 1.0, 1024, 64) == -1, "1.99x the median is not slow");
	CHECK(period_of(100, 201, 1.0, 1024, 64) == 64, "2.01x the median is slow");
	/* CS_EXP_SLOW_MIN_QUANTA 2.0: 20 ns above the median, quanta of 9.9/10.1 */
	CHECK(period_of(10, 30, 9.9, 1024, 64) == 64, "2.02 quanta above is slow");
	CHECK(period_of(10, 30, 10.1, 1024, 64) == -1, "1.98 quanta above is not");
	/* CS_EXP_MIN_SLOW 4: three or four slow accesses 256 apart */
	CHECK(period_of(50, 400, 1.0, 768, 256) == -1, "3 slow: refused (%s)", sr.refusal.code);
	CHECK(!strcmp(sr.refusal.code, CS_R_EXP_NO_PERIOD), "3 slow: no-period");
	CHECK(period_of(50, 400, 1.0, 1024, 256) == 256, "4 slow: period 256");
	/* CS_EXP_MIN_PERIODS 3: a period of n/3 is a candidate */
	CHECK(period_of(50, 400, 1.0, 1024, 341) == 341, "period 341 of 1024 (%u)", sr.period);
	/* CS_EXP_PERIOD_MIN_SCORE 0.7: 16 periodic slow accesses and k
	 * strays score 16/(16+k): k = 6 -> 0.727, k = 7 -> 0.696 */
	for (uint32_t k = 6; k <= 7; k++) {
		struct cs_exp_single s;
		series(&s, 1, 1024, 64, 0, 50, 400);
		for (uint32_t j = 0; j < k; j++)
			s.ticks[64 * j + 10 + 7 * j] = 400;
		cs_exp_reduce_series(&s, 1.0, 1.0, &sr);
		CHECK(sr.period == 64 && sr.accepted == (k == 6),
		      "k %u: period %u score %.3f accepted %d", k, sr.period, sr.score, sr.accepted);
	}
}

static void stride_curve(const double *ns, uint32_t n)
{
	memset(&x, 0, sizeof x);
	x.has_stride = 1;
	x.n_stride = n;
	for (uint32_t i = 0; i < n; i++) {
		x.stride[i].stride_bytes = 64.0 * (i + 1);
		x.stride[i].ns = ns[i];
	}
	cs_exp_reduce(&x, &r);
}

static void stride_curve_q(const double *ns, uint32_t n, double quantum)
{
	stride_curve(ns, n);
	x.quantum_ns = quantum;
	cs_exp_reduce(&x, &r);
}

static void test_stride(void)
{
	static const double flat[] = { 20, 21, 25, 29.9, 22, 20 };
	static const double last[] = { 20, 21, 25, 22, 22, 30.1 };
	static const double brk[] = { 20, 22, 21, 40, 45, 50 };
	static const double bump[] = { 20, 40, 20, 20, 21, 20 };
	static const double zero[] = { 20, 0, 20, 20 };
	stride_curve(flat, 6);
	CHECK(r.has_stride && !r.stride_refused && r.flat && !r.has_break, "flat (1.495x)");
	stride_curve(last, 6);
	CHECK(!r.flat && r.has_break && r.break_bytes == 384, "1.505x at the end: breaks at %g", r.break_bytes);
	stride_curve(brk, 6);
	CHECK(!r.flat && r.has_break && r.break_bytes == 256, "breaks at 256 (%g)", r.break_bytes);
	stride_curve(bump, 6);
	CHECK(!r.flat && !r.has_break && r.worst_bytes == 128, "a bump: not flat, no break");
	/* CS_EXP_STRIDE_MIN_POINTS 4 */
	stride_curve(flat, 3);
	CHECK(r.stride_refused && !strcmp(r.stride_refusal.code, CS_R_EXP_FEW_STRIDES), "3 strides refused");
	stride_curve(flat, 4);
	CHECK(!r.stride_refused && r.flat, "4 strides reduced");
	stride_curve(zero, 4);
	CHECK(r.stride_refused && !strcmp(r.stride_refusal.code, CS_R_EXP_CLOCK), "a 0 ns average: %s",
	      r.stride_refusal.code);
	/* CS_EXP_AVG_MAX_QUANTA 1.0: the clock's step against the smallest
	 * average (20 ns in 'flat') */
	stride_curve_q(flat, 6, 19.9);
	CHECK(!r.stride_refused && r.flat, "a 19.9 ns step under a 20 ns average");
	stride_curve_q(flat, 6, 20.1);
	CHECK(r.stride_refused && !strcmp(r.stride_refusal.code, CS_R_EXP_CLOCK) &&
	      strstr(r.stride_refusal.reason, "dither") != NULL, "a 20.1 ns step: %s",
	      r.stride_refusal.reason);
	/* order in the capture does not matter */
	stride_curve(brk, 6);
	struct cs_exp_stride_point t = x.stride[0];
	x.stride[0] = x.stride[5];
	x.stride[5] = t;
	cs_exp_reduce(&x, &r);
	CHECK(r.has_break && r.break_bytes == 256, "unsorted: breaks at %g", r.break_bytes);
}

static void random_pair(double fixed, double rnd)
{
	memset(&x, 0, sizeof x);
	x.has_random = 1;
	x.fixed_ns = fixed;
	x.random_ns = rnd;
	cs_exp_reduce(&x, &r);
}

static void test_random(void)
{
	random_pair(20, 29.9); /* CS_EXP_RANDOM_RATIO 1.5 */
	CHECK(r.has_ratio && !r.defeated && !r.random_refused, "1.495x: not defeated");
	CHECK_NEAR(r.ratio, 1.495, 1e-9, "ratio");
	random_pair(20, 30.1);
	CHECK(r.has_ratio && r.defeated, "1.505x: defeated");
	random_pair(20, 60);
	x.quantum_ns = 19.9; /* CS_EXP_AVG_MAX_QUANTA against the smaller average */
	cs_exp_reduce(&x, &r);
	CHECK(r.has_ratio && r.defeated, "a 19.9 ns step: ratio %g", r.ratio);
	x.quantum_ns = 20.1;
	cs_exp_reduce(&x, &r);
	CHECK(r.random_refused && !r.has_ratio && !strcmp(r.random_refusal.code, CS_R_EXP_CLOCK),
	      "a 20.1 ns step: refused");
	random_pair(0, 30);
	CHECK(r.random_refused && !r.has_ratio && !strcmp(r.random_refusal.code, CS_R_EXP_CLOCK),
	      "0 ns fixed: refused");
	/* Both finite, the ratio not: a refusal with its figures (it was
	 * printed as "ratio inf ... defeat", and null with no refusal). */
	random_pair(1e-300, 1e300);
	CHECK(r.random_refused && !r.has_ratio && !strcmp(r.random_refusal.code, CS_R_EXP_RATIO_RANGE) &&
		      strstr(r.random_refusal.reason, "1e300") && strstr(r.random_refusal.reason, "1e-300") &&
		      strstr(r.random_refusal.reason, "1.5"),
	      "an infinite ratio: refused: %s", r.random_refusal.reason);
	random_pair(1.7976931348623157e308, 5e-324);
	CHECK(r.has_ratio && !r.defeated && r.ratio == 0, "a ratio of 0: measured, not defeated");
	memset(&x, 0, sizeof x);
	cs_exp_reduce(&x, &r);
	CHECK(!r.present, "no experiments: nothing present");
}

/* ---- the kernels on a clock that counts its reads ---- */
static uint64_t counter;
static uint64_t count_now(void *ctx)
{
	(void)ctx;
	return counter += 3;
}
static uint64_t flushed;
static void count_flush(const void *p, uint64_t bytes)
{
	(void)p;
	flushed += bytes;
}

static struct cs_capture cap, back;
static char text[1 << 20];

static void test_kernels_and_capture(void)
{
	struct cs_probe_clock clk = { count_now, NULL, NULL, NULL, 0.5, 1.5 };
	unsigned char *mem = aligned_alloc(64, CS_EXP_MEM_BYTES);
	struct cs_exp_env env = { &clk, count_flush, mem, CS_EXP_MEM_BYTES, 7, 2 };
	struct cs_buf b;

	CHECK(mem != NULL, "memory");
	cs_capture_init(&cap);
	cap.n_points = 1; /* the core needs a sweep */
	cap.points[0].bytes = 4096;
	cap.points[0].ns = 1;
	env.bytes = CS_EXP_MEM_BYTES - 64;
	CHECK(cs_exp_run(&env, &cap.exp) == -1 && !cap.exp.has_single, "a region under 1 MiB is refused");
	env.bytes = CS_EXP_MEM_BYTES;
	CHECK(cs_exp_run(&env, &cap.exp) == 0, "run");
	CHECK(cap.exp.has_single && cap.exp.n_single == 2 && cap.exp.single[0].n == 1024 &&
	      cap.exp.single[0].stride_bytes == 1 && cap.exp.single[1].stride_bytes == 8,
	      "two single-access series of 1024");
	CHECK(cap.exp.single[0].ticks[5] == 3 && cap.exp.quantum_ns == 1.5 && cap.exp.ns_per_tick == 0.5,
	      "one access is one step of the counting clock");
	CHECK(cap.exp.has_stride && cap.exp.n_stride == cs_exp_strides_len &&
	      cap.exp.stride[0].stride_bytes == 64 && cap.exp.stride[cap.exp.n_stride - 1].stride_bytes == 4096,
	      "strides 64 B .. 4 KiB");
	CHECK_NEAR(cap.exp.stride[3].ns, 1.5, 1e-12, "average of the counting clock");
	CHECK(cap.exp.has_random && cap.exp.random_accesses == CS_EXP_RANDOM_ACCESSES &&
	      cap.exp.fixed_ns == 1.5 && cap.exp.random_ns == 1.5, "random vs fixed");
	CHECK(flushed > 0, "the flush hook was called");
	free(mem);

	/* written, read back the same */
	cs_buf_init(&b, text, sizeof text);
	CHECK(cs_capture_write(&b, &cap, NULL, NULL) == 0, "write");
	CHECK(strstr(text, "\"experiments\"") != NULL, "the member is written");
	char *bad = strstr(text, "\"ticks\": [3,");
	CHECK(bad != NULL, "ticks text");
#if CS_TEST_HOSTED /* the host's capture reader (yajl) */
	char err[256];
	CHECK(cs_read_capture_mem(text, b.len, &back, NULL, err, sizeof err) == 0, "read: %s", err);
	CHECK(memcmp(&back.exp.single, &cap.exp.single, sizeof cap.exp.single) == 0 &&
	      back.exp.n_stride == cap.exp.n_stride && back.exp.stride[12].ns == cap.exp.stride[12].ns &&
	      back.exp.fixed_ns == cap.exp.fixed_ns && back.exp.quantum_ns == 1.5,
	      "read back the same");

	/* strict: a negative tick names its path */
	if (bad) {
		static char mut[1 << 20];
		size_t at = (size_t)(bad - text) + 10;
		memcpy(mut, text, at);
		memcpy(mut + at, "-1", 2);
		memcpy(mut + at + 2, text + at + 1, b.len - at - 1);
		CHECK(cs_read_capture_mem(mut, b.len + 1, &back, NULL, err, sizeof err) != 0 &&
		      strstr(err, "experiments.single_access.series[0].ticks[0]") != NULL, "bad tick: %s", err);
	}
#endif
	/* absent: nothing measured, nothing written */
	cs_capture_init(&back);
	cs_buf_init(&b, text, sizeof text);
	cs_capture_write(&b, &back, NULL, NULL);
	CHECK(strstr(text, "experiments") == NULL, "no member when nothing was measured");
}

#if CS_TEST_HOSTED /* the host's reader and JSON result writer */
/* The reader refuses what the bounds do not allow, naming the field. */
static void test_reader_strict(void)
{
	static const struct {
		const char *exp, *path;
	} bad[] = {
		{ "{\"single_access\": {\"ns_per_tick\": 0, \"quantum_ns\": 1, \"series\": [{\"stride_bytes\": 1, \"ticks\": [1]}]}}",
		  "experiments.single_access.ns_per_tick" },
		{ "{\"single_access\": {\"ns_per_tick\": 1, \"quantum_ns\": 1, \"series\": [{\"stride_bytes\": 0, \"ticks\": [1]}]}}",
		  "experiments.single_access.series[0].stride_bytes" },
		{ "{\"single_access\": {\"ns_per_tick\": 1, \"quantum_ns\": 1, \"series\": [{\"stride_bytes\": 1, \"ticks\": [1.5]}]}}",
		  "experiments.single_access.series[0].ticks[0]" },
		{ "{\"single_access\": {\"ns_per_tick\": 1, \"quantum_ns\": 1, \"series\": [1, 2, 3]}}",
		  "experiments.single_access.series" },
		{ "{\"stride_prefetch\": {\"points\": [{\"stride_bytes\": 64, \"ns\": 1}, {\"stride_bytes\": 64, \"ns\": 2}]}}",
		  "experiments.stride_prefetch.points[1].stride_bytes" },
		{ "{\"stride_prefetch\": {\"points\": [{\"stride_bytes\": 64, \"ns\": -1}]}}",
		  "experiments.stride_prefetch.points[0].ns" },
		{ "{\"random_vs_fixed\": {\"fixed_ns\": \"fast\", \"random_ns\": 1}}",
		  "experiments.random_vs_fixed.fixed_ns" },
		{ "[]", "experiments" },
	};
	static char doc[8192];
	char err[512];

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int n = snprintf(doc, sizeof doc,
				 "{\"format\": \"cacheshape-capture\", \"version\": 1, \"label\": \"t\", "
				 "\"clock\": {\"quantum_ns\": 1}, \"published\": {\"caches\": []}, "
				 "\"sweep\": {\"points\": [{\"bytes\": 4096, \"ns\": 1}]}, "
				 "\"experiments\": %s}", bad[i].exp);
		err[0] = '\0';
		CHECK(cs_read_capture_mem(doc, (size_t)n, &back, NULL, err, sizeof err) != 0 &&
		      strstr(err, bad[i].path) != NULL, "row %zu: want %s, got '%s'", i, bad[i].path, err);
	}
	/* null is absent */
	int n = snprintf(doc, sizeof doc,
			 "{\"format\": \"cacheshape-capture\", \"version\": 1, \"label\": \"t\", "
			 "\"clock\": {\"quantum_ns\": 1}, \"published\": {\"caches\": []}, "
			 "\"sweep\": {\"points\": [{\"bytes\": 4096, \"ns\": 1}]}, \"experiments\": null}");
	CHECK(cs_read_capture_mem(doc, (size_t)n, &back, NULL, err, sizeof err) == 0 &&
	      !back.exp.has_single && !back.exp.has_stride && !back.exp.has_random, "null: %s", err);
}

static void test_json(void)
{
	static struct cs_result res;
	char *j;
	size_t n;

	memset(&res, 0, sizeof res);
	cs_capture_init(&cap);
	j = cs_result_json(&cap, &res, &n);
	CHECK(j && !strstr(j, "experiments"), "no experiments key without experiments");
	free(j);
	x.has_single = 0;
	single2(64, 8, 1.0);
	cap.exp = x;
	cap.exp.has_random = 1;
	cap.exp.fixed_ns = 10;
	cap.exp.random_ns = 30;
	cs_exp_reduce(&cap.exp, &res.exp); /* the JSON writes the reduction it is given */
	j = cs_result_json(&cap, &res, &n);
	CHECK(j && strstr(j, "\"line_bytes\": 64") && strstr(j, "\"stride_prefetch\": null") &&
	      strstr(j, "\"ratio\": 3,") && strstr(j, "\"refusal\": null"), "json: %s", j ? j : "(null)");
	free(j);
}
#endif

int main(void)
{
	test_periods();
	test_no_period();
	test_coarse_clock();
	test_thresholds();
	test_stride();
	test_random();
	test_kernels_and_capture();
#if CS_TEST_HOSTED
	test_reader_strict();
	test_json();
#endif
	return cs_test_summary("experiments");
}
