/* probe.c: the measurement kernels (probe.h). Freestanding: no libc, no
 * allocation; the caller gives memory and a clock. The same code runs in the
 * firmware and in the host probe, driven by the engine (engine.h). */
#include "probe.h"

void cs_rng_seed(struct cs_rng *r, uint64_t seed)
{
	/* xorshift has one fixed point, zero: never start there. */
	r->s = seed ? seed : 0x9e3779b97f4a7c15ull;
}

uint64_t cs_rng_next(struct cs_rng *r)
{
	uint64_t x = r->s;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dull;
}

uint64_t cs_rng_below(struct cs_rng *r, uint64_t n)
{
	/* Rejection keeps it uniform: no modulo bias even for large n. */
	uint64_t lim, x;
	if (n <= 1)
		return 0;
	lim = (uint64_t)0 - ((uint64_t)0 - n) % n; /* largest multiple of n, 0 = 2^64 */
	do
		x = cs_rng_next(r);
	while (lim != 0 && x >= lim);
	return x % n;
}

void *cs_chase_build(void *mem, uint64_t bytes, struct cs_rng *r)
{
	unsigned char *base = mem;
	uint64_t n = bytes / CS_SLOT_BYTES, i;

	if (n == 0)
		return mem;
	/* Identity first, then Sattolo's shuffle of the stored pointers: the
	 * map slot i -> slot a[i] is then one cycle through every slot. */
	for (i = 0; i < n; i++)
		*(void **)(base + i * CS_SLOT_BYTES) = base + i * CS_SLOT_BYTES;
	for (i = n - 1; i > 0; i--) {
		uint64_t j = cs_rng_below(r, i);
		void **a = (void **)(base + i * CS_SLOT_BYTES);
		void **b = (void **)(base + j * CS_SLOT_BYTES);
		void *t = *a;
		*a = *b;
		*b = t;
	}
	return mem;
}

/* 16 loads a turn: the branch and counter cost one slot beside sixteen
 * dependent loads, and run in the shadow of the load chain. */
#define CS_UNROLL 16
#define STEP p = *(void *const *)p
uint64_t cs_chase_timed(const struct cs_probe_clock *clk, void **pp,
			uint64_t loads)
{
	void *p = *pp;
	uint64_t turns = (loads + CS_UNROLL - 1) / CS_UNROLL, t0, t1;

	t0 = clk->now(clk->ctx);
	while (turns--) {
		STEP; STEP; STEP; STEP; STEP; STEP; STEP; STEP;
		STEP; STEP; STEP; STEP; STEP; STEP; STEP; STEP;
	}
	t1 = clk->now(clk->ctx);
	*pp = p;
	return t1 - t0;
}

static void irq_off(const struct cs_probe_clock *clk)
{
	if (clk->irq_off)
		clk->irq_off(clk->ctx);
}

static void irq_on(const struct cs_probe_clock *clk)
{
	if (clk->irq_on)
		clk->irq_on(clk->ctx);
}

static uint64_t timed_block(const struct cs_probe_clock *clk,
			    const struct cs_walk *w, uint64_t loads)
{
	uint64_t t;
	irq_off(clk);
	t = w->timed(clk, w->st, loads);
	irq_on(clk);
	return t;
}

/* A clock that has not moved across this many loads of the fastest chase
 * there is (4 loads a ns) and CS_STILL_BLOCKS whole blocks' worth of time
 * does not move: the bound on the one wait for it here. */
#define CS_FASTEST_LOADS_PER_NS 4.0
#define CS_STILL_BLOCKS 16.0

/* Loads per block: grow from 'start' until one block lasts min_block_ns.
 * Returns 0 when the clock never moves (a broken clock, not a fast cache):
 * growing blocks on a clock that stands still is bounded. */
static uint64_t size_block(const struct cs_probe_clock *clk, const struct cs_walk *w,
			   uint64_t start, double min_block_ns)
{
	uint64_t loads = start < CS_UNROLL ? CS_UNROLL : start;
	double still = CS_STILL_BLOCKS * min_block_ns * CS_FASTEST_LOADS_PER_NS;
	int tries;
	for (tries = 0; tries < 40; tries++) {
		double ns = (double)timed_block(clk, w, loads) * clk->ns_per_tick;
		if (ns >= min_block_ns * 1.1)
			return loads;
		if (ns <= 0 && (double)loads >= still)
			return 0;
		if (ns <= 0)
			loads *= 16;
		else if (ns * 4 < min_block_ns)
			loads *= 4;
		else
			loads = (uint64_t)((double)loads * (min_block_ns * 1.3 / ns)) + CS_UNROLL;
		loads = (loads + CS_UNROLL - 1) / CS_UNROLL * CS_UNROLL;
	}
	return 0;
}

static void sort_doubles(double *v, uint32_t n)
{
	uint32_t i, j;
	for (i = 1; i < n; i++) {
		double x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Times 'blocks' blocks of 'loads' loads of the walk; per-load min,
 * median, shortest block. 'per' divides ns per block into the unit
 * reported. */
static void run_blocks(const struct cs_probe_clock *clk, const struct cs_walk *w,
		       uint64_t loads, uint32_t blocks, double per,
		       double *min, double *median, double *shortest)
{
	double v[CS_PROBE_MAX_BLOCKS] = { 0 }, sh = -1;
	uint32_t i;
	for (i = 0; i < blocks; i++) {
		double ns = (double)timed_block(clk, w, loads) * clk->ns_per_tick;
		if (sh < 0 || ns < sh)
			sh = ns;
		v[i] = ns / per;
	}
	sort_doubles(v, blocks);
	*min = v[0];
	*median = blocks % 2 ? v[blocks / 2] : (v[blocks / 2 - 1] + v[blocks / 2]) / 2;
	*shortest = sh;
}

/* Sizes the block, then times the blocks; when one of them still came out
 * short (the sizing block was stretched by something else: a host hiccup,
 * a first-time cost), sizes again from twice the loads. */
uint64_t cs_timed_blocks(const struct cs_probe_clock *clk, const struct cs_walk *w,
			 uint64_t start, uint32_t blocks, double min_block_ns,
			 double per, double *min, double *median, double *shortest)
{
	uint64_t loads = start;
	if (blocks == 0 || blocks > CS_PROBE_MAX_BLOCKS)
		return 0;
	for (int tries = 0; tries < 4; tries++) {
		loads = size_block(clk, w, loads, min_block_ns);
		if (loads == 0)
			return 0;
		loads = (loads + CS_UNROLL - 1) / CS_UNROLL * CS_UNROLL;
		run_blocks(clk, w, loads, blocks, (double)loads / per, min,
			   median, shortest);
		if (*shortest >= min_block_ns)
			break;
		loads *= 2;
	}
	return loads;
}

static uint64_t chase_walk(const struct cs_probe_clock *clk, void *st,
			   uint64_t loads)
{
	return cs_chase_timed(clk, st, loads);
}

uint64_t cs_chase_blocks(const struct cs_probe_clock *clk, void **pp,
			     uint64_t start, uint32_t blocks, double min_block_ns,
			     double per, double *min, double *median,
			     double *shortest)
{
	struct cs_walk w = { chase_walk, pp };
	return cs_timed_blocks(clk, &w, start, blocks, min_block_ns, per, min,
			       median, shortest);
}

uint64_t cs_capped(uint64_t v, uint64_t cap)
{
	return cap && v > cap ? cap : v;
}

int cs_chase_point(const struct cs_probe_clock *clk, void *mem, uint64_t bytes,
		   uint32_t blocks, double min_block_ns, struct cs_rng *r,
		   struct cs_point_result *out)
{
	return cs_chase_point_capped(clk, mem, bytes, blocks, min_block_ns, 0, r, out);
}

int cs_chase_point_capped(const struct cs_probe_clock *clk, void *mem,
			  uint64_t bytes, uint32_t blocks, double min_block_ns,
			  uint64_t warm_max, struct cs_rng *r,
			  struct cs_point_result *out)
{
	uint64_t n = bytes / CS_SLOT_BYTES, loads;
	void *p;

	if (n < 2 || blocks == 0 || blocks > CS_PROBE_MAX_BLOCKS)
		return -1;
	p = cs_chase_build(mem, n * CS_SLOT_BYTES, r);
	/* Touch: one whole turn of the cycle, so every line and page is
	 * mapped and cached as well as it will be before timing. */
	(void)cs_chase_timed(clk, &p, cs_capped(n, warm_max));
	loads = cs_chase_blocks(clk, &p, cs_capped(n < 1024 ? 1024 : n, warm_max), blocks, min_block_ns,
			     1.0, &out->ns_min, &out->ns_median, &out->block_ns);
	if (loads == 0)
		return -1;
	out->loads_per_block = loads;
	out->blocks = blocks;
	return 0;
}
