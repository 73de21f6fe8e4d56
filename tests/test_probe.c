/* test_probe.c: the measurement kernels (common/probe.c) on the host, with a
 * clock from clock_gettime: the chase is one cycle through every slot, the
 * adjacency pairs keep their layout promises, the ruler is as documented,
 * and the timed kernels honour the block length. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "../common/probe.h"
#include "../kinds/adjacency/adj_probe.h"

CS_TEST_MAIN_DEFS;

static uint64_t host_now(void *ctx)
{
	struct timespec ts;
	(void)ctx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void *aligned(size_t bytes)
{
	void *p = NULL;
	if (posix_memalign(&p, 4096, bytes))
		return NULL;
	memset(p, 0xa5, bytes);
	return p;
}

static void test_chase_cycle(void)
{
	static const uint64_t slots[] = { 2, 3, 64, 1000, 4096, 65537 };
	unsigned i;
	for (i = 0; i < sizeof slots / sizeof slots[0]; i++) {
		uint64_t n = slots[i], k, seen_all = 1, bad = 0;
		unsigned char *mem = aligned(n * CS_SLOT_BYTES);
		char *seen = calloc(n, 1);
		struct cs_rng r;
		void *p, *start;
		cs_rng_seed(&r, 42 + i);
		start = p = cs_chase_build(mem, n * CS_SLOT_BYTES, &r);
		CHECK(start == mem, "n=%llu: start %p, mem %p", (unsigned long long)n, start, (void *)mem);
		for (k = 0; k < n; k++) {
			uint64_t off = (uint64_t)((unsigned char *)p - mem);
			if (off % CS_SLOT_BYTES || off / CS_SLOT_BYTES >= n ||
			    seen[off / CS_SLOT_BYTES]) {
				bad = 1;
				break;
			}
			seen[off / CS_SLOT_BYTES] = 1;
			p = *(void **)p;
		}
		for (k = 0; k < n; k++)
			seen_all &= (uint64_t)seen[k];
		CHECK(!bad && seen_all, "n=%llu: not one cycle through every slot", (unsigned long long)n);
		CHECK(p == start, "n=%llu: cycle does not close after n steps", (unsigned long long)n);
		free(seen);
		free(mem);
	}
}

static void test_rng(void)
{
	struct cs_rng a, b;
	unsigned counts[7] = { 0 }, i, ok = 1;
	cs_rng_seed(&a, 7);
	cs_rng_seed(&b, 7);
	for (i = 0; i < 100; i++)
		ok &= cs_rng_next(&a) == cs_rng_next(&b);
	CHECK(ok, "same seed, different sequence");
	cs_rng_seed(&a, 0);
	CHECK(cs_rng_next(&a) != 0, "seed 0 stuck at zero");
	for (i = 0; i < 70000; i++) {
		uint64_t x = cs_rng_below(&a, 7);
		if (x >= 7) { ok = 0; break; }
		counts[x]++;
	}
	CHECK(ok, "rng_below(7) out of range");
	for (i = 0; i < 7; i++)
		CHECK(counts[i] > 9400 && counts[i] < 10600, "rng_below(7): %u of 70000 at %u", counts[i], i);
}

/* Follows the pairs once round; checks every layout promise of probe.h. */
static void check_adj(uint64_t F, uint32_t d)
{
	uint64_t m = F / 64, span = cs_adj_span(F, d), k, pairs = 0;
	unsigned char *mem = aligned(span);
	unsigned char *lines = calloc(span / 64, 1);
	unsigned offs[8] = { 0 };
	uint64_t first_lines = 0, second_only = 0;
	int layout_ok = 1, i, uniform = 1;
	struct cs_rng r;
	unsigned char *p, *start;

	cs_rng_seed(&r, F ^ d);
	start = p = cs_adj_build(mem, F, d, &r);
	CHECK(p != NULL, "F=%llu d=%u: build failed", (unsigned long long)F, d);
	if (!p)
		goto out;
	do {
		unsigned char *second = *(unsigned char **)p;
		uint64_t off = (uint64_t)(p - mem);
		if (second != p + d || off % 8 || off + d + 8 > span ||
		    (lines[off / 64] & 1)) {
			layout_ok = 0;
			break;
		}
		offs[off % 64 / 8]++;
		lines[off / 64] |= 1;
		lines[(off + d) / 64] |= 2;
		p = *(unsigned char **)second;
		pairs++;
	} while (p != start && pairs <= m);
	CHECK(layout_ok, "F=%llu d=%u: pair layout broken at pair %llu", (unsigned long long)F, d, (unsigned long long)pairs);
	CHECK(pairs == m, "F=%llu d=%u: cycle of %llu pairs, want %llu", (unsigned long long)F, d,
	      (unsigned long long)pairs, (unsigned long long)m);
	for (k = 0; k < span / 64; k++) {
		first_lines += lines[k] & 1;
		second_only += lines[k] == 2;
	}
	/* Footprint F while the words share a line; 2F once they cannot. */
	CHECK(first_lines == m, "F=%llu d=%u: %llu first lines", (unsigned long long)F, d, (unsigned long long)first_lines);
	if (d >= 64)
		CHECK(second_only == m, "d=%u: %llu distinct second lines, want %llu", d,
		      (unsigned long long)second_only, (unsigned long long)m);
	/* Offsets uniform over the eight words (m = 8192: expect 1024 each). */
	if (m >= 8192)
		for (i = 0; i < 8; i++)
			uniform &= offs[i] > m / 8 * 85 / 100 && offs[i] < m / 8 * 115 / 100;
	CHECK(uniform, "F=%llu d=%u: first-word offsets not uniform", (unsigned long long)F, d);
out:
	free(lines);
	free(mem);
}

static void test_adjacency(void)
{
	uint32_t i;
	for (i = 0; i < cs_adj_ruler_len; i++) {
		check_adj(512 * 1024, cs_adj_ruler[i]);
		check_adj(128, cs_adj_ruler[i]);
	}
	void *small = aligned(cs_adj_span(4096, 512));
	CHECK(cs_adj_build(small, 4096, 12, &(struct cs_rng){ 1 }) == NULL,
	      "a distance that is not a whole word must be refused");
	free(small);
	/* Same spread at every ruler distance: only the second line moves. */
	for (i = 0; i < cs_adj_ruler_len; i++)
		CHECK(cs_adj_span(65536, cs_adj_ruler[i]) == cs_adj_span(65536, cs_adj_ruler[0]),
		      "span at d=%u differs from span at d=%u", cs_adj_ruler[i], cs_adj_ruler[0]);
	CHECK(cs_adj_span(65536, 8) / 65536 % 2 == 1, "pair stride %llu lines is even",
	      (unsigned long long)(cs_adj_span(65536, 8) / 1024));
}

static void test_ruler(void)
{
	uint32_t i, above = 0, ok = 1;
	for (i = 0; i < cs_adj_ruler_len; i++) {
		ok &= cs_adj_ruler[i] % 8 == 0;
		if (i)
			ok &= cs_adj_ruler[i] > cs_adj_ruler[i - 1];
		above += cs_adj_ruler[i] > 256;
	}
	CHECK(ok, "ruler not increasing multiples of 8");
	CHECK(above >= 2, "ruler has %u distances above 256", above);
	CHECK(cs_adj_ruler[0] == 8, "ruler starts at %u", cs_adj_ruler[0]);
}

static void test_timed(void)
{
	struct cs_probe_clock clk = { host_now, NULL, NULL, NULL, 1.0, 1.0 };
	struct cs_point_result pr;
	struct cs_rng r;
	double ns, block;
	void *mem = aligned(1 << 20);
	cs_rng_seed(&r, 3);
	CHECK(cs_chase_point(&clk, mem, 64 * 1024, 5, 200000.0, &r, &pr) == 0, "sweep point failed");
	CHECK(pr.ns_min > 0 && pr.ns_min <= pr.ns_median, "min %g median %g", pr.ns_min, pr.ns_median);
	CHECK(pr.block_ns >= 200000.0, "shortest block %g ns under 200 us", pr.block_ns);
	CHECK(pr.blocks == 5 && pr.loads_per_block % 16 == 0, "blocks %u loads %llu", pr.blocks,
	      (unsigned long long)pr.loads_per_block);
	CHECK(cs_chase_point(&clk, mem, 64, 5, 1000.0, &r, &pr) == -1, "one slot is not a cycle");
	CHECK(cs_adj_point(&clk, mem, 16384, 64, 3, 100000.0, &r, &ns, &block) == 0, "adj point failed");
	CHECK(ns > 0 && block >= 100000.0, "adj: %g ns per pair, block %g", ns, block);
	free(mem);
}

int main(void)
{
	test_rng();
	test_chase_cycle();
	test_ruler();
	test_adjacency();
	test_timed();
	return cs_test_summary("probe");
}
