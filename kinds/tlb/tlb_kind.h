/* tlb_kind.h: the TLB kind (docs/tlb.md, one row of common/kinds.h): its
 * run (tlb_run.c), capture members (tlb_write.c), reduction
 * (tlb_reduce.c: each page size's sweep by docs/reduction.md's plateau, level
 * and knee rules on (pages, ns), its knees paired with the TLBs published
 * for that page size by s.4's matching, version 2; the aliasing knee; the
 * two staircases; sweep_large_pages as a sweep), report (tlb_report.c),
 * reduce --json members (tlb_json.c); its reader is tlb_read.c, host only.
 * The columns' own functions are declared by each layer from the table.
 * Freestanding. */
#ifndef CS_TLB_KIND_H
#define CS_TLB_KIND_H

#include "../../common/buf.h"
#include "../../common/engine.h"
#include "tlb_probe.h"
#include "../../reduce/reduce.h"
#include "rules_tlb.h"

/* The published TLB levels for a page size, as the pairing sees them: data
 * and unified TLBs, by level then entries, a repeated (level, entries) once.
 * Returns how many (at most max). */
uint32_t cs_tlb_levels(const struct cs_capture *c, uint64_t page_bytes,
		       double *entries, uint32_t *level, uint32_t max);

/* c's TLB members reduced into t, beside r's reduction of the sweep (the
 * two staircases); w's side capture and result reduce sweep_large_pages.
 * 0, or -1 with err when a series is malformed (a count or time that is
 * not a positive finite number, a duplicate count). */
int cs_tlb_reduce_result(const struct cs_capture *c, const struct cs_result *r, struct cs_work *w,
			 struct cs_tlb_result *t, char *err, size_t errlen);

/* The text: one table per page size, then the two staircases' line, then
 * sweep_large_pages' knees. Nothing when the capture has no TLB member. */
void cs_tlb_report_result(struct cs_buf *b, const struct cs_capture *c,
			  const struct cs_tlb_result *t);

/* The kind's hooks (tlb_probe.h struct cs_tlb_hooks) from the host's
 * services (tlb_platform.c), when the engine has them; and after the run,
 * the host's own tables back (the capture's tables_back). */
void cs_tlb_platform(struct cs_engine *e);
void cs_tlb_platform_end(struct cs_engine *e, struct cs_capture *c);
/* published.tlbs from the services' CPUID where the producer said none
 * (tlb_platform.c): the run's first act, whatever it measures. */
void cs_tlb_publish(struct cs_engine *e, struct cs_capture *c);

/* "4 KiB" */
void cs_put_page(struct cs_buf *b, uint64_t page_bytes);
/* A knee's reach, entries x page size, finite for every count the reader
 * accepts (at most the largest double). */
double cs_tlb_reach(double entries, uint64_t page_bytes);

#endif
