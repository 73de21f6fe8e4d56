/* adj_probe.c: the adjacency kind's kernel (adj_probe.h): pairs of
 * dependent loads d bytes apart, on the chase's blocks (common/probe.h).
 * Freestanding: no libc, no allocation; the caller gives memory and a
 * clock (the engine, adj_run.c; the unit tests). */
#include "adj_probe.h"
#include "../../common/jsonw.h"

/* Distances for the adjacency probe, bytes. Dense below one 64-byte line
 * (the ramp while the second word may still share the first's line), then
 * the line multiples where prefetch pairs show, and 384 and 512 so that a
 * 128- or 256-byte granule still has two swept distances above it
 * (docs/reduction.md s.5, refusal granule-at-ruler-end). */
const uint32_t cs_adj_ruler[] = { 8,  16,  24,  32,  40,  48,  56,
				  64, 96,  128, 192, 256, 384, 512 };
const uint32_t cs_adj_ruler_len = sizeof cs_adj_ruler / sizeof cs_adj_ruler[0];

/* One block of lines per pair: enough for the second word at the longest
 * ruler distance, so the pairs' spread over pages (and TLB reach) is the
 * same at every distance and only the second word's line changes with d.
 * Made odd so that pair blocks walk through every cache set alike (an even
 * stride would leave half the sets unused and halve the level). */
static uint64_t adj_stride(uint32_t d)
{
	uint32_t longest = cs_adj_ruler[cs_adj_ruler_len - 1];
	uint64_t lines = (56u + (d > longest ? d : longest)) / 64u + 1u;
	if (lines % 2 == 0)
		lines++;
	return lines * 64u;
}

uint64_t cs_adj_span(uint64_t footprint, uint32_t d)
{
	return footprint / 64u * adj_stride(d);
}

/* The first word's offset in pair k's line: uniform over the eight 8-byte
 * words, and recomputable from (seed, k) so the build needs no scratch. */
static uint64_t adj_offset(uint64_t seed, uint64_t k)
{
	uint64_t x = seed ^ (k * 0x9e3779b97f4a7c15ull);
	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 29;
	return ((x >> 32) & 7u) * 8u;
}

static unsigned char *adj_first(unsigned char *base, uint64_t seed, uint64_t k,
				uint64_t stride)
{
	return base + k * stride + adj_offset(seed, k);
}

void *cs_adj_build(void *mem, uint64_t footprint, uint32_t d, struct cs_rng *r)
{
	unsigned char *base = mem;
	uint64_t m = footprint / 64u, stride = adj_stride(d), seed, k;

	if (m == 0 || d < 8 || d % 8)
		return 0;
	seed = cs_rng_next(r);
	/* First word -> its second word; second word -> its own pair (identity),
	 * then Sattolo over the second words makes the pairs one cycle. */
	for (k = 0; k < m; k++) {
		unsigned char *f = adj_first(base, seed, k, stride);
		*(void **)f = f + d;
		*(void **)(f + d) = f;
	}
	for (k = m - 1; k > 0; k--) {
		uint64_t j = cs_rng_below(r, k);
		void **a = (void **)(adj_first(base, seed, k, stride) + d);
		void **b = (void **)(adj_first(base, seed, j, stride) + d);
		void *t = *a;
		*a = *b;
		*b = t;
	}
	return adj_first(base, seed, 0, stride);
}

int cs_adj_point(const struct cs_probe_clock *clk, void *mem,
		 uint64_t footprint, uint32_t d, uint32_t blocks,
		 double min_block_ns, struct cs_rng *r, double *ns_per_pair,
		 double *block_ns)
{
	return cs_adj_point_capped(clk, mem, footprint, d, blocks, min_block_ns,
				   0, r, ns_per_pair, block_ns);
}

int cs_adj_point_capped(const struct cs_probe_clock *clk, void *mem,
			uint64_t footprint, uint32_t d, uint32_t blocks,
			double min_block_ns, uint64_t warm_max,
			struct cs_rng *r, double *ns_per_pair, double *block_ns)
{
	uint64_t m = footprint / 64u, loads;
	double med;
	void *p;

	if (m < 2 || blocks == 0 || blocks > CS_PROBE_MAX_BLOCKS)
		return -1;
	p = cs_adj_build(mem, footprint, d, r);
	if (!p)
		return -1;
	(void)cs_chase_timed(clk, &p, cs_capped(2 * m, warm_max)); /* touch every pair once */
	loads = cs_chase_blocks(clk, &p, cs_capped(2 * m < 1024 ? 1024 : 2 * m, warm_max), blocks,
				min_block_ns, 2.0, ns_per_pair, &med, block_ns);
	return loads ? 0 : -1;
}

void cs_adj_layout_json(struct cs_jsonw *j)
{
	uint64_t ruler[32];
	uint32_t n = cs_adj_ruler_len < 32 ? cs_adj_ruler_len : 32;
	for (uint32_t i = 0; i < n; i++)
		ruler[i] = cs_adj_ruler[i];
	cs_jsonw_u64_row(j, "ruler", ruler, n);
	cs_jsonw_key(j, "first_word");
	cs_jsonw_str(j, "uniform random 8-byte offset in its line; second word exactly d bytes on");
}
