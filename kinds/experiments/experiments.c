/* experiments.c: the kernels of seed 003's classroom experiments
 * (experiments.h). Freestanding: the caller gives memory, the clock and the
 * flush hook; every access is timed on its own between two serialised
 * counter reads, as the seed's time_access does. */
#include "experiments.h"
#include "../../common/probe.h"
#include "../../common/jsonw.h"

const uint32_t cs_exp_strides[] = { 64,  128,  192,  256,  320,  384, 512,
				    768, 1024, 1536, 2048, 3072, 4096 };
const uint32_t cs_exp_strides_len = sizeof cs_exp_strides / sizeof cs_exp_strides[0];

static volatile uint32_t cs_exp_sink;

/* One access, timed on its own. The counter reads are serialised (lfence
 * around rdtsc; isb around the ARM counter), and the access is volatile, so
 * it happens between them. */
static uint64_t time_one(const struct cs_probe_clock *clk,
			 const volatile unsigned char *p)
{
	uint64_t t0, t1;
	uint32_t v;
	t0 = clk->now(clk->ctx);
	v = *p;
	t1 = clk->now(clk->ctx);
	cs_exp_sink += v;
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

/* Write every byte of the span (pages mapped, lines owned), then evict it. */
static void touch_flush(const struct cs_exp_env *env, uint64_t span)
{
	volatile unsigned char *m = env->mem;
	for (uint64_t i = 0; i < span; i += 8)
		m[i] = (unsigned char)i;
	env->flush(env->mem, span);
}

static int env_ok(const struct cs_exp_env *env)
{
	return env && env->clk && env->clk->now && env->flush && env->mem &&
	       env->bytes >= CS_EXP_MEM_BYTES && env->clk->ns_per_tick > 0;
}

static void set_clock(const struct cs_exp_env *env, struct cs_experiments *x)
{
	const struct cs_probe_clock *clk = env->clk;
	x->ns_per_tick = clk->ns_per_tick;
	x->quantum_ns = clk->quantum_ns > 0 ? clk->quantum_ns : clk->ns_per_tick;
}

int cs_exp_single_run(const struct cs_exp_env *env, struct cs_experiments *x)
{
	static const uint32_t strides[CS_EXP_SINGLE_SERIES] = { 1, 8 };
	const struct cs_probe_clock *clk = env->clk;

	x->has_single = 0;
	if (!env_ok(env))
		return -1;
	set_clock(env, x);
	for (uint32_t s = 0; s < CS_EXP_SINGLE_SERIES; s++) {
		struct cs_exp_single *se = &x->single[s];
		uint32_t n = CS_EXP_SINGLE_MAX;
		se->stride_bytes = strides[s];
		touch_flush(env, (uint64_t)n * strides[s]);
		irq_off(clk);
		for (uint32_t i = 0; i < n; i++) {
			uint64_t t = time_one(clk, env->mem + (uint64_t)i * strides[s]);
			se->ticks[i] = t > 0xffffffffu ? 0xffffffffu : (uint32_t)t;
		}
		irq_on(clk);
		se->n = n;
	}
	x->n_single = CS_EXP_SINGLE_SERIES;
	x->has_single = 1;
	return 0;
}

/* Average ns per access over offsets off[0..n), minimum over the reps, each
 * rep over a freshly flushed span. */
static double average(const struct cs_exp_env *env, const uint32_t *off,
		      uint32_t n, uint64_t span)
{
	const struct cs_probe_clock *clk = env->clk;
	double best = -1;
	uint32_t reps = env->reps ? env->reps : 1;
	for (uint32_t r = 0; r < reps; r++) {
		uint64_t sum = 0;
		env->flush(env->mem, span);
		irq_off(clk);
		for (uint32_t i = 0; i < n; i++)
			sum += time_one(clk, env->mem + off[i]);
		irq_on(clk);
		double ns = (double)sum * clk->ns_per_tick / (double)n;
		if (best < 0 || ns < best)
			best = ns;
	}
	return best;
}

int cs_exp_stride_run(const struct cs_exp_env *env, struct cs_experiments *x)
{
	static uint32_t off[CS_EXP_STRIDE_ACCESSES];

	x->has_stride = 0;
	x->n_stride = 0;
	if (!env_ok(env))
		return -1;
	set_clock(env, x);
	touch_flush(env, CS_EXP_MEM_BYTES);
	for (uint32_t k = 0; k < cs_exp_strides_len && k < CS_EXP_STRIDE_MAX; k++) {
		uint32_t s = cs_exp_strides[k];
		for (uint32_t i = 0; i < CS_EXP_STRIDE_ACCESSES; i++)
			off[i] = i * s;
		x->stride[k].stride_bytes = s;
		x->stride[k].ns = average(env, off, CS_EXP_STRIDE_ACCESSES,
					  (uint64_t)CS_EXP_STRIDE_ACCESSES * s);
		x->n_stride = k + 1;
	}
	x->has_stride = 1;
	return 0;
}

int cs_exp_random_run(const struct cs_exp_env *env, struct cs_experiments *x)
{
	static uint32_t off[CS_EXP_RANDOM_ACCESSES];
	struct cs_rng r;
	uint32_t at = 0;
	uint64_t span;

	x->has_random = 0;
	if (!env_ok(env))
		return -1;
	set_clock(env, x);
	span = (uint64_t)CS_EXP_RANDOM_ACCESSES * CS_EXP_RANDOM_MAX;
	touch_flush(env, span);
	for (uint32_t i = 0; i < CS_EXP_RANDOM_ACCESSES; i++)
		off[i] = i * CS_EXP_RANDOM_MIN;
	x->fixed_ns = average(env, off, CS_EXP_RANDOM_ACCESSES, span);
	/* strides of 64..320 bytes in 8-byte steps, the same draw every rep */
	cs_rng_seed(&r, env->seed ^ 0x5eed003ull);
	for (uint32_t i = 0; i < CS_EXP_RANDOM_ACCESSES; i++) {
		off[i] = at;
		at += CS_EXP_RANDOM_MIN +
		      8u * (uint32_t)cs_rng_below(&r, (CS_EXP_RANDOM_MAX - CS_EXP_RANDOM_MIN) / 8 + 1);
	}
	x->random_ns = average(env, off, CS_EXP_RANDOM_ACCESSES, span);
	x->random_accesses = CS_EXP_RANDOM_ACCESSES;
	x->has_random = 1;
	return 0;
}

int cs_exp_run(const struct cs_exp_env *env, struct cs_experiments *x)
{
	if (!env_ok(env)) {
		x->has_single = x->has_stride = x->has_random = 0;
		return -1;
	}
	cs_exp_single_run(env, x);
	cs_exp_stride_run(env, x);
	cs_exp_random_run(env, x);
	return 0;
}

static void put_quantum(struct cs_jsonw *j, const struct cs_experiments *x)
{
	if (x->quantum_ns > 0) {
		cs_jsonw_key(j, "quantum_ns");
		cs_jsonw_numsig(j, x->quantum_ns, 9);
	}
}

void cs_exp_write(struct cs_jsonw *j, const struct cs_experiments *x)
{
	int pretty = j->pretty;

	if (!x->has_single && !x->has_stride && !x->has_random)
		return;
	cs_jsonw_key(j, "experiments");
	cs_jsonw_obj(j);
	if (x->has_single) {
		cs_jsonw_key(j, "single_access");
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "ns_per_tick");
		cs_jsonw_numsig(j, x->ns_per_tick, 12);
		cs_jsonw_key(j, "quantum_ns");
		cs_jsonw_numsig(j, x->quantum_ns, 9);
		cs_jsonw_key(j, "series");
		cs_jsonw_arr(j);
		for (uint32_t s = 0; s < x->n_single && s < CS_EXP_SINGLE_SERIES; s++) {
			cs_jsonw_obj(j);
			cs_jsonw_key(j, "stride_bytes");
			cs_jsonw_u64(j, x->single[s].stride_bytes);
			cs_jsonw_key(j, "ticks");
			cs_jsonw_arr(j);
			j->pretty = 0; /* the whole series on one line */
			for (uint32_t i = 0; i < x->single[s].n && i < CS_EXP_SINGLE_MAX; i++)
				cs_jsonw_u64(j, x->single[s].ticks[i]);
			cs_jsonw_arr_end(j);
			j->pretty = pretty;
			cs_jsonw_obj_end(j);
		}
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	if (x->has_stride) {
		cs_jsonw_key(j, "stride_prefetch");
		cs_jsonw_obj(j);
		put_quantum(j, x);
		cs_jsonw_key(j, "points");
		cs_jsonw_arr(j);
		for (uint32_t i = 0; i < x->n_stride && i < CS_EXP_STRIDE_MAX; i++) {
			cs_jsonw_obj(j);
			j->pretty = 0;
			cs_jsonw_key(j, "stride_bytes");
			cs_jsonw_num(j, x->stride[i].stride_bytes);
			cs_jsonw_key(j, "ns");
			cs_jsonw_numsig(j, x->stride[i].ns, 9);
			cs_jsonw_obj_end(j);
			j->pretty = pretty;
		}
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	if (x->has_random) {
		cs_jsonw_key(j, "random_vs_fixed");
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "fixed_ns");
		cs_jsonw_numsig(j, x->fixed_ns, 9);
		cs_jsonw_key(j, "random_ns");
		cs_jsonw_numsig(j, x->random_ns, 9);
		put_quantum(j, x);
		if (x->random_accesses) {
			cs_jsonw_key(j, "accesses");
			cs_jsonw_u64(j, x->random_accesses);
		}
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_obj_end(j);
}
