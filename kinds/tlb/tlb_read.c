/* tlb_read.c: the TLB kind's members of a capture, the read column of
 * common/kinds.h (freestanding, part of the capture reader): "published.tlbs" (a list, or null with
 * "tlbs_reason"), "tlb", "pool_pages", "sweep_large_pages", as strictly as
 * reader/capture.c reads the core: types, ranges and the bounds of
 * tlb_capture.h, the field path in every message. Unknown members
 * are ignored; null is absent, except published.tlbs, whose null means
 * "published nothing" and wants its reason. */
#include "../../reader/reader.h"

static int same_str(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

#define PAGE_MIN 4096ull
#define PAGE_MAX (1ull << 40)
#define ENTRIES_MAX (1u << 24)
#define LINES_MAX (1u << 20)

static const char *const types[] = { "data", "instruction", "unified", NULL };
static const char *const tables[] = { "own", "os", "firmware", NULL };

/* A string member, optional unless 'required', one of 'allowed' if given. */
static int word(struct cs_jr *r, const struct cs_jd *obj, const char *key, int required,
		char *out, size_t cap, const char *const *allowed)
{
	struct cs_jd *v;
	size_t i;

	if (cs_jr_get_string(r, obj, key, required, out, cap))
		return -1;
	cs_jr_member(r, obj, key, 0, 1, &v);
	if (!v || !allowed)
		return 0;
	for (i = 0; allowed[i]; i++)
		if (same_str(out, allowed[i]))
			return 0;
	cs_jr_push_key(r, key);
	return cs_jr_fail(r, "must be one of %s, %s, %s, got \"%s\"", allowed[0], allowed[1],
			  allowed[2], out);
}

/* A page size: an integer power of two from 4 KiB to 1 TiB. */
static int page_size(struct cs_jr *r, const struct cs_jd *obj, const char *key, int required,
		     int *has, uint64_t *out)
{
	struct cs_jd *v;
	uint64_t u = 0;

	cs_jr_member(r, obj, key, 0, 1, &v);
	if (has)
		*has = v != NULL;
	if (cs_jr_get_uint(r, obj, key, required, PAGE_MIN, PAGE_MAX, &u))
		return -1;
	if (!v)
		return 0;
	if (u & (u - 1)) {
		cs_jr_push_key(r, key);
		return cs_jr_fail(r, "must be a power of two, got %llu", (unsigned long long)u);
	}
	*out = u;
	return 0;
}

/* values rise or are at least distinct: error at [i].field naming the other */
static int distinct(struct cs_jr *r, const double *v, size_t n, const char *field)
{
	size_t k = 1;
	while (k < n && v[k - 1] < v[k])
		k++;
	if (k >= n)
		return 0; /* rising, as producers write them: one pass */
	for (size_t i = 1; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (v[i] == v[j]) {
				cs_jr_push_idx(r, i);
				cs_jr_push_key(r, field);
				return cs_jr_fail(r, "duplicate %s %.10g (also at [%zu])", field, v[i], j);
			}
	return 0;
}

static int read_tlb(struct cs_jr *r, const struct cs_jd *v, struct cs_tlb *t)
{
	uint64_t level = 0, entries = 0, ways = 0;
	char type[CS_WORD_MAX];

	if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "level", 1, 1, 16, &level) ||
	    word(r, v, "type", 1, type, sizeof type, types) ||
	    page_size(r, v, "page_bytes", 1, NULL, &t->page_bytes) ||
	    cs_jr_get_uint(r, v, "entries", 1, 1, ENTRIES_MAX, &entries) ||
	    cs_jr_get_uint(r, v, "ways", 0, 1, ENTRIES_MAX, &ways))
		return -1;
	if (ways > entries) {
		cs_jr_push_key(r, "ways");
		return cs_jr_fail(r, "more ways (%llu) than entries (%llu)",
				  (unsigned long long)ways, (unsigned long long)entries);
	}
	cs_cache_type_parse(type, &t->type);
	t->level = (uint32_t)level;
	t->entries = (uint32_t)entries;
	t->ways = (uint32_t)ways;
	return 0;
}

static int read_published(struct cs_jr *r, const struct cs_jd *root, struct cs_tlb_capture *k)
{
	struct cs_jd *pub, *list, *v;
	size_t m, ml, mi, i;

	if (cs_jr_get_object(r, root, "published", 0, &pub))
		return -1;
	if (!pub || cs_jr_member(r, pub, "tlbs", 0, 0, &list) || !list)
		return 0;
	m = cs_jr_push_key(r, "published");
	k->has_published = 1;
	if (word(r, pub, "tlbs_source", 0, k->published_source, sizeof k->published_source, NULL))
		return -1;
	if (list->kind == CS_JD_NULL) {
		k->published_null = 1;
		if (word(r, pub, "tlbs_reason", 1, k->published_reason, sizeof k->published_reason, NULL))
			return -1;
		cs_jr_pop(r, m);
		return 0;
	}
	ml = cs_jr_push_key(r, "tlbs");
	if (cs_jr_array(r, list, 0, CS_MAX_TLBS))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_tlb(r, v, &k->published[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	k->n_published = (uint32_t)i;
	cs_jr_pop(r, ml);
	cs_jr_pop(r, m);
	return 0;
}

static int read_point(struct cs_jr *r, const struct cs_jd *p, struct cs_tlb_point *pt)
{
	return cs_jr_object(r, p) || cs_jr_get_positive(r, p, "pages", 1, NULL, &pt->pages) ||
	       cs_jr_get_positive(r, p, "ns", 1, NULL, &pt->ns) ||
	       cs_jr_get_positive(r, p, "ns_median", 0, &pt->has_median, &pt->ns_median) ||
	       cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns)
		       ? -1 : 0;
}

static int read_series(struct cs_jr *r, const struct cs_jd *v, struct cs_tlb_series *s)
{
	double pages[CS_TLB_MAX_POINTS];
	struct cs_jd *pts, *p;
	uint64_t lines = 0;
	size_t m, mi, i;

	if (cs_jr_object(r, v) || page_size(r, v, "page_bytes", 1, NULL, &s->page_bytes) ||
	    word(r, v, "page_tables", 0, s->page_tables, sizeof s->page_tables, tables) ||
	    word(r, v, "method", 0, s->method, sizeof s->method, NULL) ||
	    cs_jr_get_uint(r, v, "alias_lines", 0, 1, LINES_MAX, &lines) ||
	    word(r, v, "refusal", 0, s->refusal, sizeof s->refusal, NULL) ||
	    cs_jr_member(r, v, "points", 1, 0, &pts))
		return -1;
	s->alias_lines = (uint32_t)lines;
	s->refused = s->refusal[0] != '\0';
	m = cs_jr_push_key(r, "points");
	if (s->refused && pts->kind == CS_JD_ARRAY && pts->u.kids.n)
		return cs_jr_fail(r, "a page size refused has no points, got %zu", pts->u.kids.n);
	if (cs_jr_array(r, pts, s->refused ? 0 : 1, s->refused ? 0 : CS_TLB_MAX_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_point(r, p, &s->pts[i]))
			return -1;
		pages[i] = s->pts[i].pages;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	if (distinct(r, pages, s->n, "pages"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int read_series_list(struct cs_jr *r, const struct cs_jd *root, struct cs_tlb_capture *k)
{
	struct cs_jd *list, *v;
	double sizes[CS_TLB_MAX_SIZES];
	size_t m, mi, i;

	cs_jr_member(r, root, "tlb", 0, 1, &list);
	if (!list)
		return 0;
	m = cs_jr_push_key(r, "tlb");
	if (cs_jr_array(r, list, 0, CS_TLB_MAX_SIZES))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_series(r, v, &k->series[i]))
			return -1;
		sizes[i] = (double)k->series[i].page_bytes;
		cs_jr_pop(r, mi);
	}
	k->n_series = (uint32_t)i;
	if (distinct(r, sizes, k->n_series, "page_bytes"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int read_large(struct cs_jr *r, const struct cs_jd *root, struct cs_tlb_capture *k)
{
	static double sizes[CS_MAX_SWEEP_POINTS];
	struct cs_jd *o, *pts, *p;
	size_t m, mp, mi, i;

	if (cs_jr_get_object(r, root, "sweep_large_pages", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "sweep_large_pages");
	if (page_size(r, o, "page_bytes", 1, NULL, &k->large_page_bytes) ||
	    word(r, o, "page_tables", 0, k->large_page_tables, sizeof k->large_page_tables, tables) ||
	    cs_jr_member(r, o, "points", 1, 0, &pts))
		return -1;
	mp = cs_jr_push_key(r, "points");
	if (cs_jr_array(r, pts, 1, CS_MAX_SWEEP_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		struct cs_point *pt = &k->large[i];

		*pt = (struct cs_point){ 0 }; /* reset as read (reader.h) */
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, p) || cs_jr_get_positive(r, p, "bytes", 1, NULL, &pt->bytes) ||
		    cs_jr_get_positive(r, p, "ns", 1, NULL, &pt->ns) ||
		    cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns))
			return -1;
		sizes[i] = pt->bytes;
		cs_jr_pop(r, mi);
	}
	k->n_large = (uint32_t)i;
	if (distinct(r, sizes, k->n_large, "bytes"))
		return -1;
	k->has_large = 1;
	cs_jr_pop(r, mp);
	cs_jr_pop(r, m);
	return 0;
}

int cs_tlb_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_tlb_capture *k = &c->tlb;
	if (read_published(r, root, k) || read_series_list(r, root, k) ||
	    page_size(r, root, "pool_pages", 0, &k->has_pool_pages, &k->pool_pages) ||
	    word(r, root, "pool_pages_how", 0, k->pool_pages_how, sizeof k->pool_pages_how, NULL) ||
	    read_large(r, root, k))
		return -1;
	return 0;
}
