/* bw_compare.c: what the bandwidth kind lends the others, its query
 * column of the table (common/kinds.h, reduce/query.h): the read on one
 * thread in GB/s at a published level, or past its last knee (memory),
 * which `cacheshape compare` compares. Freestanding. */
#include "bw_kind.h"
#include "../../reduce/query.h"

/* 1 / the floor, in ns per byte, of the read's level idx (1 GB = 1e9 B) */
static int gbps(const struct cs_bw_series_result *s, uint32_t idx, double *v)
{
	if (!(idx < s->n_levels && idx < CS_MAX_LEVELS && s->levels[idx].floor_ns > 0))
		return 0;
	*v = 1.0 / s->levels[idx].floor_ns;
	return 1;
}

int cs_bw_query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_bw_series_result *s;
	uint32_t idx = CS_MAX_LEVELS, found;
	(void)c;
	if (q->what != CS_Q_READ_GBPS && q->what != CS_Q_READ_GBPS_PAST)
		return 0; /* before r: some questions come with the capture alone */
	s = cs_bw_read1(&r->bw);
	if (!s)
		return 0;
	if (q->what == CS_Q_READ_GBPS) {
		for (uint32_t j = 0; j < s->n_knees && j < CS_MAX_KNEES; j++)
			if (s->knees[j].has_bytes && s->knees[j].has_published &&
			    s->knees[j].published_level == q->n)
				idx = cs_knees_found_before(s->knees, j);
	} else if (q->n && cs_knees_last_published(s->knees, s->n_knees, &found) == q->n) {
		idx = found;
	}
	return gbps(s, idx, &q->v[0]);
}
