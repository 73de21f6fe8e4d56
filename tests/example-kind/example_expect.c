/* example_expect.c: the example kind's `check` expectation (the expect
 * column): "expect": {"example": {"doubled": N}}, read strictly and
 * compared with its result. Freestanding: `cacheshape check` and the page
 * (web/wasm/judge.c) judge with it alike. */
#include "../../reader/reader.h"
#include "../../common/buf.h"

int cs_example_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	struct cs_jd *o;
	size_t m;

	if (cs_jr_get_object(r, v, "example", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "example");
	if (cs_jr_get_uint(r, o, "doubled", 1, 0, 2 * CS_EXAMPLE_VALUE_MAX, &e->example.doubled))
		return -1;
	cs_jr_pop(r, m);
	e->example.present = 1;
	return 0;
}

int cs_example_expect_compare(const struct cs_expect *e, const struct cs_result *r, char *why,
			      size_t whylen)
{
	struct cs_why w;
	if (!e->example.present)
		return 0;
	cs_why_begin(&w, why, whylen);
	if (!r->example.present)
		cs_why_note(&w, "example: expected doubled %llu, got no example member",
			    (unsigned long long)e->example.doubled);
	else if (r->example.doubled != e->example.doubled)
		cs_why_note(&w, "example: expected doubled %llu, got %llu",
			    (unsigned long long)e->example.doubled, (unsigned long long)r->example.doubled);
	return w.n;
}

int cs_example_expect_any(const struct cs_expect *e)
{
	return e->example.present;
}
