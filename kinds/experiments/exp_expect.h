/* expect_experiments.h: "expect": {"experiments": {...}} of a synthetic
 * capture (seed 003, docs/experiments.md), the answer its experiment series
 * were built to have, and its comparison with the reduction. */
#ifndef CS_EXPECT_EXPERIMENTS_H
#define CS_EXPECT_EXPERIMENTS_H

#include <stddef.h>
#include "../../reader/expect.h"
#include "../../reduce/reduce.h"

/* Differences between e and the experiments' reduction (cs_result.exp), a
 * line each appended to why (NUL-terminated, whylen bytes in all); their
 * count. */
int cs_expect_experiments_compare(const struct cs_expect_exp *e,
				  const struct cs_exp_result *r, char *why,
				  size_t whylen);

#endif
