/* test_repeat.c: the sweep's repeats reduced (reduce/repeat.c,
 * docs/repeats.md): each repeat's knees paired with the median curve's
 * within CS_REPEAT_MATCH_OCTAVES, the knee and floor spreads, and the
 * reference conditions repeats (CS_REF_MIN_REPEATS) and knee-spread
 * (CS_REF_KNEE_SPREAD_STEPS, on the grid) on both sides of each constant, on staircases
 * built here, and on the catalogue's repeats* captures (read from
 * captures/synthetic/ on the host).
 * `test_repeat --sentences` prints each constant's sentence for
 * tests/suite-mutation.sh (its mutation-repeat rows). */
#include <string.h>
#include "check.h"
#include "../common/csmath.h"
#include "../reduce/kinds.h"
#include "../reduce/repeat.h"
#include "../reduce/rules_repeat.h"
#if CS_TEST_HOSTED
#include "../host/reader.h"
#endif

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static char err[512], code[64], why[CS_REASON_MAX];

/* Grid size i: four an octave from 4 KiB, on 64-byte slots. */
static double grid(int i)
{
	return cs_floor(4096.0 * cs_exp(i / 4.0 * 0.6931471805599453) / 64 + 0.5) * 64;
}

/* Floors 1.2, 4, 12, 80 ns, steps centred on grid sizes c[0..3). */
static double stair(int i, const int *c)
{
	static const double f[] = { 1.2, 4, 12, 80 };
	double lt = cs_log(f[0]);
	for (int l = 0; l < 3; l++)
		lt += (cs_log(f[l + 1]) - cs_log(f[l])) / (1 + cs_exp(-(i - c[l]) / 4.0 / 0.35 * 8));
	return cs_exp(lt);
}

/* n repeats of the staircase; repeat 'odd' (-1: none) has its L2 step
 * 'shift' grid sizes up, and every figure of repeat k is scaled by
 * 1 + k * 0.001 (so the floors spread by a known amount). */
static void build(uint32_t n, int odd, int shift)
{
	cs_capture_init(&cap);
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1;
	cap.caches[0] = (struct cs_cache){ 1, CS_CACHE_DATA, 32768, 64 };
	cap.caches[1] = (struct cs_cache){ 2, CS_CACHE_UNIFIED, 262144, 64 };
	cap.caches[2] = (struct cs_cache){ 3, CS_CACHE_UNIFIED, 8 << 20, 64 };
	cap.n_caches = 3;
	cap.n_points = 61;
	cap.rep.n = n;
	for (int i = 0; i < 61; i++) {
		double v[CS_MAX_REPEATS];
		for (uint32_t k = 0; k < n; k++) {
			int c[3] = { 13, 24, 40 };
			if ((int)k == odd)
				c[1] += shift;
			v[k] = cap.rep.ns[i][k] = stair(i, c) * (1 + 0.001 * k);
		}
		for (uint32_t a = 1; a < n; a++) /* their median, as sweep_run.c */
			for (uint32_t b = a; b > 0 && v[b - 1] > v[b]; b--) {
				double t = v[b];
				v[b] = v[b - 1];
				v[b - 1] = t;
			}
		cap.points[i] = (struct cs_point){ grid(i), n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2,
						   1, 250000 };
	}
}

static void reduce(const char *what)
{
	CHECK(cs_reduce_capture(&cap, &work, &res, err, sizeof err) == 0, "%s: reduced (%s)", what,
	      err);
}

static int holds_repeats(void)
{
	return cs_ref_repeats(&cap, &res, code, sizeof code, why, sizeof why);
}

static int holds_spread(void)
{
	return cs_ref_knee_spread(&cap, &res, code, sizeof code, why, sizeof why);
}

static void test_agree(void)
{
	build(5, -1, 0);
	reduce("agree");
	CHECK(res.rep.n == 5 && res.n_knees == 3, "5 repeats, 3 knees: %u, %u", res.rep.n, res.n_knees);
	for (uint32_t j = 0; j < 3; j++) {
		const struct cs_spread *s = &res.rep.knee[j];
		CHECK(s->has && s->found == 5 && s->min <= s->max && s->max < 1.05 * s->min,
		      "knee %u: found in 5 (%u), a narrow spread %g .. %g", j + 1, s->found, s->min, s->max);
		CHECK(res.rep.n_knees[j] == 3 && res.rep.reduced[j], "repeat %u reduced to 3 knees: %u", j,
		      res.rep.n_knees[j]);
	}
	for (uint32_t l = 0; l < res.n_levels; l++) {
		const struct cs_spread *f = &res.rep.floor[l];
		CHECK(f->has && f->found == 5 && f->max / f->min > 1.0035 && f->max / f->min < 1.0045,
		      "level %u's floor spreads 0.4 %% as built: %g .. %g", l + 1, f->min, f->max);
	}
	CHECK(holds_repeats() && holds_spread(), "a reference's repeats: both hold (%s)", why);
}

static void test_disagree(void)
{
	build(5, 3, 2); /* one repeat's L2 two grid sizes up: 1.41x */
	reduce("disagree");
	CHECK(res.rep.knee[1].found == 5 && res.rep.knee[1].max > 1.35 * res.rep.knee[1].min,
	      "the L2 knee spreads 1.41x: %g .. %g", res.rep.knee[1].min, res.rep.knee[1].max);
	CHECK(holds_repeats() && !holds_spread() && !strcmp(code, CS_REF_KNEE_SPREAD_CODE) &&
	      strstr(why, "knee 2 ") && strstr(why, "2.00 steps of the size grid, more than 1 "),
	      "knee-spread fails on knee 2, the constant printed: %s: %s", code, why);
}

/* CS_REPEAT_MATCH_OCTAVES: a knee 3 grid sizes off (0.75 octave) is the
 * same knee; 5 off (1.25 octaves) is not, and the knee is found in 4. */
static void test_match(void)
{
	build(5, 3, 3);
	reduce("3 off");
	CHECK(res.rep.knee[1].found == 5, "0.75 octave off: matched in all 5 (%u)", res.rep.knee[1].found);
	build(5, 3, 5);
	reduce("5 off");
	CHECK(res.rep.knee[1].found == 4, "1.25 octaves off: found in 4 (%u)", res.rep.knee[1].found);
	CHECK(!holds_spread() && strstr(why, "found in 4 of 5") && strstr(why, "within 1 octave"),
	      "knee-spread fails: found in 4 of 5, the constant printed: %s", why);
}

/* CS_REF_MIN_REPEATS: 4 repeats fail, 5 hold; one pass fails too. */
static void test_min_repeats(void)
{
	build(4, -1, 0);
	reduce("4 repeats");
	CHECK(!holds_repeats() && !strcmp(code, CS_REF_REPEATS) && strstr(why, "ran 4 times") &&
	      strstr(why, "at least 5 times"), "4 repeats: %s: %s", code, why);
	CHECK(holds_spread(), "4 repeats that agree: the spread holds (%s)", why);
	build(5, -1, 0);
	reduce("5 repeats");
	CHECK(holds_repeats(), "5 repeats hold: %s", why);
	cap.rep.n = 0;
	reduce("one pass");
	CHECK(res.rep.n == 0 && !holds_repeats() && strstr(why, "ran 1 time;") && !holds_spread() &&
	      strstr(why, "not repeated"), "one pass: neither holds: %s", why);
}

/* CS_REF_KNEE_SPREAD_STEPS on a result built by hand, on the grid of the
 * capture last built (grid(i)): 1.18x holds, 1.20x not. */
static int spread_from(double lo, double hi)
{
	memset(&res, 0, sizeof res);
	res.n_knees = 1;
	res.knees[0].has_bytes = 1;
	res.knees[0].bytes = lo;
	res.rep.n = 5;
	res.rep.knee[0] = (struct cs_spread){ 1, 5, 0, lo, hi };
	return holds_spread();
}

static int spread_of(double ratio)
{
	return spread_from(100000, 100000 * ratio);
}

static void test_spread_limit(void)
{
	build(5, -1, 0);
	CHECK(spread_of(1.18), "a 1.18x spread holds: %s", why);
	CHECK(!spread_of(1.20), "a 1.20x spread fails");
	CHECK(spread_of(1.0), "no spread holds");
	/* issue 41: exactly one step of the grid, 92672 .. 110208 bytes (1.18923x
	 * once rounded to 64-byte slots), refused as "1.189x, more than
	 * 1.18921x": counted on the grid it is one step, and holds */
	CHECK(spread_from(grid(18), grid(19)), "one grid step (%g .. %g) holds: %s", grid(18), grid(19), why);
	CHECK(!spread_from(grid(18), grid(20)), "two grid steps fail");
	res.knees[0].has_bytes = 0;
	CHECK(!holds_spread() && strstr(why, "no knee"), "no knee: nothing to check: %s", why);
}

/* issue 39: the reported knee and floor are drawn from the repeats and lie
 * within their spread, even where the median curve (built here apart from
 * its repeats) puts them elsewhere: every repeat's L2 step 3 sizes up, its
 * figures 5 % up, the median curve's where they were. */
static void test_drawn(void)
{
	build(5, -1, 0);
	for (int i = 0; i < 61; i++)
		for (uint32_t k = 0; k < 5; k++) {
			int c[3] = { 13, 27, 40 };
			cap.rep.ns[i][k] = stair(i, c) * (1.05 + 0.001 * k);
		}
	reduce("drawn");
	for (uint32_t j = 0; j < res.n_knees; j++) {
		const struct cs_spread *s = &res.rep.knee[j];
		int one = 0;
		for (uint32_t i = 0; i < s->found; i++)
			one |= res.rep.knee_at[j][i] == res.knees[j].bytes;
		CHECK(s->has && s->min <= res.knees[j].bytes && res.knees[j].bytes <= s->max && one,
		      "knee %u (%g) is one of its repeats' and within its spread %g .. %g", j + 1,
		      res.knees[j].bytes, s->min, s->max);
	}
	for (uint32_t l = 0; l < res.n_levels; l++) {
		const struct cs_spread *f = &res.rep.floor[l];
		CHECK(f->has && f->min <= res.levels[l].floor_ns && res.levels[l].floor_ns <= f->max,
		      "level %u's floor %g within its spread %g .. %g", l + 1, res.levels[l].floor_ns, f->min,
		      f->max);
	}
}

/* CS_REPEAT_WILD_MADS: one repeat of five 5x slower throughout is wild: the
 * floors' spread and figure hold the other four; 1.05x is not wild. */
static void test_wild(void)
{
	build(5, -1, 0);
	for (int i = 0; i < 61; i++)
		cap.rep.ns[i][2] *= 5;
	reduce("wild");
	for (uint32_t l = 0; l < res.n_levels; l++) {
		const struct cs_spread *f = &res.rep.floor[l];
		CHECK(f->wild == 1 && f->max < 1.01 * f->min, "level %u: one wild repeat left out (%u), %g .. %g",
		      l + 1, f->wild, f->min, f->max);
	}
	build(5, -1, 0);
	for (int i = 0; i < 61; i++)
		cap.rep.ns[i][2] *= 1.05;
	reduce("not wild");
	CHECK(res.rep.floor[0].wild == 0 && res.rep.floor[0].max > 1.04 * res.rep.floor[0].min,
	      "a repeat 5 %% off is not wild: %g .. %g", res.rep.floor[0].min, res.rep.floor[0].max);
	/* a knee: the four others together (no deviation), so the limit is
	 * CS_REPEAT_WILD_MADS grid steps (CS_REPEAT_MAD_MIN_STEPS each): 3 off
	 * is within it, 4 off past it */
	build(5, 3, 3);
	reduce("knee 3 steps off");
	CHECK(res.rep.knee[1].wild == 0, "a knee 3 grid steps off is not wild (%u)", res.rep.knee[1].wild);
	build(5, 3, 4);
	reduce("knee 4 steps off");
	CHECK(res.rep.knee[1].wild == 1, "a knee 4 grid steps off is wild (%u)", res.rep.knee[1].wild);
}

#if CS_TEST_HOSTED /* the catalogue's files, through the host's reader */
/* captures/synthetic/repeats*.json (gen_synthetic.c): their known answers. */
static void catalogue(const char *name, int spread_holds, uint32_t knee)
{
	char path[128];
	snprintf(path, sizeof path, "captures/synthetic/%s.json", name);
	CHECK(cs_read_capture_file(path, &cap, NULL, err, sizeof err) == 0, "%s read: %s", name, err);
	reduce(name);
	CHECK(res.rep.n == 5 && holds_repeats(), "%s: 5 repeats, enough (%s)", name, why);
	CHECK(holds_spread() == spread_holds && (spread_holds || strstr(why, knee == 2 ? "knee 2 " : "knee ")),
	      "%s: knee-spread %s: %s", name, spread_holds ? "holds" : "fails on knee 2", why);
}

static void test_catalogue(void)
{
	catalogue("repeatsAgree", 1, 0);
	catalogue("repeatsDisagree", 0, 2);
	catalogue("repeatsMoved", 1, 0);
}
#endif

/* The sentence of each constant (--sentences). */
static void sentences(void)
{
	build(3, -1, 0);
	cs_reduce_capture(&cap, &work, &res, err, sizeof err);
	holds_repeats();
	printf("CS_REF_MIN_REPEATS\t%s\n", why);
	spread_of(1.5);
	printf("CS_REF_KNEE_SPREAD_STEPS\t%s\n", why);
	build(5, 3, 7); /* 1.75 octaves off: unmatched under every mutant */
	cs_reduce_capture(&cap, &work, &res, err, sizeof err);
	holds_spread();
	printf("CS_REPEAT_MATCH_OCTAVES\t%s\n", why);
	build(5, 3, 4); /* one repeat's L2 an octave up, the others together: wild */
	cs_reduce_capture(&cap, &work, &res, err, sizeof err);
	holds_spread();
	printf("CS_REPEAT_WILD_MADS\t%s\n", why);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--sentences")) {
		sentences();
		return 0;
	}
	test_agree();
	test_disagree();
	test_match();
	test_min_repeats();
	test_spread_limit();
	test_drawn();
	test_wild();
#if CS_TEST_HOSTED
	test_catalogue();
#endif
	return cs_test_summary("repeat");
}
