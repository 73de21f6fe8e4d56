/* tlb_expect.c: a synthetic capture's TLB expectations (tlb_expect.h), the
 * TLB's row of the expect column, and its members of "expect" read;
 * freestanding: `check` and the page. */
#include "tlb_expect.h"
#include "../../reader/fmt.h"
#include "../../reader/reader.h"
#include "../../common/buf.h"
#include "../../common/csmath.h"

static const struct cs_tlb_series_result *find(const struct cs_tlb_result *t, uint64_t page)
{
	for (uint32_t i = 0; i < t->n_series; i++)
		if (t->series[i].page_bytes == page)
			return &t->series[i];
	return NULL;
}

static void compare_series(const struct cs_expect_tlb_series *x, double tol,
			   const struct cs_tlb_series_result *s, struct cs_why *w)
{
	unsigned long long page = (unsigned long long)x->page_bytes;
	if (x->has_knees && x->n_knees != s->n_knees) {
		cs_why_note(w, "tlb %llu B: expected %u knees, got %u", page, x->n_knees, s->n_knees);
	} else if (x->has_knees) {
		for (uint32_t i = 0; i < x->n_knees; i++) {
			const struct cs_tlb_knee *k = &s->knees[i];
			if (x->has[i] == k->has_entries &&
			    (!x->has[i] || cs_fabs(k->entries / x->entries[i] - 1) <= tol))
				continue;
			cs_why_note(w, "tlb %llu B knee %u: expected %s%.4g entries, got %s%.4g (tolerance %g %%)",
			     page, i + 1, x->has[i] ? "" : "none ", x->has[i] ? x->entries[i] : 0,
			     k->has_entries ? "" : "none ", k->has_entries ? k->entries : 0, tol * 100);
		}
	}
	if (!x->has_refusals)
		return;
	for (uint32_t i = 0; i < x->n_refusals; i++) {
		uint32_t j;
		for (j = 0; j < s->n_refusals; j++)
			if (cs_streq(s->refusals[j].code, x->refusals[i]))
				break;
		if (j == s->n_refusals)
			cs_why_note(w, "tlb %llu B refusals: expected %s, not refused", page, x->refusals[i]);
	}
	for (uint32_t j = 0; j < s->n_refusals; j++) {
		uint32_t i;
		for (i = 0; i < x->n_refusals; i++)
			if (cs_streq(s->refusals[j].code, x->refusals[i]))
				break;
		if (i == x->n_refusals)
			cs_why_note(w, "tlb %llu B refusals: unexpected %s: %s", page, s->refusals[j].code,
			     s->refusals[j].reason);
	}
}

int cs_expect_tlb_compare(const struct cs_expect_tlb *e, double tolerance,
			  const struct cs_tlb_result *t, char *why, size_t whylen)
{
	struct cs_why w = { why, whylen, 0, 0 };
	if (why && whylen)
		w.len = cs_strlen(why);
	if (!e->present)
		return 0;
	if (e->has_series && e->n != t->n_series)
		cs_why_note(&w, "tlb: expected %u page sizes, got %u", e->n, t->n_series);
	for (uint32_t i = 0; i < e->n; i++) {
		const struct cs_tlb_series_result *s = find(t, e->s[i].page_bytes);
		if (!s)
			cs_why_note(&w, "tlb: no series for %llu-byte pages", (unsigned long long)e->s[i].page_bytes);
		else
			compare_series(&e->s[i], tolerance, s, &w);
	}
	if (e->has_translation) {
		int same = e->n_translation == t->n_translation;
		for (uint32_t i = 0; same && i < e->n_translation; i++)
			same = e->translation[i] == t->translation[i].knee + 1;
		if (!same) {
			char a[128] = "", b[128] = "";
			for (uint32_t i = 0; i < e->n_translation; i++)
				cs_fmt(a + cs_strlen(a), sizeof a - cs_strlen(a), "%s%u", i ? ", " : "", e->translation[i]);
			for (uint32_t i = 0; i < t->n_translation; i++)
				cs_fmt(b + cs_strlen(b), sizeof b - cs_strlen(b), "%s%u", i ? ", " : "", t->translation[i].knee + 1);
			cs_why_note(&w, "translation: expected data-cache knees [%s] at a TLB reach, got [%s]", a, b);
		}
	}
	return w.n;
}

/* The TLB's expect column (common/kinds.h, host/cmd/expect.h). */
int cs_tlb_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			  char *why, size_t whylen)
{
	return cs_expect_tlb_compare(&e->tlb, e->knee_tolerance, &r->tlb, why, whylen);
}

int cs_tlb_expect_any(const struct cs_expect *e)
{
	return e->tlb.present;
}

static int read_tlb_series(struct cs_jr *r, const struct cs_jd *v, struct cs_expect_tlb_series *s)
{
	struct cs_jd *arr, *x;
	size_t m, mi, i;

	if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "page_bytes", 1, 4096, 1ull << 40, &s->page_bytes))
		return -1;
	cs_jr_member(r, v, "knees", 0, 0, &arr);
	if (arr) {
		m = cs_jr_push_key(r, "knees");
		if (cs_jr_array(r, arr, 0, CS_TLB_MAX_KNEES))
			return -1;
		for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
			s->has[i] = x->kind != CS_JD_NULL;
			mi = cs_jr_push_idx(r, i);
			if (s->has[i] && cs_jr_positive(r, x, &s->entries[i]))
				return -1;
			cs_jr_pop(r, mi);
		}
		s->n_knees = (uint32_t)i;
		s->has_knees = 1;
		cs_jr_pop(r, m);
	}
	if (cs_read_expect_codes(r, v, CS_TLB_MAX_REFUSALS, s->refusals, &s->n_refusals, &s->has_refusals))
		return -1;
	return 0;
}

/* "tlb" and "translation", the expect column's reader (reader/expect.c
 * walks it). */
int cs_tlb_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *all)
{
	struct cs_expect_tlb *e = &all->tlb;
	struct cs_jd *arr, *x;
	uint64_t u;
	size_t m, mi, i;

	cs_jr_member(r, v, "tlb", 0, 0, &arr);
	if (arr) {
		m = cs_jr_push_key(r, "tlb");
		if (cs_jr_array(r, arr, 0, CS_TLB_MAX_SIZES))
			return -1;
		for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
			mi = cs_jr_push_idx(r, i);
			if (read_tlb_series(r, x, &e->s[i]))
				return -1;
			cs_jr_pop(r, mi);
		}
		e->n = (uint32_t)i;
		e->present = 1;
		e->has_series = 1;
		cs_jr_pop(r, m);
	}
	cs_jr_member(r, v, "translation", 0, 0, &arr);
	if (arr) {
		m = cs_jr_push_key(r, "translation");
		if (cs_jr_array(r, arr, 0, CS_MAX_KNEES))
			return -1;
		for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
			mi = cs_jr_push_idx(r, i);
			if (cs_jr_uint(r, x, 1, CS_MAX_KNEES, &u))
				return -1;
			e->translation[i] = (uint32_t)u;
			cs_jr_pop(r, mi);
		}
		e->n_translation = (uint32_t)i;
		e->has_translation = 1;
		e->present = 1;
		cs_jr_pop(r, m);
	}
	return 0;
}
