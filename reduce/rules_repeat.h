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
/* s.4: ... and every knee found in every repeat, its spread max/min at
 * most this: one step of the size grid (2^(1/4), engine.c), so a knee
 * never moves by more than one size between repeats */
#define CS_REF_KNEE_SPREAD 1.189207115

/* Stable codes of the reference conditions (docs/repeats.md s.4). */
#define CS_REF_REPEATS "repeats"
#define CS_REF_KNEE_SPREAD_CODE "knee-spread"

#endif
