/* reader_tlb.h: a capture's TLB members (common/tlb_capture.h, capture.md)
 * read strictly, as reader.c reads the core: "published.tlbs" (a list, or
 * null with "tlbs_reason"), "tlb", "pool_pages", "sweep_large_pages".
 * Absent: not measured (has_ and counts 0). */
#ifndef CS_READER_TLB_H
#define CS_READER_TLB_H

#include "jread.h"
#include "../common/capture.h"

int cs_read_tlb(struct cs_jr *r, const struct cs_jd *root, struct cs_tlb_capture *k);

#endif
