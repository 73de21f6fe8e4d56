/* expect.c: the "expect" member of a synthetic capture, read as strictly as
 * the capture itself: a check that silently compared nothing would pass. */
#include "expect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cs_expect_init(struct cs_expect *e)
{
	memset(e, 0, sizeof(*e));
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

static int read_codes(struct cs_jr *r, const struct cs_jd *obj, struct cs_expect *e)
{
	struct cs_jd *arr, *v;
	size_t m, mi, i, j;

	cs_jr_member(r, obj, "refusals", 0, 0, &arr);
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, "refusals");
	if (cs_jr_array(r, arr, 0, CS_MAX_REFUSALS))
		return -1;
	for (i = 0, v = cs_jd_first(arr); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_string(r, v, e->refusals[i],
				 CS_CODE_MAX))
			return -1;
		for (j = 0; j < i; j++)
			if (strcmp(e->refusals[i], e->refusals[j]) == 0)
				return cs_jr_fail(r, "duplicate code \"%s\" "
						  "(also at [%zu])",
						  e->refusals[i], j);
		cs_jr_pop(r, mi);
	}
	e->n_refusals = (uint32_t)i;
	e->has_refusals = 1;
	cs_jr_pop(r, m);
	return 0;
}

/* The sweep's row (and the adjacency's granules: one reduction, reduce.c). */
int cs_sweep_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	if (read_sizes(r, v, "knees", CS_MAX_KNEES, &e->has_knees, &e->n_knees,
		       e->knees) ||
	    read_sizes(r, v, "granules", CS_MAX_ADJ_SERIES, &e->has_granules,
		       &e->n_granules, e->granules) ||
	    read_codes(r, v, e))
		return -1;
	return 0;
}

int cs_none_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	(void)r;
	(void)v;
	(void)e;
	return 0;
}

typedef int (*cs_expect_read_fn)(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);
static const cs_expect_read_fn kind_read[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, ...) \
	expect##_read,
	CS_KINDS
#undef CS_KIND
};

int cs_read_expect(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e)
{
	struct cs_jd *t;
	size_t m;

	e->present = 1;
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		if (kind_read[k](r, v, e))
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

/* "NAME.expect" beside a capture NAME.json: the "expect" object of a
 * capture that is data and cannot carry one (an imported curve: captures
 * are never edited). Absent is not an error. */
int cs_read_expect_beside(const char *capture_path, struct cs_expect *e,
			  char *err, size_t errlen)
{
	static const struct cs_jd_limits lim = { 4096, 8 };
	char path[4200], text[16384];
	size_t n = strlen(capture_path), len;
	struct cs_jr r;
	struct cs_jd *root;
	FILE *f;
	void *arena;
	int rc;

	if (n < 5 || strcmp(capture_path + n - 5, ".json") ||
	    snprintf(path, sizeof(path), "%.*s.expect", (int)(n - 5), capture_path) >= (int)sizeof(path))
		return 0;
	f = fopen(path, "r");
	if (!f)
		return 0;
	len = fread(text, 1, sizeof(text), f);
	fclose(f);
	if (len == sizeof(text)) {
		snprintf(err, errlen, "%s: larger than %zu bytes", path, sizeof(text) - 1);
		return -1;
	}
	arena = malloc(1 << 20);
	if (!arena) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	cs_expect_init(e);
	cs_jr_init(&r, err, errlen);
	root = cs_jd_parse(text, len, arena, 1 << 20, &lim, err, errlen);
	rc = !root || cs_jr_object(&r, root) || cs_read_expect(&r, root, e) ? -1 : 0;
	if (rc) {
		char why[512];
		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%s: %s", path, why);
	}
	free(arena);
	return rc;
}
