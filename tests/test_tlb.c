/* test_tlb.c: the TLB sweep's plan and kernel (kinds/tlb/tlb_probe.c): the page
 * counts and their span, the window's layout promises (lines rotated
 * through every set, few frames), the walk's order a single cycle through
 * every page, and the timed point on a plain (unaliased) window, which
 * refuses lines that are not zero and counts it cannot walk. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "../kinds/tlb/tlb_probe.h"

CS_TEST_MAIN_DEFS;

static uint64_t host_now(void *ctx)
{
	struct timespec ts;
	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void test_counts(void)
{
	uint64_t c[200];
	uint32_t n = cs_tlb_counts(64, c, 200);
	static const uint64_t want[] = { 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64 };
	CHECK(n == sizeof want / sizeof want[0], "counts to 64: %u", n);
	for (uint32_t i = 0; i < n && i < sizeof want / sizeof want[0]; i++)
		CHECK(c[i] == want[i], "count %u is %llu, want %llu", i,
		      (unsigned long long)c[i], (unsigned long long)want[i]);
	n = cs_tlb_counts(4 * 3072, c, 200);
	CHECK(n > 0 && c[n - 1] == 12288 && c[0] == 4, "to 12288: first 4, last %llu",
	      (unsigned long long)(n ? c[n - 1] : 0));
	/* four an octave: every doubling holds four counts */
	uint32_t per = 0;
	for (uint32_t i = 0; i < n; i++)
		per += c[i] >= 256 && c[i] < 512;
	CHECK(per == 4, "counts in [256, 512): %u", per);
	CHECK(cs_tlb_counts(3, c, 200) == 0, "under the first count: none");
	CHECK(cs_tlb_counts(1u << 20, c, 5) == 5, "cut at cap");
}

static void test_plan(void)
{
	const struct cs_tlb pub[] = {
		{ 1, CS_CACHE_DATA, 4096, 72, 72 },
		{ 1, CS_CACHE_INSTRUCTION, 4096, 64, 64 },
		{ 2, CS_CACHE_DATA, 4096, 3072, 8 },
		{ 2, CS_CACHE_INSTRUCTION, 4096, 4096, 4 }, /* instruction: no part */
		{ 1, CS_CACHE_DATA, 2u << 20, 72, 72 },
	};
	CHECK(cs_tlb_published_max(pub, 5, 4096) == 3072, "largest 4K data TLB");
	CHECK(cs_tlb_max_pages(pub, 5, 4096) == 12288, "4K: 4 x 3072 (CS_TLB_SPAN_PUBLISHED %d)",
	      CS_TLB_SPAN_PUBLISHED);
	CHECK(cs_tlb_max_pages(pub, 5, 2u << 20) == 288, "2M: 4 x 72");
	CHECK(cs_tlb_max_pages(pub, 5, 1u << 30) == 8192,
	      "1G, none published: 8192 pages (CS_TLB_PAGES_UNPUBLISHED %d)", CS_TLB_PAGES_UNPUBLISHED);
	const struct cs_cache l1[] = { { 1, CS_CACHE_INSTRUCTION, 65536, 64 },
				       { 1, CS_CACHE_DATA, 32768, 64 },
				       { 2, CS_CACHE_UNIFIED, 1 << 20, 64 } };
	CHECK(cs_tlb_lines(l1, 3) == 128, "32 KiB L1d: 128 lines (a quarter: CS_TLB_L1D_SHARE %d), got %u",
	      CS_TLB_L1D_SHARE, cs_tlb_lines(l1, 3));
	CHECK((uint64_t)cs_tlb_lines(l1, 3) * 64 * CS_TLB_L1D_SHARE <= 32768,
	      "the lines within the published L1d's share");
	const struct cs_cache l1b[] = { { 1, CS_CACHE_DATA, 49152, 64 } };
	CHECK(cs_tlb_lines(l1b, 1) == 128, "48 KiB L1d: 128 (a power of two under its quarter)");
	const struct cs_cache l1e[] = { { 1, CS_CACHE_DATA, 65536, 64 } };
	CHECK(cs_tlb_lines(l1e, 1) == 256, "64 KiB L1d: 256");
	const struct cs_cache l1c[] = { { 1, CS_CACHE_DATA, 1 << 20, 64 } };
	CHECK(cs_tlb_lines(l1c, 1) == 1024, "1 MiB L1d: capped at 1024");
	const struct cs_cache l1f[] = { { 1, CS_CACHE_DATA, 8u << 20, 64 } };
	CHECK(cs_tlb_lines(l1f, 1) == 1024, "8 MiB L1d: capped at 1024");
	const struct cs_cache l1d[] = { { 1, CS_CACHE_DATA, 1024, 64 } };
	CHECK(cs_tlb_lines(l1d, 1) == 64, "1 KiB L1d: floored at 64");
	CHECK(cs_tlb_lines(NULL, 0) == 128, "none published: 128");
}

static void test_window(void)
{
	struct cs_tlb_window w = { (unsigned char *)(uintptr_t)0x100000, 4096, 64, 512, 0, 0 };
	const char *why = NULL;
	CHECK(cs_tlb_window_check(&w, &why) == 0 && why == NULL, "a 4 KiB window");
	/* 4 KiB pages, 512 lines: 64 a page, 8 frames; lines in every set */
	CHECK(cs_tlb_frames(&w) == 8, "8 frames");
	CHECK(cs_tlb_line_offset(&w, 0) == 0 && cs_tlb_line_offset(&w, 1) == 64 &&
		      cs_tlb_line_offset(&w, 63) == 4032 && cs_tlb_line_offset(&w, 64) == 0,
	      "offsets rotate through the page");
	CHECK(cs_tlb_frame(&w, 63) == 0 && cs_tlb_frame(&w, 64) == 1 && cs_tlb_frame(&w, 511) == 7 &&
		      cs_tlb_frame(&w, 512) == 0,
	      "page i on frame (i mod 512) / 64");
	/* distinct (frame, offset) for the first 512 pages, repeating after */
	int distinct = 1;
	for (uint64_t i = 0; i < 512; i++)
		for (uint64_t k = i + 1; k < 512; k++)
			if (cs_tlb_frame(&w, i) == cs_tlb_frame(&w, k) &&
			    cs_tlb_line_offset(&w, i) == cs_tlb_line_offset(&w, k))
				distinct = 0;
	CHECK(distinct, "512 pages, 512 distinct lines");
	struct cs_tlb_window big = { (unsigned char *)(uintptr_t)(2u << 20), 2u << 20, 16, 512, 4096, 0 };
	CHECK(cs_tlb_window_check(&big, &why) == 0 && cs_tlb_frames(&big) == 1 &&
		      cs_tlb_line_offset(&big, 3) == 4096 + 192,
	      "2 MiB pages: one frame, lines from line_base");
	struct cs_tlb_window bad = w;
	bad.page_bytes = 3000;
	CHECK(cs_tlb_window_check(&bad, &why) == -1 && why, "page size not a power of two");
	bad = w;
	bad.base += 64;
	CHECK(cs_tlb_window_check(&bad, &why) == -1, "window off a page boundary");
	bad = w;
	bad.lines = 100;
	CHECK(cs_tlb_window_check(&bad, &why) == -1, "lines not a power of two");
	bad = big;
	bad.line_base = (2u << 20) - 4096;
	CHECK(cs_tlb_window_check(&bad, &why) == -1, "lines run past the page");
	bad = w;
	bad.base = NULL;
	CHECK(cs_tlb_window_check(&bad, &why) == -1, "no window");
}

static void test_order(void)
{
	static const uint64_t counts[] = { 4, 5, 6, 7, 8, 10, 12, 14, 96, 112, 1024, 1280, 1536, 1792 };
	for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; c++) {
		uint64_t n = counts[c], bad = 0;
		uint64_t *ord = malloc(n * sizeof *ord);
		char *seen = calloc(n, 1);
		struct cs_rng r;
		cs_rng_seed(&r, 7 + c);
		CHECK(ord && seen && cs_tlb_order(n, &r, ord) == 0, "order of %llu", (unsigned long long)n);
		for (uint64_t i = 0; ord && seen && i < n; i++) {
			if (ord[i] >= n || seen[ord[i]])
				bad = 1;
			else
				seen[ord[i]] = 1;
		}
		CHECK(!bad, "%llu pages: every page once per turn", (unsigned long long)n);
		/* not the plain order: a random cycle */
		uint64_t runs = 0;
		for (uint64_t i = 1; ord && i < n; i++)
			runs += ord[i] == ord[i - 1] + 1;
		if (n >= 96)
			CHECK(runs < n / 8, "%llu pages: %llu sequential steps", (unsigned long long)n,
			      (unsigned long long)runs);
		free(ord);
		free(seen);
	}
	uint64_t o[16];
	struct cs_rng r;
	cs_rng_seed(&r, 1);
	CHECK(cs_tlb_order(9, &r, o) == -1 && cs_tlb_order(0, &r, o) == -1 &&
		      cs_tlb_order(11, &r, o) == -1,
	      "9, 0 and 11 are not of the walk's form");
}

static void test_point(void)
{
	const uint64_t P = 4096, N = 64;
	unsigned char *mem = NULL;
	struct cs_probe_clock clk = { host_now, NULL, NULL, NULL, 1.0, 1.0 };
	struct cs_point_result pr;
	struct cs_rng r;
	if (posix_memalign((void **)&mem, P, N * P))
		mem = NULL;
	CHECK(mem != NULL, "window memory");
	if (!mem)
		return;
	memset(mem, 0, N * P);
	/* a plain window: every page its own frame (no aliasing in a test) */
	struct cs_tlb_window w = { mem, P, N, 64, 0, 1 };
	cs_rng_seed(&r, 3);
	CHECK(cs_tlb_point(&clk, &w, 48, 3, 20000.0, 0, &r, &pr) == 0 && pr.ns_min > 0 &&
		      pr.ns_median >= pr.ns_min && pr.block_ns >= 20000.0 &&
		      pr.loads_per_block % 16 == 0 && pr.blocks == 3,
	      "48 pages: %.3g ns, block %.3g ns", pr.ns_min, pr.block_ns);
	CHECK(cs_tlb_point(&clk, &w, 9, 3, 20000.0, 0, &r, &pr) == -1, "9 pages: not a count");
	CHECK(cs_tlb_point(&clk, &w, 80, 3, 20000.0, 0, &r, &pr) == -1, "more pages than mapped");
	mem[17 * P + cs_tlb_line_offset(&w, 17)] = 1;
	CHECK(cs_tlb_point(&clk, &w, 48, 3, 20000.0, 0, &r, &pr) == -1, "a line that is not zero");
	CHECK(cs_tlb_point(&clk, &w, 16, 3, 20000.0, 0, &r, &pr) == 0,
	      "the same window below that page");
	free(mem);
}

int main(void)
{
	test_counts();
	test_plan();
	test_window();
	test_order();
	test_point();
	return cs_test_summary("tlb");
}
