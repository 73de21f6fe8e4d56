/* probe_run.c: the sweep and the adjacency probe on the host, driven as the
 * firmware drives them (efi/measure.c): four sizes an octave from 4 KiB,
 * one region reused for every size, then the three adjacency placements
 * the live reduction of that sweep allows. Progress goes to stderr. */
#define _GNU_SOURCE
#include "probe.h"
#include "../common/buf.h"

#include <stdio.h>
#include <string.h>

uint32_t cs_probe_sizes(uint64_t max, uint64_t *out, uint32_t cap)
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

static void size_text(char *out, size_t cap, double bytes)
{
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	cs_put_size(&b, bytes);
}

void cs_run_sweep(struct cs_run *m, struct cs_capture *c)
{
	static uint64_t sizes[CS_MAX_SWEEP_POINTS];
	uint32_t n = cs_probe_sizes(m->sweep_max, sizes, CS_MAX_SWEEP_POINTS);
	double per_point = 0, per_byte = 1.5e-9, start = cs_wall_s();
	struct cs_rng r;

	cs_rng_seed(&r, m->seed);
	c->n_points = 0;
	m->failed = 0;
	for (uint32_t i = 0; i < n; i++) {
		struct cs_point_result pr;
		double t0 = cs_wall_s(), took, eta = 0;
		char sz[32];
		if (cs_sweep_point_capped(&m->hc->clk, m->pool, sizes[i], m->blocks,
					  m->min_block_ns, m->warm_max, &r, &pr) != 0) {
			m->failed++;
			if (!m->quiet)
				fprintf(stderr, "  [%u/%u] %llu bytes: not measured (the clock did not move)\n",
					i + 1, n, (unsigned long long)sizes[i]);
			continue;
		}
		took = cs_wall_s() - t0;
		/* A point costs its blocks (about constant: the first point is
		 * nearly all blocks) plus its build, in proportion to size;
		 * the rate is learnt from points of 1 MiB and more (smaller
		 * ones are all blocks), from a prior of 1.5 ns a byte. */
		if (i == 0)
			per_point = took;
		if (sizes[i] >= (1u << 20) && took > per_point)
			per_byte = 0.5 * per_byte + 0.5 * (took - per_point) / (double)sizes[i];
		for (uint32_t k = i + 1; k < n; k++)
			eta += per_point + per_byte * (double)sizes[k];
		struct cs_point *p = &c->points[c->n_points];
		p->bytes = (double)sizes[i];
		p->ns = pr.ns_min;
		p->has_block = 1;
		p->block_ns = pr.block_ns;
		m->median_ns[c->n_points] = pr.ns_median;
		m->loads[c->n_points] = pr.loads_per_block;
		m->point_s[c->n_points] = took;
		c->n_points++;
		if (!m->quiet) {
			size_text(sz, sizeof sz, (double)sizes[i]);
			fprintf(stderr, "  [%2u/%u] %-10s %8.2f ns  (median %.2f, block %.0f us)  left ~%.1f s\n",
				i + 1, n, sz, pr.ns_min, pr.ns_median, pr.block_ns / 1000.0, eta);
		}
	}
	m->sweep_s = cs_wall_s() - start;
}

static void probe_series(struct cs_run *m, struct cs_adj_series *s,
			 double *shortest, struct cs_rng *r)
{
	char sz[32];
	if (!m->quiet) {
		size_text(sz, sizeof sz, s->footprint_bytes);
		fprintf(stderr, "  adjacency %-6s at %s:", cs_placement_name(s->placement), sz);
	}
	s->n = 0;
	*shortest = -1;
	for (uint32_t i = 0; i < cs_adj_ruler_len && s->n < CS_MAX_ADJ_POINTS; i++) {
		double ns, block;
		uint32_t d = cs_adj_ruler[i];
		if (cs_adj_point_capped(&m->hc->clk, m->pool, (uint64_t)s->footprint_bytes, d,
					m->blocks, m->min_block_ns, m->warm_max, r, &ns,
					&block) != 0)
			continue;
		if (*shortest < 0 || block < *shortest)
			*shortest = block;
		s->pts[s->n].distance = d;
		s->pts[s->n].ns = ns;
		s->n++;
		if (!m->quiet)
			fprintf(stderr, " %.1f", ns);
	}
	if (!m->quiet)
		fprintf(stderr, " ns/pair\n");
}

int cs_run_adjacency(struct cs_run *m, struct cs_capture *c,
		     struct cs_work *w, struct cs_result *r)
{
	static const enum cs_placement order[3] = { CS_PLACE_FIRST, CS_PLACE_MIDDLE, CS_PLACE_LAST };
	uint32_t dmax = cs_adj_ruler[cs_adj_ruler_len - 1];
	/* The longest distance spreads F's pairs over span(F) bytes: bound 2F
	 * so that span fits the region (efi/measure.c does the same). */
	double max2f = 2.0 * (double)m->pool_bytes * 64.0 / (double)cs_adj_span(64, dmax);
	double start = cs_wall_s();
	char err[160];
	struct cs_rng rng;

	c->n_adj = 0;
	m->n_adj_refused = 0;
	if (cs_reduce(c, w, r, err, sizeof err) != 0) {
		fprintf(stderr, "  the sweep could not be reduced: %s\n", err);
		return -1;
	}
	cs_rng_seed(&rng, m->seed ^ 0xadadadadull);
	for (int i = 0; i < 3; i++) {
		struct cs_adj_series *s = &c->adj[c->n_adj];
		struct cs_refusal why;
		double f;
		memset(s, 0, sizeof *s);
		memset(&why, 0, sizeof why);
		s->placement = order[i];
		if (cs_place_adjacency(r, order[i], 64.0, max2f, &f, &why) != 0) {
			if (!m->quiet)
				fprintf(stderr, "  adjacency %-6s refused (%s): %s\n",
					cs_placement_name(order[i]), why.code, why.reason);
			m->adj_refused[m->n_adj_refused].placement = order[i];
			m->adj_refused[m->n_adj_refused].why = why;
			m->n_adj_refused++;
			/* Refused rather than moved: the refusal travels in the
			 * capture as a series of its own (capture.h). */
			s->refused = 1;
			cs_strlcpy(s->refusal_code, why.code, sizeof s->refusal_code);
			cs_strlcpy(s->refusal_reason, why.reason, sizeof s->refusal_reason);
			m->adj_block_ns[c->n_adj] = 0;
			c->n_adj++;
			continue;
		}
		s->has_footprint = 1;
		s->footprint_bytes = f;
		probe_series(m, s, &m->adj_block_ns[c->n_adj], &rng);
		c->n_adj++;
	}
	m->adj_s = cs_wall_s() - start;
	return 0;
}
