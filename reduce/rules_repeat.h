/* rules_repeat.h: the thresholds of the repeats' reduction and of the
 * reference conditions on them, each pointing at its section of
 * docs/repeats.md. Change one and a unit test in tests/test_repeat.c
 * must break (tests/suite-mutation-repeat.sh checks that it does). */
#ifndef CS_RULES_REPEAT_H
#define CS_RULES_REPEAT_H

/* s.2: a repeat's knee is the median curve's knee K when it is the
 * repeat's nearest to K and within this many octaves of it */
#define CS_REPEAT_MATCH_OCTAVES 1.0
/* s.4: a reference needs the sweep repeated at least this many times */
#define CS_REF_MIN_REPEATS 5
/* s.2, s.3: a repeat's knee or floor more than this many median absolute
 * deviations (MAD) off the repeats' median is wild: left out of the spread
 * and of the figure drawn from the repeats, and counted. 3 MADs: one wild
 * repeat of 3 or more cannot widen a spread (issue 41: a 5x repeat made a
 * capture 3x slower "agree within noise") */
#define CS_REPEAT_WILD_MADS 3.0
/* s.2: a knee's MAD is taken as at least this many steps of the size grid:
 * the grid's resolution, so knees on one size (MAD 0) do not make a
 * neighbouring size wild */
#define CS_REPEAT_MAD_MIN_STEPS 1.0
/* s.3: a floor's MAD is taken as at least this ratio (2 %, the order at
 * which two calibrations of one counter differ: CS_COMPARE_FLOOR_SLACK) */
#define CS_REPEAT_MAD_MIN_FLOOR 1.02
/* s.4: ... and every knee found in every repeat, none wild, its spread at
 * most this many steps of the capture's own size grid (the sizes it swept,
 * counted on the grid, not as a ratio of rounded sizes), so a knee never
 * moves by more than one size between repeats */
#define CS_REF_KNEE_SPREAD_STEPS 1.0
/* s.2: the engine's size grid, four sizes an octave (2^(1/4), engine.c):
 * the step where a capture has fewer than two sizes of its own */
#define CS_GRID_RATIO 1.189207115
/* s.2: two grid positions closer than this many steps are one: the
 * rounding of sizes to doubles, never a step of the grid */
#define CS_GRID_EPS 1e-6

/* Stable codes of the reference conditions (docs/repeats.md s.4). */
#define CS_REF_REPEATS "repeats"
#define CS_REF_KNEE_SPREAD_CODE "knee-spread"

#endif
