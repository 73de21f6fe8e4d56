/* geom_compare.c: what the geometry kind lends the others, its query
 * column of the table (common/kinds.h, reduce/query.h): ways, sets and
 * size of a published level, which `cacheshape compare` compares.
 * Freestanding. */
#include "geom_kind.h"
#include "../../reduce/query.h"

int cs_geom_query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_geom_result *g;
	int has = 0;
	(void)c;
	if (q->what != CS_Q_GEOMETRY)
		return 0; /* before r: some questions come with the capture alone */
	g = &r->geom;
	for (uint32_t k = 0; q->n && k < g->n && k < CS_GEOM_MAX_LEVELS; k++) {
		const struct cs_geom_level *L = &g->levels[k];
		if (L->level != q->n || !L->has_geometry)
			continue;
		q->v[0] = L->ways;
		q->v[1] = L->sets;
		q->v[2] = L->size_bytes;
		has = 1;
	}
	return has;
}
