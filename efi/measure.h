/* measure.h: the two experiments, run from the firmware with progress on
 * the console: the latency sweep (four sizes an octave, 4 KiB up to the
 * limit) and the adjacency probe at the three placements the live
 * reduction of that sweep allows. Results go into the capture. */
#ifndef CS_EFI_MEASURE_H
#define CS_EFI_MEASURE_H

#include <stdint.h>
#include "../common/capture.h"
#include "../common/probe.h"
#include "../reduce/reduce.h"

struct cs_measure {
	struct cs_probe_clock clk;
	double hz;
	void *pool;            /* 64-byte aligned, from AllocatePages */
	uint64_t pool_bytes;
	uint64_t sweep_max;    /* largest working set swept */
	uint64_t largest_cache; /* largest published, for the time-left estimate */
	uint32_t blocks;
	double min_block_ns;
	uint64_t seed;
	/* Outputs beside the capture: */
	double median_ns[CS_MAX_SWEEP_POINTS];
	uint64_t loads[CS_MAX_SWEEP_POINTS];
	uint32_t n_adj_refused;
	struct {
		enum cs_placement placement;
		struct cs_refusal why;
	} adj_refused[3];
	double sweep_s, adj_s;
};

/* Sizes from 4 KiB to m->sweep_max, four an octave, 64-byte multiples. */
uint32_t cs_sweep_sizes(uint64_t max, uint64_t *out, uint32_t cap);
/* Fills c->points. Returns the number of points that failed to measure. */
uint32_t cs_measure_sweep(struct cs_measure *m, struct cs_capture *c);
/* Reduces the sweep (w, r are scratch), then probes each placement or
 * records its refusal. Returns -1 when the sweep could not be reduced. */
int cs_measure_adjacency(struct cs_measure *m, struct cs_capture *c,
			 struct cs_work *w, struct cs_result *r);

#endif
