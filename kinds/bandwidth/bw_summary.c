/* bw_summary.c: the bandwidth kind's part of the summary (docs/summary.md,
 * docs/bandwidth.md s.8), its summary column of the table (common/kinds.h,
 * reduce/summary.h): the read GB/s cell of every row, and the read's knee
 * as a witness of a row's size. Freestanding. */
#include "bw_kind.h"
#include "../../reduce/summary.h"

/* The read GB/s cell (docs/bandwidth.md s.8): the level of the read on one
 * thread below its knee paired with this published level (1 / its floor in
 * ns per byte: 1 GB = 1e9 B); none when the read has no such knee. */
static void read_cells(struct cs_summary *s, const struct cs_result *r)
{
	const struct cs_bw_series_result *rd = 0;
	for (uint32_t i = 0; i < r->bw.n_series && !rd; i++)
		if (r->bw.series[i].op == CS_BW_READ && r->bw.series[i].threads == 1 &&
		    r->bw.series[i].measured)
			rd = &r->bw.series[i];
	s->bandwidth = rd != 0;
	for (uint32_t i = 0; rd && i < s->n; i++) {
		struct cs_summary_row *w = &s->row[i];
		for (uint32_t k = 0, found = 0; w->has_level && k < rd->n_knees; k++) {
			const struct cs_knee *q = &rd->knees[k];
			if (q->has_bytes && q->has_published && q->published_level == w->level &&
			    q->published_bytes == w->claimed_bytes && found < rd->n_levels &&
			    rd->levels[found].floor_ns > 0) {
				w->has_read = 1;
				w->read_gbps = 1.0 / rd->levels[found].floor_ns;
			}
			found += q->has_bytes != 0;
		}
	}
}

/* The read on one thread's knee for this row: paired with the same
 * published level, or (an unmatched row) the one the bandwidth kind's
 * cross-witness table set beside this latency knee (docs/bandwidth.md s.5). */
static const struct cs_knee *read_knee(const struct cs_result *r, const struct cs_summary_row *w,
				       const double *lat)
{
	const struct cs_bw_series_result *rd = cs_bw_read1(&r->bw);
	double want = 0;
	if (!rd)
		return 0;
	if (!w->has_level) {
		for (uint32_t i = 0; lat && i < r->bw.n_witness; i++) {
			const struct cs_bw_witness *x = &r->bw.witness[i];
			if (!x->has_published && x->has_latency && x->has_bandwidth &&
			    x->latency_bytes == *lat)
				want = x->bandwidth_bytes;
		}
		if (!(want > 0))
			return 0;
	}
	for (uint32_t k = 0; k < rd->n_knees && k < CS_MAX_KNEES; k++) {
		const struct cs_knee *q = &rd->knees[k];
		if (!q->has_bytes)
			continue;
		if (w->has_level ? q->has_published && q->published_level == w->level &&
					   q->published_bytes == w->claimed_bytes
				 : !q->has_published && q->bytes == want)
			return q;
	}
	return 0;
}


void cs_bw_summary(struct cs_summary *s, int row, const struct cs_capture *c,
		   const struct cs_result *r)
{
	(void)c;
	if (row < 0) {
		read_cells(s, r);
		return;
	}
	/* the latency knee, where the row has one, is its first witness */
	struct cs_summary_row *w = &s->row[row];
	const double *lat = w->n_witnesses && cs_streq(w->witness[0].kind, CS_W_LATENCY)
				    ? &w->witness[0].bytes
				    : 0;
	const struct cs_knee *rd = read_knee(r, w, lat);
	if (rd)
		cs_summary_add_knee(w, CS_W_READ, rd);
}
