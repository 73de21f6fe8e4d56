/* test_reduce: every rule of docs/reduction.md, table-driven, with the edges.
 * Each threshold has a row on either side of it, so moving a constant in
 * reduce/rules.h (1.25 -> 1.30, say) breaks a row. */
#include <string.h>
#include "check.h"
#include "../reduce/reduce.h"
#include "../reduce/internal.h"
#include "../kinds/adjacency/adj_fit.h"
#include "../reduce/summary.h"
#include "../reduce/report.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static char err[256];

/* sizes doubling from 4 KiB, one cost per size */
static void sweep_doubling(const double *ns, int n)
{
	cs_capture_init(&cap);
	cap.n_points = (uint32_t)n;
	for (int i = 0; i < n; i++) {
		cap.points[i].bytes = 4096.0 * (double)(1u << i);
		cap.points[i].ns = ns[i];
	}
}

static int reduce_ok(void)
{
	work.staircase_only = 1; /* these sweeps double: s.2 to s.4 under test, not s.10 */
	return cs_reduce(&cap, &work, &res, err, sizeof err) == 0;
}

static int has_refusal(const char *code)
{
	for (uint32_t i = 0; i < res.n_refusals; i++)
		if (strcmp(res.refusals[i].code, code) == 0)
			return 1;
	return 0;
}

#define END -1.0
static int count(const double *v)
{
	int n = 0;
	while (v[n] != END)
		n++;
	return n;
}

/* s.2 and s.3: plateau and level rules, a row each side of each threshold */
static void test_plateaus_and_levels(void)
{
	static const struct {
		const char *name;
		double ns[16];
		uint32_t plateaus, levels;
		double first_last_bytes; /* level 1's last size, 0: not checked */
	} rows[] = {
		{ "flat at exactly 1.25 is one plateau", { 1, 1.1, 1.25, 1.0, 1.2, 3, 3, 3, 3, 3, END }, 2, 2, 65536 },
		{ "1.28 spread is not flat (1.25 rule)", { 1.0, 1.28, 1.0, 1.28, 1.0, 1.28, 3, 3, 3, 3, END }, 1, 1, 0 },
		{ "three points are too few (4-point rule)", { 1, 1, 1, 3, 3, 3, 3, 3, END }, 1, 1, 0 },
		{ "four points spanning 8x are a plateau", { 1, 1, 1, 1, 3, 3, 3, 3, END }, 2, 2, 32768 },
		{ "floor 1.36x opens a level (1.35 rule)", { 1, 1, 1, 1, 1.36, 1.36, 1.36, 1.36, END }, 2, 2, 32768 },
		{ "floor 1.34x joins the level (1.35 rule)", { 1, 1, 1, 1, 1.34, 1.34, 1.34, 1.34, END }, 2, 1, 0 },
		{ "floor 1.32x joins (a 1.30 rule would split)", { 1, 1, 1, 1, 1.32, 1.32, 1.32, 1.32, END }, 2, 1, 0 },
		{ "a plateau ending at the last point", { 1, 1, 1, 1, 2, 4, 4, 4, 4, END }, 2, 2, 32768 },
		{ "one point names nothing", { 1, END }, 0, 0, 0 },
		{ "all points equal: one level", { 2, 2, 2, 2, 2, 2, 2, 2, END }, 1, 1, 0 },
		{ "three levels", { 1, 1, 1, 1, 1.5, 4, 4, 4, 4, 8, 16, 16, 16, 16, END }, 3, 3, 32768 },
		{ "a lower plateau after a level joins it (floor = min)", { 2, 2, 2, 2, 1.5, 1.5, 1.5, 1.5, END }, 2, 1, 0 },
	};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		sweep_doubling(rows[r].ns, count(rows[r].ns));
		CHECK(reduce_ok(), "%s: %s", rows[r].name, err);
		CHECK(res.n_plateaus == rows[r].plateaus, "%s: %u plateaus, want %u", rows[r].name, res.n_plateaus, rows[r].plateaus);
		CHECK(res.n_levels == rows[r].levels, "%s: %u levels, want %u", rows[r].name, res.n_levels, rows[r].levels);
		if (rows[r].first_last_bytes > 0 && res.n_levels)
			CHECK(res.levels[0].last_bytes == rows[r].first_last_bytes, "%s: level 1 ends at %g",
			      rows[r].name, res.levels[0].last_bytes);
		CHECK((res.n_levels < 2) == has_refusal(CS_R_FEW_PLATEAUS), "%s: refusal iff < 2 levels", rows[r].name);
	}
	/* the joined level takes the lower floor */
	static const double down[] = { 2, 2, 2, 2, 1.5, 1.5, 1.5, 1.5, END };
	sweep_doubling(down, count(down));
	reduce_ok();
	CHECK(res.n_levels == 1 && res.levels[0].floor_ns == 1.5 && res.levels[0].last_bytes == 4096.0 * 128,
	      "joined level: floor %g, last %g", res.levels[0].floor_ns, res.levels[0].last_bytes);
	/* span: 4 points must reach a doubling; sizes 1.2x apart span only 1.73x */
	cs_capture_init(&cap);
	cap.n_points = 8;
	for (int i = 0; i < 8; i++) {
		cap.points[i].bytes = 4096.0 * (i < 4 ? 1 + 0.2 * i : 64 << i);
		cap.points[i].ns = i < 4 ? 1 : 3;
	}
	reduce_ok();
	CHECK(res.n_plateaus == 1, "4 points over 1.6x are no plateau (doubling rule): %u", res.n_plateaus);
	cap.points[3].bytes = 8192; /* now exactly 2x */
	reduce_ok();
	CHECK(res.n_plateaus == 2, "4 points over exactly 2x are a plateau: %u", res.n_plateaus);
}

/* s.1 malformed input is an error, not a refusal; unsorted input is fine */
static void test_input(void)
{
	static const double ns[] = { 1, 1, 1, 1, 2, 4, 4, 4, 4, END };
	sweep_doubling(ns, count(ns));
	reduce_ok();
	double knee = res.knees[0].bytes;
	/* reverse the points: same answer */
	for (uint32_t i = 0; i < cap.n_points / 2; i++) {
		struct cs_point t = cap.points[i];
		cap.points[i] = cap.points[cap.n_points - 1 - i];
		cap.points[cap.n_points - 1 - i] = t;
	}
	CHECK(reduce_ok() && res.n_knees == 1 && res.knees[0].bytes == knee, "unsorted input: knee %g vs %g",
	      res.knees[0].bytes, knee);

	static const struct { const char *name; int idx; double bytes, ns; const char *want; } bad[] = {
		{ "duplicate size", 3, 4096.0 * 4, 1, "duplicate size" },
		{ "zero size", 2, 0, 1, "bytes: must be a positive" },
		{ "negative ns", 1, 8192, -1, "ns: must be a positive" },
		{ "NaN ns", 1, 8192, NAN, "NaN" },
		{ "infinite size", 1, INFINITY, 1, "infinite" },
	};
	for (size_t r = 0; r < sizeof bad / sizeof bad[0]; r++) {
		sweep_doubling(ns, count(ns));
		cap.points[bad[r].idx].bytes = bad[r].bytes;
		cap.points[bad[r].idx].ns = bad[r].ns;
		int rc = cs_reduce(&cap, &work, &res, err, sizeof err);
		CHECK(rc == -1 && strstr(err, bad[r].want), "%s: rc %d, '%s'", bad[r].name, rc, err);
	}
	sweep_doubling(ns, count(ns));
	cap.points[2].has_block = 1;
	cap.points[2].block_ns = 0;
	CHECK(cs_reduce(&cap, &work, &res, err, sizeof err) == -1 && strstr(err, "points[2].block_ns"),
	      "zero block_ns: '%s'", err);
	/* an empty sweep is not malformed to the reducer: it names nothing */
	cs_capture_init(&cap);
	CHECK(reduce_ok() && has_refusal(CS_R_FEW_PLATEAUS), "empty sweep refused");
}

/* s.4 knees: interpolation, the t[k-1] >= g branch, ties, the retired rule */
static void test_knees(void)
{
	/* floors 1 and 4: g = 2; 64 KiB at 1.5 and 128 KiB at 3.0 bracket it */
	static const double ns[] = { 1, 1, 1, 1, 1.5, 3, 4, 4, 4, 4, END };
	sweep_doubling(ns, count(ns));
	reduce_ok();
	CHECK(res.n_knees == 1, "one knee: %u", res.n_knees);
	CHECK_NEAR(res.knees[0].bytes, 65536 * pow(2, 1.0 / 3), 1e-6, "interpolated in log(bytes)");
	CHECK(res.knees[0].retired_bytes == 32768, "retired rule: top of plateau %g", res.knees[0].retired_bytes);

	/* a tie: t[k] == g exactly, t[k-1] below: the knee is bytes[k] */
	static const double tie[] = { 1, 1, 1, 1, 1.5, 2, 4, 4, 4, 4, END };
	sweep_doubling(tie, count(tie));
	reduce_ok();
	CHECK_NEAR(res.knees[0].bytes, 131072, 1e-6, "t[k] == g");

	/* t[k-1] >= g: the level's own last point is above the mean already */
	static const double high[] = { 1, 1, 1, 1.2, 1.4, 1.4, 1.4, 1.4, END };
	sweep_doubling(high, count(high));
	reduce_ok();
	CHECK(res.n_levels == 2 && res.knees[0].bytes == 32768 && res.knees[0].retired_bytes == 32768,
	      "t[k-1] >= g: knee at bytes[k-1] = %g (levels %u)", res.knees[0].bytes, res.n_levels);

	/* a knee where first(b) directly follows last(a) */
	static const double step[] = { 1, 1, 1, 1, 4, 4, 4, 4, END };
	sweep_doubling(step, count(step));
	reduce_ok();
	CHECK_NEAR(res.knees[0].bytes, 32768 * pow(2, 1.0 / 3), 1e-6, "adjacent levels interpolate over one gap");
}

/* A staircase on a grid of four sizes an octave from 4 KiB: level l costs
 * floors[l] up to and including edges[l] bytes (the last level has no
 * edge). Steps are abrupt, so each knee lies between an edge and the next
 * grid size. */
static void staircase(const double *floors, const double *edges, int nlev, double top)
{
	cs_capture_init(&cap);
	uint32_t n = 0;
	for (double b = 4096; b <= top * 1.0001 && n < CS_MAX_SWEEP_POINTS; b *= 1.189207115002721) {
		int l = 0;
		while (l < nlev - 1 && b > edges[l] * 1.0001)
			l++;
		cap.points[n].bytes = b;
		cap.points[n].ns = floors[l];
		n++;
	}
	cap.n_points = n;
}

/* published caches: an instruction cache first (it takes no part), the
 * others in the order given (the reducer sorts by level, then size) */
static void publish_levels(const uint32_t *level, const uint64_t *sizes, int n)
{
	cap.n_caches = 0;
	cap.caches[cap.n_caches++] = (struct cs_cache){ 1, CS_CACHE_INSTRUCTION, 65536, 64 };
	for (int i = 0; i < n; i++)
		cap.caches[cap.n_caches++] = (struct cs_cache){ level[i],
			level[i] == 1 ? CS_CACHE_DATA : CS_CACHE_UNIFIED, sizes[i], 64 };
}

static void publish(const uint64_t *sizes, int n)
{
	uint32_t level[8];
	for (int i = 0; i < n; i++)
		level[i] = (uint32_t)i + 1;
	publish_levels(level, sizes, n);
}

static const char *refusal_reason(const char *code, int nth)
{
	for (uint32_t i = 0; i < res.n_refusals; i++)
		if (strcmp(res.refusals[i].code, code) == 0 && nth-- == 0)
			return res.refusals[i].reason;
	return "";
}

#define K 1024.0
#define M (1024.0 * 1024.0)

/* s.10: a doubling sweep reduced as the command reduces it (coarse grid:
 * ranges), published data or unified levels sizes[0..n) as L1, L2, ... */
static int reduce_coarse(const double *ns, const double *sizes, int n)
{
	sweep_doubling(ns, count(ns));
	cap.n_caches = (uint32_t)n;
	for (int i = 0; i < n; i++)
		cap.caches[i] = (struct cs_cache){ .level = (uint32_t)i + 1,
						   .type = i ? CS_CACHE_UNIFIED : CS_CACHE_DATA,
						   .size_bytes = (uint64_t)sizes[i] };
	work.staircase_only = 0;
	return cs_reduce(&cap, &work, &res, err, sizeof err) == 0;
}

static int has_range(const struct cs_knee *k, double lo, double hi)
{
	return k->has_range && k->range_lo == lo && k->range_hi == hi;
}

/* sbc-bench ramlat's 1xPTR column: a Cortex-A72 (RK3576, cpu4) and a
 * Cortex-A720 (cpu0 of the 1ET4 board), 4 KiB .. 128 MiB, one row an octave */
static const double a72[] = { 1.701, 1.701, 1.702, 7.667, 8.521, 8.521, 12.15, 12.21, 55.3, 109.9,
			      125.5, 138.8, 140.2, 138.1, 147.1, 147.4, END };
static const double a720[] = { 1.539, 1.540, 1.539, 1.539, 1.541, 3.727, 3.525, 3.479, 12.44, 12.81,
			       20.65, 29.00, 37.13, 42.56, 49.35, 49.50, END };
/* a fall of 1.25x (the noise), then a rise of 1.55x, under 1.25^2 */
static const double noisy[] = { 1, 1, 1, 1.25, 1, 1, 1.55, 1.55, 1.55, 1.55, END };

static const char *verdict(uint32_t row)
{
	static struct cs_summary sum;
	cs_summary_rows(&sum, &cap, &res);
	return row < sum.n ? sum.row[row].verdict : "";
}

static const char *level_verdict(uint32_t level)
{
	static struct cs_summary sum;
	cs_summary_rows(&sum, &cap, &res);
	for (uint32_t i = 0; i < sum.n; i++)
		if (sum.row[i].has_level && sum.row[i].level == level)
			return sum.row[i].verdict;
	return "";
}

/* s.10 on two real tables, the claims held against the ranges */
static void test_coarse(void)
{
	static const double a72_pub[] = { 32 * K, 1 * M }, a720_pub[] = { 64 * K, 512 * K, 12 * M };
	CHECK(reduce_coarse(a72, a72_pub, 2), "a72: %s", err);
	CHECK(has_refusal(CS_R_GRID_COARSE), "a72: the grid is still said coarse");
	CHECK(res.n_knees == 3 && has_range(&res.knees[0], 16 * K, 32 * K) &&
	      has_range(&res.knees[1], 128 * K, 256 * K) && has_range(&res.knees[2], 512 * K, 1 * M),
	      "a72: three edges, each a range of one octave (%u knees)", res.n_knees);
	CHECK(res.knees[0].coarse == 1 && res.knees[0].has_published && res.knees[0].published_bytes == 32 * K &&
	      !res.knees[1].has_published && res.knees[2].published_bytes == 1 * M && !res.knees[0].has_gap,
	      "a72: L1 and L2 paired, the 128 KiB edge unmatched, no gap from a range");
	CHECK(!strcmp(verdict(0), "as-claimed") && !strcmp(verdict(1), "unmatched") &&
	      !strcmp(verdict(2), "as-claimed"), "a72 verdicts: %s %s %s", verdict(0), verdict(1), verdict(2));
	/* L2 claimed larger: 2 MiB is one octave past [512 KiB, 1 MiB]
	 * (paired: smaller), 2.83 MiB further (missing), never as claimed */
	static const double twice[] = { 32 * K, 2 * M }, more[] = { 32 * K, 2.83 * M }, four[] = { 32 * K, 4 * M };
	reduce_coarse(a72, twice, 2);
	CHECK(!strcmp(verdict(2), "smaller"), "a72, L2 claimed 2 MiB: %s", verdict(2));
	reduce_coarse(a72, more, 2);
	CHECK(!strcmp(level_verdict(2), "not-measured") && has_refusal(CS_R_KNEE_MISSING),
	      "a72, L2 claimed 2.83 MiB, past CS_COARSE_PAIR_OCTAVES: %s", level_verdict(2));
	reduce_coarse(a72, four, 2);
	for (uint32_t i = 0; i < 4; i++)
		CHECK(strcmp(verdict(i), "as-claimed") || i == 0, "a72, L2 claimed 4x: row %u %s", i, verdict(i));

	CHECK(reduce_coarse(a720, a720_pub, 3), "a720: %s", err);
	CHECK(res.n_knees == 3 && has_range(&res.knees[0], 64 * K, 128 * K) &&
	      has_range(&res.knees[1], 512 * K, 1 * M) && has_range(&res.knees[2], 2 * M, 8 * M) &&
	      res.knees[2].coarse == 2 && has_refusal(CS_R_COARSE_CLIMB),
	      "a720: L1, L2, and L3 refused, a climb over two octaves (%u knees)", res.n_knees);
	CHECK(!strcmp(verdict(0), "as-claimed") && !strcmp(verdict(1), "as-claimed") &&
	      !strcmp(verdict(2), "not-measured"), "a720 verdicts: %s %s %s", verdict(0), verdict(1), verdict(2));
	static const double l2x4[] = { 64 * K, 2 * M, 12 * M };
	reduce_coarse(a720, l2x4, 3);
	for (uint32_t i = 1; i < 4; i++)
		CHECK(strcmp(verdict(i), "as-claimed"), "a720, L2 claimed 4x: row %u %s", i, verdict(i));

	static const double one[] = { 64 * K };
	reduce_coarse(noisy, one, 1);
	CHECK(res.n_knees == 1 && has_range(&res.knees[0], 128 * K, 256 * K) && has_refusal(CS_R_COARSE_NOISE) &&
	      res.knees[0].coarse == 2, "a rise of 1.55x after a fall of 1.25x is noise: %s",
	      refusal_reason(CS_R_COARSE_NOISE, 0));
	/* the noise's power at its edge: 1.58x after a fall of 1.25x is over
	 * 1.25^CS_COARSE_NOISE_POWER (1.5625): a step, its range given */
	static const double noisy2[] = { 1, 1, 1, 1.25, 1, 1, 1.58, 1.58, 1.58, 1.58, END };
	reduce_coarse(noisy2, one, 1);
	CHECK(res.n_knees == 1 && res.knees[0].coarse == 1 && !has_refusal(CS_R_COARSE_NOISE),
	      "a rise of 1.58x after a fall of 1.25x is a step: %s", refusal_reason(CS_R_COARSE_NOISE, 0));
	/* CS_COARSE_SHARP: a departure of 2.2x is a step (one row's range),
	 * though the row after it rises 1.45x more; under 2x it would start
	 * a climb over two rows, refused */
	static const double sharp[] = { 1, 1, 1, 1, 2.2, 4.6, 4.6, 4.6, 4.6, END };
	reduce_coarse(sharp, one, 1);
	CHECK(res.n_knees >= 1 && res.knees[0].coarse == 1 && !has_refusal(CS_R_COARSE_CLIMB),
	      "a departure of 2.2x is a sharp step: %u knees, %s", res.n_knees, refusal_reason(CS_R_COARSE_CLIMB, 0));
}

/* s.10 step 4: climbs read half-way between their floors */
static void test_coarse_climb(void)
{
	/* s.10 step 4, a climb across more than one octave: its edge is the
	 * two rows either side of the half-way point (in log) between the
	 * floors, here sqrt(4 x 16) = 8 ns; 7.6 ns is 1.053x under it, past
	 * CS_COARSE_CROSS_MARGIN (1.05): [128 KiB, 256 KiB]; 7.65 ns is 1.046x,
	 * within it: refused coarse-climb */
	static const double climb[] = { 4, 4, 4, 4, 5.5, 7.6, 16, 16, 16, END };
	static const double close[] = { 4, 4, 4, 4, 5.5, 7.65, 16, 16, 16, END };
	static const double at128[] = { 128 * K };
	reduce_coarse(climb, at128, 1);
	CHECK(res.n_knees == 1 && has_range(&res.knees[0], 128 * K, 256 * K) && res.knees[0].coarse == 1 &&
	      !has_refusal(CS_R_COARSE_CLIMB) && !strcmp(verdict(0), "as-claimed"),
	      "a climb crossing half-way clearly: %u knees, %s", res.n_knees, refusal_reason(CS_R_COARSE_CLIMB, 0));
	reduce_coarse(close, at128, 1);
	CHECK(res.n_knees == 1 && res.knees[0].coarse == 2 && has_refusal(CS_R_COARSE_CLIMB) &&
	      strstr(refusal_reason(CS_R_COARSE_CLIMB, 0), "half-way"),
	      "a crossing within CS_COARSE_CROSS_MARGIN of half-way is refused: %s",
	      refusal_reason(CS_R_COARSE_CLIMB, 0));
	/* CS_COARSE_CROSS_DOMINANT: steps 1.4x, 1.62x (across half-way), 1.4x:
	 * 1.157x the others, an edge [64 KiB, 128 KiB]; 1.4x, 1.60x, 1.4x is
	 * 1.143x, a smooth climb: refused */
	static const double dom[] = { 4, 4, 4, 4, 5.6, 9.072, 12.7, 12.7, 12.7, END };
	static const double smooth[] = { 4, 4, 4, 4, 5.6, 8.96, 12.544, 12.544, 12.544, END };
	reduce_coarse(dom, at128, 1);
	CHECK(res.n_knees == 1 && has_range(&res.knees[0], 64 * K, 128 * K) && res.knees[0].coarse == 1,
	      "a crossing step 1.157x the others is an edge: %s", refusal_reason(CS_R_COARSE_CLIMB, 0));
	reduce_coarse(smooth, at128, 1);
	CHECK(res.n_knees == 1 && res.knees[0].coarse == 2 && has_refusal(CS_R_COARSE_CLIMB),
	      "a crossing step 1.143x the others is a smooth climb, refused (%u knees)", res.n_knees);
	/* a Cortex-A76 (sbc-bench 4D0a, cpu6): L2 512 KiB, the latency climbs
	 * 5.94 ns at 256 KiB, 8.79 at 512 KiB, 17.67 at 1 MiB (floors 5.01 and
	 * 17.67: half-way 9.41): [512 KiB, 1 MiB]; L2 claimed 4x never as claimed */
	static const double a76[] = { 1.67, 1.67, 1.67, 1.67, 1.67, 5.01, 5.94, 8.79, 17.67, 20.30,
				      107.1, 165.0, 201.4, 215.0, 220.0, 221.4, END };
	static const double a76_pub[] = { 64 * K, 512 * K }, a76_x4[] = { 64 * K, 2 * M };
	reduce_coarse(a76, a76_pub, 2);
	CHECK(res.n_knees >= 2 && has_range(&res.knees[1], 512 * K, 1 * M) && !strcmp(level_verdict(2), "as-claimed"),
	      "a76: L2 [512 KiB, 1 MiB] as claimed: %u knees, %s", res.n_knees, level_verdict(2));
	reduce_coarse(a76, a76_x4, 2);
	for (uint32_t i = 1; i < 6; i++)
		CHECK(strcmp(verdict(i), "as-claimed"), "a76, L2 claimed 4x: row %u %s", i, verdict(i));
	/* the staircase's knees carry their ranges too: the last point of
	 * the faster level to the first of the slower */
	static const double fine[] = { 1, 1, 1, 1, 1.5, 4, 4, 4, 4, END };
	sweep_doubling(fine, count(fine));
	reduce_ok();
	CHECK(res.n_knees == 1 && has_range(&res.knees[0], 32 * K, 128 * K) && !res.knees[0].coarse,
	      "staircase range [32 KiB, 128 KiB]: %g .. %g", res.knees[0].range_lo, res.knees[0].range_hi);
}

/* s.4 v2, the matching alone: every case the spec names, the bounds of
 * admissibility on both sides, most pairs before cost, cost, and ties */
static void test_pairing(void)
{
	static const struct {
		const char *name;
		double knee[6];
		double size[6];
		int32_t want[6]; /* level index per knee, -1 unpaired */
	} rows[] = {
		{ "all three paired", { 34 * K, 800 * K, 10 * M, END }, { 32 * K, 1 * M, 32 * M, END }, { 0, 1, 2 } },
		{ "missing middle level: L3 is not shifted onto L2", { 40 * K, 9 * M, END }, { 32 * K, 1 * M, 8 * M, END }, { 0, 2 } },
		{ "the issue's 3 MiB knee pairs with L3, not a 128 KiB L2", { 33 * K, 3.06 * M, END }, { 32 * K, 128 * K, 3 * M, END }, { 0, 2 } },
		{ "an L2 knee is not scored against L1", { 1.25 * M, END }, { 32 * K, 1 * M, END }, { 1 } },
		{ "extra TLB step past the last level is unmatched", { 36 * K, 900 * K, 7 * M, 150 * M, END }, { 32 * K, 1 * M, 32 * M, END }, { 0, 1, 2, -1 } },
		{ "bogus published size: no knee in [P/8, 2P]", { 34 * K, 900 * K, END }, { 32 * K, 16 * M, END }, { 0, -1 } },
		{ "exclusive-looking knee 1.5x above its level pairs", { 40 * K, 600 * K, 12 * M, END }, { 32 * K, 512 * K, 8 * M, END }, { 0, 1, 2 } },
		{ "a knee 2.5x above the last level does not", { 40 * K, 600 * K, 20 * M, END }, { 32 * K, 512 * K, 8 * M, END }, { 0, 1, -1 } },
		{ "knee exactly P/8 is admissible", { 4 * K, END }, { 32 * K, END }, { 0 } },
		{ "knee at P/12 is not (a /16 rule would pair it)", { 32 * K / 12, END }, { 32 * K, END }, { -1 } },
		{ "knee at P/6 is (a /4 rule would refuse it)", { 32 * K / 6, END }, { 32 * K, END }, { 0 } },
		{ "knee exactly 2P is admissible", { 64 * K, END }, { 32 * K, END }, { 0 } },
		{ "knee at 2.5P is not (a 3P rule would pair it)", { 80 * K, END }, { 32 * K, END }, { -1 } },
		{ "knee at 1.8P is (a 1.5P rule would refuse it)", { 32 * K * 1.8, END }, { 32 * K, END }, { 0 } },
		{ "most pairs before the smallest cost", { 20 * K, 70 * K, END }, { 32 * K, 256 * K, END }, { 0, 1 } },
		{ "equal counts: the nearer knee wins", { 20 * K, 40 * K, END }, { 32 * K, END }, { -1, 0 } },
		{ "equal counts: the nearer level wins", { 100 * K, END }, { 32 * K, 128 * K, END }, { 1 } },
		{ "tie: the smaller knee pairs", { 16 * K, 64 * K, END }, { 32 * K, END }, { 0, -1 } },
		{ "tie: with the smaller level", { 64 * K, END }, { 32 * K, 128 * K, END }, { 0 } },
		{ "order preserved: no crossing pairs", { 70 * K, 500 * K, END }, { 512 * K, 64 * K, END }, { -1, 0 } },
		{ "no published levels: nothing pairs", { 40 * K, 400 * K, END }, { END }, { -1, -1 } },
		{ "two knees inside one level's window: one pairs", { 30 * K, 33 * K, 900 * K, END }, { 32 * K, 1 * M, END }, { -1, 0, 1 } },
	};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		int32_t got[8];
		uint32_t m = (uint32_t)count(rows[r].knee), n = (uint32_t)count(rows[r].size);
		uint32_t pairs = cs_pair_knees(rows[r].knee, m, rows[r].size, n, got);
		uint32_t want_pairs = 0, same = 1;
		for (uint32_t i = 0; i < m; i++) {
			want_pairs += rows[r].want[i] >= 0;
			same &= got[i] == rows[r].want[i];
		}
		CHECK(same && pairs == want_pairs, "%s: got %d %d %d %d", rows[r].name, got[0],
		      m > 1 ? got[1] : 9, m > 2 ? got[2] : 9, m > 3 ? got[3] : 9);
	}
}

/* An independent reading of s.4 v2: every order-preserving set of
 * admissible pairs, enumerated; most pairs, then smallest cost (ties within
 * 1e-9), then the pair sequence first by knee index, then level index. */
static uint32_t brute_best[8], brute_n;
static double brute_cost;
static void brute(const double *k, uint32_t m, const double *P, uint32_t n, uint32_t i, uint32_t j,
		  uint32_t *seq, uint32_t len, double cost)
{
	if (i == m || j == n) {
		int better = len > brute_n;
		if (len == brute_n) {
			if (cost < brute_cost - 1e-9)
				better = 1;
			else if (cost <= brute_cost + 1e-9)
				for (uint32_t q = 0; q < len; q++)
					if (seq[q] != brute_best[q]) {
						better = seq[q] < brute_best[q];
						break;
					}
		}
		if (better) {
			brute_n = len;
			brute_cost = cost;
			memcpy(brute_best, seq, len * sizeof *seq);
		}
		return;
	}
	/* every choice for knee i: leave it, or pair it with some level >= j */
	brute(k, m, P, n, i + 1, j, seq, len, cost);
	for (uint32_t jj = j; jj < n; jj++)
		if (P[jj] / 8 <= k[i] && k[i] <= 2 * P[jj]) {
			seq[len] = i * 64 + jj;
			brute(k, m, P, n, i + 1, jj + 1, seq, len + 1, cost + fabs(log2(k[i] / P[jj])));
		}
}

static void test_pairing_exhaustive(void)
{
	uint64_t x = 88172645463325252ull;
	int wrong = 0, cases = 0;
	for (int t = 0; t < 3000; t++) {
		double k[6], P[6];
		uint32_t m = 1 + t % 6, n = (t / 6) % 6, seq[8];
		double at = 4096;
		for (uint32_t i = 0; i < m; i++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
			at *= 1.5 + (double)(x % 1000) / 100.0; /* 1.5x to 11.5x apart */
			k[i] = at;
		}
		for (uint32_t j = 0; j < n; j++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
			/* powers of two near the knees: ties happen */
			P[j] = ldexp(1.0, 12 + (int)(x % 16));
		}
		int32_t got[8];
		cs_pair_knees(k, m, P, n, got);
		brute_n = 0;
		brute_cost = 1e300;
		brute(k, m, P, n, 0, 0, seq, 0, 0);
		int32_t want[8];
		for (uint32_t i = 0; i < m; i++)
			want[i] = -1;
		for (uint32_t q = 0; q < brute_n; q++)
			want[brute_best[q] / 64] = (int32_t)(brute_best[q] % 64);
		for (uint32_t i = 0; i < m; i++)
			if (got[i] != want[i]) {
				wrong++;
				break;
			}
		cases++;
	}
	CHECK(wrong == 0, "pairing disagrees with exhaustive search in %d of %d cases", wrong, cases);
}

/* s.4 v2 end to end: the table of knees, missing levels in their places,
 * and the sentences of knee-unmatched and knee-missing */
static void test_published(void)
{
	/* floors 1, 3, 10, 80; edges 32K, 1M, 8M; sweep to 64 MiB */
	static const double f4[] = { 1, 3, 10, 80 }, e3[] = { 32 * K, 1 * M, 8 * M };
	static const uint64_t l123[] = { 32768, 1u << 20, 16u << 20 };
	staircase(f4, e3, 4, 64 * M);
	publish(l123, 3);
	CHECK(reduce_ok() && res.n_levels == 4, "four levels: %u (%s)", res.n_levels, err);
	CHECK(res.n_knees == 3 && res.knees[0].published_level == 1 && res.knees[1].published_level == 2 &&
	      res.knees[2].published_level == 3 && res.knees[2].has_gap, "three knees, each paired (%u)", res.n_knees);
	CHECK(fabs(res.knees[0].gap - (res.knees[0].bytes / 32768 - 1)) < 1e-12, "gap = knee / published - 1");
	CHECK(res.n_refusals == 0, "nothing refused: %s", res.n_refusals ? res.refusals[0].reason : "");
	CHECK(res.gap_order == CS_GAP_ORDER_NO || res.gap_order == CS_GAP_ORDER_FALLS, "order decided");

	/* the middle step is not in the sweep: L2 missing, L3 still paired */
	static const double f3[] = { 1, 10, 80 }, e2[] = { 32 * K, 8 * M };
	staircase(f3, e2, 3, 64 * M);
	static const uint64_t l3b[] = { 32768, 1u << 20, 8u << 20 };
	publish(l3b, 3);
	reduce_ok();
	CHECK(res.n_knees == 3 && res.knees[0].has_gap && !res.knees[1].has_bytes &&
	      res.knees[1].published_level == 2 && res.knees[2].published_level == 3 && res.knees[2].has_gap,
	      "missing L2 listed in its place, L3 paired (%u knees)", res.n_knees);
	CHECK(strstr(refusal_reason(CS_R_KNEE_MISSING, 0), "L2 (1 MiB): the sweep went past it"),
	      "missing L2, swept past: %s", refusal_reason(CS_R_KNEE_MISSING, 0));
	CHECK(!has_refusal(CS_R_KNEE_UNMATCHED), "no unmatched knee");

	/* published levels listed out of order, with a repeated descriptor */
	static const uint32_t lv[] = { 3, 2, 1, 2 };
	static const uint64_t sz[] = { 8u << 20, 1u << 20, 32768, 1u << 20 };
	publish_levels(lv, sz, 4);
	reduce_ok();
	CHECK(res.n_knees == 3 && res.knees[0].published_level == 1 && !res.knees[1].has_bytes &&
	      res.knees[2].published_level == 3, "ordered by level, a repeated level counted once (%u)", res.n_knees);

	/* a step far past the last level: unmatched, the nearest level named */
	static const uint64_t l12[] = { 32768, 1u << 20 };
	staircase(f3, e2, 3, 64 * M);
	publish(l12, 2);
	reduce_ok();
	CHECK(res.n_knees == 3 && res.knees[0].has_gap && !res.knees[1].has_bytes && !res.knees[2].has_published &&
	      !res.knees[2].has_gap && res.knees[2].has_bytes, "8 MiB step past a 1 MiB L2: unmatched, L2 missing");
	const char *u = refusal_reason(CS_R_KNEE_UNMATCHED, 0);
	CHECK(strstr(u, "knee 3 at ") && strstr(u, "the nearest is L2 (1 MiB)") && strstr(u, "P/8 <= knee <= 2P") &&
	      strstr(u, "memory plateau"), "unmatched names the nearest level, the ratio and the rule: %s", u);
	CHECK(res.gap_order == CS_GAP_ORDER_UNKNOWN, "one paired knee: no order");

	/* the sweep stops short of a published level */
	static const uint64_t big[] = { 32768, 8u << 20, 256u << 20 };
	publish(big, 3);
	reduce_ok();
	CHECK(strstr(refusal_reason(CS_R_KNEE_MISSING, 0), "L3 (256 MiB): the sweep stops at 64 MiB, short of it"),
	      "sweep stops short: %s", refusal_reason(CS_R_KNEE_MISSING, 0));

	/* no published caches at all */
	cap.n_caches = 0;
	reduce_ok();
	CHECK(res.n_knees == 2 && !res.knees[0].has_published &&
	      strstr(refusal_reason(CS_R_KNEE_UNMATCHED, 0), "no published cache"), "nothing to pair with");

	/* gap order over the paired knees only: a missing level between two
	 * paired ones does not break it */
	static const double f4b[] = { 1, 3, 10, 80 }, e4b[] = { 32 * K, 512 * K, 6 * M };
	staircase(f4b, e4b, 4, 64 * M);
	static const uint64_t l1234[] = { 32768, 512u << 10, 2u << 20, 32u << 20 };
	publish(l1234, 4);
	reduce_ok();
	int falls = 1, seen = 0;
	double prev = 0;
	for (uint32_t i = 0; i < res.n_knees; i++)
		if (res.knees[i].has_gap) {
			if (seen && !(res.knees[i].gap < prev))
				falls = 0;
			prev = res.knees[i].gap;
			seen++;
		}
	CHECK(seen == 3 && res.gap_order == (falls ? CS_GAP_ORDER_FALLS : CS_GAP_ORDER_NO),
	      "gap order judged over %d paired knees", seen);
}

/* s.4 coarse grids: the median span of four consecutive sizes against 4x */
static void grid_of(const double *bytes, int n)
{
	cs_capture_init(&cap);
	cap.n_points = (uint32_t)n;
	for (int i = 0; i < n; i++) {
		cap.points[i].bytes = bytes[i];
		cap.points[i].ns = i < n / 2 ? 1 : 4;
	}
}

static void test_grid(void)
{
	double b[64];
	/* sizes a, 1.5a, 2.5a, 4a, ...: every span of four is exactly 4x */
	for (int i = 0; i < 24; i++)
		b[i] = 4096.0 * ldexp(1.0, 2 * (i / 3)) * (i % 3 == 0 ? 1 : i % 3 == 1 ? 1.5 : 2.5);
	grid_of(b, 24);
	reduce_ok();
	CHECK(!has_refusal(CS_R_GRID_COARSE), "a span of exactly 4x is not too coarse (a 3x rule would refuse)");
	/* every span 4.5x: too coarse (a 5x rule would pass it) */
	for (int i = 0; i < 24; i++)
		b[i] = 4096.0 * pow(4.5, i / 3.0);
	grid_of(b, 24);
	reduce_ok();
	CHECK(has_refusal(CS_R_GRID_COARSE), "spans of 4.5x are too coarse");
	/* one point an octave: 8x, still reduced */
	static const double ns[] = { 1, 1, 1, 1, 4, 4, 4, 4, 4, END };
	sweep_doubling(ns, count(ns));
	reduce_ok();
	const char *g = refusal_reason(CS_R_GRID_COARSE, 0);
	CHECK(strstr(g, "grow 8x over 4 consecutive points") && strstr(g, "about 1.00 points per octave") &&
	      strstr(g, "spans 8x") && strstr(g, "more than 4x"), "one point an octave: %s", g);
	CHECK(res.n_levels == 2 && res.n_knees == 1, "the reduction still reports what it found (%u levels)", res.n_levels);
	/* the median, not the mean: a fine grid with one wide gap */
	for (int i = 0; i < 20; i++)
		b[i] = 4096.0 * pow(2, i / 4.0) * (i >= 10 ? 64 : 1);
	grid_of(b, 20);
	reduce_ok();
	CHECK(!has_refusal(CS_R_GRID_COARSE), "one wide gap in a fine grid: median fine");
	/* an even count of spans: the median is the mean of the middle two.
	 * Spans 3, 3, 5.2, 5.2 (five... ) -> 4.1: coarse; 3, 3, 4.8, 4.8 -> 3.9: not */
	static const double even_c[] = { 1, 1.2, 1.5, 3, 3.6, 7.8, 18.72 };
	static const double even_f[] = { 1, 1.2, 1.5, 3, 3.6, 7.2, 17.28 };
	for (int v = 0; v < 2; v++) {
		for (int i = 0; i < 7; i++)
			b[i] = 4096 * (v ? even_f[i] : even_c[i]);
		grid_of(b, 7);
		reduce_ok();
		CHECK(has_refusal(CS_R_GRID_COARSE) == !v, "even count of spans, median %s 4", v ? "below" : "above");
	}
	/* fewer than four points: no span of four exists; nothing judged */
	static const double three[] = { 4096, 1 << 20, 1 << 30 };
	grid_of(three, 3);
	reduce_ok();
	CHECK(!has_refusal(CS_R_GRID_COARSE) && has_refusal(CS_R_FEW_PLATEAUS), "three points: grid not judged");
	/* four points: one span */
	static const double four[] = { 4096, 8192, 16384, 65536 };
	grid_of(four, 4);
	reduce_ok();
	CHECK(has_refusal(CS_R_GRID_COARSE), "four points spanning 16x: coarse");
}

/* s.1 block-length rule and s.6 clock rule, each side of the threshold */
static void test_block_and_clock(void)
{
	static const double ns[] = { 1, 1, 1, 1, 4, 4, 4, 4, END };
	static const struct { const char *name; int failing; double block; int refused; uint32_t used; } rows[] = {
		{ "block exactly 100 quanta passes", 8, 100.0, 0, 8 },
		{ "99.9 quanta fails; 4 of 8 is half, not more", 4, 99.9, 0, 4 },
		{ "5 of 8 failing refuses the sweep", 5, 99.9, 1, 0 },
	};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		sweep_doubling(ns, count(ns));
		cap.clock.has_quantum = 1;
		cap.clock.quantum_ns = 1.0;
		for (int i = 0; i < rows[r].failing; i++) {
			cap.points[i * 8 / rows[r].failing % 8].has_block = 1;
			cap.points[i * 8 / rows[r].failing % 8].block_ns = rows[r].block;
		}
		reduce_ok();
		CHECK(has_refusal(CS_R_BLOCK_LENGTH) == rows[r].refused, "%s", rows[r].name);
		if (!rows[r].refused)
			CHECK(res.n_used == rows[r].used, "%s: %u used", rows[r].name, res.n_used);
	}
	/* 6 of 10 failing: more than half (a 0.6 fraction would let it stand) */
	static const double ten[] = { 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, END };
	sweep_doubling(ten, count(ten));
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1.0;
	for (int i = 0; i < 6; i++) {
		cap.points[i].has_block = 1;
		cap.points[i].block_ns = 50;
	}
	reduce_ok();
	CHECK(has_refusal(CS_R_BLOCK_LENGTH), "6 of 10 failing refuses the sweep");
	/* no quantum: nothing to compare with, every point passes */
	sweep_doubling(ns, count(ns));
	for (int i = 0; i < 8; i++) {
		cap.points[i].has_block = 1;
		cap.points[i].block_ns = 1e-3;
	}
	reduce_ok();
	CHECK(res.n_used == 8 && !has_refusal(CS_R_BLOCK_LENGTH), "no quantum, no block-length check");

	static const struct { double clamp, quantum; int refused; } clocks[] = {
		{ 5000, 7500, 0 },   /* exactly 1.5x: honoured */
		{ 5000, 7501, 1 },
		{ 5000, 95000, 1 },  /* the seed's browser case */
		{ 100000, 100000, 0 },
	};
	for (size_t r = 0; r < sizeof clocks / sizeof clocks[0]; r++) {
		sweep_doubling(ns, count(ns));
		cap.clock.has_clamp = 1;
		cap.clock.clamp_ns = clocks[r].clamp;
		cap.clock.has_quantum = 1;
		cap.clock.quantum_ns = clocks[r].quantum;
		reduce_ok();
		CHECK(has_refusal(CS_R_CLOCK) == clocks[r].refused, "clamp %g quantum %g", clocks[r].clamp, clocks[r].quantum);
		if (clocks[r].refused)
			CHECK(res.n_levels == 0 && res.n_refusals == 1 && strstr(res.refusals[0].reason, "95000") != NULL
			      ? 1 : clocks[r].quantum != 95000, "refused whole, with both figures: %s", res.refusals[0].reason);
	}
}

static const double ruler[] = { 8, 16, 32, 64, 128, 256, 512 };

/* a series t = a + b * min(d, g) + noise[i] * s, on 'ruler' */
static void series(struct cs_adj_series *a, enum cs_placement p, double F, double base, double slope,
		   double g, const double *noise, double s)
{
	a->placement = p;
	a->has_footprint = 1;
	a->footprint_bytes = F;
	a->n = 7;
	for (uint32_t i = 0; i < 7; i++) {
		a->pts[i].distance = ruler[i];
		a->pts[i].ns = base + slope * (ruler[i] < g ? ruler[i] : g) + (noise ? noise[i] * s : 0);
	}
}

/* a three-level sweep whose levels are [4K,32K], [128K,1M], [4M, ...) */
static void three_levels(void)
{
	static const double ns[] = { 1, 1, 1, 1, 2, 4, 4, 4, 4, 8, 16, 16, 16, 16, END };
	sweep_doubling(ns, count(ns));
	cap.n_adj = 1;
}

/* s.5 the fit and its four refusals, and the placement rule */
static void test_adjacency(void)
{
	static const double wiggle[] = { 1, -1, 1, -1, 1, -1, 1 };
	static const struct {
		const char *name;
		enum cs_placement place;
		double F, base, slope, g, noise;
		const char *code; /* NULL: accepted at 'want' */
		double want;
	} rows[] = {
		{ "granule 64 in the middle level", CS_PLACE_MIDDLE, 256 << 10, 10, 0.1, 64, 0, NULL, 64 },
		{ "granule 32", CS_PLACE_MIDDLE, 256 << 10, 10, 0.2, 32, 0, NULL, 32 },
		{ "granule 128 past the last knee", CS_PLACE_LAST, 16 << 20, 80, 0.5, 128, 0, NULL, 128 },
		{ "granule 256: one distance above it", CS_PLACE_MIDDLE, 256 << 10, 10, 0.05, 256, 0, CS_R_RULER_END, 0 },
		{ "never turns over: ruler end", CS_PLACE_MIDDLE, 256 << 10, 10, 0.05, 1e9, 0, CS_R_RULER_END, 0 },
		{ "ramp 0.17 is too small (0.18 rule)", CS_PLACE_MIDDLE, 256 << 10, 10, 10 * 0.17 / 0.83 / 64, 64, 0, CS_R_RAMP_SMALL, 0 },
		{ "ramp 0.19 is enough (0.18 rule)", CS_PLACE_MIDDLE, 256 << 10, 10, 10 * 0.19 / 0.81 / 64, 64, 0, NULL, 64 },
		{ "ramp 0.21 is enough (a 0.20 rule would refuse)", CS_PLACE_MIDDLE, 256 << 10, 10, 10 * 0.21 / 0.79 / 64, 64, 0, NULL, 64 },
		{ "falling curve: b <= 0", CS_PLACE_MIDDLE, 256 << 10, 20, -0.1, 64, 0, CS_R_RAMP_SMALL, 0 },
		{ "flat series: nothing to fit", CS_PLACE_MIDDLE, 256 << 10, 10, 0, 64, 0, CS_R_RAMP_SMALL, 0 },
		{ "noisy: r2 low", CS_PLACE_MIDDLE, 256 << 10, 10, 0.1, 64, 2.5, CS_R_R2_LOW, 0 },
		{ "control accepts: a fault of the fit", CS_PLACE_FIRST, 8192, 10, 0.1, 64, 0, CS_R_CONTROL, 0 },
		{ "2F crosses the middle level's top", CS_PLACE_MIDDLE, 768 << 10, 10, 0.1, 64, 0, CS_R_CROSSES_EDGE, 0 },
		{ "F below the middle level's floor", CS_PLACE_MIDDLE, 64 << 10, 10, 0.1, 64, 0, CS_R_CROSSES_EDGE, 0 },
		{ "the last level has no top", CS_PLACE_LAST, 1ull << 40, 80, 0.5, 128, 0, NULL, 128 },
	};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		three_levels();
		series(&cap.adj[0], rows[r].place, rows[r].F, rows[r].base, rows[r].slope, rows[r].g,
		       rows[r].noise ? wiggle : NULL, rows[r].noise);
		CHECK(reduce_ok(), "%s: %s", rows[r].name, err);
		const struct cs_adj_result *a = &res.adj[0];
		if (rows[r].code) {
			CHECK(a->refused && strcmp(a->refusal.code, rows[r].code) == 0 && !a->has_granule,
			      "%s: got %s %s", rows[r].name, a->refused ? a->refusal.code : "granule", a->refusal.reason);
			CHECK(has_refusal(rows[r].code), "%s: listed with the capture's refusals", rows[r].name);
		} else {
			CHECK(!a->refused && a->has_granule && a->granule_bytes == rows[r].want,
			      "%s: got %s %g (%s)", rows[r].name, a->refused ? a->refusal.code : "granule",
			      a->granule_bytes, a->refusal.reason);
		}
	}
	/* the figures of a perfect 64-byte ramp, by hand */
	three_levels();
	series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.1, 64, NULL, 0);
	reduce_ok();
	CHECK_NEAR(res.adj[0].r2, 1, 1e-12, "perfect fit r2");
	CHECK_NEAR(res.adj[0].margin, 1, 1e-12, "perfect fit margin");
	CHECK_NEAR(res.adj[0].ramp, 6.4 / 16.4, 1e-12, "ramp = b g / (a + b g)");
}

/* s.5 ties, rounding and the margin rule */
static void test_adjacency_margin(void)
{
	/* ties between candidates keep the smaller g: a flat series */
	struct cs_adj_point flat[7];
	for (int i = 0; i < 7; i++)
		flat[i] = (struct cs_adj_point){ ruler[i], 5 };
	struct cs_fit f;
	cs_fit_ramp(flat, 7, &f);
	CHECK(f.winner == 0 && !f.has_r2 && !f.has_margin, "ties: smallest g; r2 and margin undefined");
	/* 2.4 does not sum exactly in binary: rounding must not break the tie */
	for (int i = 0; i < 7; i++)
		flat[i].ns = (2.4 + 0 * ruler[i]) * (1 + 0.0);
	flat[3].ns = 2.4000000000000004; /* one ulp up */
	cs_fit_ramp(flat, 7, &f);
	CHECK(f.winner == 0 && !f.has_r2 && f.b == 0 ? 1 : f.winner == 0 && !f.has_r2,
	      "rounding-level variance is flat: winner %u r2 %g", f.winner, f.r2);

	/* margin: a blend of a 64 and a 128 ramp makes two near-equal
	 * candidates; walk the blend finely across the crossover and require a
	 * row just under 0.06 refused and one just over it accepted */
	struct cs_adj_point pts[7];
	int under = 0, over = 0, wrong = 0;
	for (double mix = 0.50; mix <= 0.56; mix += 0.0002) {
		for (int i = 0; i < 7; i++) {
			double d = ruler[i];
			pts[i] = (struct cs_adj_point){ d, 10 + mix * 0.1 * fmin(d, 64) + (1 - mix) * 0.05 * fmin(d, 128) };
		}
		three_levels();
		cap.adj[0].placement = CS_PLACE_MIDDLE;
		cap.adj[0].has_footprint = 1;
		cap.adj[0].footprint_bytes = 256 << 10;
		cap.adj[0].n = 7;
		memcpy(cap.adj[0].pts, pts, sizeof pts);
		reduce_ok();
		const struct cs_adj_result *a = &res.adj[0];
		int refused = a->refused && strcmp(a->refusal.code, CS_R_MARGIN_LOW) == 0;
		wrong += refused != (a->margin < 0.06);
		under += refused && a->margin > 0.045;
		over += !a->refused && a->margin < 0.075;
	}
	CHECK(wrong == 0, "%d blends judged against a margin other than 0.06", wrong);
	CHECK(under > 0, "a margin just under 0.06 is refused");
	CHECK(over > 0, "a margin just over 0.06 is accepted");
}

/* s.5 placements that cannot be checked, refused live, or malformed */
static void test_adjacency_placement(void)
{
	/* a sweep with one level: no placement can be checked */
	static const double one[] = { 1, 1, 1, 1, 1, END };
	sweep_doubling(one, count(one));
	cap.n_adj = 1;
	series(&cap.adj[0], CS_PLACE_MIDDLE, 8192, 10, 0.1, 64, NULL, 0);
	reduce_ok();
	CHECK(res.adj[0].refused && strcmp(res.adj[0].refusal.code, CS_R_NO_LEVEL) == 0, "no level: %s", res.adj[0].refusal.code);
	/* without a footprint the rule cannot be checked */
	three_levels();
	series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.1, 64, NULL, 0);
	cap.adj[0].has_footprint = 0;
	reduce_ok();
	CHECK(strcmp(res.adj[0].refusal.code, CS_R_NO_FOOTPRINT) == 0, "no footprint: %s", res.adj[0].refusal.code);
	/* a placement refused live travels with its reason and is not fitted */
	three_levels();
	cap.adj[0] = (struct cs_adj_series){ .placement = CS_PLACE_LAST, .refused = 1, .n = 0 };
	strcpy(cap.adj[0].refusal_code, CS_R_CROSSES_EDGE);
	strcpy(cap.adj[0].refusal_reason, "no footprint F with F and 2F inside level 4");
	reduce_ok();
	CHECK(res.adj[0].refused && !res.adj[0].has_fit && strcmp(res.adj[0].refusal.code, CS_R_CROSSES_EDGE) == 0 &&
	      strstr(res.adj[0].refusal.reason, "inside level 4") && has_refusal(CS_R_CROSSES_EDGE),
	      "live refusal: %s", res.adj[0].refusal.reason);
	/* duplicate distances are malformed */
	series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.1, 64, NULL, 0);
	cap.adj[0].pts[3].distance = 32;
	CHECK(cs_reduce(&cap, &work, &res, err, sizeof err) == -1 && strstr(err, "duplicate distance"), "dup: %s", err);
}

/* r2 by an independent route (correlation squared), to pin the 0.80 rule */
static double r2_reference(const struct cs_adj_point *p, int n, double g)
{
	double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;
	for (int i = 0; i < n; i++) {
		mx += fmin(p[i].distance, g) / n;
		my += p[i].ns / n;
	}
	for (int i = 0; i < n; i++) {
		double x = fmin(p[i].distance, g) - mx, y = p[i].ns - my;
		sxy += x * y;
		sxx += x * x;
		syy += y * y;
	}
	return sxy * sxy / (sxx * syy);
}

static void test_r2_threshold(void)
{
	static const double noise[] = { 0.3, -1, 1, -0.2, 0.8, -1, 0.4 };
	int seen_low = 0, seen_high = 0;
	for (double s = 0.05; s < 3; s += 0.02) {
		three_levels();
		series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.1, 64, noise, s);
		reduce_ok();
		const struct cs_adj_result *a = &res.adj[0];
		if (!a->has_fit || a->granule_fit != 64 || a->ramp < 0.18)
			continue;
		double ref = r2_reference(cap.adj[0].pts, 7, 64);
		if (fabs(ref - a->r2) > 1e-9) {
			CHECK(0, "r2 %.6f disagrees with the reference %.6f", a->r2, ref);
			return;
		}
		int low = a->refused && strcmp(a->refusal.code, CS_R_R2_LOW) == 0;
		if (ref > 0.78 && ref < 0.80) seen_low += low;
		if (ref > 0.80 && ref < 0.82) seen_high += !low;
	}
	CHECK(seen_low > 0, "r2 just under 0.80 is refused");
	CHECK(seen_high > 0, "r2 just over 0.80 is accepted");
}

static void test_place(void)
{
	three_levels();
	cap.n_adj = 0;
	reduce_ok();
	double F;
	struct cs_refusal why;
	CHECK(cs_place_adjacency(&res, CS_PLACE_MIDDLE, 4096, 1 << 30, &F, &why) == 0 &&
	      F >= 128 << 10 && 2 * F <= 1 << 20 && fmod(F, 4096) == 0, "middle: F %g", F);
	CHECK(cs_place_adjacency(&res, CS_PLACE_FIRST, 64, 1 << 30, &F, &why) == 0 && F >= 4096 && 2 * F <= 32768,
	      "first: F %g", F);
	CHECK(cs_place_adjacency(&res, CS_PLACE_LAST, 4096, 64 << 20, &F, &why) == 0 && F >= 4 << 20 && 2 * F <= 64 << 20,
	      "last, bounded by memory: F %g", F);
	CHECK(cs_place_adjacency(&res, CS_PLACE_LAST, 4096, 6 << 20, &F, &why) == -1 &&
	      strcmp(why.code, CS_R_CROSSES_EDGE) == 0, "last level beyond memory: %s", why.reason);
	/* a first level spanning exactly one doubling admits only F = its
	 * first size; off the 4 KiB grid there is no legal F */
	static const double narrow[] = { 1, 1, 1, 1, 4, 4, 4, 4, 4, END };
	cs_capture_init(&cap);
	cap.n_points = 9;
	for (int i = 0; i < 9; i++) {
		cap.points[i].bytes = i < 4 ? 16400 + 16400 / 3.0 * i : 65536.0 * (1 << i);
		cap.points[i].ns = narrow[i];
	}
	reduce_ok();
	why.code[0] = 0;
	CHECK(res.n_levels == 2 && cs_place_adjacency(&res, CS_PLACE_FIRST, 4096, 1 << 30, &F, &why) == -1 &&
	      strcmp(why.code, CS_R_CROSSES_EDGE) == 0, "narrow level: no footprint fits (levels %u)", res.n_levels);
	CHECK(cs_place_adjacency(&res, CS_PLACE_FIRST, 16, 1 << 30, &F, &why) == 0 && F == 16400,
	      "on a fine grid, F sits on the first edge: %g", F);
}


#define LN_2 0.69314718055994530942
/* s.9: the boundary test by itself, two levels of 8 points each on a grid
 * of 4 sizes an octave, both climbing r per octave, the second s times
 * higher: beta is ln r and delta ln s, so a row each side of each bound. */
static void test_climb_boundary(void)
{
	static const struct {
		const char *name;
		double r, s;
		int climb;
	} rows[] = {
		{ "slope just over 1.01, no step", 1.0101, 1.0, 1 },
		{ "slope just under 1.01, no step", 1.0099, 1.0, 0 },
		{ "step just under two octaves of slope", 1.1, 1.1 * 1.1 * 0.999, 1 },
		{ "step just over two octaves of slope", 1.1, 1.1 * 1.1 * 1.001, 0 },
		{ "step just under 1.5x, steep levels", 1.3, 1.499, 1 },
		{ "step just over 1.5x, steep levels", 1.3, 1.501, 0 },
		{ "a step down is within the bound", 1.1, 0.9, 1 },
		{ "flat levels, no step", 1.0, 1.0, 0 },
	};
	struct cs_point p[16];
	struct cs_level a = { 0 }, b = { 0 };
	a.first = 0, a.last = 7, b.first = 8, b.last = 15;
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		for (int i = 0; i < 16; i++) {
			p[i].bytes = 4096 * pow(2, i / 4.0);
			p[i].ns = pow(rows[r].r, i / 4.0) * (i >= 8 ? rows[r].s : 1);
		}
		double beta, delta;
		int climb = cs_climb_boundary(p, &a, &b, &beta, &delta);
		CHECK(climb == rows[r].climb, "%s: climb %d (beta %g, delta %g)", rows[r].name, climb,
		      beta, delta);
		/* ln x as log2(x) ln 2: the firmware's selftest has no log of its own */
		CHECK_NEAR(beta, log2(rows[r].r) * LN_2, 1e-12, "beta is the levels' slope per octave");
		CHECK_NEAR(delta, log2(rows[r].s) * LN_2, 1e-12, "delta is the excess step");
	}
	/* the points of a level are all of first .. last, in no plateau too:
	 * an outlier inside level a moves beta */
	for (int i = 0; i < 16; i++) {
		p[i].bytes = 4096 * pow(2, i / 4.0);
		p[i].ns = pow(1.1, i / 4.0);
	}
	double b0, d0, b1, d1;
	cs_climb_boundary(p, &a, &b, &b0, &d0);
	p[3].ns *= 1.2;
	cs_climb_boundary(p, &a, &b, &b1, &d1);
	CHECK(b1 != b0 && d1 != d0, "every point of first .. last enters the fit");
}

/* s.9 end to end: a pure climb is one level and no cache; a real step
 * between climbing levels stays; the climb's figures are kept */
static void test_climb(void)
{
	cs_capture_init(&cap);
	for (int i = 0; i <= 60; i++) {
		cap.points[i].bytes = 4096 * pow(2, i / 4.0);
		cap.points[i].ns = pow(1.15, i / 4.0);
	}
	cap.n_points = 61;
	CHECK(reduce_ok(), "climb: %s", err);
	CHECK(work.stair.n_raw >= 2 && res.n_levels == 1 && res.levels[0].climb,
	      "a 1.15x climb: %u levels of s.3, one after s.9", work.stair.n_raw);
	CHECK(res.n_knees == 0 && has_refusal(CS_R_CLIMB) && has_refusal(CS_R_FEW_PLATEAUS),
	      "no knee; smooth-climb and fewer-than-two-plateaus");
	CHECK(res.climbs.n == 1 && res.climbs.climb[0].n_knees == work.stair.n_raw - 1,
	      "one climb, every boundary's knee refused");
	CHECK_NEAR(res.climbs.climb[0].rate, 1.15, 1e-9, "rate per octave: t last / t first, per octave");
	CHECK(res.levels[0].first_bytes == 4096 && res.levels[0].last_bytes ==
	      res.climbs.climb[0].last_bytes, "the climb's extent is the joined level's");
	const struct cs_climb_knee *k = &res.climbs.knees[0];
	CHECK(fabs(k->bound - fmin(k->slope * k->slope, 1.5)) < 1e-12 && k->retired_bytes > 0 && k->bytes > 0,
	      "bound min(slope^2, 1.5), retired bound kept");

	/* two flat levels and a climbing memory: the step kept, the climb
	 * joined; the knee outside is s.4's exactly */
	cs_capture_init(&cap);
	for (int i = 0; i <= 60; i++) {
		cap.points[i].bytes = 4096 * pow(2, i / 4.0);
		cap.points[i].ns = i < 12 ? 1 : i < 24 ? 4 : 40 * pow(1.15, (i - 24) / 4.0);
	}
	cap.n_points = 61;
	CHECK(reduce_ok(), "steps then a climb: %s", err);
	CHECK(res.n_levels == 3 && !res.levels[1].climb && res.levels[2].climb,
	      "two steps kept, memory one level: %u levels", res.n_levels);
	CHECK(res.n_knees == 2 && res.knees[0].retired_bytes == cap.points[11].bytes &&
	      res.knees[1].retired_bytes == cap.points[23].bytes, "the two knees stay: %u", res.n_knees);
	CHECK(has_refusal(CS_R_CLIMB) && !has_refusal(CS_R_FEW_PLATEAUS), "smooth-climb only");
}

/* s.4 by logs: floors far past 1.3e154 ns (sqrt of their product
 * overflowed) and far under 1e-154 give finite knees where they belong */
static void test_knee_extremes(void)
{
	static const double scale[] = { 1e300, 1e-300, 1e154, 1 };
	for (size_t s = 0; s < sizeof scale / sizeof scale[0]; s++) {
		double ns[] = { 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, END };
		for (int i = 0; i < 10; i++)
			ns[i] *= scale[s];
		sweep_doubling(ns, count(ns));
		CHECK(reduce_ok() && res.n_knees == 1, "scale %g: %s", scale[s], err);
		CHECK(isfinite(res.knees[0].bytes) && res.knees[0].bytes > 65536 &&
		      res.knees[0].bytes <= 131072, "scale %g: knee %g", scale[s], res.knees[0].bytes);
	}
	/* sizes at the top of the doubles: the knee and the climb test stay finite */
	cs_capture_init(&cap);
	for (int i = 0; i < 12; i++) {
		cap.points[i].bytes = 1e307 * pow(2, i / 4.0);
		cap.points[i].ns = i < 6 ? 1e308 : 1.7e308;
	}
	cap.n_points = 12;
	CHECK(reduce_ok(), "huge: %s", err);
	for (uint32_t k = 0; k < res.n_knees; k++)
		CHECK(isfinite(res.knees[k].bytes), "huge knee %u finite", k);
}

/* s.5 as amended: the candidates are the powers of two */
static void test_power_of_two(void)
{
	static const double yes[] = { 1, 2, 64, 4096, 1u << 31, 4611686018427387904.0 };
	static const double no[] = { 0, 0.5, 3, 48, 96, 64.5, 1e300, -64 };
	for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
		CHECK(cs_power_of_two(yes[i]), "%g is a power of two", yes[i]);
	for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
		CHECK(!cs_power_of_two(no[i]), "%g is not", no[i]);
	/* a 64-byte ramp with a spike at 48 and one at 96: never a granule there */
	static const double d[] = { 8, 16, 24, 32, 48, 64, 96, 128, 160, 192, 256, 512 };
	for (int spike = 0; spike < 2; spike++) {
		struct cs_adj_point pts[12];
		for (int i = 0; i < 12; i++) {
			pts[i] = (struct cs_adj_point){ d[i], 8 + 0.1 * fmin(d[i], 64) };
			if (d[i] == (spike ? 96 : 48))
				pts[i].ns *= spike ? 1.15 : 1.3;
		}
		struct cs_fit f;
		cs_fit_ramp(pts, 12, &f);
		CHECK(f.has_winner && d[f.winner] == 64, "spike at %g: winner %g", spike ? 96.0 : 48.0,
		      d[f.winner]);
		CHECK(f.above == 6, "granule-at-ruler-end counts every distance above: %u", f.above);
		CHECK(f.has_runner && f.sse_runner > f.sse, "the runner-up is another power of two");
	}
	/* no power of two at all: refused, never fitted */
	three_levels();
	cap.adj[0] = (struct cs_adj_series){ .placement = CS_PLACE_MIDDLE, .has_footprint = 1,
					     .footprint_bytes = 256 << 10, .n = 3 };
	for (int i = 0; i < 3; i++)
		cap.adj[0].pts[i] = (struct cs_adj_point){ 24.0 + 24 * i, 10 + i };
	reduce_ok();
	CHECK(res.adj[0].refused && !res.adj[0].has_fit &&
	      !strcmp(res.adj[0].refusal.code, CS_R_NO_CANDIDATE), "no power of two: %s",
	      res.adj[0].refusal.code);
}

/* Every refusal sentence prints the constant it tests (issue 11): each
 * sentence is checked here for its constants as the code prints them, and
 * `test_reduce --sentences` prints one line per constant ("NAME\tsentence")
 * so that the mutation suite sees a nudged constant change its sentence. */
struct sentence {
	const char *constant;
	double value;
	char text[CS_REASON_MAX];
};
static struct sentence sentences[32];
static int n_sentences;

static void keep(const char *constant, double value, const char *code)
{
	struct sentence *x = &sentences[n_sentences++];
	x->constant = constant;
	x->value = value;
	snprintf(x->text, sizeof x->text, "%s", refusal_reason(code, 0));
}

static void collect_coarse(void);
static void collect_sentences(void)
{
	n_sentences = 0;
	/* block-length: every point far too short */
	static const double ns[] = { 1, 1, 1, 1, 4, 4, 4, 4, END };
	sweep_doubling(ns, count(ns));
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1;
	for (int i = 0; i < 8; i++) {
		cap.points[i].has_block = 1;
		cap.points[i].block_ns = 1;
	}
	reduce_ok();
	keep("CS_BLOCK_MIN_QUANTA", CS_BLOCK_MIN_QUANTA, CS_R_BLOCK_LENGTH);
	keep("CS_BLOCK_MAX_FAIL_FRACTION", CS_BLOCK_MAX_FAIL_FRACTION, CS_R_BLOCK_LENGTH);
	/* fewer-than-two-plateaus: an empty sweep (0 levels, whatever the rule) */
	cs_capture_init(&cap);
	reduce_ok();
	keep("CS_FLAT_RATIO", CS_FLAT_RATIO, CS_R_FEW_PLATEAUS);
	keep("CS_PLATEAU_MIN_POINTS", CS_PLATEAU_MIN_POINTS, CS_R_FEW_PLATEAUS);
	keep("CS_PLATEAU_MIN_SPAN", CS_PLATEAU_MIN_SPAN, CS_R_FEW_PLATEAUS);
	keep("CS_LEVEL_RATIO", CS_LEVEL_RATIO, CS_R_FEW_PLATEAUS);
	keep("CS_MIN_LEVELS", CS_MIN_LEVELS, CS_R_FEW_PLATEAUS);
	/* grid-too-coarse and knee-unmatched: one point an octave, a step at
	 * 64 MiB against a 32 KiB L1 */
	static const double far[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4, END };
	static const uint64_t l1[] = { 32768 };
	sweep_doubling(far, count(far));
	publish(l1, 1);
	reduce_ok();
	keep("CS_GRID_SPAN_MAX", CS_GRID_SPAN_MAX, CS_R_GRID_COARSE);
	keep("CS_PAIR_BELOW", CS_PAIR_BELOW, CS_R_KNEE_UNMATCHED);
	keep("CS_PAIR_ABOVE", CS_PAIR_ABOVE, CS_R_KNEE_UNMATCHED);
	/* the fit: ruler end, a flat ramp, noise, two near-equal ramps */
	three_levels();
	series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.05, 1e9, NULL, 0);
	reduce_ok();
	keep("CS_FIT_MIN_ABOVE", CS_FIT_MIN_ABOVE, CS_R_RULER_END);
	three_levels();
	series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.001, 64, NULL, 0);
	reduce_ok();
	keep("CS_FIT_MIN_RAMP", CS_FIT_MIN_RAMP, CS_R_RAMP_SMALL);
	static const double loud[] = { 6, -6, 6, -6, 6, -6, 6 };
	three_levels();
	series(&cap.adj[0], CS_PLACE_MIDDLE, 256 << 10, 10, 0.2, 64, loud, 1);
	reduce_ok();
	keep("CS_FIT_MIN_R2", CS_FIT_MIN_R2, CS_R_R2_LOW);
	for (double mix = 0.50; mix <= 0.56; mix += 0.0002) {
		three_levels();
		cap.adj[0] = (struct cs_adj_series){ .placement = CS_PLACE_MIDDLE, .has_footprint = 1,
						     .footprint_bytes = 256 << 10, .n = 7 };
		for (int i = 0; i < 7; i++) {
			double d = ruler[i];
			cap.adj[0].pts[i] = (struct cs_adj_point){ d, 10 + mix * 0.1 * fmin(d, 64) +
								   (1 - mix) * 0.05 * fmin(d, 128) };
		}
		reduce_ok();
		if (res.adj[0].refused && !strcmp(res.adj[0].refusal.code, CS_R_MARGIN_LOW) && res.adj[0].margin < 0.03)
			break;
	}
	keep("CS_FIT_MIN_MARGIN", CS_FIT_MIN_MARGIN, CS_R_MARGIN_LOW);
	/* clock-unusable: the seed's browser case */
	sweep_doubling(ns, count(ns));
	cap.clock = (struct cs_clock){ .has_clamp = 1, .clamp_ns = 5000, .has_quantum = 1, .quantum_ns = 95000 };
	reduce_ok();
	keep("CS_CLAMP_MAX_RATIO", CS_CLAMP_MAX_RATIO, CS_R_CLOCK);
	/* smooth-climb: a climb of 1.15x per octave, one under every mutant */
	cs_capture_init(&cap);
	for (int i = 0; i <= 60; i++) {
		cap.points[i].bytes = 4096 * pow(2, i / 4.0);
		cap.points[i].ns = pow(1.15, i / 4.0);
	}
	cap.n_points = 61;
	reduce_ok();
	keep("CS_CLIMB_SLOPE_MIN", CS_CLIMB_SLOPE_MIN, CS_R_CLIMB);
	keep("CS_CLIMB_OCTAVES", CS_CLIMB_OCTAVES, CS_R_CLIMB);
	keep("CS_CLIMB_STEP_MAX", CS_CLIMB_STEP_MAX, CS_R_CLIMB);
	collect_coarse();
}

/* s.10: a climb over two octaves, a step within the noise, a level with no
 * edge within reach */
static void collect_coarse(void)
{
	static const double a720_pub[] = { 64 * K, 512 * K, 12 * M }, one[] = { 64 * K };
	reduce_coarse(a720, a720_pub, 3);
	keep("CS_COARSE_FLAT", CS_COARSE_FLAT, CS_R_COARSE_CLIMB);
	keep("CS_COARSE_STEP", CS_COARSE_STEP, CS_R_COARSE_CLIMB);
	keep("CS_COARSE_SHARP", CS_COARSE_SHARP, CS_R_COARSE_CLIMB);
	keep("CS_COARSE_RANGE_MAX", CS_COARSE_RANGE_MAX, CS_R_COARSE_CLIMB);
	keep("CS_COARSE_CROSS_MARGIN", CS_COARSE_CROSS_MARGIN, CS_R_COARSE_CLIMB);
	keep("CS_COARSE_CROSS_DOMINANT", CS_COARSE_CROSS_DOMINANT, CS_R_COARSE_CLIMB);
	reduce_coarse(noisy, one, 1);
	keep("CS_COARSE_NOISE_POWER", CS_COARSE_NOISE_POWER, CS_R_COARSE_NOISE);
	static const double beyond[] = { 32 * K, 2.83 * M };
	reduce_coarse(a72, beyond, 2);
	keep("CS_COARSE_PAIR_OCTAVES", CS_COARSE_PAIR_OCTAVES, CS_R_KNEE_MISSING);
}

static void test_sentences(void)
{
	collect_sentences();
	for (int i = 0; i < n_sentences; i++) {
		char want[32];
		snprintf(want, sizeof want, "%g", sentences[i].value);
		CHECK(strstr(sentences[i].text, want) != NULL, "%s: the sentence prints %s: '%s'",
		      sentences[i].constant, want, sentences[i].text);
	}
	CHECK(n_sentences == 26, "%d sentences", n_sentences);
}

/* The default report in words (issue 40 item 5): each constant's name out,
 * its value and the sentence around it kept. */
static void test_plain_words(void)
{
	static const struct { const char *in, *want; } rows[] = {
		{ "more than CS_CLOCK_DRIFT_MAX 0.05 (worst 0.2)", "more than 0.05 (worst 0.2)" },
		{ "at least 5 times (CS_REF_MIN_REPEATS; probe --repeat)", "at least 5 times (probe --repeat)" },
		{ "1.19x (CS_GRID_STEP: one step of the grid)", "1.19x (one step of the grid)" },
		{ "the 20 ms a TLB sweep allows (CS_TLB_BLOCK_MAX_NS): not measured",
		  "the 20 ms a TLB sweep allows: not measured" },
		{ "no CS_ here, nor XCS_A nor aCS_B", "no CS_ here, nor XCS_A nor aCS_B" },
	};
	for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char mem[256];
		struct cs_buf b;
		cs_buf_init(&b, mem, sizeof mem);
		cs_puts(&b, "kept: ");
		size_t from = b.len;
		cs_puts(&b, rows[i].in);
		cs_report_plain(&b, from);
		CHECK(!strncmp(mem, "kept: ", 6) && !strcmp(mem + 6, rows[i].want) && b.len == strlen(mem),
		      "plain: '%s' -> '%s'", rows[i].in, mem);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		collect_sentences();
		for (int i = 0; i < n_sentences; i++)
			printf("%s\t%s\n", sentences[i].constant, sentences[i].text);
		return 0;
	}
	test_plain_words();
	test_plateaus_and_levels();
	test_input();
	test_knees();
	test_pairing();
	test_pairing_exhaustive();
	test_published();
	test_grid();
	test_block_and_clock();
	test_adjacency();
	test_adjacency_margin();
	test_adjacency_placement();
	test_r2_threshold();
	test_place();
	test_climb_boundary();
	test_climb();
	test_knee_extremes();
	test_power_of_two();
	test_coarse();
	test_coarse_climb();
	test_sentences();
	return cs_test_summary("reduce");
}
