/* experiments.h: the reduction of seed 003's experiments (common/
 * experiments.h): a line size from the period of the slow single accesses,
 * whether the stride curve is flat, random against fixed stride. Each
 * result or its refusal (docs/experiments.md). Freestanding. */
#ifndef CS_REDUCE_EXPERIMENTS_H
#define CS_REDUCE_EXPERIMENTS_H

#include "reduce.h"
#include "../common/buf.h"

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

void cs_exp_reduce(const struct cs_experiments *x, struct cs_exp_result *r);
/* One series alone (exported for the unit tests). */
void cs_exp_reduce_series(const struct cs_exp_single *s, double ns_per_tick,
			  double quantum_ns, struct cs_exp_series_result *o);
/* The lines of `cacheshape reduce` and the firmware's screen: one per
 * experiment the capture has, nothing when it has none. */
void cs_report_experiments(struct cs_buf *b, const struct cs_capture *c);

#endif
