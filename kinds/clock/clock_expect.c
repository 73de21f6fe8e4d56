/* clock_expect.c: a synthetic capture's clock expectations (reader/expect.h
 * struct cs_expect_clock), the expect column of common/kinds.h: the
 * reference verdict, and the exact set of codes among the clock's
 * refusals and the reference's failed conditions; read (its members of
 * "expect") and compared. Freestanding: `check`
 * and the page judge with it. */
#include "../../reader/reader.h"
#include "../../common/buf.h"

static int has(const struct cs_refusal *f, uint32_t n, const char *code)
{
	for (uint32_t i = 0; i < n; i++)
		if (cs_streq(f[i].code, code))
			return 1;
	return 0;
}

int cs_clock_expect_compare(const struct cs_expect *e, const struct cs_result *r, char *why,
			    size_t whylen)
{
	const struct cs_expect_clock *x = &e->clock;
	const struct cs_clock_result *k = &r->clock;
	struct cs_why w = { why, whylen, 0, 0 };
	if (why && whylen)
		w.len = cs_strlen(why);
	if (!x->present)
		return 0;
	if (x->is_reference >= 0 && x->is_reference != k->ref.is_reference)
		cs_why_note(&w, "reference: expected %s, got %s", x->is_reference ? "yes" : "no",
			    k->ref.is_reference ? "yes" : "no");
	if (!x->has_refusals)
		return w.n;
	for (uint32_t i = 0; i < x->n_refusals; i++)
		if (!has(k->refusals, k->n_refusals, x->refusals[i]) &&
		    !has(k->ref.reasons, k->ref.n_reasons, x->refusals[i]))
			cs_why_note(&w, "clock: expected %s, not refused", x->refusals[i]);
	for (uint32_t pass = 0; pass < 2; pass++) {
		const struct cs_refusal *f = pass ? k->ref.reasons : k->refusals;
		uint32_t n = pass ? k->ref.n_reasons : k->n_refusals;
		for (uint32_t j = 0; j < n; j++) {
			uint32_t i;
			for (i = 0; i < x->n_refusals; i++)
				if (cs_streq(f[j].code, x->refusals[i]))
					break;
			if (i == x->n_refusals)
				cs_why_note(&w, "clock: unexpected %s: %s", f[j].code, f[j].reason);
		}
	}
	return w.n;
}

int cs_clock_expect_any(const struct cs_expect *e)
{
	return e->clock.present;
}

/* "clock": {"is_reference": bool, "refusals": [codes]}, the expect column's
 * reader (reader/expect.c walks it). */
int cs_clock_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *all)
{
	struct cs_expect_clock *e = &all->clock;
	struct cs_jd *o, *b;
	size_t m;

	e->is_reference = -1;
	if (cs_jr_get_object(r, v, "clock", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "clock");
	cs_jr_member(r, o, "is_reference", 0, 1, &b);
	if (b) {
		if (b->kind != CS_JD_TRUE && b->kind != CS_JD_FALSE) {
			cs_jr_push_key(r, "is_reference");
			return cs_jr_fail(r, "expected true or false");
		}
		e->is_reference = b->kind == CS_JD_TRUE;
	}
	if (cs_read_expect_codes(r, o, CS_EXPECT_CLOCK_CODES, e->refusals, &e->n_refusals,
		       &e->has_refusals))
		return -1;
	e->present = 1;
	cs_jr_pop(r, m);
	return 0;
}
