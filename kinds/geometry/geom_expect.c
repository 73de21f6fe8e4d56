/* geom_expect.c: a synthetic capture's geometry expectations, the expect
 * column of common/kinds.h (freestanding: `check` and the page): each level's ways and sets,
 * or the refusal code it was built to get. */
#include "../../reader/expect.h"
#include "../../common/buf.h"

static const struct cs_geom_level *find(const struct cs_geom_result *g, uint32_t level)
{
	for (uint32_t i = 0; i < g->n && i < CS_GEOM_MAX_LEVELS; i++)
		if (g->levels[i].level == level)
			return &g->levels[i];
	return NULL;
}

int cs_geom_expect_compare(const struct cs_expect *e, const struct cs_result *r, char *why, size_t whylen)
{
	struct cs_why w = { why, whylen, 0, 0 };
	if (why && whylen)
		w.len = cs_strlen(why);
	for (uint32_t i = 0; e->geom.present && i < e->geom.n; i++) {
		const struct cs_expect_geom_level *x = &e->geom.l[i];
		const struct cs_geom_level *L = find(&r->geom, x->level);
		const char *code = L && L->n_refusals ? L->refusals[0].code : "";
		if (!L)
			cs_why_note(&w, "geometry L%u: expected, not in the result", x->level);
		else if (x->has_ways && (!L->has_geometry || L->ways != x->ways || L->sets != (double)x->sets))
			cs_why_note(&w, "geometry L%u: expected %u ways x %llu sets, got %s%u x %.0f", x->level,
				    x->ways, (unsigned long long)x->sets, L->has_geometry ? "" : code,
				    L->has_geometry ? L->ways : 0, L->has_geometry ? L->sets : 0);
		else if (!x->has_ways && (L->has_geometry || !cs_streq(code, x->refusal)))
			cs_why_note(&w, "geometry L%u: expected refusal %s, got %s", x->level, x->refusal,
				    L->has_geometry ? "a measurement" : code);
	}
	return w.n;
}

int cs_geom_expect_any(const struct cs_expect *e)
{
	return e->geom.present;
}
