/* tlb_capture.h: what a capture says about the translation caches (the TLB
 * kind, docs/tlb.md): the TLBs the processor publishes, the TLB sweep for
 * each page size, the page size that backed the data-cache sweep, and the
 * data-cache sweep run again on large pages of our own. Included by
 * common/capture.h after struct cs_point; every member is absent (has_/n 0)
 * when not measured, never zero. The reader (tlb_read.c) refuses more than
 * these capacities. */
#ifndef CS_TLB_CAPTURE_H
#define CS_TLB_CAPTURE_H

#define CS_MAX_TLBS 32        /* published TLB descriptors, one per page size */
#define CS_TLB_MAX_SIZES 4    /* page sizes swept in one capture */
#define CS_TLB_MAX_POINTS 128 /* page counts in one TLB series */
#define CS_TLB_TABLES_MAX 16  /* "own", "os", "firmware", with the NUL */

/* One published TLB for one page size (a descriptor that covers several
 * page sizes is one row each). ways: 0 when not published; equal to entries
 * when fully associative. */
struct cs_tlb {
	uint32_t level;          /* 1 = closest to the core */
	enum cs_cache_type type; /* data (load-only included), instruction, unified */
	uint64_t page_bytes;
	uint32_t entries;
	uint32_t ways;
};

/* One point of a TLB sweep: one line in each of 'pages' pages. */
struct cs_tlb_point {
	double pages;
	double ns;               /* minimum over blocks, per dependent load */
	int has_median;
	double ns_median;
	int has_block;
	double block_ns;         /* the shortest timed block */
};

struct cs_tlb_series {
	uint64_t page_bytes;
	char page_tables[CS_TLB_TABLES_MAX]; /* "own", "os" or "firmware" */
	char method[CS_TEXT_MAX];   /* how the pages were made, in words */
	/* L: the distinct lines the window's pages share (tlb.h), 0 when each
	 * page has a line of its own (no aliasing) */
	uint32_t alias_lines;
	/* A page size not measured: no points, and why ("refusal" in the
	 * capture: the reason a person reads, e.g. no 1 GiB pages here). */
	int refused;
	char refusal[CS_TEXT_MAX];
	uint32_t n;
	struct cs_tlb_point pts[CS_TLB_MAX_POINTS];
};

struct cs_tlb_capture {
	/* published.tlbs: a list, or null with a reason (ARM publishes none) */
	int has_published;          /* "tlbs" present (a list or null) */
	int published_null;
	char published_source[CS_WORD_MAX];
	char published_reason[CS_TEXT_MAX];
	uint32_t n_published;
	struct cs_tlb published[CS_MAX_TLBS];
	/* tlb: one series per page size */
	uint32_t n_series;
	struct cs_tlb_series series[CS_TLB_MAX_SIZES];
	/* pool_pages: the page size that backed the data-cache sweep's memory */
	int has_pool_pages;
	uint64_t pool_pages;
	char pool_pages_how[CS_TEXT_MAX]; /* how it was found, in words */
	/* sweep_large_pages: the data-cache sweep again on large pages */
	int has_large;
	uint64_t large_page_bytes;
	char large_page_tables[CS_TLB_TABLES_MAX];
	uint32_t n_large;
	struct cs_point large[CS_MAX_SWEEP_POINTS];
	/* how the run went (the record column: "tlb_probe"), never read back */
	int run_present;
	uint32_t passes;
	double run_s, series_s[CS_TLB_MAX_SIZES], large_s;
	/* the firmware: its own tables were in use again after the sweep (the
	 * root it had, read back), checked when tables_checked */
	int tables_checked, tables_back;
};

/* "tlbs_source", "tlbs" (a list, or null and "tlbs_reason") inside the open
 * "published" object of the capture writer; nothing when the capture has
 * no published.tlbs (tlb_write.c). */
struct cs_jsonw;
struct cs_capture;
void cs_tlb_published_write(struct cs_jsonw *j, const struct cs_capture *c);

/* its member of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_TLB struct cs_tlb_capture tlb; /* translation caches (docs/tlb.md) */

#endif
