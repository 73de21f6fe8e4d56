/* bw_row.c: the bandwidth kind's cell of `cacheshape check`'s row, its row
 * column of the table (common/kinds.h; reduce/row.h): the read on one
 * thread, GB/s per level ("-": none measured). Freestanding. */
#include "bw_kind.h"
#include "../../reduce/row.h"

void cs_bw_row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
	       const struct cs_result *r)
{
	struct cs_buf b;
	(void)c;
	cs_buf_init(&b, cells[CS_ROW_READ_GBPS], CS_ROW_CELL_MAX);
	for (uint32_t i = 0; i < r->bw.n_series; i++) {
		const struct cs_bw_series_result *s = &r->bw.series[i];
		if (s->op != CS_BW_READ || s->threads != 1 || !s->measured)
			continue;
		for (uint32_t l = 0; l < s->n_levels; l++) {
			double g = s->levels[l].floor_ns > 0 ? 1 / s->levels[l].floor_ns : 0;
			cs_puts(&b, l ? ", " : "");
			cs_put_g(&b, g, g < 10 ? 3 : 4);
		}
		if (!s->n_levels)
			cs_puts(&b, "no level");
		return;
	}
	cs_puts(&b, "-");
}
