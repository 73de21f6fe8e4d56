/* sweep_read.c: the latency sweep's members of a capture ("sweep":
 * {"points": [{"bytes", "ns", "block_ns"?, "repeats_ns"?}], "repeats"?},
 * sizes distinct), the read column of common/kinds.h; freestanding, part
 * of the capture reader. With "repeats": N (2 to CS_MAX_REPEATS) every
 * point has its N figures, each positive, its ns among them (their
 * median, docs/capture.md); without it no point may have them. */
#include "../../reader/reader.h"

/* A point's repeats_ns: n positive figures, ns within them. */
static int read_repeats(struct cs_jr *r, const struct cs_jd *p, uint32_t n, double ns,
			double *out)
{
	struct cs_jd *arr, *v;
	double lo = 0, hi = 0;
	size_t m, k = 0;
	if (cs_jr_member(r, p, "repeats_ns", n > 1, 0, &arr))
		return -1;
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, "repeats_ns");
	if (n < 2)
		return cs_jr_fail(r, "a point's repeats without sweep.repeats");
	/* the count is the capture's own sweep.repeats, not this reader's
	 * limit: said as such (issue 41: "more than the 4 this reader
	 * accepts", which takes 9) */
	if (arr->kind == CS_JD_ARRAY && cs_jd_count(arr) != n)
		return cs_jr_fail(r, "%zu figures where sweep.repeats says %u", cs_jd_count(arr), n);
	if (cs_jr_array(r, arr, n, n))
		return -1;
	for (v = cs_jd_first(arr); v; v = v->next, k++) {
		size_t mi = cs_jr_push_idx(r, k);
		if (cs_jr_positive(r, v, &out[k]))
			return -1;
		lo = !k || out[k] < lo ? out[k] : lo;
		hi = !k || out[k] > hi ? out[k] : hi;
		cs_jr_pop(r, mi);
	}
	if (ns < lo || ns > hi)
		return cs_jr_fail(r, "the point's ns (%g) must lie among its repeats (%g .. %g): "
				  "it is their median", ns, lo, hi);
	cs_jr_pop(r, m);
	return 0;
}

int cs_sweep_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	double sizes[CS_MAX_SWEEP_POINTS];
	struct cs_jd *sweep, *pts, *p;
	size_t m, mp, mi, i;
	uint64_t n = 0;

	if (cs_jr_get_object(r, root, "sweep", 1, &sweep))
		return -1;
	m = cs_jr_push_key(r, "sweep");
	if (cs_jr_get_uint(r, sweep, "repeats", 0, 2, CS_MAX_REPEATS, &n))
		return -1;
	c->rep.n = (uint32_t)n;
	if (cs_jr_member(r, sweep, "points", 1, 0, &pts))
		return -1;
	mp = cs_jr_push_key(r, "points");
	if (cs_jr_array(r, pts, 1, CS_MAX_SWEEP_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		struct cs_point *pt = &c->points[i];

		*pt = (struct cs_point){ 0 }; /* reset as read (reader.h) */
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, p) || cs_jr_get_positive(r, p, "bytes", 1, NULL, &pt->bytes) ||
		    cs_jr_get_positive(r, p, "ns", 1, NULL, &pt->ns) ||
		    cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns) ||
		    read_repeats(r, p, c->rep.n, pt->ns, c->rep.ns[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	c->n_points = (uint32_t)i;
	for (i = 0; i < c->n_points; i++)
		sizes[i] = c->points[i].bytes;
	if (cs_read_unique(r, sizes, c->n_points, "size", "bytes"))
		return -1;
	cs_jr_pop(r, mp);
	cs_jr_pop(r, m);
	return 0;
}
