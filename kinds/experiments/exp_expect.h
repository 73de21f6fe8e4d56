/* expect_experiments.h: "expect": {"experiments": {...}} of a synthetic
 * capture (seed 003, docs/experiments.md), the answer its experiment series
 * were built to have, and its comparison with the reduction. */
#ifndef CS_EXPECT_EXPERIMENTS_H
#define CS_EXPECT_EXPERIMENTS_H

#include <stddef.h>
#include "../../host/jread.h"
#include "../../reduce/reduce.h"

struct cs_expect_exp {
	int present;
	int has_line;          /* line_bytes; 0 when null */
	double line_bytes;
	char single_refusal[CS_CODE_MAX]; /* "" when null */
	int stride_flat;       /* 1, 0, or -1 when null */
	int has_breaks;
	double breaks_at_bytes;
	char stride_refusal[CS_CODE_MAX];
	int random_defeated;   /* 1, 0, or -1 when null */
	char random_refusal[CS_CODE_MAX];
};

/* v is the "expect" object; reads its optional "experiments". */
int cs_read_expect_experiments(struct cs_jr *r, const struct cs_jd *v,
			       struct cs_expect_exp *e);
/* Differences between e and the experiments' reduction (cs_result.exp), a
 * line each appended to why (NUL-terminated, whylen bytes in all); their
 * count. */
int cs_expect_experiments_compare(const struct cs_expect_exp *e,
				  const struct cs_exp_result *r, char *why,
				  size_t whylen);

#endif
