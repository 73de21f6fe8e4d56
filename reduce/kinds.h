/* kinds.h (reduce): the reduce and report columns of the table of kinds
 * (common/kinds.h), one function a kind, each in its own unit. */
#ifndef CS_REDUCE_KINDS_H
#define CS_REDUCE_KINDS_H

#include "reduce.h"
#include "report.h"

int cs_sweep_reduce(const struct cs_capture *c, struct cs_work *w,
		    struct cs_result *r, char *err, size_t errlen);
int cs_exp_kind_reduce(const struct cs_capture *c, struct cs_work *w,
		       struct cs_result *r, char *err, size_t errlen);
int cs_competitor_reduce(const struct cs_capture *c, struct cs_work *w,
			 struct cs_result *r, char *err, size_t errlen);
int cs_cores_reduce(const struct cs_capture *c, struct cs_work *w,
		    struct cs_result *r, char *err, size_t errlen);

void cs_sweep_report(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r);
void cs_adj_report(struct cs_buf *b, const struct cs_capture *c,
		   const struct cs_result *r);
void cs_exp_kind_report(struct cs_buf *b, const struct cs_capture *c,
			const struct cs_result *r);
void cs_procs_report(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r);
void cs_competitor_report(struct cs_buf *b, const struct cs_capture *c,
			  const struct cs_result *r);
void cs_cores_report(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r);

#endif
