/* mp_result.h: the other processors' sweeps reduced (mp_compare.c,
 * mp_reduce.c), a member of struct cs_result through scripts/kinds-h.sh;
 * included after common/result.h's own types (cs_level, cs_knee,
 * cs_refusal, cs_climbs). */
#ifndef CS_MP_RESULT_H
#define CS_MP_RESULT_H

#include <stdint.h>
#include "mp_capture.h"

/* ---- other processors (kinds/mp/mp_compare.h) ---- */

/* The competitor's sweep against the sweep alone (seed 000 s.4). */
struct cs_comparison {
	int compared;            /* 0: refused (see refusal) */
	struct cs_refusal refusal;
	uint32_t threads;
	uint32_t n_knees;        /* found knees, in order: min of both sweeps */
	int has_knee_fall[CS_MAX_KNEES];
	double knee_fall[CS_MAX_KNEES];   /* 1 - knee_with / knee_alone */
	uint32_t n_floors;
	double floor_fall[CS_MAX_LEVELS]; /* 1 - floor_alone / floor_with: speed lost */
	uint32_t private_knee, shared_knee; /* indices (0-based) */
	double private_fall, shared_fall;
	int prediction_held;     /* valid when compared */
};

/* Another sweep of the same capture (a kind of core's), reduced: what the
 * report and reduce --json show of it. */
struct cs_side_result {
	int swept;               /* the capture holds this sweep */
	int reduced;             /* 0: err says why it could not be */
	char err[CS_REASON_MAX];
	uint32_t n_levels;
	struct cs_level levels[CS_MAX_LEVELS];
	uint32_t n_knees;
	struct cs_knee knees[CS_MAX_KNEES];
	uint32_t n_refusals;
	struct cs_refusal refusals[CS_MAX_REFUSALS];
	struct cs_climbs climbs; /* s.9: one per smooth-climb refusal, in order */
};

struct cs_mp_result {
	int has_competitor;
	struct cs_comparison cmp;
	uint32_t n_kinds;
	struct cs_side_result kinds[CS_MP_MAX_KINDS];
};

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_MP struct cs_mp_result mp; /* the competitor, each kind of core */

#endif
