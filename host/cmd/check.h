/* check.h: `cacheshape check [DIR]`: every capture under DIR replayed through
 * the reducer, one table, and each answer compared with the capture's
 * "expect" (synthetic captures). Host only. */
#ifndef CS_CHECK_CMD_H
#define CS_CHECK_CMD_H

#include <stddef.h>
#include "../reader.h"

/* Compare a result with what a capture expects: knees (same count, nulls in
 * the same places, sizes within the relative tolerance), the set of refusal
 * codes, and the granule of each series. 0 when it answers as expected;
 * otherwise the number of differences, each a line in 'why' (may be NULL). */
int cs_expect_compare(const struct cs_expect *e, const struct cs_result *r,
		      char *why, size_t whylen);

/* True when e states something to compare, of any kind (the table's
 * expect column: expect.h). */
int cs_expect_any(const struct cs_expect *e);

#endif
