/* clock_summary.c: the clock kind's part of the summary (docs/summary.md,
 * docs/clock.md), its summary column of the table (common/kinds.h,
 * reduce/summary.h): the cycles cell of every row. Freestanding. */
#include "../../reduce/summary.h"

/* The cycles cell (docs/clock.md): the floor of the level below the knee
 * (the n-th found knee tops the n-th level, as in the knee table) times the
 * capture's core clock; none where the clock is not stable (its refusals say
 * why) or the knee was not found. */
static void cycles_cells(struct cs_summary *s, const struct cs_result *r)
{
	double cpn = cs_clock_cycles_per_ns(r);
	s->cycles = cpn > 0;
	for (uint32_t i = 0, found = 0; cpn > 0 && r->n_knees && i < s->n; i++) {
		struct cs_summary_row *w = &s->row[i];
		if (!cs_summary_knee_found(w, r))
			continue;
		if (cs_summary_floor_shown(w, r) && found < r->n_levels && r->levels[found].floor_ns > 0) {
			w->has_cycles = 1;
			w->floor_cycles = r->levels[found].floor_ns * cpn;
		}
		found++;
	}
}

void cs_clock_summary(struct cs_summary *s, int row, const struct cs_capture *c,
		      const struct cs_result *r)
{
	(void)c;
	if (row < 0)
		cycles_cells(s, r);
}
