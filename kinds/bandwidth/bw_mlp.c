/* bw_mlp.c: the misses in flight (docs/bandwidth.md s.2): the latency
 * chase with 1, 2, 4, 8 and 16 independent chains interleaved, at one size
 * inside each level the live reduction of the sweep found (the geometric
 * middle of its extent) and at the sweep's largest size (or the kind's
 * largest buffer, struct cs_bw_hooks max_bytes, where that is less: the
 * firmware's bandwidth=N). ns per load
 * counts every load of every chain (time / all loads), minimum over the
 * blocks, so N fully overlapped chains give latency / N.
 *
 * The working set is cut into 16 slices, each one random single cycle
 * (common/probe.h cs_chase_build): 16 chains. Fewer chains are made by
 * splicing: swapping the successors of one node in each of two disjoint
 * cycles joins them into one, so 16 cycles become 8, 4, 2 and 1, each
 * still visiting every slot of its slices once a turn; the whole set is
 * built once a size. Freestanding. */
#include "bw_kind.h"
#include "bw_run.h"
#include "../../common/csmath.h"

#define CS_MLP_SLICES 16 /* the most chains, and the slices of the working set */
static const uint32_t chain_counts[] = { 1, 2, 4, 8, 16 };
#define CS_MLP_COUNTS (sizeof chain_counts / sizeof chain_counts[0])
/* A chase block lasts at most this floor (the plan's, 1 ms full, capped):
 * at a memory size one chain runs only ~700 loads in the streams' 100 us,
 * and its minimum over blocks came out noisy (1 chain slower than 2 by
 * 4.8x once); 300 us and the sweep's 9 blocks cost ~0.2 s in all. */
#define CS_MLP_BLOCK_FLOOR_NS 300000.0
/* A size is the slices' multiple of whole slots, at least two slots a slice. */
#define CS_MLP_GRAIN ((uint64_t)CS_MLP_SLICES * CS_SLOT_BYTES)

/* The N-chain walks: every turn 16 loads, each chain's dependent on its
 * own last, chains independent of each other. */
#define DECL(i) void *p##i = pp[i];
#define ADV(i) p##i = *(void *const *)p##i;
#define BACK(i) pp[i] = p##i;
#define R1(M) M(0)
#define R2(M) R1(M) M(1)
#define R4(M) R2(M) M(2) M(3)
#define R8(M) R4(M) M(4) M(5) M(6) M(7)
#define R16(M) R8(M) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
#define CHASE(N, BODY)                                                                  \
	static uint64_t chase##N(const struct cs_probe_clock *clk, void **pp, uint64_t turns) \
	{                                                                               \
		R##N(DECL)                                                              \
		uint64_t t0 = clk->now(clk->ctx), t1;                                   \
		while (turns--) {                                                       \
			BODY                                                            \
		}                                                                       \
		t1 = clk->now(clk->ctx);                                                \
		R##N(BACK)                                                              \
		return t1 - t0;                                                         \
	}
#define T2(x) x x
#define T4(x) T2(x) T2(x)
#define T8(x) T4(x) T4(x)
#define T16(x) T8(x) T8(x)
CHASE(1, T16(R1(ADV)))
CHASE(2, T8(R2(ADV)))
CHASE(4, T4(R4(ADV)))
CHASE(8, T2(R8(ADV)))
CHASE(16, R16(ADV))

struct chains {
	uint32_t n;
	void *p[CS_MLP_SLICES];
};

static uint64_t chains_timed(const struct cs_probe_clock *clk, void *st, uint64_t loads)
{
	struct chains *c = st;
	uint64_t turns = loads / 16;
	switch (c->n) {
	case 1: return chase1(clk, c->p, turns);
	case 2: return chase2(clk, c->p, turns);
	case 4: return chase4(clk, c->p, turns);
	case 8: return chase8(clk, c->p, turns);
	default: return chase16(clk, c->p, turns);
	}
}

/* Joins cycle j with cycle j + half for every j < half. */
static void splice(char *base, uint64_t slice, uint32_t half)
{
	for (uint32_t j = 0; j < half; j++) {
		void **a = (void **)(base + j * slice), **b = (void **)(base + (j + half) * slice);
		void *t = *a;
		*a = *b;
		*b = t;
	}
}

/* One size: the 16 cycles, then 16, 8, 4, 2 and 1 chains timed. */
static void one_size(struct cs_engine *e, uint64_t bytes, struct cs_rng *r, struct cs_mlp_size *m)
{
	char *base = e->hooks.mem;
	uint64_t slice = bytes / CS_MLP_SLICES, loads = bytes / CS_SLOT_BYTES;
	struct chains ch;
	struct cs_walk w = { chains_timed, &ch };
	uint32_t blocks;
	double floor_ns, mn, med, sh;

	/* the sweep's blocks (its chase), each at least the block rule's
	 * floor (bw_run.c) and up to the plan's, capped at CS_MLP_BLOCK_FLOOR_NS */
	cs_bw_block_plan(e, &blocks, &floor_ns);
	blocks = e->plan.blocks ? e->plan.blocks : blocks;
	if (floor_ns < e->plan.min_block_ns)
		floor_ns = e->plan.min_block_ns < CS_MLP_BLOCK_FLOOR_NS ? e->plan.min_block_ns
									: CS_MLP_BLOCK_FLOOR_NS;
	if (e->plan.warm_max && loads > e->plan.warm_max)
		loads = e->plan.warm_max;
	loads = (loads + 15) / 16 * 16;
	m->bytes = (double)bytes;
	for (uint32_t j = 0; j < CS_MLP_SLICES; j++)
		cs_chase_build(base + j * slice, slice, r);
	double ns[CS_MLP_COUNTS];
	for (uint32_t i = CS_MLP_COUNTS; i-- > 0;) {
		uint32_t n = chain_counts[i];
		if (n < CS_MLP_SLICES)
			splice(base, slice, n);
		ch.n = n;
		for (uint32_t j = 0; j < n; j++)
			ch.p[j] = base + j * slice;
		chains_timed(&e->hooks.clk, &ch, loads); /* the warm-up turn */
		ns[i] = 0;
		if (cs_timed_blocks(&e->hooks.clk, &w, 16, blocks, floor_ns, 1.0, &mn, &med, &sh))
			ns[i] = mn;
	}
	m->n = 0;
	for (uint32_t i = 0; i < CS_MLP_COUNTS; i++)
		if (ns[i] > 0) { /* a count the clock could not time is left out */
			m->chains[m->n] = chain_counts[i];
			m->ns[m->n++] = ns[i];
		}
}

/* The sizes: the middle of each level found, then the largest; distinct,
 * each a multiple of the grain. */
static uint32_t sizes(struct cs_engine *e, uint64_t *out, uint64_t max)
{
	const struct cs_placer *pl = &e->hooks.placer;
	double first[CS_MLP_MAX_SIZES], last[CS_MLP_MAX_SIZES];
	uint32_t nl = pl->levels ? pl->levels(pl->ctx, first, last, CS_MLP_MAX_SIZES - 1) : 0, n = 0;
	for (uint32_t i = 0; i <= nl; i++) {
		double mid = i < nl ? cs_sqrt(first[i] * last[i]) : (double)max;
		uint64_t b = (uint64_t)mid / CS_MLP_GRAIN * CS_MLP_GRAIN;
		if (b > max)
			b = max / CS_MLP_GRAIN * CS_MLP_GRAIN;
		if (b < 2 * CS_MLP_GRAIN || (n && b <= out[n - 1]))
			continue;
		out[n++] = b;
	}
	return n;
}

void cs_bw_mlp(struct cs_engine *e, const struct cs_capture *c, struct cs_bw_capture *bw)
{
	uint64_t sz[CS_MLP_MAX_SIZES], max = e->plan.sweep_max;
	struct cs_rng r;
	uint32_t n;
	if (e->hooks.bw.max_bytes && e->hooks.bw.max_bytes < max)
		max = e->hooks.bw.max_bytes; /* the kind's largest buffer (a setting) */
	if (max > e->hooks.mem_bytes)
		max = e->hooks.mem_bytes;
	n = sizes(e, sz, max);
	(void)c;
	bw->mlp_present = 1;
	if (n == 0) {
		bw->mlp_null = 1;
		cs_strlcpy(bw->mlp_why, "no size to chase: the region is too small", sizeof bw->mlp_why);
		return;
	}
	cs_rng_seed(&r, e->plan.seed ^ 0x6d6c70ull);
	for (uint32_t i = 0; i < n; i++) {
		struct cs_mlp_size *m = &bw->mlp[bw->n_mlp];
		cs_memset(m, 0, sizeof *m);
		one_size(e, sz[i], &r, m);
		if (m->n)
			bw->n_mlp++;
	}
}
