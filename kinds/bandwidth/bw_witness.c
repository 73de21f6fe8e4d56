/* bw_witness.c: what the bandwidth kind says beside the latency sweep
 * (docs/bandwidth.md s.4-s.6): each MLP size's parallelism, where it
 * saturates, the level of the sweep it lies in and Little's law there; the
 * cross-witness table of the sweep's knees against the read bandwidth's.
 * Freestanding. */
#include "bw_kind.h"
#include "../../reduce/emulated.h"
#include "../../reduce/internal.h"
#include "../../common/csmath.h"

const char *cs_bw_verdict_name(enum cs_bw_verdict v)
{
	static const char *const w[] = { "agree", "disagree", "latency only", "bandwidth only",
					 "neither" };
	return (unsigned)v <= CS_BW_NEITHER ? w[v] : "?";
}

static struct cs_buf *refuse(struct cs_mlp_result *m, const char *code, struct cs_buf *b)
{
	if (m->n_refusals >= 2) {
		cs_buf_init(b, NULL, 0);
		return b;
	}
	cs_refusal_set(&m->refusals[m->n_refusals++], code, b);
	cs_puts(b, "misses in flight at ");
	cs_put_size(b, m->bytes);
	cs_puts(b, ": ");
	return b;
}

/* s.4: the level of the latency staircase the size lies in: below the
 * first found knee above it (a published level when that knee is paired),
 * past every knee memory. */
static void where(const struct cs_result *r, struct cs_mlp_result *m)
{
	uint32_t found = 0;
	for (uint32_t k = 0; k < r->n_knees; k++) {
		const struct cs_knee *q = &r->knees[k];
		if (!q->has_bytes)
			continue;
		found++;
		if (m->bytes < q->bytes) {
			m->where = q->has_published ? CS_BW_IN_CACHE : CS_BW_IN_UNNAMED;
			m->level = q->has_published ? q->published_level : found;
			return;
		}
	}
	m->where = found ? CS_BW_IN_MEMORY : CS_BW_IN_UNNAMED;
	m->level = found + 1;
}

/* s.4: MLP(N) = ns(1) / ns(N); saturated at the smallest count whose MLP is
 * within CS_MLP_GAIN_MIN of the largest at any count (one noisy count
 * between two others does not stop it), unless that is the last count and
 * it still rose by CS_MLP_GAIN_MIN from the one before: unsaturated. */
static void saturate(struct cs_mlp_result *m)
{
	double one = 0, most = 0;
	for (uint32_t i = 0; i < m->n; i++)
		if (m->chains[i] == 1)
			one = m->ns[i];
	struct cs_buf b;
	if (!(one > 0)) {
		refuse(m, CS_R_MLP_NO_SINGLE, &b);
		cs_puts(&b, "no figure for one chain, so no latency to divide by; MLP not computed");
		return;
	}
	for (uint32_t i = 0; i < m->n; i++) {
		m->mlp[i] = one / m->ns[i];
		most = m->mlp[i] > most ? m->mlp[i] : most;
	}
	uint32_t k = 0;
	while (k + 1 < m->n && m->mlp[k] * CS_MLP_GAIN_MIN < most)
		k++;
	if (k + 1 < m->n || k == 0 || m->mlp[k] < CS_MLP_GAIN_MIN * m->mlp[k - 1]) {
		m->has_sat = 1;
		m->sat_n = m->chains[k];
		m->sat_mlp = m->mlp[k];
		return;
	}
	refuse(m, CS_R_MLP_UNSATURATED, &b);
	cs_puts(&b, "MLP still rises by ");
	cs_put_g(&b, CS_MLP_GAIN_MIN, 3);
	cs_puts(&b, "x or more to the last count, ");
	cs_put_u64(&b, m->chains[m->n - 1]);
	cs_puts(&b, " chains (MLP ");
	cs_put_g(&b, m->mlp[m->n - 1], 3);
	cs_puts(&b, ", ");
	cs_put_g(&b, m->mlp[m->n - 2], 3);
	cs_puts(&b, " at ");
	cs_put_u64(&b, m->chains[m->n - 2]);
	cs_puts(&b, "): it saturates at that or more, not measured here");
}

/* The published line of level L (a data or unified cache with a line),
 * or of the deepest such level for memory and unnamed levels; 0: none. */
static double line_of(const struct cs_capture *c, const struct cs_mlp_result *m)
{
	double line = 0;
	uint32_t deepest = 0;
	for (uint32_t i = 0; i < c->n_caches && i < CS_MAX_CACHES; i++) {
		const struct cs_cache *k = &c->caches[i];
		if (k->type == CS_CACHE_INSTRUCTION || !k->line_bytes)
			continue;
		if (m->where == CS_BW_IN_CACHE && k->level == m->level)
			return (double)k->line_bytes;
		if (k->level >= deepest) {
			deepest = k->level;
			line = (double)k->line_bytes;
		}
	}
	return m->where == CS_BW_IN_CACHE ? 0 : line;
}

/* The read on one processor at the point nearest the size: GB/s. */
static double read_at(const struct cs_capture *c, double bytes)
{
	double best = 0, off = 0;
	for (uint32_t i = 0; i < c->bw.n_series; i++) {
		const struct cs_bw_series *s = &c->bw.series[i];
		if (s->op != CS_BW_READ || s->threads != 1 || s->refused)
			continue;
		for (uint32_t p = 0; p < s->n; p++) {
			double d = cs_log2_ratio(s->pts[p].bytes, bytes);
			if (best == 0 || d < off) {
				best = 1.0 / s->pts[p].ns_per_byte;
				off = d;
			}
		}
		break;
	}
	return best;
}

/* s.6 Little's law: read ~= MLP x line / latency (bytes per ns: GB/s). */
static void little(const struct cs_capture *c, struct cs_mlp_result *m)
{
	struct cs_buf b;
	if (!m->has_sat)
		return; /* its refusal says why */
	m->line_bytes = line_of(c, m);
	m->read_gbps = read_at(c, m->bytes);
	if (!(m->line_bytes > 0)) {
		refuse(m, CS_R_LITTLE_NO_LINE, &b);
		cs_puts(&b, "no published line size for this level; Little's law is not computed on a guessed line");
		return;
	}
	if (!(m->read_gbps > 0)) {
		refuse(m, CS_R_LITTLE_NO_READ, &b);
		cs_puts(&b, "no read bandwidth on one thread measured; Little's law has nothing to compare");
		return;
	}
	for (uint32_t i = 0; i < m->n; i++)
		if (m->chains[i] == 1)
			m->latency_ns = m->ns[i];
	m->predicted_gbps = m->latency_ns > 0 ? m->sat_mlp * m->line_bytes / m->latency_ns : 0;
	if (!(m->predicted_gbps > 0) || !cs_isfinite(m->predicted_gbps)) {
		/* a latency the reader accepts (5e-324 ns) but no bandwidth
		 * follows from: refused, never printed as "null GB/s" */
		refuse(m, CS_R_LITTLE_NO_LATENCY, &b);
		cs_puts(&b, "the one-chain latency at this size gives no finite bandwidth; Little's law is "
			"not computed");
		m->predicted_gbps = 0;
		return;
	}
	m->has_little = 1;
	m->ratio = m->read_gbps / m->predicted_gbps;
	m->finding = m->ratio > CS_BW_LITTLE_FAR || m->ratio < 1.0 / CS_BW_LITTLE_FAR;
}

void cs_bw_reduce_mlp(const struct cs_capture *c, const struct cs_result *r, struct cs_bw_result *t)
{
	const struct cs_bw_capture *k = &c->bw;
	char why[CS_TEXT_MAX];
	const char *emu = cs_emulated(c, why, sizeof why);
	t->mlp_present = k->mlp_present && !k->mlp_null;
	for (uint32_t i = 0; t->mlp_present && i < k->n_mlp && i < CS_MLP_MAX_SIZES; i++) {
		const struct cs_mlp_size *s = &k->mlp[i];
		struct cs_mlp_result *m = &t->mlp[t->n_mlp++];
		cs_memset(m, 0, sizeof *m);
		m->bytes = s->bytes;
		m->n = s->n < CS_MLP_MAX_CHAINS ? s->n : CS_MLP_MAX_CHAINS;
		/* in chain order, whatever order the file had */
		for (uint32_t a = 0; a < m->n; a++) {
			uint32_t j = a;
			while (j > 0 && m->chains[j - 1] > s->chains[a]) {
				m->chains[j] = m->chains[j - 1];
				m->ns[j] = m->ns[j - 1];
				j--;
			}
			m->chains[j] = s->chains[a];
			m->ns[j] = s->ns[a];
		}
		where(r, m);
		if (emu) { /* docs/emulators.md s.4 */
			struct cs_buf b;
			refuse(m, CS_R_EMULATED, &b);
			cs_puts(&b, "emulated by ");
			cs_puts(&b, emu);
			cs_puts(&b, ": the emulator's misses in flight on the host's caches, not the processor's");
			continue;
		}
		saturate(m);
		little(c, m);
	}
}

/* ---- s.5 the cross-witness table ---- */

static void verdict(struct cs_bw_witness *x)
{
	if (x->has_latency && x->has_bandwidth) {
		double a = x->latency_bytes, b = x->bandwidth_bytes;
		x->ratio = a > b ? a / b : b / a;
		x->verdict = x->ratio <= CS_BW_WITNESS_AGREE ? CS_BW_AGREE : CS_BW_DISAGREE;
	} else {
		x->verdict = x->has_latency ? CS_BW_LATENCY_ONLY
			   : x->has_bandwidth ? CS_BW_BANDWIDTH_ONLY : CS_BW_NEITHER;
	}
}

/* The row of published level (level, size), made when new. */
static struct cs_bw_witness *row(struct cs_bw_result *t, uint32_t level, double size)
{
	for (uint32_t i = 0; i < t->n_witness; i++)
		if (t->witness[i].has_published && t->witness[i].level == level &&
		    t->witness[i].published_bytes == size)
			return &t->witness[i];
	if (t->n_witness >= CS_BW_MAX_WITNESS)
		return 0;
	uint32_t j = t->n_witness++;
	while (j > 0 && t->witness[j - 1].has_published &&
	       (t->witness[j - 1].level > level ||
		(t->witness[j - 1].level == level && t->witness[j - 1].published_bytes > size))) {
		t->witness[j] = t->witness[j - 1];
		j--;
	}
	cs_memset(&t->witness[j], 0, sizeof t->witness[j]);
	t->witness[j].has_published = 1;
	t->witness[j].level = level;
	t->witness[j].published_bytes = size;
	return &t->witness[j];
}

static void published(struct cs_bw_result *t, const struct cs_knee *k, uint32_t n, int bw)
{
	for (uint32_t i = 0; i < n; i++) {
		struct cs_bw_witness *x;
		if (!k[i].has_published || !(x = row(t, k[i].published_level, k[i].published_bytes)))
			continue;
		if (!k[i].has_bytes)
			continue;
		if (bw) {
			x->has_bandwidth = 1;
			x->bandwidth_bytes = k[i].bytes;
		} else {
			x->has_latency = 1;
			x->latency_bytes = k[i].bytes;
		}
	}
}

/* A knee paired with no published level: beside the other witness's
 * unpaired knee within CS_BW_WITNESS_AGREE, or alone. */
static void unpublished(struct cs_bw_result *t, const struct cs_knee *k, uint32_t n, int bw)
{
	for (uint32_t i = 0; i < n; i++) {
		if (!k[i].has_bytes || k[i].has_published)
			continue;
		struct cs_bw_witness *x = 0;
		for (uint32_t j = 0; bw && j < t->n_witness; j++) {
			struct cs_bw_witness *y = &t->witness[j];
			if (!y->has_published && y->has_latency && !y->has_bandwidth &&
			    cs_log2_ratio(y->latency_bytes, k[i].bytes) <=
				    cs_log2_ratio(CS_BW_WITNESS_AGREE, 1))
				x = y;
		}
		if (!x && t->n_witness < CS_BW_MAX_WITNESS) {
			x = &t->witness[t->n_witness++];
			cs_memset(x, 0, sizeof *x);
		}
		if (!x)
			return;
		if (bw) {
			x->has_bandwidth = 1;
			x->bandwidth_bytes = k[i].bytes;
		} else {
			x->has_latency = 1;
			x->latency_bytes = k[i].bytes;
		}
	}
}

void cs_bw_reduce_witness(const struct cs_capture *c, const struct cs_result *r, struct cs_bw_result *t)
{
	(void)c;
	const struct cs_bw_series_result *s = cs_bw_read1(t);
	if (!s)
		return;
	t->has_witness = 1;
	published(t, r->knees, r->n_knees, 0);
	published(t, s->knees, s->n_knees, 1);
	unpublished(t, r->knees, r->n_knees, 0);
	unpublished(t, s->knees, s->n_knees, 1);
	for (uint32_t i = 0; i < t->n_witness; i++)
		verdict(&t->witness[i]);
}
