/* bw_expect.c: a synthetic capture's bandwidth expectations (bw_expect.h)
 * against its reduction, the bandwidth row's expect column (common/kinds.h,
 * reader/expect.h): per series the levels' GB/s and the knees within the
 * capture's tolerance and the exact set of refusal codes; the
 * cross-witness verdicts; the MLP saturation counts. Freestanding: `check`
 * and the page judge with it. */
#include "bw_kind.h"
#include "../../reader/expect.h"
#include "../../reader/fmt.h"
#include "../../common/buf.h"
#include "../../common/csmath.h"

static const struct cs_bw_series_result *find(const struct cs_bw_result *t, enum cs_bw_op op,
					      uint32_t threads)
{
	for (uint32_t i = 0; i < t->n_series; i++)
		if (t->series[i].op == op && t->series[i].threads == threads)
			return &t->series[i];
	return NULL;
}

static int near(double got, double want, double tol)
{
	return cs_fabs(got / want - 1) <= tol;
}

static void codes(const struct cs_expect_bw_series *x, const struct cs_bw_series_result *s,
		  const char *name, struct cs_why *w)
{
	for (uint32_t i = 0; i < x->n_refusals; i++) {
		uint32_t j = 0;
		while (j < s->n_refusals && !cs_streq(s->refusals[j].code, x->refusals[i]))
			j++;
		if (j == s->n_refusals)
			cs_why_note(w, "%s refusals: expected %s, not refused", name, x->refusals[i]);
	}
	for (uint32_t j = 0; j < s->n_refusals; j++) {
		uint32_t i = 0;
		while (i < x->n_refusals && !cs_streq(s->refusals[j].code, x->refusals[i]))
			i++;
		if (i == x->n_refusals)
			cs_why_note(w, "%s refusals: unexpected %s: %s", name, s->refusals[j].code,
				    s->refusals[j].reason);
	}
}

static void series(const struct cs_expect_bw_series *x, double tol,
		   const struct cs_bw_series_result *s, const char *name, struct cs_why *w)
{
	if (x->has_gbps && x->n_gbps != s->n_levels)
		cs_why_note(w, "%s: expected %u levels, got %u", name, x->n_gbps, s->n_levels);
	for (uint32_t i = 0; x->has_gbps && x->n_gbps == s->n_levels && i < x->n_gbps; i++)
		if (!near(cs_bw_gbps(&s->levels[i]), x->gbps[i].bytes, tol))
			cs_why_note(w, "%s level %u: expected %.4g GB/s, got %.4g (tolerance %g %%)", name,
				    i + 1, x->gbps[i].bytes, cs_bw_gbps(&s->levels[i]), tol * 100);
	if (x->has_knees && x->n_knees != s->n_knees)
		cs_why_note(w, "%s: expected %u knees, got %u", name, x->n_knees, s->n_knees);
	for (uint32_t i = 0; x->has_knees && x->n_knees == s->n_knees && i < x->n_knees; i++) {
		const struct cs_knee *k = &s->knees[i];
		if (x->knees[i].has_bytes == k->has_bytes &&
		    (!k->has_bytes || near(k->bytes, x->knees[i].bytes, tol)))
			continue;
		cs_why_note(w, "%s knee %u: expected %s%.6g B, got %s%.6g (tolerance %g %%)", name, i + 1,
			    x->knees[i].has_bytes ? "" : "none ", x->knees[i].has_bytes ? x->knees[i].bytes : 0,
			    k->has_bytes ? "" : "none ", k->has_bytes ? k->bytes : 0, tol * 100);
	}
	if (x->has_refusals)
		codes(x, s, name, w);
}

static void witness(const struct cs_expect_bw *e, const struct cs_bw_result *t, struct cs_why *w)
{
	int same = e->n_witness == t->n_witness;
	for (uint32_t i = 0; same && i < e->n_witness; i++)
		same = e->verdict[i] == (uint8_t)t->witness[i].verdict;
	if (same)
		return;
	char a[256] = "", b[256] = "";
	for (uint32_t i = 0; i < e->n_witness; i++)
		cs_fmt(a + cs_strlen(a), sizeof a - cs_strlen(a), "%s%s", i ? ", " : "",
			 cs_bw_verdict_name((enum cs_bw_verdict)e->verdict[i]));
	for (uint32_t i = 0; i < t->n_witness; i++)
		cs_fmt(b + cs_strlen(b), sizeof b - cs_strlen(b), "%s%s", i ? ", " : "",
			 cs_bw_verdict_name(t->witness[i].verdict));
	cs_why_note(w, "bandwidth witness: expected [%s], got [%s]", a, b);
}

static void saturation(const struct cs_expect_bw *e, const struct cs_bw_result *t, struct cs_why *w)
{
	if (e->n_sat != t->n_mlp) {
		cs_why_note(w, "mlp: expected %u sizes, got %u", e->n_sat, t->n_mlp);
		return;
	}
	for (uint32_t i = 0; i < e->n_sat; i++) {
		const struct cs_mlp_result *m = &t->mlp[i];
		if (e->sat[i].has_bytes == m->has_sat && (!m->has_sat || e->sat[i].bytes == m->sat_n))
			continue;
		cs_why_note(w, "mlp at %.6g B: expected saturation at %s%.0f chains, got %s%u", m->bytes,
			    e->sat[i].has_bytes ? "" : "none ", e->sat[i].has_bytes ? e->sat[i].bytes : 0,
			    m->has_sat ? "" : "none ", m->has_sat ? m->sat_n : 0);
	}
}

int cs_bw_expect_compare(const struct cs_expect *e, const struct cs_result *r, char *why,
			 size_t whylen)
{
	struct cs_why w = { why, whylen, 0, 0 };
	const struct cs_expect_bw *x = &e->bw;
	if (why && whylen)
		w.len = cs_strlen(why);
	if (!x->present)
		return 0;
	for (uint32_t i = 0; i < x->n; i++) {
		char name[64];
		const struct cs_bw_series_result *s = find(&r->bw, x->s[i].op, x->s[i].threads);
		cs_fmt(name, sizeof name, "bandwidth %s, %u thread%s", cs_bw_op_name(x->s[i].op),
			 x->s[i].threads, x->s[i].threads == 1 ? "" : "s");
		if (!s)
			cs_why_note(&w, "%s: no such series", name);
		else
			series(&x->s[i], e->knee_tolerance, s, name, &w);
	}
	if (x->has_witness)
		witness(x, &r->bw, &w);
	if (x->has_sat)
		saturation(x, &r->bw, &w);
	return w.n;
}

int cs_bw_expect_any(const struct cs_expect *e)
{
	return e->bw.present;
}
