/* sweep_result.h: the sweep's repeats reduced (docs/repeats.md), a member
 * of struct cs_result (common/result.h includes it after cs_knee and
 * cs_level): each repeat's own reduction's knees, and beside each knee and
 * each level of the median curve's reduction its spread over the repeats.
 * Freestanding. */
#ifndef CS_SWEEP_RESULT_H
#define CS_SWEEP_RESULT_H

/* min .. max over the repeats that have the figure ('found' of them),
 * less the wild ones (docs/repeats.md s.2: more than CS_REPEAT_WILD_MADS
 * median absolute deviations off the repeats' median). */
struct cs_spread {
	int has;          /* 0: no repeat has it (or no repeats) */
	uint32_t found;   /* repeats in which it was found */
	uint32_t wild;    /* ... of them left out of min .. max as wild */
	double min, max;
};

struct cs_repeat_result {
	uint32_t n;       /* repeats in the capture; 0: one pass, nothing here */
	uint32_t n_knees[CS_MAX_REPEATS];             /* each repeat's found knees */
	double knees[CS_MAX_REPEATS][CS_MAX_KNEES];   /* ... ascending, bytes */
	int reduced[CS_MAX_REPEATS];                  /* 0: its reduction failed whole */
	double knee_at[CS_MAX_KNEES][CS_MAX_REPEATS];  /* each knee's matched values, 'found' of them */
	double floor_at[CS_MAX_LEVELS][CS_MAX_REPEATS]; /* each floor's, likewise */
	struct cs_spread knee[CS_MAX_KNEES];   /* beside cs_result.knees[i], bytes */
	struct cs_spread floor[CS_MAX_LEVELS]; /* beside cs_result.levels[i], ns */
};

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_SWEEP struct cs_repeat_result rep; /* the sweep's repeats */

#endif
