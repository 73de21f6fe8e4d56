/* check.h: `cacheshape check [DIR]`: every capture under DIR replayed through
 * the reducer, one table, and each answer compared with the capture's
 * "expect" (synthetic captures). Host only. */
#ifndef CS_CHECK_CMD_H
#define CS_CHECK_CMD_H

#include <stddef.h>
#include "../reader.h"

/* The judgement itself is the core's (reader/expect.h: cs_expect_judge,
 * cs_expect_compare, cs_expect_any), the page's too. */

#endif
