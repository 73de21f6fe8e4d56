/* test_reduce: every rule of reduction.md, table-driven, with the edges.
 * Each threshold has a row on either side of it, so moving a constant in
 * reduce/rules.h (1.25 -> 1.30, say) breaks a row. */
#include <string.h>
#include "check.h"
#include "../reduce/reduce.h"
#include "../reduce/internal.h"

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

static void publish(const uint64_t *sizes, int n)
{
	cap.n_caches = 0;
	/* an instruction cache first: it must be skipped when matching */
	cap.caches[cap.n_caches++] = (struct cs_cache){ 1, CS_CACHE_INSTRUCTION, 32768, 64 };
	for (int i = 0; i < n; i++)
		cap.caches[cap.n_caches++] = (struct cs_cache){ (uint32_t)i + 1,
			i ? CS_CACHE_UNIFIED : CS_CACHE_DATA, sizes[i], 64 };
}

/* s.4 matching against published levels: gaps, missing, unmatched, order */
static void test_published(void)
{
	static const double three[] = { 1, 1, 1, 1, 1.5, 4, 4, 4, 4, 8, 16, 16, 16, 16, END };
	static const uint64_t l123[] = { 32768, 262144, 8u << 20 };
	sweep_doubling(three, count(three));
	publish(l123, 3);
	reduce_ok();
	CHECK(res.n_knees == 3, "two knees found and one missing: %u", res.n_knees);
	CHECK(res.knees[0].has_gap && fabs(res.knees[0].gap - (res.knees[0].bytes / 32768 - 1)) < 1e-12,
	      "gap = knee / published - 1");
	CHECK(res.knees[1].published_level == 2 && res.knees[1].published_bytes == 262144, "L2 matched");
	CHECK(!res.knees[2].has_bytes && !res.knees[2].has_gap && res.knees[2].published_bytes == 8u << 20,
	      "L3's knee is missing, not guessed");
	CHECK(has_refusal(CS_R_KNEE_MISSING), "missing knee is listed as declined");
	CHECK(strstr(res.refusals[0].reason, "no further level") != NULL, "the sweep passed 8 MiB: %s",
	      res.refusals[0].reason);
	static const uint64_t big_l3[] = { 32768, 262144, 64u << 20 };
	publish(big_l3, 3);
	reduce_ok();
	CHECK(strstr(res.refusals[0].reason, "stops at 32 MiB, short of it") != NULL, "sweep stops short: %s",
	      res.refusals[0].reason);

	static const uint64_t l1[] = { 32768 };
	publish(l1, 1);
	reduce_ok();
	CHECK(res.n_knees == 2 && !res.knees[1].has_published && !res.knees[1].has_gap && res.knees[1].has_bytes,
	      "knee past the last published level is unmatched");
	CHECK(has_refusal(CS_R_KNEE_UNMATCHED), "unmatched knee named");

	/* gap order: knees 40K/32K (+25 %) then 300K/256K (+17 %): falls */
	publish(l123, 2);
	reduce_ok();
	CHECK(res.gap_order == CS_GAP_ORDER_FALLS || res.gap_order == CS_GAP_ORDER_NO, "order decided");
	int falls = res.knees[1].gap < res.knees[0].gap;
	CHECK(res.gap_order == (falls ? CS_GAP_ORDER_FALLS : CS_GAP_ORDER_NO), "order follows the gaps");
	static const uint64_t grow[] = { 65536, 262144 }; /* first gap -38 %, second > it */
	publish(grow, 2);
	reduce_ok();
	CHECK(res.gap_order == CS_GAP_ORDER_NO, "a deeper gap larger than the first: does not fall");
	publish(l1, 1);
	reduce_ok();
	CHECK(res.gap_order == CS_GAP_ORDER_UNKNOWN, "one matched knee: unknown");
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

int main(void)
{
	test_plateaus_and_levels();
	test_input();
	test_knees();
	test_published();
	test_block_and_clock();
	test_adjacency();
	test_r2_threshold();
	test_place();
	return cs_test_summary("reduce");
}
