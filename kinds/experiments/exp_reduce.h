/* experiments.h: the reduction of seed 003's experiments (common/
 * experiments.h): a line size from the period of the slow single accesses,
 * whether the stride curve is flat, random against fixed stride. Each
 * result or its refusal (docs/experiments.md); the result types are
 * common/result.h's. Freestanding. */
#ifndef CS_REDUCE_EXPERIMENTS_H
#define CS_REDUCE_EXPERIMENTS_H

#include "../../reduce/reduce.h"
#include "../../common/buf.h"

void cs_exp_reduce(const struct cs_experiments *x, struct cs_exp_result *r);
/* One series alone (exported for the unit tests). */
void cs_exp_reduce_series(const struct cs_exp_single *s, double ns_per_tick,
			  double quantum_ns, struct cs_exp_series_result *o);
/* The kind's reduce and report columns of the table (common/kinds.h) are
 * in reduce/kinds.h: cs_exp_kind_reduce into r->exp, cs_exp_kind_report one
 * line per experiment the capture has (nothing when it has none). */

#endif
