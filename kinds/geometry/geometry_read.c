/* geometry_read.c: the geometry kind's members of a capture, the read
 * column of common/kinds.h (freestanding, part of the capture reader):
 * "published.geometry" and "geometry", as strictly as reader/capture.c
 * reads the core: types, ranges, the bounds of geom_capture.h, strides
 * rising powers of two, the field path in every message. Unknown members
 * are ignored; null is absent. */
#include "../../reader/reader.h"

#define WAYS_MAX 65536u
#define SETS_MAX (1u << 24)
#define LINE_MIN 16u
#define LINE_MAX 4096u
#define REGION_MAX (1ull << 44)

static const char *const types[] = { "data", "instruction", "unified", NULL };
static const char *const memories[] = { "identity", "huge-page", "pagemap", "none", NULL };

static int pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static int read_pub(struct cs_jr *r, const struct cs_jd *v, struct cs_geom_pub *p)
{
	uint64_t level = 0, ways = 0, sets = 0, line = 0;
	char type[CS_WORD_MAX] = "";
	if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "level", 1, 1, 16, &level) ||
	    cs_read_word(r, v, "type", type, sizeof type, types) ||
	    cs_jr_get_uint(r, v, "ways", 1, 1, WAYS_MAX, &ways) ||
	    cs_jr_get_uint(r, v, "sets", 1, 1, SETS_MAX, &sets) ||
	    cs_jr_get_uint(r, v, "line_bytes", 0, LINE_MIN, LINE_MAX, &line))
		return -1;
	if (!type[0]) {
		cs_jr_push_key(r, "type");
		return cs_jr_fail(r, "missing (one of data, instruction, unified)");
	}
	cs_cache_type_parse(type, &p->type);
	p->level = (uint32_t)level;
	p->ways = (uint32_t)ways;
	p->sets = (uint32_t)sets;
	p->line_bytes = (uint32_t)line;
	return 0;
}

static int read_published(struct cs_jr *r, const struct cs_jd *root, struct cs_geom_capture *g)
{
	struct cs_jd *pub, *list, *v;
	size_t m, ml, mi, i;
	if (cs_jr_get_object(r, root, "published", 0, &pub))
		return -1;
	if (!pub || cs_jr_member(r, pub, "geometry", 0, 1, &list) || !list)
		return 0;
	m = cs_jr_push_key(r, "published");
	if (cs_read_word(r, pub, "geometry_source", g->published_source, sizeof g->published_source, NULL))
		return -1;
	ml = cs_jr_push_key(r, "geometry");
	if (cs_jr_array(r, list, 0, CS_GEOM_MAX_PUBLISHED))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_pub(r, v, &g->published[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	g->n_published = (uint32_t)i;
	g->has_published = 1;
	cs_jr_pop(r, ml);
	cs_jr_pop(r, m);
	return 0;
}

static int read_ns(struct cs_jr *r, const struct cs_jd *v, struct cs_geom_stride *s, uint32_t counts_max)
{
	struct cs_jd *list, *p;
	size_t m, mi, i;
	if (cs_jr_member(r, v, "ns", 1, 0, &list))
		return -1;
	m = cs_jr_push_key(r, "ns");
	if (cs_jr_array(r, list, 1, counts_max))
		return -1;
	for (i = 0, p = cs_jd_first(list); p; p = p->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_positive(r, p, &s->ns[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

static int read_stride(struct cs_jr *r, const struct cs_jd *v, struct cs_geom_stride *s,
		       const struct cs_geom_capture *g, uint64_t prev)
{
	if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "stride_bytes", 1, 1, REGION_MAX, &s->stride_bytes) ||
	    cs_jr_get_positive(r, v, "block_ns", 0, &s->has_block, &s->block_ns) ||
	    read_ns(r, v, s, g->counts_max))
		return -1;
	cs_jr_push_key(r, "stride_bytes");
	if (!pow2(s->stride_bytes) || s->stride_bytes < g->line_bytes)
		return cs_jr_fail(r, "must be a power of two of at least line_bytes (%u), got %llu",
				  (unsigned)g->line_bytes, (unsigned long long)s->stride_bytes);
	if (s->stride_bytes <= prev)
		return cs_jr_fail(r, "strides must rise: %llu after %llu", (unsigned long long)s->stride_bytes,
				  (unsigned long long)prev);
	return 0;
}

static int read_strides(struct cs_jr *r, const struct cs_jd *o, struct cs_geom_capture *g)
{
	struct cs_jd *list, *v;
	size_t m, mi, i;
	int none = cs_streq(g->memory, "none");
	if (cs_jr_member(r, o, "strides", 1, 0, &list))
		return -1;
	m = cs_jr_push_key(r, "strides");
	if (none && list->kind == CS_JD_ARRAY && list->u.kids.n)
		return cs_jr_fail(r, "memory \"none\" has no strides, got %zu", list->u.kids.n);
	if (cs_jr_array(r, list, 0, CS_GEOM_MAX_STRIDES))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_stride(r, v, &g->strides[i], g, i ? g->strides[i - 1].stride_bytes : 0))
			return -1;
		cs_jr_pop(r, mi);
	}
	g->n_strides = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

int cs_geom_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_geom_capture *g = &c->geom;
	struct cs_jd *o;
	uint64_t line = 0, counts = 0;
	size_t m;
	if (read_published(r, root, g) || cs_jr_get_object(r, root, "geometry", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "geometry");
	if (cs_read_word(r, o, "memory", g->memory, sizeof g->memory, memories) ||
	    cs_read_word(r, o, "memory_how", g->memory_how, sizeof g->memory_how, NULL) ||
	    cs_read_word(r, o, "refusal", g->refusal, sizeof g->refusal, NULL) ||
	    cs_jr_get_uint(r, o, "region_bytes", 0, 1, REGION_MAX, &g->region_bytes) ||
	    cs_jr_get_uint(r, o, "physical_span_bytes", 0, 1, REGION_MAX, &g->span_bytes) ||
	    cs_jr_get_uint(r, o, "line_bytes", 1, LINE_MIN, LINE_MAX, &line) ||
	    cs_jr_get_uint(r, o, "counts_max", 1, 1, CS_GEOM_MAX_COUNTS, &counts))
		return -1;
	if (!g->memory[0]) {
		cs_jr_push_key(r, "memory");
		return cs_jr_fail(r, "missing (one of identity, huge-page, pagemap, none)");
	}
	if (cs_streq(g->memory, "none") && !g->refusal[0]) {
		cs_jr_push_key(r, "refusal");
		return cs_jr_fail(r, "memory \"none\" must say why");
	}
	if (g->span_bytes && !pow2(g->span_bytes)) {
		cs_jr_push_key(r, "physical_span_bytes");
		return cs_jr_fail(r, "must be a power of two, got %llu", (unsigned long long)g->span_bytes);
	}
	if (!cs_streq(g->memory, "none") && !g->span_bytes) {
		cs_jr_push_key(r, "physical_span_bytes");
		return cs_jr_fail(r, "missing: memory \"%s\" must say how many address bits are physical", g->memory);
	}
	if (!pow2(line)) {
		cs_jr_push_key(r, "line_bytes");
		return cs_jr_fail(r, "must be a power of two, got %llu", (unsigned long long)line);
	}
	g->line_bytes = (uint32_t)line;
	g->counts_max = (uint32_t)counts;
	if (read_strides(r, o, g))
		return -1;
	g->present = 1;
	cs_jr_pop(r, m);
	return 0;
}

/* "expect"."geometry" of a synthetic capture: [{level, ways, sets} or
 * {level, refusal}], levels distinct. */
static int read_expect_level(struct cs_jr *r, const struct cs_jd *v, struct cs_expect_geom_level *l)
{
	uint64_t level = 0, ways = 0;
	if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "level", 1, 1, 16, &level) ||
	    cs_jr_get_uint(r, v, "ways", 0, 1, WAYS_MAX, &ways) ||
	    cs_jr_get_uint(r, v, "sets", 0, 1, SETS_MAX, &l->sets) ||
	    cs_read_word(r, v, "refusal", l->refusal, sizeof l->refusal, NULL))
		return -1;
	if (!ways == !l->refusal[0] || !ways != !l->sets)
		return cs_jr_fail(r, "wants ways and sets, or a refusal");
	l->level = (uint32_t)level;
	l->has_ways = ways != 0;
	l->ways = (uint32_t)ways;
	return 0;
}

int cs_geom_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *all)
{
	struct cs_expect_geom *e = &all->geom;
	struct cs_jd *arr, *x;
	size_t m, mi, i;
	cs_jr_member(r, v, "geometry", 0, 1, &arr);
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, "geometry");
	if (cs_jr_array(r, arr, 1, CS_GEOM_MAX_LEVELS))
		return -1;
	for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_expect_level(r, x, &e->l[i]))
			return -1;
		for (size_t j = 0; j < i; j++)
			if (e->l[j].level == e->l[i].level)
				return cs_jr_fail(r, "level %u twice", (unsigned)e->l[i].level);
		cs_jr_pop(r, mi);
	}
	e->n = (uint32_t)i;
	e->present = 1;
	cs_jr_pop(r, m);
	return 0;
}
