/* expect.c: the "expect" member of a synthetic capture (expect.h), read
 * as strictly as the capture itself; freestanding. */
#include "expect.h"
#include "reader.h"
#include "../reduce/rules_summary.h"

static int same_str(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

static void zero(void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((char *)p)[i] = 0;
}

void cs_expect_init(struct cs_expect *e)
{
	zero(e, sizeof(*e));
	e->knee_tolerance = CS_EXPECT_TOLERANCE;
}

/* An array of sizes or nulls: the knees, or the granules. */
static int read_sizes(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		      size_t max, int *has, uint32_t *n,
		      struct cs_expect_size *out)
{
	struct cs_jd *arr, *v;
	size_t m, mi, i;

	cs_jr_member(r, obj, key, 0, 0, &arr);
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, key);
	if (cs_jr_array(r, arr, 0, max))
		return -1;
	for (i = 0, v = cs_jd_first(arr); v; v = v->next, i++) {
		out[i].has_bytes = v->kind != CS_JD_NULL;
		if (!out[i].has_bytes)
			continue;
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_positive(r, v, &out[i].bytes))
			return -1;
		cs_jr_pop(r, mi);
	}
	*n = (uint32_t)i;
	*has = 1;
	cs_jr_pop(r, m);
	return 0;
}

/* obj's "refusals": at most max distinct codes into out, *n of them, *has
 * set when the list is there (the exact set to compare). */
static int read_codes(struct cs_jr *r, const struct cs_jd *obj, size_t max,
		      char (*out)[CS_CODE_MAX], uint32_t *n, int *has)
{
	struct cs_jd *arr, *v;
	size_t m, mi, i, j;

	cs_jr_member(r, obj, "refusals", 0, 0, &arr);
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, "refusals");
	if (cs_jr_array(r, arr, 0, max))
		return -1;
	for (i = 0, v = cs_jd_first(arr); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_string(r, v, out[i], CS_CODE_MAX))
			return -1;
		for (j = 0; j < i; j++)
			if (same_str(out[i], out[j]))
				return cs_jr_fail(r, "duplicate code \"%s\" "
						  "(also at [%zu])", out[i], j);
		cs_jr_pop(r, mi);
	}
	*n = (uint32_t)i;
	*has = 1;
	cs_jr_pop(r, m);
	return 0;
}

/* "summary": [{"verdict": code, "agree": true | false | null, and for an
 * unmatched row optionally "explained": bool}], a row each
 * (docs/summary.md s.2: the codes); or, when every row names its
 * "level" (1..16, distinct), the rows of those published levels alone,
 * whatever else the summary holds (docs/capture.md s.4) */
static const char *const verdicts[] = { CS_V_AS_CLAIMED, CS_V_SMALLER, CS_V_LARGER, CS_V_MISSING,
					CS_V_UNMATCHED, CS_V_EMULATED, CS_V_NOT_MEASURED, NULL };

static int read_summary(struct cs_jr *r, const struct cs_jd *v, struct cs_expect_summary *e)
{
	struct cs_jd *arr, *x, *a;
	size_t m, mi, i;
	cs_jr_member(r, v, "summary", 0, 1, &arr);
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, "summary");
	if (cs_jr_array(r, arr, 1, CS_MAX_KNEES))
		return -1;
	for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
		struct cs_expect_summary_row *w = &e->row[i];
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, x) || cs_jr_member(r, x, "verdict", 1, 0, &a) ||
		    cs_read_word(r, x, "verdict", w->verdict, sizeof w->verdict, verdicts))
			return -1;
		a = cs_jd_get(x, "agree", 5);
		if (!a || (a->kind != CS_JD_TRUE && a->kind != CS_JD_FALSE && a->kind != CS_JD_NULL)) {
			cs_jr_push_key(r, "agree");
			return cs_jr_fail(r, "expected true, false or null");
		}
		w->agree = a->kind == CS_JD_TRUE ? 1 : a->kind == CS_JD_FALSE ? 0 : -1;
		uint64_t level = 0;
		if (cs_jr_get_uint(r, x, "level", 0, 1, 16, &level))
			return -1;
		w->level = (uint32_t)level;
		if (i > 0 && !w->level != !e->row[0].level) {
			cs_jr_push_key(r, "level");
			return cs_jr_fail(r, "every row names its level, or none does");
		}
		for (size_t k = 0; k < i && level; k++)
			if (e->row[k].level == w->level) {
				cs_jr_push_key(r, "level");
				return cs_jr_fail(r, "level %u named twice", w->level);
			}
		a = cs_jd_get(x, "explained", 9);
		w->explained = -1;
		if (a && a->kind != CS_JD_TRUE && a->kind != CS_JD_FALSE) {
			cs_jr_push_key(r, "explained");
			return cs_jr_fail(r, "expected true or false");
		}
		if (a)
			w->explained = a->kind == CS_JD_TRUE;
		cs_jr_pop(r, mi);
	}
	e->n = (uint32_t)i;
	e->by_level = e->row[0].level != 0;
	e->present = 1;
	cs_jr_pop(r, m);
	return 0;
}

/* The expect column's readers (common/kinds.h, reader/expect.h), in the
 * table's order: each kind reads its own members of "expect". */
static int (*const kind_read[CS_KIND_COUNT])(struct cs_jr *r, const struct cs_jd *v,
					     struct cs_expect *e) = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, ...) \
	expect##_read,
	CS_KINDS
#undef CS_KIND
};

int cs_none_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	(void)r;
	(void)v;
	(void)e;
	return 0;
}

int cs_read_expect(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	struct cs_jd *t;
	size_t m;

	e->present = 1;
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		if (kind_read[k](r, v, e))
			return -1;
	if (read_summary(r, v, &e->summary))
		return -1;
	cs_jr_member(r, v, "knee_tolerance", 0, 1, &t);
	if (t) {
		m = cs_jr_push_key(r, "knee_tolerance");
		if (cs_jr_positive(r, t, &e->knee_tolerance))
			return -1;
		if (e->knee_tolerance >= 1)
			return cs_jr_fail(r, "must be below 1 (a relative "
					  "tolerance), got %g",
					  e->knee_tolerance);
		cs_jr_pop(r, m);
	}
	cs_jr_member(r, v, "known_failure", 0, 1, &t);
	if (t) {
		m = cs_jr_push_key(r, "known_failure");
		if (cs_jr_string(r, t, e->known_failure,
				 sizeof(e->known_failure)))
			return -1;
		e->has_known_failure = 1;
		cs_jr_pop(r, m);
	}
	return 0;
}

/* For the kinds' expectations (kinds/<name>/): the two list readers above. */
int cs_read_expect_sizes(struct cs_jr *r, const struct cs_jd *obj, const char *key, size_t max,
			 int *has, uint32_t *n, struct cs_expect_size *out)
{
	return read_sizes(r, obj, key, max, has, n, out);
}

int cs_read_expect_codes(struct cs_jr *r, const struct cs_jd *obj, size_t max,
			 char (*out)[CS_CODE_MAX], uint32_t *n, int *has)
{
	return read_codes(r, obj, max, out, n, has);
}
