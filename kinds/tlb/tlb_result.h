/* tlb_result.h: what the TLB kind reduces to (docs/tlb.md), a member of
 * struct cs_result (common/result.h includes this after its own types):
 * each page size's levels and knees in entries, paired with the TLBs
 * published for that page size, the aliasing knee named, the data-cache
 * knees at a TLB's reach, and sweep_large_pages' levels and knees.
 * Freestanding. */
#ifndef CS_TLB_RESULT_H
#define CS_TLB_RESULT_H

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
	int has_range;           /* reduction.md s.4 "Ranges": last point of the faster */
	double range_lo, range_hi; /* level .. first point of the slower, in pages */
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
	struct cs_climbs climbs; /* reduction.md s.9, one per smooth-climb refusal */
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
	uint32_t n_series;
	struct cs_tlb_series_result series[CS_TLB_MAX_SIZES];
	uint32_t n_translation;
	struct cs_tlb_translation translation[CS_MAX_KNEES];
	/* sweep_large_pages, reduced as a sweep (docs/reduction.md) */
	int has_large, large_reduced;
	char large_err[CS_REASON_MAX];
	uint32_t n_large_levels, n_large_knees;
	struct cs_level large_levels[CS_MAX_LEVELS];
	struct cs_knee large_knees[CS_MAX_KNEES];
	uint32_t n_large_refusals; /* the large sweep's refusals, shown when it climbs */
	struct cs_refusal large_refusals[CS_MAX_REFUSALS];
	struct cs_climbs large_climbs;
};

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_TLB struct cs_tlb_result tlb;

#endif
