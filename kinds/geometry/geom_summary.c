/* geom_summary.c: the geometry kind's part of the summary (docs/summary.md,
 * docs/geometry.md), its summary column of the table (common/kinds.h,
 * reduce/summary.h): the geometry cell of every row, which the summary
 * then holds as a witness of the row's size. Freestanding. */
#include "geom_kind.h"
#include "../../reduce/summary.h"

/* The geometry cell (docs/geometry.md): the size the geometry kind
 * measured for this published level; none where refused. */
static void geometry_cells(struct cs_summary *s, const struct cs_result *r)
{
	for (uint32_t i = 0; i < s->n; i++) {
		struct cs_summary_row *w = &s->row[i];
		for (uint32_t k = 0; w->has_level && k < r->geom.n && k < CS_GEOM_MAX_LEVELS; k++)
			if (r->geom.levels[k].level == w->level && r->geom.levels[k].has_geometry) {
				w->has_geometry = 1;
				w->geometry_bytes = r->geom.levels[k].size_bytes;
			}
	}
}

void cs_geom_summary(struct cs_summary *s, int row, const struct cs_capture *c,
		     const struct cs_result *r)
{
	(void)c;
	if (row < 0)
		geometry_cells(s, r);
}
