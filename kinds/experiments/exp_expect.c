/* exp_expect.c: expected experiment answers compared (exp_expect.h), the
 * experiments' row of the expect column, and its members of "expect"
 * read; freestanding: `check` and the
 * page. */
#include "exp_expect.h"
#include "exp_reduce.h"
#include "../../reader/fmt.h"
#include "../../reader/reader.h"
#include "../../common/buf.h"

#include <stdarg.h>

struct out {
	char *p;
	size_t cap;
	int n;
};

static void note(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void note(struct out *o, const char *fmt, ...)
{
	va_list ap;
	size_t len = o->p ? cs_strlen(o->p) : 0;

	o->n++;
	if (!o->p || len + 2 >= o->cap)
		return;
	va_start(ap, fmt);
	cs_vfmt(o->p + len, o->cap - len - 1, fmt, ap);
	va_end(ap);
	len = cs_strlen(o->p);
	o->p[len] = '\n';
	o->p[len + 1] = '\0';
}

static const char *code_of(int refused, const struct cs_refusal *f)
{
	return refused ? f->code : "";
}

static void same_code(struct out *o, const char *what, const char *want,
		      const char *got)
{
	if (!cs_streq(want, got))
		note(o, "%s: expected refusal %s, got %s", what,
		     want[0] ? want : "none", got[0] ? got : "none");
}

int cs_expect_experiments_compare(const struct cs_expect_exp *e,
				  const struct cs_exp_result *res, char *why,
				  size_t whylen)
{
	const struct cs_exp_result *rp = res;
	struct out o = { why, whylen, 0 };

	if (!e->present)
		return 0;
	if (e->has_line != rp->has_line || (e->has_line && e->line_bytes != rp->line_bytes))
		note(&o, "line size: expected %g, got %g", e->has_line ? e->line_bytes : 0,
		     rp->has_line ? rp->line_bytes : 0);
	same_code(&o, "line size", e->single_refusal, code_of(rp->single_refused, &rp->single_refusal));
	if (e->stride_flat != (rp->has_stride && !rp->stride_refused ? rp->flat : -1))
		note(&o, "stride: expected flat %d, got %d", e->stride_flat,
		     rp->has_stride && !rp->stride_refused ? rp->flat : -1);
	if (e->has_breaks != rp->has_break || (e->has_breaks && e->breaks_at_bytes != rp->break_bytes))
		note(&o, "stride: expected a break at %g, got %g",
		     e->has_breaks ? e->breaks_at_bytes : 0, rp->has_break ? rp->break_bytes : 0);
	same_code(&o, "stride", e->stride_refusal, code_of(rp->stride_refused, &rp->stride_refusal));
	if (e->random_defeated != (rp->has_ratio ? rp->defeated : -1))
		note(&o, "random/fixed: expected defeated %d, got %d", e->random_defeated,
		     rp->has_ratio ? rp->defeated : -1);
	same_code(&o, "random/fixed", e->random_refusal, code_of(rp->random_refused, &rp->random_refusal));
	return o.n;
}

/* The experiments' expect column (common/kinds.h, reader/expect.h). */
int cs_exp_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			  char *why, size_t whylen)
{
	return cs_expect_experiments_compare(&e->exp, &r->exp, why, whylen);
}

int cs_exp_expect_any(const struct cs_expect *e)
{
	return e->exp.present;
}

static int code(struct cs_jr *r, const struct cs_jd *o, const char *key,
		char *out)
{
	struct cs_jd *t;
	size_t m;

	out[0] = '\0';
	cs_jr_member(r, o, key, 0, 1, &t);
	if (!t)
		return 0;
	m = cs_jr_push_key(r, key);
	if (cs_jr_string(r, t, out, CS_CODE_MAX))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int tri(struct cs_jr *r, const struct cs_jd *o, const char *key, int *out)
{
	struct cs_jd *t;
	size_t m;

	*out = -1;
	cs_jr_member(r, o, key, 0, 1, &t);
	if (!t)
		return 0;
	m = cs_jr_push_key(r, key);
	if (t->kind != CS_JD_TRUE && t->kind != CS_JD_FALSE)
		return cs_jr_fail(r, "expected true, false or null");
	*out = t->kind == CS_JD_TRUE;
	cs_jr_pop(r, m);
	return 0;
}

static int size(struct cs_jr *r, const struct cs_jd *o, const char *key,
		int *has, double *out)
{
	struct cs_jd *t;
	size_t m;

	*has = 0;
	cs_jr_member(r, o, key, 0, 1, &t);
	if (!t)
		return 0;
	m = cs_jr_push_key(r, key);
	if (cs_jr_positive(r, t, out))
		return -1;
	*has = 1;
	cs_jr_pop(r, m);
	return 0;
}

/* "experiments": {...}, the expect column's reader (reader/expect.c walks
 * it). */
int cs_exp_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *all)
{
	struct cs_expect_exp *e = &all->exp;
	struct cs_jd *o;
	size_t m;

	*e = (struct cs_expect_exp){ 0 };
	cs_jr_member(r, v, "experiments", 0, 1, &o);
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "experiments");
	if (cs_jr_object(r, o) ||
	    size(r, o, "line_bytes", &e->has_line, &e->line_bytes) ||
	    code(r, o, "single_refusal", e->single_refusal) ||
	    tri(r, o, "stride_flat", &e->stride_flat) ||
	    size(r, o, "breaks_at_bytes", &e->has_breaks, &e->breaks_at_bytes) ||
	    code(r, o, "stride_refusal", e->stride_refusal) ||
	    tri(r, o, "random_defeated", &e->random_defeated) ||
	    code(r, o, "random_refusal", e->random_refusal))
		return -1;
	cs_jr_pop(r, m);
	e->present = 1;
	return 0;
}
