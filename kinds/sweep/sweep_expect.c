/* sweep_expect.c: the sweep's row of the expect column (common/kinds.h,
 * reader/expect.h): a synthetic capture's knees within its tolerance, its
 * exact set of refusal codes, and the adjacency's granules, against the
 * reduction; its members of "expect" read. Freestanding: `check` and the
 * page judge with it. */
#include "../../reader/expect.h"
#include "../../common/buf.h"
#include "../../common/csmath.h"

/* "48 KiB (49152)" or "none" */
static const char *size_text(char *out, size_t n, int has, double bytes)
{
	struct cs_buf b;

	if (!has)
		return "none";
	cs_buf_init(&b, out, n);
	cs_put_size(&b, bytes);
	cs_puts(&b, " (");
	cs_put_g(&b, bytes, 9);
	cs_putc(&b, ')');
	return out;
}

/* "48 KiB, none, 30 MiB" */
static const char *list_text(char *out, size_t n, const int *has,
			     const double *v, size_t stride, uint32_t count)
{
	struct cs_buf b;

	cs_buf_init(&b, out, n);
	for (uint32_t i = 0; i < count; i++) {
		const int *h = (const int *)((const char *)has + i * stride);
		const double *x = (const double *)((const char *)v + i * stride);
		if (i)
			cs_puts(&b, ", ");
		if (*h)
			cs_put_size(&b, *x);
		else
			cs_puts(&b, "none");
	}
	return count ? out : "none";
}

static void compare_knees(const struct cs_expect *e, const struct cs_result *r,
			  struct cs_why *w)
{
	char a[512], b[512];
	uint32_t i;

	if (e->n_knees != r->n_knees) {
		cs_why_note(w, "knees: expected %u (%s), got %u (%s)", e->n_knees,
		     list_text(a, sizeof(a), &e->knees[0].has_bytes,
			       &e->knees[0].bytes, sizeof(e->knees[0]),
			       e->n_knees),
		     r->n_knees,
		     list_text(b, sizeof(b), &r->knees[0].has_bytes,
			       &r->knees[0].bytes, sizeof(r->knees[0]),
			       r->n_knees));
		return;
	}
	for (i = 0; i < e->n_knees; i++) {
		const struct cs_expect_size *x = &e->knees[i];
		const struct cs_knee *k = &r->knees[i];
		if (x->has_bytes == k->has_bytes &&
		    (!x->has_bytes ||
		     cs_fabs(k->bytes / x->bytes - 1) <= e->knee_tolerance))
			continue;
		cs_why_note(w, "knee %u: expected %s, got %s (tolerance %g %%)", i + 1,
		     size_text(a, sizeof(a), x->has_bytes, x->bytes),
		     size_text(b, sizeof(b), k->has_bytes, k->bytes),
		     e->knee_tolerance * 100);
	}
}

static int has_code(const char (*codes)[CS_CODE_MAX], uint32_t n,
		    const char *code)
{
	for (uint32_t i = 0; i < n; i++)
		if (cs_streq(codes[i], code))
			return 1;
	return 0;
}

static int result_has(const struct cs_result *r, const char *code)
{
	for (uint32_t i = 0; i < r->n_refusals && i < CS_MAX_REFUSALS; i++)
		if (cs_streq(r->refusals[i].code, code))
			return 1;
	return 0;
}

static void compare_refusals(const struct cs_expect *e,
			     const struct cs_result *r, struct cs_why *w)
{
	uint32_t i, j;

	for (i = 0; i < e->n_refusals; i++)
		if (!result_has(r, e->refusals[i]))
			cs_why_note(w, "refusals: expected %s, not refused",
			     e->refusals[i]);
	for (i = 0; i < r->n_refusals && i < CS_MAX_REFUSALS; i++) {
		const char *code = r->refusals[i].code;
		for (j = 0; j < i; j++)
			if (cs_streq(r->refusals[j].code, code))
				break;
		if (j == i && !has_code(e->refusals, e->n_refusals, code))
			cs_why_note(w, "refusals: unexpected %s: %s", code,
			     r->refusals[i].reason);
	}
}

static void compare_granules(const struct cs_expect *e,
			     const struct cs_result *r, struct cs_why *w)
{
	char a[64], b[64];
	uint32_t i;

	if (e->n_granules != r->n_adj) {
		cs_why_note(w, "granules: expected %u series, got %u", e->n_granules,
		     r->n_adj);
		return;
	}
	for (i = 0; i < e->n_granules; i++) {
		const struct cs_expect_size *x = &e->granules[i];
		const struct cs_adj_result *s = &r->adj[i];
		if (x->has_bytes == s->has_granule &&
		    (!x->has_bytes ||
		     cs_fabs(s->granule_bytes - x->bytes) <= 1e-9 * x->bytes))
			continue;
		cs_why_note(w, "granule %u (%s): expected %s, got %s%s%s", i + 1,
		     cs_placement_name(s->placement),
		     size_text(a, sizeof(a), x->has_bytes, x->bytes),
		     size_text(b, sizeof(b), s->has_granule, s->granule_bytes),
		     s->refused ? ", refused " : "",
		     s->refused ? s->refusal.code : "");
	}
}

/* "knees", "granules" (the adjacency's, a series each) and "refusals":
 * the expect column's reader (reader/expect.c walks it). */
int cs_sweep_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	return cs_read_expect_sizes(r, v, "knees", CS_MAX_KNEES, &e->has_knees, &e->n_knees, e->knees) ||
	       cs_read_expect_sizes(r, v, "granules", CS_MAX_ADJ_SERIES, &e->has_granules,
				    &e->n_granules, e->granules) ||
	       cs_read_expect_codes(r, v, CS_MAX_REFUSALS, e->refusals, &e->n_refusals,
				    &e->has_refusals) ? -1 : 0;
}

int cs_sweep_expect_any(const struct cs_expect *e)
{
	return e->has_knees || e->has_refusals || e->has_granules;
}

/* The sweep's row: it begins why afresh (the first row). */
int cs_sweep_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			    char *why, size_t whylen)
{
	return cs_expect_compare(e, r, why, whylen);
}

int cs_expect_compare(const struct cs_expect *e, const struct cs_result *r,
		      char *why, size_t whylen)
{
	struct cs_why w = { why, whylen, 0, 0 };

	if (why && whylen)
		why[0] = '\0';
	if (e->has_knees)
		compare_knees(e, r, &w);
	if (e->has_refusals)
		compare_refusals(e, r, &w);
	if (e->has_granules)
		compare_granules(e, r, &w);
	return w.n;
}
