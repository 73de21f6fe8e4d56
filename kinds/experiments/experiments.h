/* experiments.h: the classroom experiments of seed 003, freestanding (no
 * libc): line size from single accesses (3.1), fixed-stride prefetch (3.2,
 * first way), random against fixed stride (3.2, second way). The kernels
 * take memory, a clock (probe.h) and a flush hook from the arch layer; the
 * series they produce travel in the capture as "experiments" (docs/capture.md
 * extension, docs/experiments.md) and are reduced by kinds/experiments/exp_reduce.c. */
#ifndef CS_EXPERIMENTS_H
#define CS_EXPERIMENTS_H

#include <stdint.h>
#include <stddef.h>

#define CS_EXP_SINGLE_MAX 1024 /* accesses in one single-access series */
#define CS_EXP_SINGLE_SERIES 2 /* stride 1 and stride 8 bytes */
#define CS_EXP_STRIDE_MAX 32   /* strides in the stride-prefetch curve */

/* One single-access series: access i reads byte i * stride_bytes of a
 * flushed buffer; ticks[i] is that one access, between two serialised
 * counter reads (the reads' own cost included). */
struct cs_exp_single {
	uint32_t stride_bytes;
	uint32_t n;
	uint32_t ticks[CS_EXP_SINGLE_MAX];
};

struct cs_exp_stride_point {
	double stride_bytes;
	double ns; /* average cost of one access (each timed on its own) */
};

/* Every member optional: has_ 0 means "not measured" (docs/capture.md). */
struct cs_experiments {
	int has_single;
	double ns_per_tick;  /* > 0 */
	double quantum_ns;   /* the clock's smallest step; 0: unknown (E2, E3) */
	uint32_t n_single;
	struct cs_exp_single single[CS_EXP_SINGLE_SERIES];
	int has_stride;
	uint32_t n_stride;
	struct cs_exp_stride_point stride[CS_EXP_STRIDE_MAX];
	int has_random;
	double fixed_ns;     /* stride 64: average per access */
	double random_ns;    /* random strides 64..320: average per access */
	uint32_t random_accesses;
};

struct cs_probe_clock;
struct cs_jsonw;

/* What the kernels need from outside: a clock, memory, and a way to evict
 * a range from every cache (clflush + mfence on x86, dc civac + dsb on ARM:
 * the arch layer's cs_arch_flush, arch/<arch>/flush.c), handed over by the
 * engine (engine.h) in the firmware and the host probe alike. */
struct cs_exp_env {
	const struct cs_probe_clock *clk;
	void (*flush)(const void *p, uint64_t bytes);
	unsigned char *mem;  /* 64-byte aligned */
	uint64_t bytes;      /* at least CS_EXP_MEM_BYTES */
	uint64_t seed;
	uint32_t reps;       /* repetitions of each average; minimum kept */
};

/* Memory the three experiments need together (1 MiB: the longest stride
 * times the accesses at each stride). */
#define CS_EXP_MEM_BYTES (1u << 20)
#define CS_EXP_STRIDE_ACCESSES 256 /* accesses at each stride */
#define CS_EXP_RANDOM_ACCESSES 256
#define CS_EXP_RANDOM_MIN 64       /* seed 003 3.2: strides above 64 ... */
#define CS_EXP_RANDOM_MAX 320      /* ... up to 320 bytes */

/* The strides of experiment 2, bytes. */
extern const uint32_t cs_exp_strides[];
extern const uint32_t cs_exp_strides_len;

/* Run the three experiments into x (each sets its has_ flag). Returns 0, or
 * -1 when the memory is too small or a hook is missing (x is then empty). */
int cs_exp_run(const struct cs_exp_env *env, struct cs_experiments *x);
int cs_exp_single_run(const struct cs_exp_env *env, struct cs_experiments *x);
int cs_exp_stride_run(const struct cs_exp_env *env, struct cs_experiments *x);
int cs_exp_random_run(const struct cs_exp_env *env, struct cs_experiments *x);

/* The capture member "experiments": {...}; nothing when none was measured.
 * Called by cs_capture_write after the core members. */
void cs_exp_write(struct cs_jsonw *j, const struct cs_experiments *x);

/* its member of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_EXPERIMENTS struct cs_experiments exp; /* seed 003 (docs/experiments.md) */

#endif
