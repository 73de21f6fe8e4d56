/* sweep_capture.h: the sweep kind's data beyond the core's points: its
 * repeats (docs/capture.md "sweep.repeats"), a member of struct cs_capture
 * through scripts/kinds-h.sh. Included by common/capture.h's generated
 * header, after the core's types (CS_MAX_SWEEP_POINTS, CS_MAX_REPEATS). */
#ifndef CS_SWEEP_CAPTURE_H
#define CS_SWEEP_CAPTURE_H

#include <stdint.h>

/* The sweep run more than once (probe --repeat N, the firmware's repeat=N;
 * docs/capture.md "sweep.repeats"): each point's ns is the median of its
 * repeats' figures, ns[i][0 .. n) (each the minimum over that repeat's
 * blocks, as a point's ns is). n 0 or 1: one pass, no member written. */
struct cs_sweep_repeats {
	uint32_t n;
	double ns[CS_MAX_SWEEP_POINTS][CS_MAX_REPEATS];
};

/* its member of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_SWEEP struct cs_sweep_repeats rep; /* the sweep's repeats */

#endif
