/* sweep_read.c: the latency sweep's members of a capture ("sweep":
 * {"points": [{"bytes", "ns", "block_ns"?}]}, sizes distinct), the read
 * column of common/kinds.h; freestanding, part of the capture reader. */
#include "../../reader/reader.h"

int cs_sweep_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	double sizes[CS_MAX_SWEEP_POINTS];
	struct cs_jd *sweep, *pts, *p;
	size_t m, mp, mi, i;

	if (cs_jr_get_object(r, root, "sweep", 1, &sweep))
		return -1;
	m = cs_jr_push_key(r, "sweep");
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
		    cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns))
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
