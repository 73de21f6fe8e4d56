/* measure.c: sweep and adjacency with progress (measure.h). */
#include "measure.h"
#include "console.h"
#include "../arch/arch.h"
#include "gop.h"
#include "../common/buf.h"

uint32_t cs_sweep_sizes(uint64_t max, uint64_t *out, uint32_t cap)
{
	/* 2^(k/4) for k = 0..3, so every octave has the same four steps. */
	static const double step[4] = { 1.0, 1.189207115, 1.414213562, 1.681792831 };
	uint32_t n = 0;
	for (uint64_t oct = 4096; n < cap; oct *= 2) {
		for (int k = 0; k < 4 && n < cap; k++) {
			uint64_t b = (uint64_t)((double)oct * step[k]) / 64 * 64;
			if (b > max)
				return n;
			out[n++] = b;
		}
	}
	return n;
}

static double seconds(const struct cs_measure *m, uint64_t t0)
{
	return (double)(cs_arch_counter() - t0) / m->hz;
}

static void progress(const struct cs_measure *m, uint32_t i, uint32_t n,
		     uint64_t bytes, const struct cs_point_result *pr,
		     double eta)
{
	char line[160];
	struct cs_buf b;
	(void)m;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "  [");
	cs_put_u64(&b, i + 1);
	cs_putc(&b, '/');
	cs_put_u64(&b, n);
	cs_puts(&b, "] ");
	cs_put_size(&b, (double)bytes);
	cs_pad_to(&b, 0, 22);
	cs_put_fixed(&b, pr->ns_min, 2);
	cs_puts(&b, " ns  (median ");
	cs_put_fixed(&b, pr->ns_median, 2);
	cs_puts(&b, ", block ");
	cs_put_fixed(&b, pr->block_ns / 1000.0, 0);
	cs_puts(&b, " us)  left ~");
	cs_put_fixed(&b, eta, eta < 10 ? 1 : 0);
	cs_puts(&b, " s\n");
	cs_con_buf(&b);
}

/* Seconds the timed blocks of a point take: each block runs at least a
 * whole turn of the cycle or min_block_ns, and sizing costs about two more. */
static double blocks_s(const struct cs_measure *m, uint64_t bytes, double ns)
{
	double one = (double)(bytes / CS_SLOT_BYTES) * ns;
	if (one < m->min_block_ns)
		one = m->min_block_ns;
	return (m->blocks + 2) * one * 1e-9;
}

/* A planning figure for a load that misses every cache, used only for the
 * time-left estimate before memory-sized points have been measured. */
#define CS_PLAN_MEMORY_NS 100.0

/* Time left after point i: blocks at the latest cost per load (or the
 * planning figure past the largest published cache, if higher), plus
 * building and touching each set at the per-byte rate seen so far. */
static double eta_after(const struct cs_measure *m, const uint64_t *sizes,
			uint32_t n, uint32_t i, double took, double ns,
			double *per_byte)
{
	double build = took - blocks_s(m, sizes[i], ns), eta = 0;
	if (build > 0 && sizes[i] >= (1u << 20))
		*per_byte = build / (double)sizes[i]; /* small sets are all noise */
	for (uint32_t k = i + 1; k < n; k++) {
		double f = ns;
		if (sizes[k] > m->largest_cache && f < CS_PLAN_MEMORY_NS)
			f = CS_PLAN_MEMORY_NS;
		eta += blocks_s(m, sizes[k], f) + *per_byte * (double)sizes[k];
	}
	return eta;
}

uint32_t cs_measure_sweep(struct cs_measure *m, struct cs_capture *c)
{
	static uint64_t sizes[CS_MAX_SWEEP_POINTS];
	uint32_t n = cs_sweep_sizes(m->sweep_max, sizes, CS_MAX_SWEEP_POINTS);
	uint32_t failed = 0;
	double per_byte = 0;
	uint64_t start = cs_arch_counter();
	struct cs_rng r;

	cs_rng_seed(&r, m->seed);
	c->n_points = 0;
	if (n)
		cs_gop_live_begin((double)sizes[0], (double)sizes[n - 1]);
	for (uint32_t i = 0; i < n; i++) {
		struct cs_point_result pr;
		uint64_t t0 = cs_arch_counter();
		double took, eta;
		if (cs_sweep_point(&m->clk, m->pool, sizes[i], m->blocks,
				   m->min_block_ns, &r, &pr) != 0) {
			failed++;
			continue;
		}
		took = seconds(m, t0);
		eta = eta_after(m, sizes, n, i, took, pr.ns_min, &per_byte);
		struct cs_point *p = &c->points[c->n_points];
		p->bytes = (double)sizes[i];
		p->ns = pr.ns_min;
		p->has_block = 1;
		p->block_ns = pr.block_ns;
		m->median_ns[c->n_points] = pr.ns_median;
		m->loads[c->n_points] = pr.loads_per_block;
		c->n_points++;
		progress(m, i, n, sizes[i], &pr, eta);
		cs_gop_live(c); /* after the line: it may have scrolled the chart */
	}
	m->sweep_s = seconds(m, start);
	return failed;
}

static void refuse(struct cs_measure *m, enum cs_placement p,
		   const struct cs_refusal *why)
{
	char line[CS_REASON_MAX + 64];
	struct cs_buf b;
	m->adj_refused[m->n_adj_refused].placement = p;
	m->adj_refused[m->n_adj_refused].why = *why;
	m->n_adj_refused++;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "  adjacency ");
	cs_puts(&b, cs_placement_name(p));
	cs_puts(&b, ": refused (");
	cs_puts(&b, why->code);
	cs_puts(&b, "): ");
	cs_puts(&b, why->reason);
	cs_putc(&b, '\n');
	cs_con_buf(&b);
}

static void probe_series(struct cs_measure *m, struct cs_adj_series *s,
			 struct cs_rng *r)
{
	char line[160];
	struct cs_buf b;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "  adjacency ");
	cs_puts(&b, cs_placement_name(s->placement));
	cs_puts(&b, " at ");
	cs_put_size(&b, s->footprint_bytes);
	cs_puts(&b, ":");
	s->n = 0;
	for (uint32_t i = 0; i < cs_adj_ruler_len && s->n < CS_MAX_ADJ_POINTS; i++) {
		double ns, block;
		uint32_t d = cs_adj_ruler[i];
		if (cs_adj_point(&m->clk, m->pool, (uint64_t)s->footprint_bytes, d,
				 m->blocks, m->min_block_ns, r, &ns, &block) != 0)
			continue;
		s->pts[s->n].distance = d;
		s->pts[s->n].ns = ns;
		s->n++;
		cs_putc(&b, ' ');
		cs_put_fixed(&b, ns, 1);
	}
	cs_puts(&b, " ns/pair\n");
	cs_con_buf(&b);
}

int cs_measure_adjacency(struct cs_measure *m, struct cs_capture *c,
			 struct cs_work *w, struct cs_result *r)
{
	static const enum cs_placement order[3] = { CS_PLACE_FIRST, CS_PLACE_MIDDLE, CS_PLACE_LAST };
	uint32_t dmax = cs_adj_ruler[cs_adj_ruler_len - 1];
	/* The probe at the longest distance needs span(F) bytes: bound 2F so
	 * that span fits the pool. */
	double max2f = 2.0 * (double)m->pool_bytes * 64.0 / (double)cs_adj_span(64, dmax);
	char err[160];
	uint64_t start = cs_arch_counter();
	struct cs_rng rng;

	m->n_adj_refused = 0;
	c->n_adj = 0;
	if (cs_reduce(c, w, r, err, sizeof err) != 0) {
		cs_con_puts("  the sweep could not be reduced: ");
		cs_con_puts(err);
		cs_con_puts("\n");
		return -1;
	}
	cs_rng_seed(&rng, m->seed ^ 0xadadadadull);
	for (int i = 0; i < 3; i++) {
		struct cs_refusal why;
		double f;
		cs_memset(&why, 0, sizeof why);
		if (cs_place_adjacency(r, order[i], 64.0, max2f, &f, &why) != 0) {
			refuse(m, order[i], &why);
			/* Refused rather than moved: the refusal travels in the
			 * capture as a series with no points (capture.h), so a
			 * replay prints what the screen said. */
			struct cs_adj_series *s = &c->adj[c->n_adj++];
			cs_memset(s, 0, sizeof *s);
			s->placement = order[i];
			s->refused = 1;
			cs_strlcpy(s->refusal_code, why.code, sizeof s->refusal_code);
			cs_strlcpy(s->refusal_reason, why.reason, sizeof s->refusal_reason);
			continue;
		}
		struct cs_adj_series *s = &c->adj[c->n_adj++];
		s->placement = order[i];
		s->has_footprint = 1;
		s->footprint_bytes = f;
		probe_series(m, s, &rng);
	}
	m->adj_s = seconds(m, start);
	return 0;
}
