/* rules_geom.h: the thresholds of the geometry kind, each pointing at its
 * section of docs/geometry.md. Change one here and a unit test in
 * tests/test_reduce_geom.c (the reduction's) or tests/test_geom.c (the
 * plan's) must break (tests/suite-mutation-geometry.sh). */
#ifndef CS_RULES_GEOM_H
#define CS_RULES_GEOM_H

/* ---- the plan (s.1) ---- */
/* strides 2^i from the line up to this (or the largest region held) */
#define CS_GEOM_STRIDE_MAX 16777216ull /* 16 MiB */
/* counts 1 .. 2 x max(CS_GEOM_WAYS_FLOOR, the largest published ways) */
#define CS_GEOM_WAYS_FLOOR 32
/* each point's timed blocks last 100 clock quanta and at least this (a
 * block of L1 hits this long holds thousands of loads) ... */
#define CS_GEOM_BLOCK_FLOOR_NS 10000.0
/* ... and a point times this many of them, or the plan's blocks if fewer */
#define CS_GEOM_BLOCKS 3
/* every count timed this many times, in passes (forward, back), fastest
 * kept; once on a quick plan (fewer blocks than CS_PLAN_FULL_BLOCKS) */
#define CS_GEOM_PASSES 2
/* a clock whose blocks must last over this gets no geometry run at all */
#define CS_GEOM_BLOCK_MAX_NS 5000000.0

/* ---- the step (s.2) ---- */
/* level L holds k lines while their cost stays at or under
 * f_L + CS_GEOM_RISE x (f_next - f_L), f the sweep's floors of L and the
 * level after it: a step is the first count over that line ... */
#define CS_GEOM_RISE 0.1
/* ... that stays over it for this many counts (fewer only at the table's end) */
#define CS_GEOM_STAY 3

/* ---- ways and way size (s.3) ---- */
/* the ways show at this many strides in a row (the largest with a step) */
#define CS_GEOM_MIN_RUN 2
/* at half the way size the step sits at 2W + 1 within this many counts,
 * or the index is not a plain power-of-two index (index-hashed, s.4) */
#define CS_GEOM_HALF_SLACK 1

/* Refusal codes (s.5). */
#define CS_R_GEOM_NO_PHYSICAL "geometry-no-physical" /* no known physical addresses, or too few */
#define CS_R_GEOM_HASHED "index-hashed"              /* s.4: no clean step at any stride */
#define CS_R_GEOM_NO_STEP "geometry-no-step"         /* s.3: the step never appears */
#define CS_R_GEOM_MASKED "geometry-masked"           /* s.3: the level above's ways hide this one's */
#define CS_R_GEOM_NO_LEVEL "geometry-no-level"       /* s.2: the sweep has no latency for it */
#define CS_R_GEOM_BLOCK "geometry-block-length"      /* s.1: a stride's blocks too short */

#endif
