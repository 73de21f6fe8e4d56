/* tlb.h: the TLB reduction (docs/tlb.md): each page size's TLB sweep by
 * reduction.md's plateau, level and knee rules on (pages, ns), its knees
 * paired with the TLBs published for that page size by s.4's matching
 * (version 2), the knee that aliasing puts at the window's line count named
 * for what it is, and the two staircases side by side: the data-cache knees
 * that lie at a TLB's reach. Also the data-cache sweep on large pages
 * (sweep_large_pages), reduced as a sweep. Freestanding. */
#ifndef CS_REDUCE_TLB_H
#define CS_REDUCE_TLB_H

#include "reduce.h"
#include "rules_tlb.h"
#include "../common/buf.h"

#define CS_TLB_MAX_KNEES 16
#define CS_TLB_MAX_REFUSALS 12

struct cs_tlb_knee {
	int has_entries;         /* 0: missing (a published level with no knee) */
	double entries;          /* the knee, in pages: TLB entries */
	int has_retired;
	double retired_entries;  /* top of the plateau: a lower bound */
	int has_published;
	double published_entries;
	uint32_t published_level;
	int has_gap;
	double gap;              /* knee / published - 1 */
	int alias;               /* s.5: the window's aliasing, not a TLB level */
};

struct cs_tlb_series_result {
	uint64_t page_bytes;
	int measured;            /* 0: the producer refused this page size */
	uint32_t alias_lines;    /* L of the window; 0 when not aliased */
	uint32_t n_points, n_used, n_plateaus, n_levels;
	struct cs_level levels[CS_MAX_LEVELS]; /* first_bytes, last_bytes: pages */
	uint32_t n_knees;
	struct cs_tlb_knee knees[CS_TLB_MAX_KNEES];
	uint32_t n_refusals;
	struct cs_refusal refusals[CS_TLB_MAX_REFUSALS];
};

/* A data-cache knee at a TLB's reach (s.4): translation, not a cache. */
struct cs_tlb_translation {
	uint32_t knee;           /* index into the sweep's knees */
	double bytes;            /* the data-cache knee */
	uint64_t page_bytes;
	uint32_t level;          /* the TLB knee's published level, 0 when unmatched */
	double entries, reach;   /* the TLB knee and entries x page size */
};

struct cs_tlb_result {
	int present;             /* the capture has any TLB member */
	int malformed;           /* err says what (the reader lets none through) */
	char err[CS_REASON_MAX];
	uint32_t n_series;
	struct cs_tlb_series_result series[CS_TLB_MAX_SIZES];
	uint32_t n_translation;
	struct cs_tlb_translation translation[CS_MAX_KNEES];
	/* sweep_large_pages, reduced as a sweep (reduction.md) */
	int has_large, large_reduced;
	char large_err[CS_REASON_MAX];
	uint32_t n_large_levels, n_large_knees;
	struct cs_level large_levels[CS_MAX_LEVELS];
	struct cs_knee large_knees[CS_MAX_KNEES];
};

/* Scratch beyond the sweep's: a capture to reduce sweep_large_pages as a
 * sweep of its own, and its result. Large: keep it off small stacks. */
struct cs_tlb_work {
	struct cs_capture side;
	struct cs_result side_res;
};

/* Reduces c's TLB members into t; r is the reduction of c's sweep (for the
 * two staircases). Returns 0, or -1 with err when a series is malformed
 * (a count or time that is not a positive finite number, a duplicate count). */
int cs_reduce_tlb(const struct cs_capture *c, const struct cs_result *r,
		  struct cs_work *w, struct cs_tlb_work *tw, struct cs_tlb_result *t,
		  char *err, size_t errlen);

/* c's TLB members reduced into storage of this unit's own (one at a time:
 * the text report and reduce --json call it for the capture they print). */
const struct cs_tlb_result *cs_tlb_of(const struct cs_capture *c, const struct cs_result *r);

/* The published TLB levels for a page size, as the pairing sees them: data
 * and unified TLBs, by level then entries, a repeated (level, entries) once.
 * Returns how many (at most max). */
uint32_t cs_tlb_levels(const struct cs_capture *c, uint64_t page_bytes,
		       double *entries, uint32_t *level, uint32_t max);

/* The text: one table per page size, then the two staircases' line, then
 * sweep_large_pages' knees. Nothing when the capture has no TLB member. */
void cs_report_tlb(struct cs_buf *b, const struct cs_capture *c,
		   const struct cs_tlb_result *t);

/* "4 KiB" */
void cs_put_page(struct cs_buf *b, uint64_t page_bytes);

#endif
