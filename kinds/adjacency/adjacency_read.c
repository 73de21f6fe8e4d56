/* adjacency_read.c: the fetch-granule probe's members of a capture
 * ("adjacency": [{"placement", "footprint_bytes"?, "refusal"?, "points"}]),
 * the read column of common/kinds.h; freestanding, part of the capture
 * reader. */
#include "../../reader/reader.h"

/* "refusal": {"code", "reason"}: the producer refused this placement
 * before measuring it (capture.h); both strings are required. */
static int read_series_refusal(struct cs_jr *r, const struct cs_jd *v,
			       struct cs_adj_series *s)
{
	struct cs_jd *f, *t;
	size_t m;

	s->refused = 0;
	if (cs_jr_get_object(r, v, "refusal", 0, &f))
		return -1;
	if (!f)
		return 0;
	m = cs_jr_push_key(r, "refusal");
	if (cs_jr_member(r, f, "code", 1, 0, &t) ||
	    cs_read_word(r, f, "code", s->refusal_code, sizeof(s->refusal_code), NULL) ||
	    cs_jr_member(r, f, "reason", 1, 0, &t) ||
	    cs_read_word(r, f, "reason", s->refusal_reason, sizeof(s->refusal_reason), NULL))
		return -1;
	if (!s->refusal_code[0]) {
		cs_jr_push_key(r, "code");
		return cs_jr_fail(r, "must not be empty");
	}
	cs_jr_pop(r, m);
	s->refused = 1;
	return 0;
}

static int read_series(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_adj_series *s)
{
	double dist[CS_MAX_ADJ_POINTS];
	char place[CS_WORD_MAX] = ""; /* stays "" when the member is null */
	struct cs_jd *t, *pts, *p;
	size_t m, mi, i;
	static const char *const places[] = { "first", "middle", "last", NULL };

	if (cs_jr_object(r, v) || cs_jr_member(r, v, "placement", 1, 0, &t) ||
	    cs_read_word(r, v, "placement", place, sizeof(place), places))
		return -1;
	m = cs_jr_push_key(r, "placement");
	if (cs_placement_parse(place, &s->placement) != 0)
		return cs_jr_fail(r, "unknown placement \"%s\"", place);
	cs_jr_pop(r, m);
	if (cs_jr_get_positive(r, v, "footprint_bytes", 0, &s->has_footprint, &s->footprint_bytes) ||
	    read_series_refusal(r, v, s) ||
	    cs_jr_member(r, v, "points", 1, 0, &pts))
		return -1;
	m = cs_jr_push_key(r, "points");
	/* a placement refused where it was measured has no points; any
	 * other series has at least one */
	if (s->refused && pts->kind == CS_JD_ARRAY && pts->u.kids.n)
		return cs_jr_fail(r, "a refused placement has no points, got %zu",
				  pts->u.kids.n);
	if (cs_jr_array(r, pts, s->refused ? 0 : 1, s->refused ? 0 : CS_MAX_ADJ_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, p) ||
		    cs_jr_get_positive(r, p, "distance", 1, NULL, &s->pts[i].distance) ||
		    cs_jr_get_positive(r, p, "ns", 1, NULL, &s->pts[i].ns))
			return -1;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	for (i = 0; i < s->n; i++)
		dist[i] = s->pts[i].distance;
	if (cs_read_unique(r, dist, s->n, "distance", "distance"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_adj_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_jd *adj, *v;
	size_t m, mi, i;

	cs_jr_member(r, root, "adjacency", 0, 1, &adj);
	if (!adj)
		return 0;
	m = cs_jr_push_key(r, "adjacency");
	if (cs_jr_array(r, adj, 0, CS_MAX_ADJ_SERIES))
		return -1;
	for (i = 0, v = cs_jd_first(adj); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_series(r, v, &c->adj[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	c->n_adj = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}
