/* clock_row.c: the clock kind's cells of `cacheshape check`'s row, its row
 * column of the table (common/kinds.h; reduce/row.h says each cell's
 * words): each level's floor in core cycles, the reference verdict.
 * Freestanding. */
#include "../../reduce/row.h"
#include "../../common/buf.h"

/* The floors in cycles, and the reference verdict with its codes. */
static void clock_cells(char *cycles, char *ref, const struct cs_result *r)
{
	struct cs_buf b;
	double cpn = cs_clock_cycles_per_ns(r);
	cs_buf_init(&b, cycles, CS_ROW_CELL_MAX);
	if (cpn > 0) {
		for (uint32_t i = 0; i < r->n_levels && i < CS_MAX_LEVELS; i++) {
			if (i)
				cs_puts(&b, ", ");
			cs_put_g(&b, r->levels[i].floor_ns * cpn, 3);
		}
	} else if (r->clock.has_core_hz) {
		cs_puts(&b, "refused clock-drift");
	}
	if (!b.len)
		cs_puts(&b, "-");
	cs_buf_init(&b, ref, CS_ROW_CELL_MAX);
	cs_puts(&b, r->clock.ref.is_reference ? "yes" : "no");
	for (uint32_t i = 0; i < r->clock.ref.n_reasons; i++) {
		cs_puts(&b, i ? ", " : ": ");
		cs_puts(&b, r->clock.ref.reasons[i].code);
	}
}

void cs_clock_row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
		  const struct cs_result *r)
{
	(void)c;
	clock_cells(cells[CS_ROW_CYCLES], cells[CS_ROW_REF], r);
}
