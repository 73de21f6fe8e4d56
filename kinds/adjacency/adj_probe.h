/* adj_probe.h: the adjacency kind's kernel (the fetch-granule probe,
 * docs/reduction.md s.5), on the chase's blocks (common/probe.h):
 * freestanding, run by the kind's step (adj_run.c) in every program. The
 * caller supplies the memory and the clock; nothing here allocates or
 * knows the architecture. */
#ifndef CS_ADJ_PROBE_H
#define CS_ADJ_PROBE_H

#include "../../common/probe.h"

/* The adjacency probe over a footprint of F bytes: F/64 pairs, the first
 * word of each at a uniformly random 8-byte offset in its line, the second
 * exactly d bytes on, every load dependent on the one before, pairs visited
 * in a random single cycle. 'span' is the memory needed for distance d. */
uint64_t cs_adj_span(uint64_t footprint, uint32_t d);
void *cs_adj_build(void *mem, uint64_t footprint, uint32_t d, struct cs_rng *r);
/* ns per pair (two dependent loads), minimum over blocks. */
int cs_adj_point(const struct cs_probe_clock *clk, void *mem,
		 uint64_t footprint, uint32_t d, uint32_t blocks,
		 double min_block_ns, struct cs_rng *r, double *ns_per_pair,
		 double *block_ns);
/* The same with the warm-up walk and the first trial block capped at
 * warm_max loads (0: uncapped, a whole turn of the cycle), as the chase's
 * points (cs_chase_point_capped). */
int cs_adj_point_capped(const struct cs_probe_clock *clk, void *mem,
			uint64_t footprint, uint32_t d, uint32_t blocks,
			double min_block_ns, uint64_t warm_max,
			struct cs_rng *r, double *ns_per_pair, double *block_ns);

/* The adjacency probe's layout as capture members, "ruler" and "first_word",
 * written alike by every producer. */
struct cs_jsonw;
void cs_adj_layout_json(struct cs_jsonw *j);

/* The documented ruler of distances (bytes), at least two above 256. */
extern const uint32_t cs_adj_ruler[];
extern const uint32_t cs_adj_ruler_len;

#endif
