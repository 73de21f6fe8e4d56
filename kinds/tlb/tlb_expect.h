/* expect_tlb.h: "expect": {"tlb": [...], "translation": [...]} of a
 * synthetic capture (docs/tlb.md): per page size the TLB knees it was built
 * to have (null where a published level is missing) and its exact set of
 * refusal codes; and the data-cache knees (numbers from 1) that lie at a
 * TLB's reach. Read strictly; compared with the reduction. */
#ifndef CS_EXPECT_TLB_H
#define CS_EXPECT_TLB_H

#include <stddef.h>
#include "../../reader/expect.h"
#include "../../common/result.h"

/* Differences between e and t, a capture's TLB reduction, knees within
 * 'tolerance', a line each appended to why; their count. */
int cs_expect_tlb_compare(const struct cs_expect_tlb *e, double tolerance,
			  const struct cs_tlb_result *t, char *why, size_t whylen);

#endif
