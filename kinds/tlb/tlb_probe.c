/* tlb.c: the TLB sweep's plan and kernel (tlb.h). Freestanding. */
#include "tlb_probe.h"

/* ---- the plan ---- */

uint32_t cs_tlb_published_max(const struct cs_tlb *pub, uint32_t n, uint64_t page_bytes)
{
	uint32_t big = 0;
	for (uint32_t i = 0; i < n && i < CS_MAX_TLBS; i++)
		if (pub[i].page_bytes == page_bytes && pub[i].type != CS_CACHE_INSTRUCTION &&
		    pub[i].entries > big)
			big = pub[i].entries;
	return big;
}

uint64_t cs_tlb_max_pages(const struct cs_tlb *pub, uint32_t n, uint64_t page_bytes)
{
	uint32_t big = cs_tlb_published_max(pub, n, page_bytes);
	return big ? (uint64_t)CS_TLB_SPAN_PUBLISHED * big : CS_TLB_PAGES_UNPUBLISHED;
}

/* Count k of the grid: 2^(k/4 + 2) times 1, 1.25, 1.5, 1.75. */
static uint64_t grid_count(uint32_t k)
{
	static const uint64_t quarter[4] = { 4, 5, 6, 7 };
	return quarter[k % 4] << (k / 4);
}

uint32_t cs_tlb_counts(uint64_t max_pages, uint64_t *out, uint32_t cap)
{
	uint32_t n = 0;
	uint32_t k = 0;
	while (n < cap && k < 4 * 40 && grid_count(k) <= max_pages) {
		if (grid_count(k) >= CS_TLB_MIN_PAGES)
			out[n++] = grid_count(k);
		k++;
	}
	return n;
}

uint32_t cs_tlb_lines(const struct cs_cache *caches, uint32_t n)
{
	uint64_t l1 = 0;
	uint32_t lines = CS_TLB_LINES_MIN;
	for (uint32_t i = 0; i < n && i < CS_MAX_CACHES; i++)
		if (caches[i].level == 1 && caches[i].type == CS_CACHE_DATA)
			l1 = caches[i].size_bytes;
	if (!l1)
		return CS_TLB_LINES_DEFAULT;
	while (lines < CS_TLB_LINES_MAX &&
	       (uint64_t)lines * 2 * CS_SLOT_BYTES * CS_TLB_L1D_SHARE <= l1)
		lines *= 2;
	return lines;
}

/* ---- the window ---- */

uint64_t cs_tlb_line_offset(const struct cs_tlb_window *w, uint64_t i)
{
	return w->line_base + (((i & (w->lines - 1)) * CS_SLOT_BYTES) & (w->page_bytes - 1));
}

uint64_t cs_tlb_frame(const struct cs_tlb_window *w, uint64_t i)
{
	return ((i & (w->lines - 1)) * CS_SLOT_BYTES) / w->page_bytes;
}

uint64_t cs_tlb_frames(const struct cs_tlb_window *w)
{
	uint64_t bytes = (uint64_t)w->lines * CS_SLOT_BYTES;
	return bytes <= w->page_bytes ? 1 : bytes / w->page_bytes;
}

static int pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int cs_tlb_window_check(const struct cs_tlb_window *w, const char **why)
{
	uint64_t span = (uint64_t)w->lines * CS_SLOT_BYTES;
	const char *no = 0;
	if (!w->base)
		no = "no window";
	else if (!pow2(w->page_bytes) || w->page_bytes < 4096)
		no = "the page size is not a power of two of at least 4 KiB";
	else if (((uintptr_t)w->base & (w->page_bytes - 1)) != 0)
		no = "the window does not start on a page boundary";
	else if (!pow2(w->lines) || w->lines < CS_TLB_LINES_MIN)
		no = "the lines are not a power of two of at least CS_TLB_LINES_MIN";
	else if (w->line_base % CS_SLOT_BYTES ||
		 w->line_base + (span < w->page_bytes ? span : w->page_bytes) > w->page_bytes)
		no = "the lines do not fit in a page from line_base";
	if (why)
		*why = no;
	return no ? -1 : 0;
}

/* ---- the walk ----
 * 'pages' = m * 2^j with m odd: the page visited is q * 2^j + s(r), where
 * q steps through 0..m-1 and r through 0..2^j-1 by a full-period LCG
 * (a = 1 mod 4, c odd), s a bijection of j bits that scrambles the LCG's
 * short low-bit periods. m and 2^j are coprime, so (q, r) runs one cycle
 * through all m * 2^j pages. None of that depends on the loads: it runs
 * ahead of them, and only the value each load returns (zero), added to the
 * next address, chains them. */
struct tlb_walk {
	const unsigned char *base;
	uint32_t pshift, j, h;
	uint64_t lmask, pmask, line_base, rmask, m, a, c, k;
	uint64_t q, r, v;
};

static int log2_of(uint64_t v)
{
	int s = 0;
	while (v > 1) {
		v >>= 1;
		s++;
	}
	return s;
}

/* 0 and the walk's shape for 'pages'; -1 when pages is not m * 2^j with m
 * in {1, 3, 5, 7}. */
static int walk_shape(uint64_t pages, struct tlb_walk *t)
{
	uint32_t j = 0;
	if (pages == 0)
		return -1;
	while (!(pages & 1)) {
		pages >>= 1;
		j++;
	}
	if (pages != 1 && pages != 3 && pages != 5 && pages != 7)
		return -1;
	t->m = pages;
	t->j = j;
	t->h = (j + 1) / 2;
	t->rmask = ((uint64_t)1 << j) - 1;
	return 0;
}

static void walk_seed(struct tlb_walk *t, struct cs_rng *r)
{
	t->a = (cs_rng_next(r) & ~(uint64_t)3) | 1;
	t->c = cs_rng_next(r) | 1;
	t->k = cs_rng_next(r) | 1;
	t->q = cs_rng_below(r, t->m);
	t->r = cs_rng_next(r) & t->rmask;
	t->v = 0;
}

static uint64_t walk_scramble(const struct tlb_walk *t, uint64_t r)
{
	uint64_t s = r ^ (r >> t->h);
	s = (s * t->k) & t->rmask;
	return s ^ (s >> t->h);
}

int cs_tlb_order(uint64_t pages, struct cs_rng *r, uint64_t *order)
{
	struct tlb_walk t;
	if (walk_shape(pages, &t) != 0)
		return -1;
	walk_seed(&t, r);
	for (uint64_t i = 0; i < pages; i++) {
		order[i] = (t.q << t.j) | walk_scramble(&t, t.r);
		t.r = (t.r * t.a + t.c) & t.rmask;
		t.q = t.q + 1 == t.m ? 0 : t.q + 1;
	}
	return 0;
}

/* One step: the page's line, loaded; the next page computed meanwhile. */
#define TSTEP                                                                        \
	do {                                                                         \
		uint64_t s_ = r ^ (r >> h);                                          \
		s_ = (s_ * k) & rmask;                                               \
		s_ ^= s_ >> h;                                                       \
		uint64_t pg_ = (q << j) | s_;                                        \
		v = *(const uint64_t *)(base + (pg_ << ps) + lb +                    \
					(((pg_ & lm) * CS_SLOT_BYTES) & pm) + v);    \
		r = (r * a + c) & rmask;                                             \
		q++;                                                                 \
		q = q == m ? 0 : q;                                                  \
	} while (0)

static uint64_t tlb_timed(const struct cs_probe_clock *clk, void *st, uint64_t loads)
{
	struct tlb_walk *t = st;
	const unsigned char *base = t->base;
	const uint32_t ps = t->pshift, j = t->j, h = t->h;
	const uint64_t lm = t->lmask, pm = t->pmask, lb = t->line_base, rmask = t->rmask;
	const uint64_t m = t->m, a = t->a, c = t->c, k = t->k;
	uint64_t q = t->q, r = t->r, v = t->v, turns = (loads + 15) / 16, t0, t1;

	t0 = clk->now(clk->ctx);
	while (turns--) {
		TSTEP; TSTEP; TSTEP; TSTEP; TSTEP; TSTEP; TSTEP; TSTEP;
		TSTEP; TSTEP; TSTEP; TSTEP; TSTEP; TSTEP; TSTEP; TSTEP;
	}
	t1 = clk->now(clk->ctx);
	t->q = q;
	t->r = r;
	t->v = v;
	return t1 - t0;
}

/* Every page's line reads zero (the loads add what they read to the next
 * address), touching each page once on the way. */
static int lines_zero(const struct cs_tlb_window *w, uint64_t pages)
{
	uint64_t any = 0;
	for (uint64_t i = 0; i < pages; i++)
		any |= *(const volatile uint64_t *)(w->base + i * w->page_bytes +
						    cs_tlb_line_offset(w, i));
	return any == 0;
}

int cs_tlb_point(const struct cs_probe_clock *clk, const struct cs_tlb_window *w,
		 uint64_t pages, uint32_t blocks, double min_block_ns,
		 uint64_t warm_max, struct cs_rng *r, struct cs_point_result *out)
{
	struct tlb_walk t;
	struct cs_walk walk = { tlb_timed, &t };
	uint64_t loads;

	if (cs_tlb_window_check(w, 0) != 0 || pages > w->pages || walk_shape(pages, &t) != 0)
		return -1;
	if (!lines_zero(w, pages))
		return -1;
	t.base = w->base;
	t.pshift = (uint32_t)log2_of(w->page_bytes);
	t.lmask = w->lines - 1;
	t.pmask = w->page_bytes - 1;
	t.line_base = w->line_base;
	walk_seed(&t, r);
	/* a whole turn first: every translation as warm as it will be */
	(void)tlb_timed(clk, &t, warm_max && pages > warm_max ? warm_max : pages);
	loads = cs_timed_blocks(clk, &walk, pages < 1024 ? 1024 : pages, blocks,
				min_block_ns, 1.0, &out->ns_min, &out->ns_median,
				&out->block_ns);
	if (loads == 0)
		return -1;
	out->loads_per_block = loads;
	out->blocks = blocks;
	return 0;
}
