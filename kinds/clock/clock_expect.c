/* clock_expect.c: a synthetic capture's clock expectations (reader/expect.h
 * struct cs_expect_clock), the expect column of common/kinds.h: the
 * reference verdict, and the exact set of codes among the clock's
 * refusals and the reference's failed conditions. Freestanding: `check`
 * and the page judge with it. */
#include "../../reader/expect.h"
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
