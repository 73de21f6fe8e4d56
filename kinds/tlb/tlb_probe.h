/* tlb.h: the TLB sweep's kernel and plan (docs/tlb.md), freestanding, the
 * same code in the firmware and the host probe. For a page size P it
 * touches one line in each of N pages of a window the program has mapped,
 * in a random single cycle of dependent loads, and times it with the block
 * rule of the latency sweep (probe.h cs_timed_blocks).
 *
 * The window is the program's: N virtual pages of size P, page i backed by
 * frame cs_tlb_frame(w, i) of a few physical frames, so that all the lines
 * touched are at most w->lines distinct physical lines (kept in the L1 data
 * cache: every step of the curve is translation, not data). The line's
 * offset inside page i is rotated with i (cs_tlb_line_offset), so the lines
 * spread over every set of that cache instead of piling into one. The
 * kernel reads only; the lines must hold zero (it checks). */
#ifndef CS_TLB_H
#define CS_TLB_H

#include <stdint.h>
#include "../../common/capture.h"
#include "../../common/probe.h"

/* ---- the plan (docs/tlb.md s.1) ---- */

/* The sweep for page size P runs from CS_TLB_MIN_PAGES pages up to
 * CS_TLB_SPAN_PUBLISHED times the largest data or unified TLB published
 * for P, or CS_TLB_PAGES_UNPUBLISHED pages where none is (ARM): four
 * times the largest L2 TLBs of common ARM cores (1024 to 2048 entries),
 * so that their knee has a plateau after it. A program may map fewer
 * (the window it can make); the capture then says where it stopped. */
#define CS_TLB_MIN_PAGES 4
#define CS_TLB_SPAN_PUBLISHED 4
#define CS_TLB_PAGES_UNPUBLISHED 8192
/* Distinct lines the window's pages share: a small share of the L1 data
 * cache, so that the sweep's own lines never press on it (issue 25 item 6,
 * docs/tlb.md s.1): the largest power of two whose lines x 64 bytes x
 * CS_TLB_L1D_SHARE fit in the published L1 data cache, within these bounds
 * (CS_TLB_LINES_DEFAULT when no L1 data cache is published). 512 lines (the
 * whole of a 32 KiB L1d, two thirds of a 48 KiB one) gave this machine a
 * knee at 455-512 pages that no TLB publishes; 64 lines would put AMD's
 * aliasing step (below) on its 64-entry L1 TLB. Past that many pages,
 * lines are reached through several virtual addresses, which a cache
 * tagged by virtual address (AMD's way predictor) pays for: the reducer
 * names a knee there (docs/tlb.md s.5). */
#define CS_TLB_L1D_SHARE 4
/* Each count is timed CS_TLB_PASSES times, in passes over all the counts
 * (forward, back, ...), and its fastest kept: interference that comes and
 * goes (a busy sibling thread, a host) spoils a pass, not a count. */
#define CS_TLB_PASSES 3
/* A TLB point's timed blocks last at least 100 clock quanta (the block
 * rule, docs/reduction.md s.1) and this floor: the walk hits the L1 data cache,
 * so a block this long already holds thousands of loads, and the sweep's
 * points stay cheap (tens of seconds of blocks would buy nothing). */
#define CS_TLB_BLOCK_FLOOR_NS 50000.0
/* A clock so coarse that a block must last over CS_TLB_ONE_PASS_NS gets
 * one pass, not CS_TLB_PASSES; over CS_TLB_BLOCK_MAX_NS, no TLB sweep at
 * all (each page size refused, the figures in the reason): a point would
 * take seconds, and a sweep many minutes. */
#define CS_TLB_ONE_PASS_NS 1000000.0
#define CS_TLB_BLOCK_MAX_NS 20000000.0
#define CS_TLB_LINES_MIN 64
#define CS_TLB_LINES_MAX 1024
#define CS_TLB_LINES_DEFAULT 128

/* The largest data or unified TLB published for page size P (0: none). */
uint32_t cs_tlb_published_max(const struct cs_tlb *pub, uint32_t n, uint64_t page_bytes);
/* The largest page count the sweep for P reaches. */
uint64_t cs_tlb_max_pages(const struct cs_tlb *pub, uint32_t n, uint64_t page_bytes);
/* Page counts from CS_TLB_MIN_PAGES to max_pages, four an octave, each
 * m * 2^j with m in {1, 3, 5, 7} (4, 5, 6, 7, 8, 10, 12, 14, 16, 20, ...):
 * the walk's cycle needs that form. Returns how many (at most cap). */
uint32_t cs_tlb_counts(uint64_t max_pages, uint64_t *out, uint32_t cap);
/* Lines for the window from the published caches (the L1 data cache). */
uint32_t cs_tlb_lines(const struct cs_cache *caches, uint32_t n);

/* ---- the window ---- */

struct cs_tlb_window {
	unsigned char *base;   /* virtual address of page 0, P-aligned */
	uint64_t page_bytes;   /* P: a power of two, at least 4 KiB */
	uint64_t pages;        /* pages mapped */
	uint32_t lines;        /* L: a power of two, at least CS_TLB_LINES_MIN */
	uint64_t line_base;    /* where line 0 lies in a page: line_base + min(L*64, P) <= P */
	int unaliased;         /* each page on a frame of its own (a fallback):
				* its line is its own, and no aliasing knee can be */
};

/* Offset of page i's line inside its page. */
uint64_t cs_tlb_line_offset(const struct cs_tlb_window *w, uint64_t i);
/* Which frame backs page i, of cs_tlb_frames(w) frames of P bytes each. */
uint64_t cs_tlb_frame(const struct cs_tlb_window *w, uint64_t i);
uint64_t cs_tlb_frames(const struct cs_tlb_window *w);
/* 0 when w is a window the kernel can walk; -1 with a reason otherwise. */
int cs_tlb_window_check(const struct cs_tlb_window *w, const char **why);

/* ---- what a program offers the TLB sweep (the engine's hooks) ---- */

struct cs_tlb_hooks {
	/* A window of at most 'pages' pages of page_bytes with 'lines' lines:
	 * 0 and *w (w->pages may be fewer: the sweep stops there, and the
	 * method says why), the page tables' name ("own", "os", "firmware")
	 * and how the window was made, in words; or -1 and why (the page size
	 * is refused, and the capture keeps the reason). */
	int (*map)(void *ctx, uint64_t page_bytes, uint64_t pages, uint32_t lines,
		   struct cs_tlb_window *w, char *tables, size_t tables_len, char *method,
		   size_t method_len, char *why, size_t why_len);
	void (*unmap)(void *ctx, struct cs_tlb_window *w);
	/* Around each point (and each point of the large-page sweep): into the
	 * tables the windows live in, interrupts masked, and back; NULL when
	 * they are the program's own tables already. enter: 0, or -1. */
	int (*enter)(void *ctx);
	void (*leave)(void *ctx);
	/* The page size that backs the engine's region (pool_pages): 0 and
	 * *page_bytes and how it was found; -1 when it cannot be told. */
	int (*pool_pages)(void *ctx, uint64_t *page_bytes, char *how, size_t how_len);
	/* The engine's region again, on large pages of our own tables
	 * (sweep_large_pages): 0 and its address and page size; -1 and why.
	 * NULL where the program has no tables of its own. */
	int (*large)(void *ctx, void **mem, uint64_t *page_bytes, char *why, size_t why_len);
	void *ctx;
};

/* ---- the kernel ---- */

/* One point: 'pages' pages of the window (a count of cs_tlb_counts' form,
 * at most w->pages), blocks of at least min_block_ns, warm-up capped at
 * warm_max loads (0: a whole turn). The cycle is seeded from r. Returns 0
 * and *out (ns per load), or -1: a bad count, a line that is not zero, or
 * a clock that never moved. */
int cs_tlb_point(const struct cs_probe_clock *clk, const struct cs_tlb_window *w,
		 uint64_t pages, uint32_t blocks, double min_block_ns,
		 uint64_t warm_max, struct cs_rng *r, struct cs_point_result *out);

/* The order the walk visits 'pages' pages in, seeded as cs_tlb_point does,
 * written to order[0..pages) (tests: a single cycle through every page). */
int cs_tlb_order(uint64_t pages, struct cs_rng *r, uint64_t *order);

/* its member of struct cs_engine_hooks (scripts/kinds-h.sh): the windows,
 * tables and large pages; map NULL: no TLB sweep here */
#define CS_HOOKS_MEMBER_TLB struct cs_tlb_hooks tlb;

#endif
