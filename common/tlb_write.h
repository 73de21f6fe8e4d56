/* tlb_write.h: the TLB members of a capture as JSON (tlb_write.c). */
#ifndef CS_TLB_WRITE_H
#define CS_TLB_WRITE_H

#include "capture.h"
#include "jsonw.h"

/* "tlbs_source", "tlbs" (a list, or null and "tlbs_reason") inside the open
 * "published" object; nothing when the capture has no published.tlbs. */
void cs_tlb_published_write(struct cs_jsonw *j, const struct cs_capture *c);
/* "tlb", "pool_pages" (and "pool_pages_how"), "sweep_large_pages" at the
 * top level, each only when present. */
void cs_tlb_write(struct cs_jsonw *j, const struct cs_capture *c);

#endif
