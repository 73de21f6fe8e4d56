/* test_outlier: a point far off its neighbours (common/outlier.h,
 * reduce/outlier.c, docs/reduction.md s.1 "Outliers"): the rule on both
 * sides of CS_OUTLIER_FACTOR and CS_OUTLIER_END_FACTOR, a step never an
 * outlier; a sweep with one point 500x its neighbours reduced to the clean
 * staircase's knees with an "outlier" note, the point kept in the capture;
 * and the chart's axis not stretched by it (issue 39: 0.001 .. 1000 GB/s). */
#include <string.h>
#include "check.h"
#include "../common/outlier.h"
#include "../common/csmath.h"
#include "../reduce/kinds.h"
#include "../chart/draw.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res, clean;
static char err[256];

static double grid(int i)
{
	return cs_floor(4096.0 * cs_exp(i / 4.0 * 0.6931471805599453) / 64 + 0.5) * 64;
}

/* Three steps (1.2, 4, 12, 80 ns) on 61 sizes. */
static void staircase(void)
{
	static const double f[] = { 1.2, 4, 12, 80 };
	static const int c[] = { 13, 24, 40 };
	cs_capture_init(&cap);
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1;
	cap.caches[0] = (struct cs_cache){ 1, CS_CACHE_DATA, 32768, 64 };
	cap.caches[1] = (struct cs_cache){ 2, CS_CACHE_UNIFIED, 262144, 64 };
	cap.caches[2] = (struct cs_cache){ 3, CS_CACHE_UNIFIED, 4 << 20, 64 };
	cap.n_caches = 3;
	cap.n_points = 61;
	for (int i = 0; i < 61; i++) {
		double lt = cs_log(f[0]);
		for (int l = 0; l < 3; l++)
			lt += (cs_log(f[l + 1]) - cs_log(f[l])) / (1 + cs_exp(-(i - c[l]) / 4.0 / 0.35 * 8));
		cap.points[i] = (struct cs_point){ grid(i), cs_exp(lt), 1, 250000 };
	}
}

static const char *code_of(const struct cs_result *r, const char *code)
{
	for (uint32_t i = 0; i < r->n_refusals; i++)
		if (!strcmp(r->refusals[i].code, code))
			return r->refusals[i].reason;
	return NULL;
}

static void test_rule(void)
{
	struct cs_point p[5] = { { 1, 10, 0, 0 }, { 2, 10, 0, 0 }, { 3, 10, 0, 0 }, { 4, 10, 0, 0 }, { 5, 10, 0, 0 } };
	double f;
	p[2].ns = 10 * CS_OUTLIER_FACTOR * 1.01;
	CHECK(cs_point_outlier(p, 5, 2, &f) && f > CS_OUTLIER_FACTOR, "a point %gx above both: an outlier", f);
	p[2].ns = 10 * CS_OUTLIER_FACTOR * 0.99;
	CHECK(!cs_point_outlier(p, 5, 2, &f), "%gx above both: not one", f);
	p[2].ns = 10 / (CS_OUTLIER_FACTOR * 1.01);
	CHECK(cs_point_outlier(p, 5, 2, NULL), "a point below both by more than the factor: an outlier");
	p[2].ns = 10;
	p[3].ns = p[4].ns = 1000; /* a step: above one neighbour, level with the other */
	CHECK(!cs_point_outlier(p, 5, 3, NULL) && !cs_point_outlier(p, 5, 2, NULL), "a step is no outlier");
	p[3].ns = 10;
	p[4].ns = 10 * CS_OUTLIER_END_FACTOR * 1.01;
	CHECK(cs_point_outlier(p, 5, 4, NULL), "the last point beyond CS_OUTLIER_END_FACTOR: an outlier");
	p[4].ns = 10 * CS_OUTLIER_END_FACTOR * 0.99;
	CHECK(!cs_point_outlier(p, 5, 4, NULL), "the last point within it: not one (a step may end a sweep)");
	struct cs_point q[5] = { p[4], p[0], p[3], p[1], p[2] }; /* any order */
	q[0].ns = 10 * CS_OUTLIER_END_FACTOR * 1.01;
	CHECK(cs_point_outlier(q, 5, 0, NULL) && !cs_point_outlier(q, 5, 1, NULL), "unsorted points: the same");
}

static void test_reduce(void)
{
	staircase();
	CHECK(cs_reduce_capture(&cap, &work, &clean, err, sizeof err) == 0, "clean: reduced (%s)", err);
	CHECK(!code_of(&clean, "outlier"), "clean: no outlier");
	cap.points[32].ns *= 500; /* 1 MiB, in L3 */
	CHECK(cs_reduce_capture(&cap, &work, &res, err, sizeof err) == 0, "spike: reduced (%s)", err);
	const char *why = code_of(&res, "outlier");
	CHECK(why && strstr(why, "1 point stands far off its neighbours (at 1 MiB, 500x") &&
	      strstr(why, "CS_OUTLIER_FACTOR") && strstr(why, "kept in the capture, left out of the fit"),
	      "the note: %s", why ? why : "(none)");
	CHECK(res.n_points == 61 && res.n_used == 60, "kept in the capture (%u), left out of the fit (%u used)",
	      res.n_points, res.n_used);
	CHECK(res.n_knees == clean.n_knees && res.n_levels == clean.n_levels, "the clean staircase's knees");
	for (uint32_t j = 0; j < res.n_knees; j++)
		CHECK(res.knees[j].bytes == clean.knees[j].bytes, "knee %u: %g, clean %g", j + 1, res.knees[j].bytes,
		      clean.knees[j].bytes);
}

static void test_chart(void)
{
	struct cs_chart_range r = { 0, 0, 0, 0 };
	staircase();
	cap.points[32].ns *= 500;
	cs_chart_range_add(&r, &cap);
	CHECK(r.nmax < 100 && r.bmax == grid(60), "the axis ignores the outlier: %g ns at most, to %g bytes", r.nmax,
	      r.bmax);
}

int main(void)
{
	test_rule();
	test_reduce();
	test_chart();
	return cs_test_summary("outlier");
}
