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

CS_TEST_MAIN_DEFS;

int main(void)
{
	const double k = CS_COMPARE_KNEE_SLACK, f = CS_COMPARE_FLOOR_SLACK;
	CHECK(cs_compare_agree(100, 130, 120, 150, 1.0), "overlapping spreads agree with no slack");
	CHECK(cs_compare_agree(120, 150, 100, 130, 1.0), "... either way round");
	CHECK(!cs_compare_agree(100, 110, 120, 130, 1.0), "spreads apart differ with no slack");
	CHECK(cs_compare_agree(100, 100, 118, 118, k), "knees 1.18x apart: within a grid step");
	CHECK(cs_compare_agree(118, 118, 100, 100, k), "... either way round");
	CHECK(!cs_compare_agree(100, 100, 120, 120, k), "knees 1.20x apart: beyond a grid step");
	CHECK(cs_compare_agree(100, 110, 129, 140, k), "spreads 1.17x apart: within a grid step");
	CHECK(!cs_compare_agree(100, 110, 132, 140, k), "spreads 1.20x apart: beyond it");
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
