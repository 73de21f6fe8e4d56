/* expect_tlb.h: "expect": {"tlb": [...], "translation": [...]} of a
 * synthetic capture (docs/tlb.md): per page size the TLB knees it was built
 * to have (null where a published level is missing) and its exact set of
 * refusal codes; and the data-cache knees (numbers from 1) that lie at a
 * TLB's reach. Read strictly; compared with the reduction. */
#ifndef CS_EXPECT_TLB_H
#define CS_EXPECT_TLB_H

#include <stddef.h>
#include "../../host/jread.h"
#include "../../common/result.h"

struct cs_expect_tlb_series {
	uint64_t page_bytes;
	int has_knees;
	uint32_t n_knees;
	int has[CS_TLB_MAX_KNEES];
	double entries[CS_TLB_MAX_KNEES];
	int has_refusals;
	uint32_t n_refusals;
	char refusals[CS_TLB_MAX_REFUSALS][CS_CODE_MAX];
};

struct cs_expect_tlb {
	int present;
	int has_series;          /* "tlb" given: its count is compared too */
	uint32_t n;
	struct cs_expect_tlb_series s[CS_TLB_MAX_SIZES];
	int has_translation;
	uint32_t n_translation;
	uint32_t translation[CS_MAX_KNEES];
};

/* v is the "expect" object; reads its optional "tlb" and "translation". */
int cs_read_expect_tlb(struct cs_jr *r, const struct cs_jd *v, struct cs_expect_tlb *e);
/* Differences between e and t, a capture's TLB reduction, knees within
 * 'tolerance', a line each appended to why; their count. */
int cs_expect_tlb_compare(const struct cs_expect_tlb *e, double tolerance,
			  const struct cs_tlb_result *t, char *why, size_t whylen);

#endif
