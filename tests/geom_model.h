/* geom_model.h: a cache model that writes geometry tables with known
 * answers (docs/geometry.md s.7), for tests/test_reduce_geom.c and the
 * synthetic catalogue (captures/synthetic/gen_synthetic.c): levels of
 * given ways, sets and latency, indexed by address bits (or hashed), each
 * set replaced by LRU (a cyclic chase of more lines than ways misses every
 * time) or at random (simulated); a line is served by the first level that
 * keeps it. Deterministic: the same table on every run. Host only. */
#ifndef CS_TESTS_GEOM_MODEL_H
#define CS_TESTS_GEOM_MODEL_H

#include <stdint.h>
#include <string.h>
#include "../common/capture.h"

#define GM_MAX_LEVELS 4

struct gm_level {
	uint32_t ways, sets;   /* sets x line = the way size */
	double ns;             /* latency of a hit */
	int hashed;            /* the set index is folded with the bits above it */
	int random;            /* random replacement: soft steps */
};

struct gm_cache {
	uint32_t line, n;
	struct gm_level lv[GM_MAX_LEVELS];
	double memory_ns;
	double noise;          /* relative, uniform in [-noise, +noise] */
	uint64_t seed;
};

static uint64_t gm_rng(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static uint32_t gm_set(const struct gm_level *L, uint32_t line, uint64_t addr)
{
	uint64_t x = addr / line;
	if (L->hashed) /* fold every bit above the index into it, as a slice hash would */
		for (uint64_t hi = x / L->sets; hi; hi /= L->sets)
			x ^= hi * 0x9e3779b1u;
	return (uint32_t)(x % L->sets);
}

/* Misses of n lines cycled through one set of w ways at random replacement
 * (simulated once for each n and w, then remembered). */
static double gm_random_miss(uint32_t n, uint32_t w, uint64_t *rng)
{
	static double memo[CS_GEOM_MAX_COUNTS + 1][CS_GEOM_MAX_COUNTS + 1];
	uint32_t held[CS_GEOM_MAX_COUNTS + 1];
	uint32_t have = 0, miss = 0, rounds = 400;
	if (n <= w)
		return 0;
	if (n > CS_GEOM_MAX_COUNTS || w > CS_GEOM_MAX_COUNTS)
		return 1;
	if (memo[n][w] > 0)
		return memo[n][w];
	for (uint32_t t = 0; t < rounds * n; t++) {
		uint32_t a = t % n, hit = 0;
		for (uint32_t i = 0; i < have; i++)
			hit |= held[i] == a;
		if (hit)
			continue;
		if (t >= 50 * n)
			miss++;
		if (have < w)
			held[have++] = a;
		else
			held[gm_rng(rng) % w] = a;
	}
	memo[n][w] = (double)miss / ((rounds - 50) * (double)n);
	return memo[n][w];
}

/* ns per load of k lines at base + j x stride. */
static double gm_cost(const struct gm_cache *c, uint64_t stride, uint32_t k, uint64_t *rng)
{
	double total = 0;
	for (uint32_t j = 0; j < k; j++) {
		double reach = 1, ns = 0; /* the chance the line got this far */
		for (uint32_t l = 0; l < c->n; l++) {
			const struct gm_level *L = &c->lv[l];
			uint32_t s = gm_set(L, c->line, (uint64_t)j * stride), same = 0;
			for (uint32_t q = 0; q < k; q++)
				same += gm_set(L, c->line, (uint64_t)q * stride) == s;
			double miss = same <= L->ways ? 0 : L->random ? gm_random_miss(same, L->ways, rng) : 1;
			ns += reach * (1 - miss) * L->ns;
			reach *= miss;
		}
		total += ns + reach * c->memory_ns;
	}
	double v = total / k;
	if (c->noise > 0)
		v *= 1 + c->noise * (2.0 * (double)(gm_rng(rng) % 100001) / 100000 - 1);
	return v;
}

/* The table into g: strides from the line up to 'top', counts 1..counts. */
static void gm_table(const struct gm_cache *c, struct cs_geom_capture *g, uint64_t top, uint32_t counts)
{
	uint64_t rng = c->seed | 1;
	memset(g->strides, 0, sizeof g->strides);
	g->present = 1;
	strcpy(g->memory, "identity");
	g->line_bytes = c->line;
	g->counts_max = counts;
	g->region_bytes = top * counts;
	g->span_bytes = 1ull << 40;
	g->n_strides = 0;
	for (uint64_t s = c->line; s <= top && g->n_strides < CS_GEOM_MAX_STRIDES; s *= 2) {
		struct cs_geom_stride *st = &g->strides[g->n_strides++];
		st->stride_bytes = s;
		st->n = counts;
		st->has_block = 1;
		st->block_ns = 1e6;
		for (uint32_t k = 1; k <= counts; k++)
			st->ns[k - 1] = gm_cost(c, s, k, &rng);
	}
}

/* A latency sweep of the same hierarchy (4 points an octave, 4 KiB ..
 * 'top' bytes) and the published caches, so that the sweep's levels and
 * knees give the geometry its floors. */
static void gm_sweep(const struct gm_cache *c, struct cs_capture *cap, double top)
{
	cap->n_points = 0;
	for (double b = 4096; b <= top && cap->n_points < CS_MAX_SWEEP_POINTS; b *= 1.189207115) {
		double ns = c->memory_ns;
		for (int l = (int)c->n - 1; l >= 0; l--)
			if (b <= 0.9 * (double)c->lv[l].ways * c->lv[l].sets * c->line)
				ns = c->lv[l].ns;
		cap->points[cap->n_points++] = (struct cs_point){ b, ns, 1, 1e6 };
	}
	cap->n_caches = c->n;
	for (uint32_t l = 0; l < c->n; l++)
		cap->caches[l] = (struct cs_cache){ l + 1, l ? CS_CACHE_UNIFIED : CS_CACHE_DATA,
						    (uint64_t)c->lv[l].ways * c->lv[l].sets * c->line, c->line };
	cap->clock.has_quantum = 1;
	cap->clock.quantum_ns = 1;
}

/* published.geometry as the cache is (ways and sets each level claims). */
static void gm_publish(const struct gm_cache *c, struct cs_geom_capture *g)
{
	g->has_published = 1;
	strcpy(g->published_source, "synthetic");
	g->n_published = c->n;
	for (uint32_t l = 0; l < c->n; l++)
		g->published[l] = (struct cs_geom_pub){ l + 1, l ? CS_CACHE_UNIFIED : CS_CACHE_DATA, c->lv[l].ways,
							c->lv[l].sets, c->line };
}

#endif
