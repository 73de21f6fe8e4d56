/* test_compare_cmd.c: `cacheshape compare`'s verdict on two figures and
 * their spreads (host/cmd/compare.h, docs/repeats.md s.5): overlapping
 * spreads agree; spreads apart agree only within the slack, one grid step
 * for knees (CS_COMPARE_KNEE_SLACK), 2 % for floors
 * (CS_COMPARE_FLOOR_SLACK), 7.1 % for floors in cycles
 * (CS_COMPARE_CYCLES_SLACK), 15 % for read bandwidths (CS_COMPARE_BW_SLACK),
 * none for geometry's counts (CS_COMPARE_GEOM_SLACK), on each side of each
 * constant. Host only
 * (mk/selftest.mk). tests/suite-compare.sh runs the command itself. */
#include "check.h"
#include "../host/cmd/compare.h"
#include "../common/capture.h"
#include "../common/csmath.h"
#include "../reduce/rules_repeat.h"

CS_TEST_MAIN_DEFS;

static struct cs_capture cap;

/* Grid size i: four an octave from 4 KiB, on 64-byte slots (engine.c). */
static double grid(int i)
{
	return cs_floor(4096.0 * cs_exp(i / 4.0 * 0.6931471805599453) / 64 + 0.5) * 64;
}

/* Knees a and b within CS_COMPARE_KNEE_STEPS on cap's grid. */
static int knees_agree(double a, double b)
{
	return cs_compare_knee_steps(&cap, &cap, a, a, b, b) <= CS_COMPARE_KNEE_STEPS + CS_GRID_EPS;
}

int main(void)
{
	const double f = CS_COMPARE_FLOOR_SLACK;
	cs_capture_init(&cap);
	cap.n_points = 61;
	for (int i = 0; i < 61; i++)
		cap.points[i] = (struct cs_point){ grid(i), 1, 1, 250000 };
	CHECK(cs_compare_agree(100, 130, 120, 150, 1.0), "overlapping spreads agree with no slack");
	CHECK(cs_compare_agree(120, 150, 100, 130, 1.0), "... either way round");
	CHECK(!cs_compare_agree(100, 110, 120, 130, 1.0), "spreads apart differ with no slack");
	/* issue 41: a curve moved by one size (92672 against 110208 bytes,
	 * 1.18923x once on 64-byte slots) is one step of the grid: no difference */
	CHECK(knees_agree(grid(18), grid(19)), "knees one grid step apart agree (%g, %g)", grid(18), grid(19));
	CHECK(knees_agree(grid(19), grid(18)), "... either way round");
	double g19_1 = grid(19) * cs_exp(0.1 * cs_log(grid(20) / grid(19)));
	CHECK(!knees_agree(grid(18), g19_1), "knees 1.1 grid steps apart differ");
	CHECK(knees_agree(grid(18), grid(18) * 1.1), "knees half a step apart agree");
	CHECK(cs_compare_knee_steps(&cap, &cap, grid(10), grid(12), grid(13), grid(14)) < 1 + 1e-9 &&
	      cs_compare_knee_steps(&cap, &cap, grid(10), grid(12), grid(13), grid(14)) > 1 - 1e-9,
	      "spreads one step apart: 1 step");
	CHECK(cs_compare_knee_steps(&cap, &cap, grid(10), grid(13), grid(12), grid(14)) == 0,
	      "overlapping spreads: 0 steps");
	CHECK(cs_compare_agree(1.0, 1.0, 1.019, 1.019, f), "floors 1.9 %% apart agree");
	CHECK(!cs_compare_agree(1.0, 1.0, 1.021, 1.021, f), "floors 2.1 %% apart differ");
	CHECK(cs_compare_agree(1.0, 1.01, 1.029, 1.05, f), "floor spreads 1.9 %% apart agree");
	CHECK(!cs_compare_agree(1.0, 1.01, 1.031, 1.05, f), "floor spreads 2.1 %% apart differ");
	const double c = CS_COMPARE_CYCLES_SLACK, w = CS_COMPARE_BW_SLACK, g = CS_COMPARE_GEOM_SLACK;
	CHECK(cs_compare_agree(4.0, 4.0, 4.28, 4.28, c), "floors 7.0 %% apart in cycles agree");
	CHECK(!cs_compare_agree(4.0, 4.0, 4.29, 4.29, c), "floors 7.25 %% apart in cycles differ");
	CHECK(cs_compare_agree(100, 100, 114.9, 114.9, w), "reads 14.9 %% apart agree");
	CHECK(!cs_compare_agree(114.9 + 0.2, 114.9 + 0.2, 100, 100, w), "reads 15.1 %% apart differ");
	CHECK(cs_compare_agree(8, 8, 8, 8, g) && cs_compare_agree(8192, 8192, 8192, 8192, g),
	      "equal ways, equal sets agree");
	CHECK(!cs_compare_agree(8192, 8192, 8193, 8193, g), "8192 sets against 8193 differ");
	CHECK(!cs_compare_agree(8, 8, 12, 12, g), "8 ways against 12 differ");
	return cs_test_summary("compare_cmd");
}
