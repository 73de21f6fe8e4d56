/* exp_result.h: seed 003's experiments reduced (exp_reduce.c,
 * docs/experiments.md), a member of struct cs_result through
 * scripts/kinds-h.sh; included after common/result.h's own types
 * (cs_refusal). */
#ifndef CS_EXP_RESULT_H
#define CS_EXP_RESULT_H

#include <stdint.h>
#include "experiments.h"

/* ---- seed 003's experiments (kinds/experiments/exp_reduce.h) ---- */

/* One single-access series reduced. */
struct cs_exp_series_result {
	uint32_t stride_bytes;
	uint32_t n_slow;
	double median_ns;
	int has_period;       /* best period found (accepted or not) */
	uint32_t period;      /* in accesses */
	double score;
	int accepted;
	struct cs_refusal refusal; /* when not accepted */
};

struct cs_exp_result {
	int present;          /* the capture has any experiment */
	int has_single;
	uint32_t n_series;
	struct cs_exp_series_result series[CS_EXP_SINGLE_SERIES];
	int has_line;
	double line_bytes;
	int single_refused;
	struct cs_refusal single_refusal;

	int has_stride;
	int flat;
	int has_break;
	double break_bytes;
	double base_ns, worst_ns, worst_bytes;
	int stride_refused;
	struct cs_refusal stride_refusal;

	int has_random;
	double fixed_ns, random_ns;
	int has_ratio;
	double ratio;
	int defeated;         /* ratio >= CS_EXP_RANDOM_RATIO */
	int random_refused;
	struct cs_refusal random_refusal;
};

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_EXPERIMENTS struct cs_exp_result exp; /* seed 003's experiments */

#endif
