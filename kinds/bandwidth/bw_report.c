/* bw_report.c: the bandwidth kind's lines of the text report (bw_kind.h,
 * the report column of common/kinds.h), the same words on the firmware's
 * screen and from `cacheshape reduce`: each operation's levels in GB/s
 * (1 GB = 1e9 B) and its knees, the misses in flight, the cross-witness
 * table and Little's law, every figure that decided a verdict printed.
 * Freestanding. */
#include "bw_kind.h"
#include "../../reduce/kinds.h"

static void put_gbps(struct cs_buf *b, double gbps)
{
	cs_put_g(b, gbps, gbps < 10 ? 3 : 4);
	cs_puts(b, " GB/s");
}

static void level(struct cs_buf *b, uint32_t n, const struct cs_level *L)
{
	size_t s = b->len;
	cs_puts(b, "  level ");
	cs_put_u64(b, n);
	cs_pad_to(b, s, 11);
	put_gbps(b, cs_bw_gbps(L));
	cs_pad_to(b, s, 26);
	cs_put_size(b, L->first_bytes);
	cs_puts(b, " .. ");
	cs_put_size(b, L->last_bytes);
	if (L->climb)
		cs_puts(b, "  (smooth climb)");
	cs_putc(b, '\n');
}

static void knee_cell(struct cs_buf *b, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_knee *k = &((const struct cs_bw_series_result *)ctx)->knees[n];
	if (col == 0 && k->has_bytes)
		cs_put_size(b, k->bytes);
	else if (col == 0)
		cs_puts(b, "missing");
	else if (col == 1 && k->has_published) {
		cs_putc(b, 'L');
		cs_put_u64(b, k->published_level);
		cs_putc(b, ' ');
		cs_put_size(b, k->published_bytes);
	} else if (col == 1)
		cs_puts(b, "unmatched");
	else if (col == 2 && k->has_gap)
		cs_put_pct(b, k->gap);
	else
		cs_puts(b, "-");
}

/* No level: the figures themselves, so a one-size import still shows them. */
static void points(struct cs_buf *b, const struct cs_capture *c, const struct cs_bw_series_result *s)
{
	const struct cs_bw_series *ser = 0;
	for (uint32_t i = 0; i < c->bw.n_series && !ser; i++)
		if (c->bw.series[i].op == s->op && c->bw.series[i].threads == s->threads)
			ser = &c->bw.series[i];
	if (!ser || !ser->n)
		return;
	uint32_t shown = ser->n < 8 ? ser->n : 8;
	cs_puts(b, "  no level; the figures:");
	for (uint32_t i = 0; i < shown; i++) {
		cs_puts(b, i ? ", " : " ");
		cs_put_size(b, ser->pts[i].bytes);
		cs_putc(b, ' ');
		put_gbps(b, 1 / ser->pts[i].ns_per_byte);
	}
	if (shown < ser->n) {
		cs_puts(b, " and ");
		cs_put_u64(b, ser->n - shown);
		cs_puts(b, " more");
	}
	cs_putc(b, '\n');
}

static void one(struct cs_buf *b, const struct cs_capture *c, const struct cs_bw_series_result *s)
{
	static const uint8_t stop[] = { 11, 24, 42 };
	static const char *const title[] = { "knee", "published", "gap" };
	const struct cs_report_table t = { "  knees:", 3, stop, title, knee_cell, s };

	cs_puts(b, "bandwidth, ");
	cs_bw_put_series(b, s->op, s->threads);
	if (s->kernel[0]) {
		cs_puts(b, " (");
		cs_puts(b, s->kernel);
		cs_putc(b, ')');
	}
	if (!s->measured) {
		cs_puts(b, ": not measured\n");
		return;
	}
	cs_puts(b, ": ");
	cs_put_u64(b, s->n_points);
	cs_puts(b, " points, ");
	cs_put_u64(b, s->n_used);
	cs_puts(b, " used; levels ");
	cs_put_u64(b, s->n_levels);
	cs_putc(b, '\n');
	for (uint32_t l = 0; l < s->n_levels; l++)
		level(b, l + 1, &s->levels[l]);
	if (!s->n_levels)
		points(b, c, s);
	if (s->n_knees)
		cs_report_table(b, &t, s->n_knees);
}

static void put_where(struct cs_buf *b, const struct cs_mlp_result *m)
{
	if (m->where == CS_BW_IN_MEMORY) {
		cs_puts(b, "memory");
		return;
	}
	cs_puts(b, m->where == CS_BW_IN_CACHE ? "L" : "level ");
	cs_put_u64(b, m->level);
}

static void mlp(struct cs_buf *b, const struct cs_mlp_result *m)
{
	cs_puts(b, "  ");
	cs_put_size(b, m->bytes);
	cs_puts(b, " (");
	put_where(b, m);
	cs_puts(b, "):");
	for (uint32_t i = 0; i < m->n; i++) {
		cs_puts(b, i ? ", " : " ");
		cs_put_u64(b, m->chains[i]);
		cs_puts(b, "x ");
		cs_report_put_ns(b, m->ns[i]);
	}
	if (m->has_sat) {
		cs_puts(b, "; saturates at ");
		cs_put_u64(b, m->sat_n);
		cs_puts(b, m->sat_n == 1 ? " chain, MLP " : " chains, MLP ");
		cs_put_g(b, m->sat_mlp, 3);
	}
	cs_putc(b, '\n');
}

static void mlps(struct cs_buf *b, const struct cs_bw_result *t)
{
	if (!t->n_mlp)
		return;
	cs_puts(b, "misses in flight (ns per load with N chains interleaved; MLP = ns(1) / ns(N), "
		   "saturated at the fewest chains within ");
	cs_put_g(b, CS_MLP_GAIN_MIN, 3);
	cs_puts(b, "x of the largest MLP):\n");
	for (uint32_t i = 0; i < t->n_mlp; i++)
		mlp(b, &t->mlp[i]);
}

static void witness(struct cs_buf *b, const struct cs_bw_result *t)
{
	if (!t->has_witness)
		return;
	cs_puts(b, "cross-witness (latency knee against read-bandwidth knee, 1 thread; they agree within ");
	cs_put_g(b, CS_BW_WITNESS_AGREE, 3);
	cs_puts(b, "x):\n");
	for (uint32_t i = 0; i < t->n_witness; i++) {
		const struct cs_bw_witness *x = &t->witness[i];
		size_t s = b->len;
		cs_puts(b, "  ");
		if (x->has_published) {
			cs_putc(b, 'L');
			cs_put_u64(b, x->level);
			cs_putc(b, ' ');
			cs_put_size(b, x->published_bytes);
		} else {
			cs_puts(b, "unpublished");
		}
		cs_pad_to(b, s, 22);
		cs_puts(b, "latency ");
		if (x->has_latency)
			cs_put_size(b, x->latency_bytes);
		else
			cs_puts(b, "none");
		cs_pad_to(b, s, 44);
		cs_puts(b, "bandwidth ");
		if (x->has_bandwidth)
			cs_put_size(b, x->bandwidth_bytes);
		else
			cs_puts(b, "none");
		cs_pad_to(b, s, 68);
		cs_puts(b, cs_bw_verdict_name(x->verdict));
		if (x->has_latency && x->has_bandwidth) {
			cs_puts(b, " (");
			cs_put_g(b, x->ratio, 3);
			cs_puts(b, "x)");
		} else if (x->verdict != CS_BW_NEITHER) {
			cs_puts(b, ": seen by one witness only");
		}
		cs_putc(b, '\n');
	}
}

/* Little's law is said where it means something (docs/bandwidth.md s.6,
 * issue 40 item 5): misses to memory on a real processor. In a cache the
 * chains' latency is a hit's and the read is bounded by the load ports, not
 * by misses in flight; under an emulator (QEMU's TCG) no time is a
 * machine's. Elsewhere it is computed all the same, in reduce --json. */
static int little_means(const struct cs_capture *c, const struct cs_mlp_result *m)
{
	return m->has_little && m->where == CS_BW_IN_MEMORY &&
	       !cs_streq(c->cclock.hv_signature, "TCGTCGTCGTCG");
}

static void little(struct cs_buf *b, const struct cs_capture *c, const struct cs_bw_result *t)
{
	uint32_t any = 0;
	for (uint32_t i = 0; i < t->n_mlp; i++)
		any += little_means(c, &t->mlp[i]);
	if (!any)
		return;
	cs_puts(b, "Little's law (read ~= MLP x line / latency; a ratio outside 1/");
	cs_put_g(b, CS_BW_LITTLE_FAR, 3);
	cs_puts(b, " .. ");
	cs_put_g(b, CS_BW_LITTLE_FAR, 3);
	cs_puts(b, " is a finding):\n");
	for (uint32_t i = 0; i < t->n_mlp; i++) {
		const struct cs_mlp_result *m = &t->mlp[i];
		if (!little_means(c, m))
			continue;
		cs_puts(b, "  ");
		put_where(b, m);
		cs_puts(b, " at ");
		cs_put_size(b, m->bytes);
		cs_puts(b, ": MLP ");
		cs_put_g(b, m->sat_mlp, 3);
		cs_puts(b, " x ");
		cs_put_g(b, m->line_bytes, 6);
		cs_puts(b, " B / ");
		cs_report_put_ns(b, m->latency_ns);
		cs_puts(b, " = ");
		put_gbps(b, m->predicted_gbps);
		cs_puts(b, "; read ");
		put_gbps(b, m->read_gbps);
		cs_puts(b, "; ratio ");
		cs_put_g(b, m->ratio, 3);
		if (m->finding)
			cs_puts(b, "  FINDING: far from 1");
		cs_putc(b, '\n');
	}
}

static void refusals(struct cs_buf *b, const struct cs_bw_result *t)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < t->n_series; i++)
		n += t->series[i].n_refusals;
	for (uint32_t i = 0; i < t->n_mlp; i++)
		n += t->mlp[i].n_refusals;
	if (!n)
		return;
	cs_puts(b, "bandwidth refusals:\n");
	for (uint32_t i = 0; i < t->n_series; i++)
		for (uint32_t k = 0; k < t->series[i].n_refusals; k++) {
			cs_puts(b, "  [");
			cs_puts(b, t->series[i].refusals[k].code);
			cs_puts(b, "] ");
			cs_puts(b, t->series[i].refusals[k].reason);
			cs_putc(b, '\n');
		}
	for (uint32_t i = 0; i < t->n_mlp; i++)
		for (uint32_t k = 0; k < t->mlp[i].n_refusals; k++) {
			cs_puts(b, "  [");
			cs_puts(b, t->mlp[i].refusals[k].code);
			cs_puts(b, "] ");
			cs_puts(b, t->mlp[i].refusals[k].reason);
			cs_putc(b, '\n');
		}
}

void cs_bw_report(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_bw_result *t = &r->bw;
	if (!t->present)
		return;
	if (t->null) {
		cs_puts(b, "bandwidth: not measured (");
		cs_puts(b, c->bw.why);
		cs_puts(b, ")\n");
		return;
	}
	cs_puts(b, "bandwidth in GB/s, 1 GB = 1e9 bytes, counted read 1, write 1, copy 2 per byte of the buffer");
	if (c->bw.vector_note[0]) {
		cs_puts(b, "; ");
		cs_puts(b, c->bw.vector_note);
	}
	cs_putc(b, '\n');
	for (uint32_t i = 0; i < t->n_series; i++)
		one(b, c, &t->series[i]);
	if (c->bw.mlp_present && c->bw.mlp_null) {
		cs_puts(b, "misses in flight: not measured (");
		cs_puts(b, c->bw.mlp_why);
		cs_puts(b, ")\n");
	}
	mlps(b, t);
	witness(b, t);
	little(b, c, t);
	refusals(b, t);
}
