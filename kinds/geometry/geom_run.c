/* geom_run.c: the geometry kind's run (common/kinds.h, docs/geometry.md
 * s.1): on the program's region of known physical address (the engine's
 * geom hooks), for each stride 2^i from the line up, k = 1 .. K lines at
 * base + j x stride chased as one random single cycle, ns per load by the
 * block rule, CS_GEOM_PASSES passes with each point's fastest kept (one
 * on a quick plan). Lines
 * at such a stride share a set in every level whose index bits lie below
 * log2(stride): the count at which the cost steps up is that level's ways
 * plus one. Runs whole (it cannot pause). Freestanding. */
#include "geom_kind.h"

uint32_t cs_geom_counts_max(const struct cs_geom_capture *g)
{
	uint32_t ways = CS_GEOM_WAYS_FLOOR;
	for (uint32_t i = 0; i < g->n_published && i < CS_GEOM_MAX_PUBLISHED; i++)
		if (g->published[i].ways > ways)
			ways = g->published[i].ways;
	return 2 * ways < CS_GEOM_MAX_COUNTS ? 2 * ways : CS_GEOM_MAX_COUNTS;
}

uint32_t cs_geom_line(const struct cs_capture *c)
{
	uint32_t line = 0;
	for (uint32_t i = 0; i < c->n_caches && i < CS_MAX_CACHES; i++) {
		uint32_t l = c->caches[i].line_bytes;
		if (c->caches[i].type != CS_CACHE_INSTRUCTION && l >= 16 && !(l & (l - 1)) &&
		    (!line || l < line))
			line = l;
	}
	return line ? line : 64;
}

uint32_t cs_geom_plan(uint32_t line, uint64_t region, uint32_t counts_max, uint64_t *stride,
		      uint32_t *counts)
{
	uint32_t n = 0;
	for (uint64_t s = line; s <= CS_GEOM_STRIDE_MAX && n < CS_GEOM_MAX_STRIDES; s *= 2) {
		if (region < s + line)
			break; /* not two lines */
		uint64_t k = (region - line) / s + 1;
		stride[n] = s;
		counts[n++] = k < counts_max ? (uint32_t)k : counts_max;
	}
	return n;
}

static uint64_t walk(const struct cs_probe_clock *clk, void *st, uint64_t loads)
{
	return cs_chase_timed(clk, st, loads);
}

int cs_geom_point(const struct cs_probe_clock *clk, unsigned char *mem, uint64_t stride,
		  uint32_t k, uint32_t blocks, double min_block_ns, struct cs_rng *r, double *ns,
		  double *block_ns)
{
	uint32_t order[CS_GEOM_MAX_COUNTS];
	double median;
	void *p;
	if (k == 0 || k > CS_GEOM_MAX_COUNTS)
		return -1;
	for (uint32_t i = 0; i < k; i++)
		order[i] = i;
	for (uint32_t i = k - 1; i > 0; i--) { /* Sattolo: one cycle through all k */
		uint32_t j = (uint32_t)cs_rng_below(r, i), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (uint32_t i = 0; i < k; i++)
		*(void **)(mem + (uint64_t)order[i] * stride) = mem + (uint64_t)order[(i + 1) % k] * stride;
	p = mem;
	struct cs_walk w = { walk, &p };
	return cs_timed_blocks(clk, &w, 256, blocks, min_block_ns, 1.0, ns, &median, block_ns) ? 0 : -1;
}

/* A point's blocks: 100 quanta of the clock, and CS_GEOM_BLOCK_FLOOR_NS. */
static double block_ns(const struct cs_engine *e)
{
	double q = CS_PLAN_BLOCK_QUANTA * e->hooks.clk.quantum_ns;
	return q > CS_GEOM_BLOCK_FLOOR_NS ? q : CS_GEOM_BLOCK_FLOOR_NS;
}

static void refuse(struct cs_geom_capture *g, const char *memory, const char *why)
{
	cs_strlcpy(g->memory, memory, sizeof g->memory);
	cs_strlcpy(g->refusal, why, sizeof g->refusal);
	g->n_strides = 0;
}

/* Why no table can be timed on this clock ("" when it can). */
static void too_coarse(const struct cs_engine *e, char *why, size_t whylen)
{
	struct cs_buf b;
	cs_buf_init(&b, why, whylen);
	if (!(block_ns(e) > CS_GEOM_BLOCK_MAX_NS))
		return;
	cs_puts(&b, "the clock moves in steps of ");
	cs_put_g(&b, e->hooks.clk.quantum_ns, 4);
	cs_puts(&b, " ns: a point's blocks would last ");
	cs_put_g(&b, block_ns(e) / 1e6, 4);
	cs_puts(&b, " ms, over the ");
	cs_put_g(&b, CS_GEOM_BLOCK_MAX_NS / 1e6, 6);
	cs_puts(&b, " ms the geometry table allows (CS_GEOM_BLOCK_MAX_NS): not measured");
}

/* Every stride, every count, CS_GEOM_PASSES passes (odd ones backwards). */
static void table(struct cs_engine *e, struct cs_geom_capture *g, unsigned char *mem)
{
	struct cs_rng r;
	uint64_t stride[CS_GEOM_MAX_STRIDES];
	uint32_t counts[CS_GEOM_MAX_STRIDES];
	double bn = block_ns(e);
	uint32_t blocks = e->plan.blocks < CS_GEOM_BLOCKS ? e->plan.blocks : CS_GEOM_BLOCKS;
	cs_rng_seed(&r, e->plan.seed ^ 0x67656f6dull);
	g->n_strides = cs_geom_plan(g->line_bytes, g->region_bytes, g->counts_max, stride, counts);
	for (uint32_t s = 0; s < g->n_strides; s++) {
		cs_memset(&g->strides[s], 0, sizeof g->strides[s]);
		g->strides[s].stride_bytes = stride[s];
		g->strides[s].n = counts[s];
	}
	/* a quick plan (its blocks fewer than a full one's) times each point once */
	g->passes = e->plan.blocks < CS_PLAN_FULL_BLOCKS ? 1 : CS_GEOM_PASSES;
	for (uint32_t pass = 0; pass < g->passes; pass++)
		for (uint32_t q = 0; q < g->n_strides; q++) {
			struct cs_geom_stride *st = &g->strides[pass % 2 ? g->n_strides - 1 - q : q];
			for (uint32_t k = 1; k <= st->n; k++) {
				double ns, blk;
				if (cs_geom_point(&e->hooks.clk, mem, st->stride_bytes, k, blocks ? blocks : 1, bn, &r,
						  &ns, &blk) != 0)
					continue;
				g->points++;
				if (st->ns[k - 1] == 0 || ns < st->ns[k - 1])
					st->ns[k - 1] = ns;
				if (!st->has_block || blk < st->block_ns)
					st->block_ns = blk;
				st->has_block = 1;
			}
		}
	for (uint32_t s = 0; s < g->n_strides; s++) { /* a count no pass timed ends the stride */
		uint32_t k = 0;
		while (k < g->strides[s].n && g->strides[s].ns[k] > 0)
			k++;
		g->strides[s].n = k;
	}
}

int cs_geom_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_geom_hooks *h = &e->hooks.geom;
	struct cs_geom_capture *g = &c->geom;
	char memory[CS_GEOM_MEMORY_MAX] = "", why[CS_TEXT_MAX] = "";
	void *mem = 0;
	uint64_t bytes = 0, span = 0;
	double t0 = cs_engine_seconds(e);

	ev->kind = CS_EV_NONE;
	cs_geom_platform(e, c);
	if (!h->region)
		return 0; /* no memory of known address here: no member */
	g->present = 1;
	g->run_present = 1;
	g->line_bytes = cs_geom_line(c);
	g->counts_max = cs_geom_counts_max(g);
	if (h->region(h->ctx, &mem, &bytes, &span, memory, sizeof memory, g->memory_how, sizeof g->memory_how,
		      why, sizeof why) != 0 || !mem) {
		refuse(g, "none", why[0] ? why : "the program gave no memory of known physical address");
	} else {
		cs_strlcpy(g->memory, memory[0] ? memory : "identity", sizeof g->memory);
		g->region_bytes = bytes;
		g->span_bytes = span;
		too_coarse(e, why, sizeof why); /* the memory is known; the clock is not fine enough */
		if (why[0])
			refuse(g, g->memory, why);
		else
			table(e, g, mem);
		if (h->release)
			h->release(h->ctx, mem, bytes);
	}
	g->run_s = cs_engine_seconds(e) - t0;
	cs_engine_note(e, g->n_strides ? "geometry: the stride-by-count table measured\n"
				       : "geometry: no table (see the capture's geometry.refusal)\n");
	return 0;
}
