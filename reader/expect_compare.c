/* expect_compare.c: a reduction judged against a capture's "expect", as
 * `cacheshape check` judges it and the page too (web/wasm/judge.c):
 * each kind's compare by the table's expect column (common/kinds.h), then
 * the summary's rows; freestanding. */
#include "expect.h"
#include "fmt.h"
#include "../common/buf.h"
#include "../reduce/summary.h"

#include <stdarg.h>

void cs_why_begin(struct cs_why *w, char *why, size_t whylen)
{
	w->p = why;
	w->cap = whylen;
	w->len = why && whylen ? cs_strlen(why) : 0;
	w->n = 0;
}

void cs_why_note(struct cs_why *w, const char *fmt, ...)
{
	va_list ap;
	size_t k;

	w->n++;
	if (!w->p || w->len + 1 >= w->cap)
		return;
	va_start(ap, fmt);
	k = cs_vfmt(w->p + w->len, w->cap - w->len, fmt, ap);
	va_end(ap);
	w->len += k < w->cap - w->len ? k : w->cap - w->len - 1;
	if (w->len + 1 < w->cap) {
		w->p[w->len++] = '\n';
		w->p[w->len] = '\0';
	}
}

int cs_none_expect_any(const struct cs_expect *e)
{
	(void)e;
	return 0;
}

int cs_none_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			   char *why, size_t whylen)
{
	(void)e;
	(void)r;
	(void)why;
	(void)whylen;
	return 0;
}

static const struct {
	int (*compare)(const struct cs_expect *e, const struct cs_result *r, char *why,
		       size_t whylen);
	int (*any)(const struct cs_expect *e);
} kinds[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, ...) \
	{ expect##_compare, expect##_any },
	CS_KINDS
#undef CS_KIND
};

int cs_expect_any(const struct cs_expect *e)
{
	if (e->summary.present)
		return 1;
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		if (kinds[k].any(e))
			return 1;
	return 0;
}

int cs_expect_compare_all(const struct cs_expect *e, const struct cs_result *r,
			  char *why, size_t whylen)
{
	int n = 0;

	if (why && whylen)
		why[0] = '\0';
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		n += kinds[k].compare(e, r, why, whylen);
	return n;
}

/* The summary's rows (docs/summary.md): each row's verdict and whether its
 * witnesses agree, in order, and as many rows. The summary reads the
 * capture (its published levels, its emulator) beside the result. */
int cs_expect_summary_compare(const struct cs_expect *e, const struct cs_capture *c,
			      const struct cs_result *r, char *why, size_t whylen)
{
	static struct cs_summary sum;
	struct cs_why w;
	static const char *const agree[] = { "null", "false", "true" };
	if (!e->summary.present)
		return 0;
	cs_why_begin(&w, why, whylen);
	cs_summary_rows(&sum, c, r);
	if (!e->summary.by_level && sum.n != e->summary.n)
		cs_why_note(&w, "summary: expected %u rows, got %u", e->summary.n, sum.n);
	for (uint32_t i = 0; i < e->summary.n && (e->summary.by_level || i < sum.n); i++) {
		const struct cs_expect_summary_row *x = &e->summary.row[i];
		const struct cs_summary_row *g = e->summary.by_level ? 0 : &sum.row[i];
		for (uint32_t k = 0; !g && k < sum.n; k++)
			if (sum.row[k].has_level && sum.row[k].level == x->level)
				g = &sum.row[k];
		if (!g) {
			cs_why_note(&w, "summary: expected a row for L%u (%s), got none", x->level,
				    x->verdict);
			continue;
		}
		if (!cs_streq(x->verdict, g->verdict) || x->agree != g->agree ||
		    (x->explained >= 0 && x->explained != g->explained))
			cs_why_note(&w, "summary %s%u: expected %s, agree %s%s; got %s, agree %s: %s",
				    x->level ? "L" : "row ", x->level ? x->level : i + 1, x->verdict, agree[x->agree + 1],
				    x->explained < 0 ? "" : x->explained ? ", explained" : ", unexplained",
				    g->verdict, agree[g->agree + 1], g->sentence);
	}
	return w.n;
}

enum cs_judgement cs_expect_judge(const struct cs_expect *e, const struct cs_capture *c,
				  const struct cs_result *r, char *why, size_t whylen)
{
	int diffs;

	if (why && whylen)
		why[0] = '\0';
	if (!e->has_known_failure && !cs_expect_any(e))
		return CS_JUDGE_NONE;
	diffs = cs_expect_compare_all(e, r, why, whylen);
	diffs += cs_expect_summary_compare(e, c, r, why, whylen);
	if (e->has_known_failure) /* the expectation is the true answer; the rules miss it */
		return diffs ? CS_JUDGE_KNOWN : CS_JUDGE_OK;
	return diffs ? CS_JUDGE_FAIL : CS_JUDGE_OK;
}

const char *cs_judgement_word(enum cs_judgement v)
{
	static const char *const words[] = { "-", "ok", "known failure", "FAIL" };
	return (unsigned)v < 4 ? words[v] : "FAIL";
}

const char *cs_expect_known_note(const struct cs_expect *e, enum cs_judgement v)
{
	if (!e->has_known_failure)
		return 0;
	return v == CS_JUDGE_KNOWN ? "known failure: "
				   : "known failure no longer fails (remove known_failure?): ";
}
