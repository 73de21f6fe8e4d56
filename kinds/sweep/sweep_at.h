/* sweep_at.h: where the main sweep stands between its steps, a member of
 * struct cs_engine_at (common/engine.h) through scripts/kinds-h.sh:
 * the engine's sweep over the grid, and the repeats' pass and slot
 * (sweep_run.c). Included by engine.h's generated header, after struct
 * cs_grid_at. */
#ifndef CS_SWEEP_AT_H
#define CS_SWEEP_AT_H

#include <stdint.h>

struct cs_sweep_at {
	struct cs_grid_at grid; /* the first pass, on the engine's grid */
	uint32_t pass, k;       /* the repeat and its next slot */
	double pass_s;          /* seconds the first pass took */
};

/* its member of struct cs_engine_at (scripts/kinds-h.sh) */
#define CS_AT_MEMBER_SWEEP struct cs_sweep_at sweep; /* the main sweep's place */

#endif
