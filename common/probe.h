/* probe.h: the measurement kernels, freestanding, shared by the firmware and
 * the host probe: the random single-cycle pointer chase (every latency
 * sweep: the sweep kind's, the competitor's, each core type's, the TLB's
 * large pages, the bandwidth's grid) and the blocks any walk is timed in
 * (the adjacency kind's pairs, kinds/adjacency/adj_probe.h; the TLB's). The caller supplies the
 * memory and the clock; nothing here allocates or knows the architecture. */
#ifndef CS_PROBE_H
#define CS_PROBE_H

#include <stdint.h>
#include <stddef.h>

#define CS_SLOT_BYTES 64 /* one landing site every 64 bytes (seed 000 s.1) */

/* The clock, from the arch layer. now() must be ordered against the loads
 * around it (lfence/rdtscp on x86, isb on ARM). irq_off/irq_on may be NULL. */
struct cs_probe_clock {
	uint64_t (*now)(void *ctx);
	void (*irq_off)(void *ctx);
	void (*irq_on)(void *ctx);
	void *ctx;
	double ns_per_tick;
	double quantum_ns;   /* smallest non-zero step seen */
};

/* xorshift64*-style generator: same sequence on every build. */
struct cs_rng { uint64_t s; };
void cs_rng_seed(struct cs_rng *r, uint64_t seed);
uint64_t cs_rng_next(struct cs_rng *r);
uint64_t cs_rng_below(struct cs_rng *r, uint64_t n); /* uniform in [0, n) */

/* Lay one random single cycle (Sattolo) over bytes/CS_SLOT_BYTES slots of
 * mem, in place, no scratch: each slot's first word holds the address of the
 * next slot. Returns the start pointer. mem must be 64-byte aligned. */
void *cs_chase_build(void *mem, uint64_t bytes, struct cs_rng *r);

/* Follow the chase 'loads' dependent loads from *pp; returns ticks elapsed
 * and leaves *pp where it stopped (so blocks continue the cycle). */
uint64_t cs_chase_timed(const struct cs_probe_clock *clk, void **pp,
			uint64_t loads);

/* A timed walk of dependent loads that keeps its own place: timed(clk,
 * st, loads) runs 'loads' of them and returns the ticks they took. The
 * chase above is one; the TLB walk (tlb.h) another. */
struct cs_walk {
	uint64_t (*timed)(const struct cs_probe_clock *clk, void *st, uint64_t loads);
	void *st;
};
/* The block rule for any walk: grows blocks from 'start' loads until each
 * lasts min_block_ns, times 'blocks' of them (interrupts masked around each
 * where the clock can), and gives per unit ('per' loads a unit) the minimum
 * and median and the shortest block's ns; when a timed block still came out
 * short it sizes again from twice the loads. Returns the loads per block (a
 * multiple of 16), or 0 when the clock never moved. */
uint64_t cs_timed_blocks(const struct cs_probe_clock *clk, const struct cs_walk *w,
			 uint64_t start, uint32_t blocks, double min_block_ns,
			 double per, double *min, double *median, double *shortest);

/* One point of a sweep (every kind's): enough loads that every timed block lasts at least
 * min_block_ns (100 clock quanta, docs/reduction.md s.1), 'blocks' blocks.
 * Outputs: min and median ns per load, and the shortest block's length. */
struct cs_point_result {
	double ns_min, ns_median, block_ns;
	uint64_t loads_per_block;
	uint32_t blocks;
};
int cs_chase_point(const struct cs_probe_clock *clk, void *mem, uint64_t bytes,
		   uint32_t blocks, double min_block_ns, struct cs_rng *r,
		   struct cs_point_result *out);
/* The same with the warm-up walk and the first trial block capped at
 * warm_max loads (0: uncapped, a whole turn of the cycle, as above). Added
 * for the host probe: at 512 MiB a whole turn is millions of DRAM misses, so
 * uncapped the sweep spends its time walking, not timing. A block still
 * lasts min_block_ns; it then samples the cycle rather than closing it. */
int cs_chase_point_capped(const struct cs_probe_clock *clk, void *mem,
			  uint64_t bytes, uint32_t blocks, double min_block_ns,
			  uint64_t warm_max, struct cs_rng *r,
			  struct cs_point_result *out);

/* The chase's blocks from *pp (cs_timed_blocks on cs_chase_timed): the
 * loads per block (a multiple of the unroll, so whole pairs), or 0 on
 * failure. 'per' is loads per reported unit: 1 per load, 2 per pair (the
 * adjacency kind's). At most CS_PROBE_MAX_BLOCKS blocks. */
#define CS_PROBE_MAX_BLOCKS 64
uint64_t cs_chase_blocks(const struct cs_probe_clock *clk, void **pp,
			 uint64_t start, uint32_t blocks, double min_block_ns,
			 double per, double *min, double *median,
			 double *shortest);
/* v, at most 'cap' (0: no cap): the warm-up's bound (warm_max). */
uint64_t cs_capped(uint64_t v, uint64_t cap);

#endif
