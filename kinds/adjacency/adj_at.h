/* adj_at.h: where the adjacency probe stands between its steps, a member
 * of struct cs_engine_at (common/engine.h) through scripts/kinds-h.sh
 * (adj_run.c walks it). Included by engine.h's generated header. */
#ifndef CS_ADJ_AT_H
#define CS_ADJ_AT_H

#include <stdint.h>

/* The adjacency probe, between placements and distances. */
struct cs_adj_at {
	struct cs_rng rng;
	uint32_t phase;         /* what the next step does (adj_run.c) */
	uint32_t placement;     /* placements taken (first, middle, last) */
	uint32_t k;             /* the next distance of the ruler */
	double t0;
};

/* its member of struct cs_engine_at (scripts/kinds-h.sh) */
#define CS_AT_MEMBER_ADJACENCY struct cs_adj_at adj; /* the adjacency probe's place */

#endif
