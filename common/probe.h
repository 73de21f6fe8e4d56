/* probe.h: the measurement kernels, freestanding, shared by the firmware and
 * the host probe: the random single-cycle pointer chase (the latency sweep)
 * and the adjacency pairs (the fetch-granule probe). The caller supplies the
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

/* One sweep point: enough loads that every timed block lasts at least
 * min_block_ns (100 clock quanta, docs/reduction.md s.1), 'blocks' blocks.
 * Outputs: min and median ns per load, and the shortest block's length. */
struct cs_point_result {
	double ns_min, ns_median, block_ns;
	uint64_t loads_per_block;
	uint32_t blocks;
};
int cs_sweep_point(const struct cs_probe_clock *clk, void *mem, uint64_t bytes,
		   uint32_t blocks, double min_block_ns, struct cs_rng *r,
		   struct cs_point_result *out);

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

/* The two above with the warm-up walk and the first trial block capped at
 * warm_max loads (0: uncapped, a whole turn of the cycle, as above). Added
 * for the host probe: at 512 MiB a whole turn is millions of DRAM misses, so
 * uncapped the sweep spends its time walking, not timing. A block still
 * lasts min_block_ns; it then samples the cycle rather than closing it. */
int cs_sweep_point_capped(const struct cs_probe_clock *clk, void *mem,
			  uint64_t bytes, uint32_t blocks, double min_block_ns,
			  uint64_t warm_max, struct cs_rng *r,
			  struct cs_point_result *out);
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
