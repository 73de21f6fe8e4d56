/* rules.h: every threshold of the reduction, each pointing at its section
 * of docs/reduction.md (the contract). Change one here and a unit
 * test in tests/test_reduce.c must break. */
#ifndef CS_RULES_H
#define CS_RULES_H

/* s.1 block-length rule: a point passes when block_ns >= 100 * quantum_ns */
#define CS_BLOCK_MIN_QUANTA 100.0
/* s.1: the sweep is refused when more than this fraction of points fail */
#define CS_BLOCK_MAX_FAIL_FRACTION 0.5
/* s.2 a run is flat when max <= 1.25 * min */
#define CS_FLAT_RATIO 1.25
/* s.2 a plateau has at least 4 points ... */
#define CS_PLATEAU_MIN_POINTS 4
/* s.2 ... and spans at least a doubling: bytes[j] >= 2 * bytes[i] */
#define CS_PLATEAU_MIN_SPAN 2.0
/* s.3 a plateau opens a new level when its floor >= 1.35 * the open level's */
#define CS_LEVEL_RATIO 1.35
/* s.3 fewer than two levels name no cache */
#define CS_MIN_LEVELS 2
/* s.5 refusal 1: at least two swept distances above the winner */
#define CS_FIT_MIN_ABOVE 2
/* s.5 refusal 2: ramp >= 0.18 (and b > 0) */
#define CS_FIT_MIN_RAMP 0.18
/* s.5 refusal 3: r2 >= 0.80 */
#define CS_FIT_MIN_R2 0.80
/* s.5 refusal 4: margin over the runner-up >= 0.06 */
#define CS_FIT_MIN_MARGIN 0.06
/* s.6 a clamp is not honoured when quantum_ns > 1.5 * clamp_ns */
#define CS_CLAMP_MAX_RATIO 1.5
/* s.4 (v2) a knee k pairs with a published level P only when
 * P / CS_PAIR_BELOW <= k ... */
#define CS_PAIR_BELOW 8.0
/* ... and k <= CS_PAIR_ABOVE * P */
#define CS_PAIR_ABOVE 2.0
/* s.4 coarse grids: grid-too-coarse when the median of bytes[i+3]/bytes[i]
 * over the surviving points exceeds this */
#define CS_GRID_SPAN_MAX 4.0
/* s.9 smooth climb: a boundary between consecutive levels is a climb when
 * the levels climb by themselves, beta >= ln CS_CLIMB_SLOPE_MIN ... */
#define CS_CLIMB_SLOPE_MIN 1.01
/* ... the excess step is at most CS_CLIMB_OCTAVES octaves of that climb,
 * delta <= CS_CLIMB_OCTAVES * beta ... */
#define CS_CLIMB_OCTAVES 2.0
/* ... and under this step: delta < ln CS_CLIMB_STEP_MAX */
#define CS_CLIMB_STEP_MAX 1.5
/* s.10 coarse grids (median span over CS_GRID_SPAN_MAX): a level is a run
 * of at least two rows flat within CS_COARSE_FLAT x its cheapest ... */
#define CS_COARSE_FLAT 1.25
/* ... its edge the first row costing at least CS_COARSE_STEP x its floor ... */
#define CS_COARSE_STEP 1.35
/* ... a departure under CS_COARSE_SHARP x the row before it is followed
 * while each next row rises by CS_COARSE_STEP (a climb, not a step) ... */
#define CS_COARSE_SHARP 2.0
/* ... the range (last row of the faster level .. first of the slower)
 * spans at most this (one octave), else refused coarse-climb ... */
#define CS_COARSE_RANGE_MAX 2.0
/* ... unless the climb crosses the half-way point (in log) between the
 * faster floor and the slower once, the rows either side of the crossing
 * each at least max(N, CS_COARSE_CROSS_MARGIN) x away from it: the edge is
 * then those two rows (one octave) ... */
#define CS_COARSE_CROSS_MARGIN 1.05
/* ... and the step across the crossing at least max(N, this) x every other
 * step of the climb (a smooth climb, its steps alike, has no edge) ... */
#define CS_COARSE_CROSS_DOMINANT 1.15
/* ... and the rise over the floor exceeds N^CS_COARSE_NOISE_POWER, N the
 * table's largest fall between consecutive rows, else coarse-noise */
#define CS_COARSE_NOISE_POWER 2.0
/* s.10 pairing: an edge pairs with a published level P whose size lies in
 * its range or at most this many octaves outside it (the nearest first) */
#define CS_COARSE_PAIR_OCTAVES 1.0

/* Stable refusal codes (s.7). The first eight and smooth-climb are the spec's; the rest are
 * this implementation's, each named where it is raised. */
#define CS_R_BLOCK_LENGTH "block-length"
#define CS_R_FEW_PLATEAUS "fewer-than-two-plateaus"
#define CS_R_CROSSES_EDGE "placement-crosses-edge"
#define CS_R_RULER_END "granule-at-ruler-end"
#define CS_R_RAMP_SMALL "ramp-too-small"
#define CS_R_R2_LOW "fit-r2-low"
#define CS_R_MARGIN_LOW "fit-margin-low"
#define CS_R_CLOCK "clock-unusable"
#define CS_R_KNEE_MISSING "knee-missing"      /* s.4: missing, never guessed */
#define CS_R_KNEE_UNMATCHED "knee-unmatched"  /* s.4: paired with no published level */
#define CS_R_GRID_COARSE "grid-too-coarse"   /* s.4: too few points per octave */
#define CS_R_NO_LEVEL "placement-no-level"    /* s.5: no such level to place in */
#define CS_R_NO_FOOTPRINT "footprint-unknown" /* s.5: rule cannot be checked */
#define CS_R_NO_DISTANCES "no-distances"      /* s.5: an empty series */
#define CS_R_CONTROL "control-fit-fault"      /* s.5: the control accepted a granule */
#define CS_R_CLIMB "smooth-climb"             /* s.9: levels joined by a climb */
#define CS_R_OUTLIER "outlier"                 /* s.1: points far off their neighbours, left out */
#define CS_R_COARSE_CLIMB "coarse-climb" /* s.10: a range over an octave */
#define CS_R_COARSE_NOISE "coarse-noise" /* s.10: a step within the noise */
#define CS_R_NO_CANDIDATE "fit-no-power-of-two" /* s.5: no swept distance is a power of two */

#endif
