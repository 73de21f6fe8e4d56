/* geom_row.c: the geometry kind's cell of `cacheshape check`'s row, its
 * row column of the table (common/kinds.h; reduce/row.h says the cell's
 * words). Freestanding. */
#include "geom_kind.h"
#include "../../reduce/row.h"
#include "../../common/buf.h"

/* "L1 8x64, 32 KiB; L2 8x1024, 512 KiB; L3 index-hashed" (the page wraps a
 * cell at its ", " and "; ") */
static void geometry(char *out, const struct cs_geom_result *g)
{
	struct cs_buf b;
	cs_buf_init(&b, out, CS_ROW_CELL_MAX);
	for (uint32_t i = 0; i < g->n && i < CS_GEOM_MAX_LEVELS; i++) {
		const struct cs_geom_level *L = &g->levels[i];
		if (b.len)
			cs_puts(&b, "; ");
		cs_putc(&b, 'L');
		cs_put_u64(&b, L->level);
		cs_putc(&b, ' ');
		if (L->has_geometry) {
			cs_put_u64(&b, L->ways);
			cs_putc(&b, 'x');
			cs_put_g(&b, L->sets, 9);
			cs_puts(&b, ", ");
			cs_put_size(&b, L->size_bytes);
		} else {
			cs_puts(&b, L->n_refusals ? L->refusals[0].code : "refused");
		}
	}
	if (!b.len)
		cs_puts(&b, "-");
}

void cs_geom_row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
		 const struct cs_result *r)
{
	(void)c;
	geometry(cells[CS_ROW_GEOMETRY], &r->geom);
}
