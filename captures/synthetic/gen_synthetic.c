/* gen_synthetic: the synthetic catalogue (captures/synthetic/), made from a
 * fixed seed so it is reproducible byte for byte, and written by the same
 * capture writer the firmware uses. Each capture carries "expect": the
 * answer it was built to have, derived from its construction, never from a
 * run of the reducer.
 *   gen-synthetic OUTDIR     write the catalogue
 *   gen-synthetic --window   measure the smoothClimb blind spot (s.8)
 *   gen-synthetic --kind NAME FILE
 *                            the three clean steps with kind NAME's members
 *                            made from a curve by its row (common/synthetic.h):
 *                            any kind's, a new one's too, by its name alone */
#include <stdarg.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "../../reduce/rules_summary.h"
#include "../../common/capture_write.h"
#include "../../common/synthetic.h"
#include "../../kinds/clock/clock_run.h"
#include "../../arch/arch.h"
#include "../../reduce/reduce.h"
#include "../../host/outfile.h"
#include "../../tests/geom_model.h"

/* splitmix64: a fixed sequence on every host */
static uint64_t rng_state;
static double urand(void) /* [-1, 1) */
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	return (double)(z >> 11) / 4503599627370496.0 - 1.0;
}

/* The sweep's grid: four sizes per octave from 4 KiB, on 64-byte slots. */
static double grid(int i)
{
	return floor(4096.0 * pow(2, i / 4.0) / 64 + 0.5) * 64;
}

/* A staircase in log(t): floors f[0..n], shoulder l centred on grid index
 * c[l] with width w octaves. At the centre log t is the mean of the two
 * floors' logs, so t = sqrt(f[l] f[l+1]): the knee is that grid size. */
static double stair(double x_idx, const double *f, const int *c, int n, double w)
{
	double lt = log(f[0]);
	for (int l = 0; l < n; l++) {
		double z = (x_idx - c[l]) / 4.0 / w;
		lt += (log(f[l + 1]) - log(f[l])) / (1 + exp(-z * 8));
	}
	return exp(lt);
}

struct expect {
	int has_knees, n_knees;
	double knees[8];     /* < 0: missing (null) */
	double tol;
	int has_refusals, n_refusals;
	const char *refusals[8];
	int has_granules, n_granules;
	double granules[4];  /* < 0: refused (null) */
	const char *known_failure;
	/* seed 003's experiments (docs/experiments.md); has_exp 0: none */
	int has_exp;
	double line_bytes;          /* < 0: refused */
	const char *single_refusal; /* NULL: none */
	int stride_flat;            /* -1: refused */
	double breaks_at_bytes;     /* < 0: none */
	const char *stride_refusal;
	int random_defeated;        /* -1: refused */
	const char *random_refusal;
	/* the TLB (docs/tlb.md); n_tlb 0: none */
	int n_tlb;
	struct {
		uint64_t page;
		int n_knees;
		double knees[6];     /* < 0: missing (null) */
		int n_refusals;
		const char *refusals[4];
	} tlb[CS_TLB_MAX_SIZES];
	int n_translation;       /* -1: not stated */
	int translation[4];
	/* bandwidth (docs/bandwidth.md); n_bw 0: none */
	int n_bw;
	struct {
		const char *op; /* the kind's name for it */
		uint32_t threads;
		int n_gbps, n_knees, n_refusals;
		double gbps[6], knees[6]; /* knees < 0: missing (null) */
		const char *refusals[4];
	} bw[CS_BW_MAX_SERIES];
	int n_witness;
	const char *witness[8];
	int n_sat;
	int sat[CS_MLP_MAX_SIZES]; /* < 0: none (null) */
	/* the core clock (docs/clock.md); clock_is_reference -1: not stated */
	int clock_is_reference;
	int n_clock;
	const char *clock[4];
	/* the geometry (docs/geometry.md); n_geom 0: none */
	int n_geom;
	struct {
		uint32_t level, ways;
		uint64_t sets;
		const char *refusal; /* NULL: ways and sets */
	} geom[4];
	/* the summary's rows (docs/summary.md); n_summary 0: none */
	int n_summary;
	struct {
		const char *verdict;
		int agree;           /* 1, 0, -1 null */
		int explained;       /* 1, 0, -1 not stated */
	} summary[6];
	const char *emulator;    /* a cpu member naming it; NULL: no cpu member */
};

static struct cs_capture cap;
static struct expect exp_;
static char text[1 << 20];

static void str_or_null(struct cs_jsonw *j, const char *key, const char *v)
{
	cs_jsonw_key(j, key);
	if (v) cs_jsonw_str(j, v); else cs_jsonw_null(j);
}

static void write_expect_experiments(struct cs_jsonw *j, const struct expect *e)
{
	cs_jsonw_key(j, "experiments");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "line_bytes");
	if (e->line_bytes < 0) cs_jsonw_null(j); else cs_jsonw_num(j, e->line_bytes);
	str_or_null(j, "single_refusal", e->single_refusal);
	cs_jsonw_key(j, "stride_flat");
	if (e->stride_flat < 0) cs_jsonw_null(j); else cs_jsonw_bool(j, e->stride_flat);
	cs_jsonw_key(j, "breaks_at_bytes");
	if (e->breaks_at_bytes < 0) cs_jsonw_null(j); else cs_jsonw_num(j, e->breaks_at_bytes);
	str_or_null(j, "stride_refusal", e->stride_refusal);
	cs_jsonw_key(j, "random_defeated");
	if (e->random_defeated < 0) cs_jsonw_null(j); else cs_jsonw_bool(j, e->random_defeated);
	str_or_null(j, "random_refusal", e->random_refusal);
	cs_jsonw_obj_end(j);
}

static void write_expect_tlb(struct cs_jsonw *j, const struct expect *e)
{
	cs_jsonw_key(j, "tlb");
	cs_jsonw_arr(j);
	for (int i = 0; i < e->n_tlb; i++) {
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "page_bytes");
		cs_jsonw_u64(j, e->tlb[i].page);
		cs_jsonw_key(j, "knees");
		cs_jsonw_arr(j);
		for (int k = 0; k < e->tlb[i].n_knees; k++)
			if (e->tlb[i].knees[k] < 0) cs_jsonw_null(j); else cs_jsonw_num(j, e->tlb[i].knees[k]);
		cs_jsonw_arr_end(j);
		cs_jsonw_key(j, "refusals");
		cs_jsonw_arr(j);
		for (int k = 0; k < e->tlb[i].n_refusals; k++)
			cs_jsonw_str(j, e->tlb[i].refusals[k]);
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
	if (e->n_translation >= 0) {
		cs_jsonw_key(j, "translation");
		cs_jsonw_arr(j);
		for (int i = 0; i < e->n_translation; i++)
			cs_jsonw_u64(j, (uint64_t)e->translation[i]);
		cs_jsonw_arr_end(j);
	}
}

static void write_expect_bw(struct cs_jsonw *j, const struct expect *e)
{
	cs_jsonw_key(j, "bandwidth");
	cs_jsonw_arr(j);
	for (int i = 0; i < e->n_bw; i++) {
		cs_jsonw_obj(j);
		cs_jsonw_key_str(j, "op", e->bw[i].op);
		cs_jsonw_key_u64(j, "threads", e->bw[i].threads);
		cs_jsonw_key(j, "gbps");
		cs_jsonw_arr(j);
		for (int k = 0; k < e->bw[i].n_gbps; k++)
			cs_jsonw_num(j, e->bw[i].gbps[k]);
		cs_jsonw_arr_end(j);
		cs_jsonw_key(j, "knees");
		cs_jsonw_arr(j);
		for (int k = 0; k < e->bw[i].n_knees; k++)
			if (e->bw[i].knees[k] < 0) cs_jsonw_null(j); else cs_jsonw_num(j, e->bw[i].knees[k]);
		cs_jsonw_arr_end(j);
		cs_jsonw_key(j, "refusals");
		cs_jsonw_arr(j);
		for (int k = 0; k < e->bw[i].n_refusals; k++)
			cs_jsonw_str(j, e->bw[i].refusals[k]);
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_key(j, "bandwidth_witness");
	cs_jsonw_arr(j);
	for (int i = 0; i < e->n_witness; i++)
		cs_jsonw_str(j, e->witness[i]);
	cs_jsonw_arr_end(j);
	cs_jsonw_key(j, "mlp_saturates_at");
	cs_jsonw_arr(j);
	for (int i = 0; i < e->n_sat; i++)
		if (e->sat[i] < 0) cs_jsonw_null(j); else cs_jsonw_u64(j, (uint64_t)e->sat[i]);
	cs_jsonw_arr_end(j);
}

static void write_expect_geom(struct cs_jsonw *j, const struct expect *e)
{
	cs_jsonw_key(j, "geometry");
	cs_jsonw_arr(j);
	for (int i = 0; i < e->n_geom; i++) {
		cs_jsonw_obj(j);
		cs_jsonw_key_u64(j, "level", e->geom[i].level);
		if (e->geom[i].refusal) {
			cs_jsonw_key_str(j, "refusal", e->geom[i].refusal);
		} else {
			cs_jsonw_key_u64(j, "ways", e->geom[i].ways);
			cs_jsonw_key_u64(j, "sets", e->geom[i].sets);
		}
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
}

static void write_expect_summary(struct cs_jsonw *j, const struct expect *e)
{
	cs_jsonw_key(j, "summary");
	cs_jsonw_arr(j);
	for (int i = 0; i < e->n_summary; i++) {
		cs_jsonw_obj(j);
		cs_jsonw_key_str(j, "verdict", e->summary[i].verdict);
		cs_jsonw_key(j, "agree");
		if (e->summary[i].agree < 0)
			cs_jsonw_null(j);
		else
			cs_jsonw_bool(j, e->summary[i].agree);
		if (e->summary[i].explained >= 0)
			cs_jsonw_key_bool(j, "explained", e->summary[i].explained);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
}

static void write_expect(struct cs_jsonw *j, void *ctx)
{
	const struct expect *e = ctx;
	if (e->emulator) { /* the producer's cpu member as the x86 firmware writes it */
		cs_jsonw_key(j, "cpu");
		cs_jsonw_obj(j);
		cs_jsonw_key_bool(j, "hypervisor", 1);
		cs_jsonw_key_str(j, "hv_signature", "TCGTCGTCGTCG");
		cs_jsonw_key_str(j, "emulator", e->emulator);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_key(j, "expect");
	cs_jsonw_obj(j);
	if (e->has_knees) {
		cs_jsonw_key(j, "knees");
		cs_jsonw_arr(j);
		for (int i = 0; i < e->n_knees; i++)
			if (e->knees[i] < 0) cs_jsonw_null(j); else cs_jsonw_num(j, e->knees[i]);
		cs_jsonw_arr_end(j);
		cs_jsonw_key(j, "knee_tolerance");
		cs_jsonw_num(j, e->tol);
	}
	if (e->has_refusals) {
		cs_jsonw_key(j, "refusals");
		cs_jsonw_arr(j);
		for (int i = 0; i < e->n_refusals; i++)
			cs_jsonw_str(j, e->refusals[i]);
		cs_jsonw_arr_end(j);
	}
	if (e->has_granules) {
		cs_jsonw_key(j, "granules");
		cs_jsonw_arr(j);
		for (int i = 0; i < e->n_granules; i++)
			if (e->granules[i] < 0) cs_jsonw_null(j); else cs_jsonw_num(j, e->granules[i]);
		cs_jsonw_arr_end(j);
	}
	if (e->known_failure) {
		cs_jsonw_key(j, "known_failure");
		cs_jsonw_str(j, e->known_failure);
	}
	if (e->has_exp)
		write_expect_experiments(j, e);
	if (e->n_tlb)
		write_expect_tlb(j, e);
	if (e->n_bw)
		write_expect_bw(j, e);
	if (e->clock_is_reference >= 0) {
		cs_jsonw_key(j, "clock");
		cs_jsonw_obj(j);
		cs_jsonw_key_bool(j, "is_reference", e->clock_is_reference);
		cs_jsonw_key(j, "refusals");
		cs_jsonw_arr(j);
		for (int i = 0; i < e->n_clock; i++)
			cs_jsonw_str(j, e->clock[i]);
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	if (e->n_geom)
		write_expect_geom(j, e);
	if (e->n_summary)
		write_expect_summary(j, e);
	cs_jsonw_obj_end(j);
}

/* The summary's rows it was built to have: n of (verdict, agree, explained). */
static void summary_rows(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	exp_.n_summary = n;
	for (int i = 0; i < n; i++) {
		exp_.summary[i].verdict = va_arg(ap, const char *);
		exp_.summary[i].agree = va_arg(ap, int);
		exp_.summary[i].explained = va_arg(ap, int);
	}
	va_end(ap);
}

static const char *outdir;

static int emit(const char *name)
{
	struct cs_buf b;
	cs_buf_init(&b, text, sizeof text);
	if (cs_capture_write(&b, &cap, write_expect, &exp_)) {
		fprintf(stderr, "gen-synthetic: %s: capture too large for the buffer\n", name);
		return -1;
	}
	char path[4096], why[4400];
	snprintf(path, sizeof path, "%s/%s.json", outdir, name);
	/* the output-file rule (host/outfile.h): the catalogue is regenerated
	 * over itself, so an existing regular file is replaced; a link, a
	 * directory or a half-written file never results */
	if (cs_outfile_write(path, CS_OUT_FORCE, NULL, 0, text, b.len, NULL, NULL, why, sizeof why)) {
		fprintf(stderr, "gen-synthetic: %s\n", why);
		return -1;
	}
	return 0;
}

/* A fresh capture: synthetic clock (1 ns quantum), a typical hierarchy
 * published (L1d 32 KiB, L2 256 KiB, L3 8 MiB). */
static void begin(const char *label, uint64_t seed)
{
	cs_capture_init(&cap);
	memset(&exp_, 0, sizeof exp_);
	exp_.tol = 0.02;
	exp_.clock_is_reference = -1;
	rng_state = seed;
	snprintf(cap.label, sizeof cap.label, "synthetic: %s", label);
	strcpy(cap.env_kind, "synthetic");
	strcpy(cap.arch, "x86_64");
	strcpy(cap.clock.source, "synthetic");
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = 1;
	strcpy(cap.published_source, "synthetic");
	static const struct cs_cache typical[] = {
		{ 1, CS_CACHE_DATA, 32768, 64 }, { 1, CS_CACHE_INSTRUCTION, 32768, 64 },
		{ 2, CS_CACHE_UNIFIED, 262144, 64 }, { 3, CS_CACHE_UNIFIED, 8 << 20, 64 },
	};
	memcpy(cap.caches, typical, sizeof typical);
	cap.n_caches = 4;
}

static void add_point(double bytes, double ns)
{
	struct cs_point *p = &cap.points[cap.n_points++];
	p->bytes = bytes;
	p->ns = ns;
	p->has_block = 1;
	p->block_ns = 250000; /* far above 100 quanta */
}

/* The standard staircase: L1 1.2 ns, L2 4 ns, L3 12 ns, memory 80 ns,
 * knees on grid indices 13 (~38 KiB), 24 (256 KiB), 40 (4.76 MiB): the
 * first knee above its published size, the deeper ones at and below, as
 * seed 000 s.4 describes real machines. */
static const double floors3[] = { 1.2, 4, 12, 80 };
static const int centres3[] = { 13, 24, 40 };

static void staircase(int last_idx, double width, double noise)
{
	for (int i = 0; i <= last_idx; i++) {
		double t = stair(i, floors3, centres3, 3, width);
		add_point(grid(i), t * (1 + noise * urand()));
	}
}

static void knees3(void)
{
	exp_.has_knees = 1;
	exp_.n_knees = 3;
	for (int l = 0; l < 3; l++)
		exp_.knees[l] = grid(centres3[l]);
}

static void refusals(int n, ...);
static void refusals(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	exp_.has_refusals = 1;
	exp_.n_refusals = n;
	for (int i = 0; i < n; i++)
		exp_.refusals[i] = va_arg(ap, const char *);
	va_end(ap);
}

/* The seed's ruler: 128 has four distances above it, 256 only one, so a
 * 256-byte granule is unreachable (seed 000 s.6). */
static const double ruler[] = { 8, 16, 24, 32, 48, 64, 96, 128, 160, 192, 256, 512 };
#define RULER_N 12

/* A curve through a kind's row (common/synthetic.h); the catalogue is wrong
 * when the kind takes none. */
static void curve(uint32_t kind, const struct cs_synth_curve *k)
{
	if (cs_synthetic_curve(kind, &cap, k) != 0) {
		fprintf(stderr, "gen_synthetic: kind %u took no curve %s\n", (unsigned)kind,
			k->name ? k->name : "");
		exit(1);
	}
}

/* An adjacency series, through the kind's row (common/synthetic.h): at
 * placement p, footprint F (0: none), ns[i] a pair at ruler[i] (n of
 * them), or refused where it was measured (code, reason). */
static void adjacency_curve(enum cs_placement p, double footprint, const double *ns, uint32_t n,
			    const char *code, const char *reason)
{
	struct cs_synth_curve k = { .variant = p, .size = footprint, .n = n, .x = ruler, .y = ns,
				    .refusal_code = code, .refusal_reason = reason };
	curve(CS_KIND_ADJACENCY, &k);
}

/* The ramp t = base + slope * min(d, granule), each point times 1 + noise
 * * urand(), at the seed's ruler. */
static void ramp(double *ns, double base, double slope, double granule, double noise)
{
	for (int i = 0; i < RULER_N; i++)
		ns[i] = (base + slope * fmin(ruler[i], granule)) * (1 + noise * urand());
}

static void adjacency(enum cs_placement p, double footprint, double base, double slope,
		      double granule, double noise)
{
	double ns[RULER_N];
	ramp(ns, base, slope, granule, noise);
	adjacency_curve(p, footprint, ns, RULER_N, NULL, NULL);
}

static void granules(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	exp_.has_granules = 1;
	exp_.n_granules = n;
	for (int i = 0; i < n; i++)
		exp_.granules[i] = va_arg(ap, double);
	va_end(ap);
}

#define LAST_IDX 60 /* 4 KiB .. 128 MiB: the memory plateau spans 4 octaves */

/* ---- seed 003's experiments (docs/experiments.md) ---- */

/* Single-access series, through the kind's row (its accesses, 1024):
 * 'slow' ticks (+-10 %) every 'period' accesses from 'phase', 'base' ticks
 * (+-10 %) elsewhere; period 0: none. */
struct exp_ticks {
	uint32_t period, phase;
	double base, slow;
};

static double exp_tick(const struct cs_synth_curve *k, uint32_t i, double x)
{
	const struct exp_ticks *e = k->ctx;
	double t = e->period && i % e->period == e->phase ? e->slow : e->base;
	(void)x;
	return floor(t * (1 + 0.1 * urand()) + 0.5);
}

static void exp_series(uint32_t stride, uint32_t period, uint32_t phase, double base, double slow)
{
	struct exp_ticks e = { period, phase, base, slow };
	struct cs_synth_curve k = { .size = stride, .name = "single", .y_at = exp_tick, .ctx = &e };
	curve(CS_KIND_EXPERIMENTS, &k);
}

/* Both series: stride 1 every line_bytes accesses, stride 8 every
 * line_bytes / 8 (0: no period in either). A 2.5 GHz counter. */
static void exp_single(double line_bytes, double quantum_ns)
{
	cap.exp.has_single = 1;
	cap.exp.ns_per_tick = 0.4;
	cap.exp.quantum_ns = quantum_ns;
	exp_series(1, (uint32_t)line_bytes, 5, 60, 500);
	exp_series(8, (uint32_t)(line_bytes / 8), 3, 60, 500);
}

/* The stride curve over the kernel's strides, through the kind's row:
 * 'base' ns (+-5 %) up to 'from' bytes (exclusive), 'high' ns from there;
 * the first n strides (ALL_STRIDES: every one). */
#define ALL_STRIDES CS_SYNTH_OWN_RULE
struct exp_step {
	double base, from, high;
};

static double exp_step_ns(const struct cs_synth_curve *k, uint32_t i, double s)
{
	const struct exp_step *e = k->ctx;
	(void)i;
	return (s >= e->from ? e->high : e->base) * (1 + 0.05 * urand());
}

static void exp_stride(uint32_t n, double base, double from, double high)
{
	struct exp_step e = { base, from, high };
	struct cs_synth_curve k = { .name = "stride", .count = n, .y_at = exp_step_ns, .ctx = &e };
	curve(CS_KIND_EXPERIMENTS, &k);
}

static void exp_random(double fixed, double rnd)
{
	struct cs_synth_curve k = { .n = 1, .x = &fixed, .y = &rnd, .name = "random" };
	curve(CS_KIND_EXPERIMENTS, &k);
}

static void exp_expect(double line, const char *single_refusal, int flat,
		       double breaks, const char *stride_refusal, int defeated,
		       const char *random_refusal)
{
	exp_.has_exp = 1;
	exp_.line_bytes = line;
	exp_.single_refusal = single_refusal;
	exp_.stride_flat = flat;
	exp_.breaks_at_bytes = breaks;
	exp_.stride_refusal = stride_refusal;
	exp_.random_defeated = defeated;
	exp_.random_refusal = random_refusal;
}

static void staircase(int last_idx, double width, double noise);
static int climbs(void);
static void knees3(void);
static void refusals(int n, ...);
static int tlbs(void);
static int bandwidths(void);

/* Each on the clean three-step sweep, whose own answer is threeSteps'. */
static void exp_begin(const char *label, uint64_t seed)
{
	begin(label, seed);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
}

static int experiments(void)
{
	int rc = 0;

	exp_begin("experiments: 32-byte lines, flat strides, random 3x fixed", 301);
	exp_single(32, 0.4);
	exp_stride(ALL_STRIDES, 20, 1e9, 0);
	exp_random(20, 60);
	exp_expect(32, NULL, 1, -1, NULL, 1, NULL);
	rc |= emit("expLine32");

	exp_begin("experiments: 64-byte lines, strides break at 1 KiB", 302);
	exp_single(64, 0.4);
	exp_stride(ALL_STRIDES, 20, 1024, 80);
	exp_random(20, 80);
	exp_expect(64, NULL, 0, 1024, NULL, 1, NULL);
	rc |= emit("expLine64");

	exp_begin("experiments: 128-byte lines, random no slower than fixed", 303);
	exp_single(128, 0.4);
	exp_stride(ALL_STRIDES, 20, 4096, 200);
	exp_random(20, 22);
	exp_expect(128, NULL, 0, 4096, NULL, 0, NULL);
	rc |= emit("expLine128");

	exp_begin("experiments: no period (prefetch hides every miss), 3 strides", 304);
	exp_single(0, 0.4);
	exp_stride(3, 20, 1e9, 0);
	exp_random(20, 21);
	exp_expect(-1, "no-period", -1, -1, "too-few-strides", 0, NULL);
	rc |= emit("expNoPeriod");

	exp_begin("experiments: a 24 MHz counter cannot see one access", 305);
	exp_single(64, 41.667);
	exp_stride(ALL_STRIDES, 0, 1e9, 0);
	exp_random(0, 0);
	exp_expect(-1, "clock-too-coarse", -1, -1, "clock-too-coarse", -1, "clock-too-coarse");
	rc |= emit("expCoarseClock");
	return rc;
}

/* ---- the TLB (docs/tlb.md) ---- */

/* Published TLBs for 4 KiB pages: an L1 data TLB of l1 entries and, when
 * l2, a unified L2 of l2 (leaf 2's Skylake has 64 and 1536). */
static void tlb_published(uint32_t l1, uint32_t l2)
{
	cap.tlb.has_published = 1;
	strcpy(cap.tlb.published_source, "synthetic");
	cap.tlb.published[cap.tlb.n_published++] = (struct cs_tlb){ 1, CS_CACHE_DATA, 4096, l1, 4 };
	cap.tlb.published[cap.tlb.n_published++] = (struct cs_tlb){ 1, CS_CACHE_INSTRUCTION, 4096, 128, 8 };
	if (l2)
		cap.tlb.published[cap.tlb.n_published++] = (struct cs_tlb){ 2, CS_CACHE_UNIFIED, 4096, l2, 6 };
}

/* A TLB series for P-byte pages up to 'max' pages (0: the kind's bound
 * where none is published), through the kind's row on its grid of page
 * counts, rising in the same log-logistic shoulders as the sweep's: steps
 * centred on page counts 'at' (grid counts), so the curve crosses the
 * geometric mean of two floors exactly there. alias_lines LINES_OWN_RULE:
 * the lines the kind's run takes on the published L1d. */
#define LINES_OWN_RULE CS_SYNTH_OWN_RULE
#define PAGES_UNPUBLISHED 0
struct tlb_steps {
	const double *floors, *at;
	int steps;
	double noise;
};

static double tlb_ns(const struct cs_synth_curve *k, uint32_t i, double pages)
{
	const struct tlb_steps *t = k->ctx;
	/* index in quarter octaves from 4 pages, as grid() is from 4 KiB */
	double x = 4 * log2(pages / 4), lt = log(t->floors[0]);
	(void)i;
	for (int l = 0; l < t->steps; l++) {
		double z = (x - 4 * log2(t->at[l] / 4)) / 4.0 / 0.35;
		lt += (log(t->floors[l + 1]) - log(t->floors[l])) / (1 + exp(-z * 8));
	}
	return exp(lt) * (1 + t->noise * urand());
}

static void tlb_series(uint64_t page, const char *tables, uint32_t alias_lines, uint64_t max,
		       const double *floors, const double *at, int steps, double noise)
{
	struct tlb_steps t = { floors, at, steps, noise };
	char method[160];
	snprintf(method, sizeof method, "synthetic: steps at %g%s%s pages", at[0],
		 steps > 1 ? " and on" : "", "");
	struct cs_synth_curve k = { .size = (double)page, .name = tables, .note = method,
				    .count = alias_lines, .x_max = (double)max, .y_at = tlb_ns, .ctx = &t };
	curve(CS_KIND_TLB, &k);
}

/* A page size not measured where it was: its page tables and why. */
static void tlb_refused(uint64_t page, const char *tables, const char *why)
{
	struct cs_synth_curve k = { .size = (double)page, .refusal_reason = why, .name = tables };
	curve(CS_KIND_TLB, &k);
}

static void tlb_expect(uint64_t page, int n_knees, const double *knees, int n_ref, ...)
{
	va_list ap;
	int i = exp_.n_tlb++;
	exp_.tlb[i].page = page;
	exp_.tlb[i].n_knees = n_knees;
	for (int k = 0; k < n_knees; k++)
		exp_.tlb[i].knees[k] = knees[k];
	va_start(ap, n_ref);
	exp_.tlb[i].n_refusals = n_ref;
	for (int k = 0; k < n_ref; k++)
		exp_.tlb[i].refusals[k] = va_arg(ap, const char *);
	va_end(ap);
}

static void tlb_begin(const char *label, uint64_t seed)
{
	begin(label, seed);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
	exp_.n_translation = -1;
}

/* Two levels and a refused size, one level, no step. */
static int tlbs_levels(void)
{
	static const double f3[] = { 1.2, 2.2, 9.0 };
	static const double f2[] = { 1.2, 2.2 };
	int rc = 0;

	tlb_begin("TLB: two levels, 96 and 1536 entries, and a 1 GiB size refused", 401);
	tlb_published(96, 1536);
	{
		static const double at[] = { 112, 1536 };
		tlb_series(4096, "own", 512, 4 * 1536, f3, at, 2, 0);
		tlb_expect(4096, 2, at, 0);
		tlb_refused(1u << 30, "own", "no 1 GiB pages: CPUID 0x80000001 EDX[26] is clear");
		tlb_expect(1u << 30, 0, NULL, 1, "tlb-not-measured");
	}
	exp_.n_translation = 0;
	rc |= emit("tlbTwoLevels");

	tlb_begin("TLB: one level published and one step", 402);
	tlb_published(96, 0);
	{
		static const double at[] = { 112 };
		tlb_series(4096, "os", 512, 4 * 96, f2, at, 1, 0.01);
		tlb_expect(4096, 1, at, 0);
	}
	exp_.tol = 0.05;
	rc |= emit("tlbOneLevel");

	tlb_begin("TLB: no step at all (every page costs the same)", 403);
	tlb_published(64, 1536);
	{
		static const double flat[] = { 1.2, 1.2, 1.2 };
		static const double at[] = { 80, 1536 };
		tlb_series(4096, "own", 512, 4 * 1536, flat, at, 2, 0);
		tlb_expect(4096, 0, NULL, 1, "fewer-than-two-plateaus");
	}
	rc |= emit("tlbNoStep");
	return rc;
}

/* A TLB step on a data-cache knee, the aliasing knee, nothing published. */
static int tlbs_named(void)
{
	static const double f3[] = { 1.2, 2.2, 9.0 };
	static const double f4[] = { 1.2, 2.2, 5.5, 14.0 };
	int rc = 0;

	/* The data-cache sweep ran on 4 KiB pages; the L1 TLB's reach, 64 x
	 * 4 KiB = 256 KiB, is where the sweep's second knee is: that step is
	 * translation, not the 256 KiB L2. On large pages of our own the
	 * sweep has no step there. */
	tlb_begin("TLB: the L1 TLB's reach sits on the data-cache knee at 256 KiB", 404);
	tlb_published(64, 3072);
	cap.tlb.has_pool_pages = 1;
	cap.tlb.pool_pages = 4096;
	strcpy(cap.tlb.pool_pages_how, "synthetic");
	{
		static const double at[] = { 64, 3072 };
		tlb_series(4096, "own", 512, 4 * 3072, f3, at, 2, 0);
		tlb_expect(4096, 2, at, 0);
		static const double fl[] = { 1.2, 4, 80 };
		static const int cl[] = { 13, 40 };
		cap.tlb.has_large = 1;
		cap.tlb.large_page_bytes = 2u << 20;
		strcpy(cap.tlb.large_page_tables, "own");
		for (int i = 0; i <= LAST_IDX; i++)
			cap.tlb.large[cap.tlb.n_large++] = (struct cs_point){ grid(i), stair(i, fl, cl, 2, 0.35), 1, 250000 };
	}
	exp_.n_translation = 1;
	exp_.translation[0] = 2;
	rc |= emit("tlbOnCacheKnee");

	tlb_begin("TLB: the window's 256 lines alias past 256 pages (a virtually tagged L1)", 405);
	tlb_published(64, 1536);
	cap.tlb.has_pool_pages = 1; /* the data-cache sweep on 2 MiB pages: */
	cap.tlb.pool_pages = 2u << 20; /* 4 KiB reaches are not its steps */
	{
		static const double at[] = { 80, 320, 1536 };
		tlb_series(4096, "os", 256, 4 * 1536, f4, at, 3, 0);
		tlb_expect(4096, 3, at, 1, "alias-knee");
	}
	exp_.n_translation = 0;
	rc |= emit("tlbAlias");

	tlb_begin("TLB: ARM publishes no TLB sizes; measured on the firmware's tables", 406);
	strcpy(cap.arch, "aarch64");
	cap.tlb.has_published = 1;
	cap.tlb.published_null = 1;
	strcpy(cap.tlb.published_reason, "the architecture has no register that gives TLB sizes");
	{
		static const double at[] = { 40, 2048 };
		tlb_series(4096, "firmware", 512, PAGES_UNPUBLISHED, f3, at, 2, 0);
		tlb_expect(4096, 2, at, 1, "knee-unmatched");
	}
	exp_.n_translation = 0;
	rc |= emit("tlbUnpublished");
	return rc;
}

/* Issue 25 item 6: the window's lines against the published L1d (32 KiB).
 * At 512 lines (the old rule: the whole L1d) the sweep's own lines miss
 * the L1 from about 455 pages, a step no TLB publishes, left unmatched; at
 * the lines the kind's run takes now (a quarter of the L1d at most) the same
 * TLBs have no step there. */
static int tlbs_lines(void)
{
	static const double f4[] = { 1.2, 2.2, 3.1, 9.0 };
	static const double f3[] = { 1.2, 2.2, 9.0 };
	int rc = 0;

	tlb_begin("TLB: 512 lines fill the 32 KiB L1d: the data's step at 480 pages", 407);
	tlb_published(64, 1536);
	cap.tlb.has_pool_pages = 1; /* the data-cache sweep on 2 MiB pages */
	cap.tlb.pool_pages = 2u << 20;
	{
		static const double at[] = { 64, 480, 1536 };
		tlb_series(4096, "os", 512, 4 * 1536, f4, at, 3, 0);
		tlb_expect(4096, 3, at, 1, "knee-unmatched");
	}
	exp_.n_translation = 0;
	rc |= emit("tlbLinesFillL1d");

	tlb_begin("TLB: lines bounded to a share of the 32 KiB L1d: translation only", 408);
	tlb_published(64, 1536);
	cap.tlb.has_pool_pages = 1; /* the data-cache sweep on 2 MiB pages */
	cap.tlb.pool_pages = 2u << 20;
	{
		static const double at[] = { 64, 1536 };
		tlb_series(4096, "os", LINES_OWN_RULE, 4 * 1536, f3, at, 2, 0);
		tlb_expect(4096, 2, at, 0);
	}
	exp_.n_translation = 0;
	rc |= emit("tlbLinesBounded");
	return rc;
}

/* ---- the core clock (docs/clock.md) ---- */

static void repeated(unsigned moved, int shift); /* the repeats' below */

/* A core clock of hz on every reading of the sweep's points (the
 * staircase's), before and after; a bare-metal run with nothing counted. */
static void clock_steady(double hz)
{
	struct cs_core_clock *k = &cap.cclock;
	cs_core_clock_init(k);
	k->present = 1;
	k->adds = CS_ARCH_CHAIN_ADDS;
	k->runs = 3;
	k->reading_ns = CS_ARCH_CHAIN_ADDS / hz * 1e9;
	strcpy(k->cc_name, "aperf");
	strcpy(k->cc_why, "synthetic");
	k->irq_masked = 1;
	k->smi_countable = 1;
	strcpy(k->smi_why, "synthetic: MSR_SMI_COUNT");
	strcpy(k->os_why, "synthetic: no operating system");
	k->hypervisor = 0;
	cap.vm = 0;
	/* the sweep's readings, through the kind's row */
	static double block_hz[CS_MAX_SWEEP_POINTS];
	for (uint32_t i = 0; i < cap.n_points; i++)
		block_hz[i] = hz * (1 + 0.002 * urand());
	struct cs_synth_curve q = { .size = hz, .n = cap.n_points, .y = block_hz, .name = "sweep",
				    .rate = hz * 1.001 };
	curve(CS_KIND_CLOCK, &q);
}

static void clock_expect(int is_reference, int n, ...)
{
	va_list ap;
	exp_.clock_is_reference = is_reference;
	exp_.n_clock = n;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		exp_.clock[i] = va_arg(ap, const char *);
	va_end(ap);
}

/* On five repeats that agree, so that the clock alone decides: a steady
 * clock (a reference), one that drifts mid-sweep (refused
 * clock-drift: no cycles), and an SMI storm (not a reference). */
static int clocks(void)
{
	int rc = 0;

	begin("core clock: 3 GHz on every reading, nothing counted: a reference", 501);
	repeated(0, 0); /* five repeats that agree: only the clock decides */
	knees3();
	refusals(0);
	clock_steady(3e9);
	clock_expect(1, 0);
	rc |= emit("clockSteady");

	begin("core clock: 3 GHz, then 2.4 GHz for the last third of the sweep (drift)", 502);
	repeated(0, 0); /* five repeats that agree: only the clock decides */
	knees3();
	refusals(0);
	clock_steady(3e9);
	for (uint32_t i = cap.cclock.n_blocks * 2 / 3; i < cap.cclock.n_blocks; i++)
		cap.cclock.block_hz[i] = 2.4e9;
	cap.cclock.kinds[0].hz[1] = 2.4e9;
	clock_expect(0, 1, "clock-drift");
	rc |= emit("clockDrift");

	begin("core clock: steady, but 40 SMIs during the sweep (an SMI storm)", 503);
	repeated(0, 0); /* five repeats that agree: only the clock decides */
	knees3();
	refusals(0);
	clock_steady(3e9);
	cap.cclock.kinds[0].smi = 40;
	clock_expect(0, 1, "smi");
	rc |= emit("clockSmiStorm");
	return rc;
}

static int tlbs(void)
{
	int rc = tlbs_levels();
	rc |= tlbs_named();
	rc |= tlbs_lines();
	return rc;
}

/* Three steps and a fourth past the L3 (grid 56, 64 MiB): unmatched. */
static void memory_step(void)
{
	static const double f4[] = { 1.2, 4, 12, 80, 140 };
	static const int c4[] = { 13, 24, 40, 56 };
	for (int i = 0; i <= 72; i++)
		add_point(grid(i), stair(i, f4, c4, 4, 0.35));
	exp_.has_knees = 1;
	exp_.n_knees = 4;
	for (int l = 0; l < 4; l++)
		exp_.knees[l] = grid(c4[l]);
	refusals(1, "knee-unmatched");
}

/* The summary's extra level explained, and an emulator (docs/summary.md
 * s.2b, s.2c). */
static int summaries(void)
{
	int rc = 0;
	begin("a fourth step past the L3 at a published TLB's reach: explained", 7);
	memory_step();
	/* the sweep on 2 MiB pages, whose L1 data TLB (32 entries, as Skylake's)
	 * reaches 64 MiB: the fourth knee (grid 56) */
	cap.tlb.has_published = 1;
	strcpy(cap.tlb.published_source, "synthetic");
	cap.tlb.published[cap.tlb.n_published++] = (struct cs_tlb){ 1, CS_CACHE_DATA, 2u << 20, 32, 4 };
	cap.tlb.has_pool_pages = 1;
	cap.tlb.pool_pages = 2u << 20;
	strcpy(cap.tlb.pool_pages_how, "synthetic");
	summary_rows(4, CS_V_AS_CLAIMED, -1, -1, CS_V_AS_CLAIMED, -1, -1, CS_V_SMALLER, -1, -1,
		     CS_V_UNMATCHED, -1, 1);
	rc |= emit("summaryTlbReach");

	begin("three clean steps under an emulator (a cpu member naming QEMU TCG)", 1);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
	exp_.emulator = "QEMU TCG";
	summary_rows(3, CS_V_EMULATED, -1, -1, CS_V_EMULATED, -1, -1, CS_V_EMULATED, -1, -1);
	rc |= emit("summaryEmulated");
	return rc;
}

static int with_answers(void)
{
	int rc = 0;

	/* --- curves with an answer --- */
	begin("three clean steps: L1, L2, L3 and memory", 1);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
	rc |= emit("threeSteps");

	begin("three steps with 3 % multiplicative noise", 2);
	staircase(LAST_IDX, 0.35, 0.03);
	knees3();
	exp_.tol = 0.10;
	refusals(0);
	rc |= emit("noisySteps");

	/* Shoulders this wide never quite reach the floors inside a plateau,
	 * so the measured floors (and their mean) sit off the nominal ones:
	 * the knees move by up to ~7 %, which the tolerance admits. */
	begin("three steps with wide shoulders (an octave each side)", 3);
	staircase(LAST_IDX, 1.0, 0);
	knees3();
	exp_.tol = 0.08;
	refusals(0);
	rc |= emit("wideShoulders");

	begin("three steps, points written in a shuffled order", 4);
	staircase(LAST_IDX, 0.35, 0);
	for (uint32_t i = cap.n_points - 1; i > 0; i--) {
		uint32_t j = (uint32_t)((urand() + 1) / 2 * (i + 1)) % (i + 1);
		struct cs_point t = cap.points[i];
		cap.points[i] = cap.points[j];
		cap.points[j] = t;
	}
	knees3();
	refusals(0);
	rc |= emit("shuffledPoints");

	begin("sizes off any grid (random steps of 1.1x to 1.3x)", 5);
	{
		double idx = 0;
		while (idx <= LAST_IDX) {
			add_point(floor(4096 * pow(2, idx / 4) / 8) * 8, stair(idx, floors3, centres3, 3, 0.35));
			idx += 4 * log2(1.2 + 0.1 * urand());
		}
	}
	knees3();
	exp_.tol = 0.10; /* the knee is interpolated between irregular sizes */
	refusals(0);
	rc |= emit("irregularSizes");

	begin("sweep stops at 2 MiB, short of the published 8 MiB L3", 6);
	staircase(36, 0.35, 0);
	exp_.has_knees = 1;
	exp_.n_knees = 3;
	exp_.knees[0] = grid(centres3[0]);
	exp_.knees[1] = grid(centres3[1]);
	exp_.knees[2] = -1;
	refusals(1, "knee-missing");
	rc |= emit("sweepShortOfL3");

	begin("a fourth step past the L3 (TLB reach): unmatched, not a cache", 7);
	memory_step();
	/* summary.md s.2b: nothing in the capture explains the fourth level */
	summary_rows(4, CS_V_AS_CLAIMED, -1, -1, CS_V_AS_CLAIMED, -1, -1, CS_V_SMALLER, -1, -1,
		     CS_V_UNMATCHED, -1, 0);
	rc |= emit("memoryStep");


	return rc;
}

static int without_answers(void)
{
	int rc = 0;

	/* --- six curves built to have no answer --- */
	begin("flat: every size costs the same", 8);
	for (int i = 0; i <= LAST_IDX; i++)
		add_point(grid(i), 5.0);
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	refusals(1, "fewer-than-two-plateaus");
	rc |= emit("flat");

	begin("white noise: costs uniform in 2..20 ns, no structure", 9);
	for (int i = 0; i <= LAST_IDX; i++)
		add_point(grid(i), 11 + 9 * urand());
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	/* uniform over 10x: some points stand over 4x off both neighbours
	 * (docs/reduction.md s.1, CS_OUTLIER_FACTOR) */
	refusals(2, "fewer-than-two-plateaus", "outlier");
	rc |= emit("whiteNoise");

	begin("steep climb: 1.5x per octave, no plateau at all", 10);
	for (int i = 0; i <= LAST_IDX; i++)
		add_point(grid(i), 1.0 * pow(1.5, i / 4.0));
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	refusals(1, "fewer-than-two-plateaus");
	rc |= emit("steepClimb");

	/* one step of 1.3x: two plateaus, too close to be two levels (two
	 * such steps would compound to 1.69x and rightly make a second level) */
	begin("a step of 1.3x: two plateaus too close to be two levels", 11);
	{
		static const double fs[] = { 4, 5.2 };
		static const int cs[] = { 24 };
		for (int i = 0; i <= LAST_IDX; i++)
			add_point(grid(i), stair(i, fs, cs, 1, 0.2));
	}
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	refusals(1, "fewer-than-two-plateaus");
	rc |= emit("shallowSteps");

	begin("most blocks shorter than 100 clock quanta", 12);
	staircase(LAST_IDX, 0.35, 0);
	cap.clock.quantum_ns = 1000; /* 100 quanta = 100 us; 2/3 of blocks are 40 us */
	for (uint32_t i = 0; i < cap.n_points; i++)
		if (i % 3)
			cap.points[i].block_ns = 40000;
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	refusals(1, "block-length");
	rc |= emit("shortBlocks");

	begin("a 5 us clamp on a clock that moves every 100 us", 13);
	staircase(LAST_IDX, 0.35, 0);
	cap.clock.has_clamp = 1;
	cap.clock.clamp_ns = 5000;
	cap.clock.quantum_ns = 100000;
	for (uint32_t i = 0; i < cap.n_points; i++)
		cap.points[i].block_ns = 2e7;
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	refusals(1, "clock-unusable");
	rc |= emit("clampUnusable");

	return rc;
}

static int adjacency_rows(void)
{
	int rc = 0;

	/* --- adjacency: the fit can say 32, 64 and 128, and refuse --- */
	static const double g[] = { 32, 64, 128 };
	static const char *const gname[] = { "adjacency32", "adjacency64", "adjacency128" };
	for (int k = 0; k < 3; k++) {
		char label[96];
		snprintf(label, sizeof label, "adjacency ramp to %g bytes between the first and second knees", g[k]);
		begin(label, 20 + (uint64_t)k);
		staircase(LAST_IDX, 0.35, 0);
		knees3();
		refusals(0);
		adjacency(CS_PLACE_MIDDLE, 65536, 8, 6.4 / g[k], g[k], 0.01);
		granules(1, g[k]);
		rc |= emit(gname[k]);
	}

	begin("granuleRamp: a climb of 0.05 ns a byte that never turns over", 30);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	adjacency(CS_PLACE_MIDDLE, 65536, 8, 0.05, 1e9, 0);
	refusals(1, "granule-at-ruler-end");
	granules(1, -1.0);
	rc |= emit("granuleRamp");

	begin("a ramp to 256 bytes: on this ruler the same numbers as granuleRamp", 31);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	adjacency(CS_PLACE_MIDDLE, 65536, 8, 0.05, 256, 0.002);
	refusals(1, "granule-at-ruler-end");
	granules(1, -1.0);
	rc |= emit("adjacency256");

	return rc;
}

/* Placements refused, by the fit or before measuring. */
static int adjacency_refusals(void)
{
	int rc = 0;

	/* exactly flat: every candidate fits perfectly, the tie goes to the
	 * smallest distance (s.5), and its zero slope is refused */
	begin("the control inside the first level: nothing fetched, a flat series", 32);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	adjacency(CS_PLACE_FIRST, 8192, 2.4, 0, 64, 0);
	refusals(1, "ramp-too-small");
	granules(1, -1.0);
	rc |= emit("controlFirst");

	begin("a real 64-byte ramp placed so its doubled footprint crosses an edge", 33);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	/* the middle level spans ~64 KiB .. ~181 KiB: F 128 KiB, 2F 256 KiB */
	adjacency(CS_PLACE_MIDDLE, 131072, 8, 0.1, 64, 0.01);
	refusals(1, "placement-crosses-edge");
	granules(1, -1.0);
	rc |= emit("placementCrossesEdge");

	/* refused where it was measured: the producer found no legal
	 * footprint, wrote no points, and its reason travels with the capture */
	begin("a placement refused live: no legal footprint in the memory there was", 35);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	adjacency(CS_PLACE_MIDDLE, 65536, 8, 0.1, 64, 0.01);
	adjacency_curve(CS_PLACE_LAST, 0, NULL, 0, "placement-crosses-edge",
			"no footprint F with F and 2F inside level 4's extent "
			"[4.75 MiB, unbounded] within the memory available (8 MiB)");
	refusals(1, "placement-crosses-edge");
	granules(2, 64.0, -1.0);
	rc |= emit("liveRefusal");

	begin("three placements: control refused, middle 64, last 128", 34);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	adjacency(CS_PLACE_FIRST, 8192, 2.4, 0, 64, 0);
	adjacency(CS_PLACE_MIDDLE, 65536, 8, 0.1, 64, 0.01);
	adjacency(CS_PLACE_LAST, 32 << 20, 80, 0.5, 128, 0.01);
	refusals(1, "ramp-too-small");
	granules(3, -1.0, 64.0, 128.0);
	rc |= emit("threePlacements");
	rc |= experiments();
	rc |= tlbs();
	rc |= clocks();
	return rc;
}

/* ---- smooth climbs (reduction.md s.9) ---- */

/* One published data level of 'size' bytes (level 1) in place of the
 * typical hierarchy: for curves whose answer is one knee. */
static void publish_one(uint64_t size)
{
	static const struct cs_cache one = { 1, CS_CACHE_DATA, 0, 64 };
	cap.caches[0] = one;
	cap.caches[0].size_bytes = size;
	cap.n_caches = 1;
}

/* A climb of 'rate' per octave from 1 ns at 4 KiB, 'per' sizes per octave
 * up to 128 MiB. */
static void climb(double rate, int per)
{
	for (int i = 0; i <= 15 * per; i++)
		add_point(floor(4096.0 * pow(2, (double)i / per) / 64 + 0.5) * 64,
			  pow(rate, (double)i / per));
}

static void no_knees(void)
{
	exp_.has_knees = 1;
	exp_.n_knees = 0;
}

static int climbs_pure(void)
{
	int rc = 0;
	begin("a climb of 1.03x per octave: one level, no cache", 40);
	climb(1.03, 4);
	no_knees();
	refusals(1, "fewer-than-two-plateaus"); /* s.3 makes one level: no boundary */
	rc |= emit("climb103");

	begin("a climb of 1.28x per octave: no plateau forms, no cache", 41);
	climb(1.28, 4);
	no_knees();
	refusals(1, "fewer-than-two-plateaus");
	rc |= emit("climb128");

	begin("a climb of 1.12x per octave on a grid of 2 sizes per octave", 42);
	climb(1.12, 2);
	no_knees();
	refusals(2, "smooth-climb", "fewer-than-two-plateaus");
	rc |= emit("climbGrid2");

	begin("a climb of 1.12x per octave on a grid of 8 sizes per octave", 43);
	climb(1.12, 8);
	no_knees();
	refusals(2, "smooth-climb", "fewer-than-two-plateaus");
	rc |= emit("climbGrid8");
	return rc;
}

static int climbs(void)
{
	int rc = climbs_pure();

	/* L1 1.2 ns to 32 KiB, then a climb of 1.15x per octave from 4 ns */
	begin("a real L1 step, then a climb of 1.15x per octave: L1 kept, the climb refused", 44);
	{
		static const double f[] = { 1.2, 4 };
		static const int c[] = { 13 };
		for (int i = 0; i <= LAST_IDX; i++)
			add_point(grid(i), stair(i, f, c, 1, 0.35) * pow(1.15, fmax(0, i - 16) / 4.0));
	}
	publish_one(32768);
	exp_.has_knees = 1;
	exp_.n_knees = 1;
	exp_.knees[0] = grid(13);
	exp_.tol = 0.05;
	refusals(1, "smooth-climb");
	rc |= emit("l1ThenClimb");

	/* the standard staircase to 512 MiB, memory climbing 1.15x per octave
	 * from 8 MiB, as nested paging makes it in a virtual machine */
	begin("three steps, then memory climbing 1.15x per octave (a VM): three knees, the climb refused", 45);
	for (int i = 0; i <= 72; i++)
		add_point(grid(i), stair(i, floors3, centres3, 3, 0.35) * pow(1.15, fmax(0, i - 44) / 4.0));
	knees3();
	refusals(1, "smooth-climb");
	rc |= emit("vmMemoryClimb");

	/* lmbench on ChromeOS: a 1.23x step between levels climbing 1.036x
	 * per octave; the step is ~6 octaves of that climb: a step (s.9) */
	begin("a 1.23x step between levels that climb 1.036x per octave: a step, not a climb", 46);
	for (int i = 0; i <= LAST_IDX; i++)
		add_point(grid(i), 4 * pow(1.036, i / 4.0) * (i > 20 ? 1.23 : 1));
	publish_one(131072);
	exp_.has_knees = 1;
	exp_.n_knees = 1;
	exp_.knees[0] = grid(20);
	exp_.tol = 0.05;
	refusals(0);
	rc |= emit("nearMissStep");
	return rc;
}

/* s.5: a 64-byte ramp with one point 1.15x its neighbours at a distance
 * that is no power of two: granule 64 or a refusal, never the spike. */
static int adjacency_spikes(void)
{
	int rc = 0;
	static const double at[] = { 96, 48 };
	static const char *const name[] = { "adjacencySpike96", "adjacencySpike48" };
	for (int k = 0; k < 2; k++) {
		char label[96];
		snprintf(label, sizeof label, "a 64-byte ramp with a 1.15x spike at %g bytes: 64, never %g",
			 at[k], at[k]);
		begin(label, 50 + (uint64_t)k);
		staircase(LAST_IDX, 0.35, 0);
		knees3();
		double ns[RULER_N];
		ramp(ns, 8, 0.1, 64, 0);
		for (uint32_t i = 0; i < RULER_N; i++)
			if (ruler[i] == at[k])
				ns[i] *= 1.15;
		adjacency_curve(CS_PLACE_MIDDLE, 65536, ns, RULER_N, NULL, NULL);
		refusals(0);
		granules(1, 64.0);
		rc |= emit(name[k]);
	}
	return rc;
}

/* The catalogue, in order (each row draws from the one seeded generator,
 * so the order is part of what reproduces byte for byte). */
/* ---- the sweep's repeats (docs/repeats.md) ---- */

#define REPEATS 5 /* as a reference needs (rules_repeat.h CS_REF_MIN_REPEATS) */

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The standard staircase REPEATS times, 1 % noise each; in the repeats
 * whose bit is set in 'moved' the L2 step sits 'shift' grid sizes up.
 * Each point's ns is the median of its repeats, as sweep_run.c makes it. */
static void repeated(unsigned moved, int shift)
{
	static const double floors[] = { 1.2, 4, 12, 80 };
	for (int i = 0; i <= LAST_IDX; i++) {
		double v[REPEATS];
		add_point(grid(i), 0);
		for (int r = 0; r < REPEATS; r++) {
			int c[3] = { centres3[0], centres3[1], centres3[2] };
			if (moved >> r & 1)
				c[1] += shift;
			v[r] = stair(i, floors, c, 3, 0.35) * (1 + 0.01 * urand());
			cap.rep.ns[i][r] = v[r];
		}
		qsort(v, REPEATS, sizeof v[0], by_value);
		cap.points[i].ns = v[REPEATS / 2];
	}
	cap.rep.n = REPEATS;
}

/* Repeats that agree (every knee within a grid step: knee-spread holds),
 * repeats that do not (one repeat's L2 knee two steps up: the median curve
 * keeps its knees, the spread fails), and repeats that agree with each
 * other and not with the first (L2 three steps up in every repeat, the
 * difference `cacheshape compare` must call beyond noise). */
static int repeats(void)
{
	int rc = 0;
	begin("five repeats of three steps that agree (1 % noise each)", 31);
	repeated(0, 0);
	knees3();
	exp_.tol = 0.05;
	refusals(0);
	rc |= emit("repeatsAgree");

	begin("five repeats of three steps, the fourth's L2 step two grid sizes up", 32);
	repeated(1u << 3, 2);
	knees3();
	exp_.tol = 0.05;
	refusals(0);
	rc |= emit("repeatsDisagree");

	begin("five repeats that agree, every L2 step three grid sizes up", 33);
	repeated(0x1f, 3);
	knees3();
	exp_.knees[1] = grid(centres3[1] + 3);
	exp_.tol = 0.05;
	refusals(0);
	rc |= emit("repeatsMoved");

	/* issue 39 and 41: one wild repeat of five (the third, 5x slower
	 * throughout: another program ran) must not widen a spread, and the
	 * knee and floor reported are drawn from the others, within their
	 * spread (docs/repeats.md s.2, s.3). The point's ns stays the median
	 * of its five, as sweep_run.c makes it. */
	begin("five repeats, the third 5x slower throughout: a wild repeat the spreads leave out", 34);
	repeated(0, 0);
	for (int i = 0; i <= LAST_IDX; i++) {
		double v[REPEATS];
		cap.rep.ns[i][2] *= 5;
		for (int r = 0; r < REPEATS; r++)
			v[r] = cap.rep.ns[i][r];
		qsort(v, REPEATS, sizeof v[0], by_value);
		cap.points[i].ns = v[REPEATS / 2];
	}
	knees3();
	exp_.tol = 0.05;
	refusals(0);
	rc |= emit("repeatsSpreadHoldsKnee");
	return rc;
}

/* issue 39: one point of the three steps 500x its neighbours (another
 * program ran while it was timed): an outlier (docs/reduction.md s.1),
 * kept in the capture, left out of the fit with a note; the knees are the
 * clean staircase's, and no picture's axis reaches it. */
static int outliers(void)
{
	begin("three steps, one point in L3 500x its neighbours: an outlier left out", 35);
	staircase(LAST_IDX, 0.35, 0);
	cap.points[32].ns *= 500;
	knees3();
	refusals(1, "outlier");
	return emit("outlierPoint");
}

/* ---- bandwidth (docs/bandwidth.md s.8) ---- */

/* A series of op on 'threads' processors over the sweep's grid to
 * last_idx: ns per byte in the same log-logistic shoulders as the sweep's,
 * levels of gbps[0..steps] GB/s (1 GB = 1e9 B: ns per byte is 1 / GB/s),
 * steps centred on grid indices at[]: the knees are grid(at[l]). */
/* The bandwidth's operations, as the kind names them (docs/capture.md) */
#define BW_READ "read"
#define BW_WRITE "write"
#define BW_COPY "copy"
#define BW_NT_WRITE "nt_write"

static void bw_series(const char *op, uint32_t threads, const double *gbps, const int *at,
		      int steps, int last_idx)
{
	static double bytes[LAST_IDX + 1], ns[LAST_IDX + 1];
	double f[6];
	if (last_idx > LAST_IDX) {
		fprintf(stderr, "gen_synthetic: a bandwidth series past the grid's %d\n", LAST_IDX);
		exit(1);
	}
	for (int l = 0; l <= steps; l++)
		f[l] = 1.0 / gbps[l];
	for (int i = 0; i <= last_idx; i++) {
		/* a copy's footprint is its two buffers: its steps come at half
		 * the buffer size, four grid sizes down (docs/bandwidth.md s.2) */
		int shift = strcmp(op, BW_COPY) == 0 ? 4 : 0;
		bytes[i] = grid(i);
		ns[i] = steps ? stair(i + shift, f, at, steps, 0.35) : f[0];
	}
	/* through the kind's row */
	struct cs_synth_curve k = { .n = (uint32_t)last_idx + 1, .x = bytes, .y = ns, .name = op,
				    .count = threads };
	curve(CS_KIND_BANDWIDTH, &k);
}

static void bw_refused(const char *op, const char *why)
{
	struct cs_synth_curve k = { .refusal_reason = why, .name = op, .count = 1 };
	curve(CS_KIND_BANDWIDTH, &k);
}

static void bw_expect(const char *op, uint32_t threads, int n_gbps, const double *gbps,
		      int n_knees, const double *knees, int n_ref, ...)
{
	va_list ap;
	int i = exp_.n_bw++;
	exp_.bw[i].op = op;
	exp_.bw[i].threads = threads;
	exp_.bw[i].n_gbps = n_gbps;
	for (int k = 0; k < n_gbps; k++)
		exp_.bw[i].gbps[k] = gbps[k];
	exp_.bw[i].n_knees = n_knees;
	for (int k = 0; k < n_knees; k++)
		exp_.bw[i].knees[k] = knees[k];
	va_start(ap, n_ref);
	exp_.bw[i].n_refusals = n_ref;
	for (int k = 0; k < n_ref; k++)
		exp_.bw[i].refusals[k] = va_arg(ap, const char *);
	va_end(ap);
}

/* The chase at 'bytes' with 1, 2, 4, 8 and 16 chains: latency lat, the
 * chains overlapping fully up to 'sat' of them (ns per load lat / min(N,
 * sat)): MLP saturates at sat (CS_MLP_GAIN_MIN is passed at every
 * doubling below it); sat 32 never saturates on these counts. */
static void mlp_size(double bytes, double lat, int sat)
{
	double chains[5], ns[5];
	uint32_t m = 0;
	for (uint32_t n = 1; n <= 16; n *= 2, m++) {
		chains[m] = n;
		ns[m] = lat / (n < (uint32_t)sat ? n : (uint32_t)sat);
	}
	/* through the kind's row */
	struct cs_synth_curve k = { .size = bytes, .n = m, .x = chains, .y = ns, .name = "mlp" };
	curve(CS_KIND_BANDWIDTH, &k);
	exp_.sat[exp_.n_sat++] = sat <= 16 ? sat : -1;
}

static void witness(int n, ...)
{
	va_list ap;
	va_start(ap, n);
	exp_.n_witness = n;
	for (int i = 0; i < n; i++)
		exp_.witness[i] = va_arg(ap, const char *);
	va_end(ap);
}

/* Read on one processor 200, 100, 50 and 15 GB/s, knees where the sweep's
 * are (grid 13, 24, 40); write, copy; the misses in flight inside each
 * level of the sweep (the latencies are its floors). */
static const double read4[] = { 200, 100, 50, 15 };

static void bw_mlp4(int mem_sat)
{
	mlp_size(grid(4), 1.2, 2);
	mlp_size(grid(18), 4, 4);
	mlp_size(grid(32), 12, 8);
	mlp_size(grid(56), 80, mem_sat);
}

static int bw_three(void)
{
	static const double write4[] = { 100, 50, 30, 10 }, copy4[] = { 120, 60, 35, 12 };
	static const double all4[] = { 1600, 800, 150, 40 }, nt[] = { 12 };
	double k3[3];
	int rc;

	begin("bandwidth: three levels seen by both witnesses", 501);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
	for (int l = 0; l < 3; l++)
		k3[l] = grid(centres3[l]);
	strcpy(cap.bw.vector_note, "synthetic: no vector state");
	bw_series(BW_READ, 1, read4, centres3, 3, LAST_IDX);
	bw_series(BW_WRITE, 1, write4, centres3, 3, LAST_IDX);
	bw_series(BW_COPY, 1, copy4, centres3, 3, LAST_IDX);
	bw_series(BW_NT_WRITE, 1, nt, centres3, 0, LAST_IDX);
	bw_series(BW_READ, 8, all4, centres3, 3, LAST_IDX);
	bw_expect(BW_READ, 1, 4, read4, 3, k3, 0);
	bw_expect(BW_WRITE, 1, 4, write4, 3, k3, 0);
	bw_expect(BW_COPY, 1, 4, copy4, 3, k3, 0);
	bw_expect(BW_NT_WRITE, 1, 1, nt, 0, NULL, 1, "fewer-than-two-plateaus");
	bw_expect(BW_READ, 8, 4, all4, 3, k3, 0);
	bw_mlp4(32);
	witness(3, "agree", "agree", "agree");
	/* summary.md s.2a: both witnesses at 38 KiB, 256 KiB, 4.76 MiB: L3 held 0.59 of 8 MiB */
	summary_rows(3, CS_V_AS_CLAIMED, 1, -1, CS_V_AS_CLAIMED, 1, -1, CS_V_SMALLER, 1, -1);
	rc = emit("bwThreeLevels");
	return rc;
}

/* The sweep sees L1 and L2 and then memory (no L3 step: an exclusive or
 * victim L3 the chase walks through); the read bandwidth sees all three. */
static int bw_only(void)
{
	static const double f2[] = { 1.2, 4, 80 };
	static const int c2[] = { 13, 24 };
	double k3[3], lk[3] = { grid(13), grid(24), -1 };

	begin("bandwidth: a level only the bandwidth sees", 502);
	for (int i = 0; i <= LAST_IDX; i++)
		add_point(grid(i), stair(i, f2, c2, 2, 0.35));
	exp_.has_knees = 1;
	exp_.n_knees = 3;
	memcpy(exp_.knees, lk, sizeof lk);
	refusals(1, "knee-missing");
	for (int l = 0; l < 3; l++)
		k3[l] = grid(centres3[l]);
	bw_series(BW_READ, 1, read4, centres3, 3, LAST_IDX);
	bw_refused(BW_NT_WRITE, "synthetic: no non-temporal store here");
	bw_expect(BW_READ, 1, 4, read4, 3, k3, 0);
	bw_expect(BW_NT_WRITE, 1, 0, NULL, 0, NULL, 1, "bw-not-measured");
	mlp_size(grid(4), 1.2, 2); /* inside the sweep's two levels and memory */
	mlp_size(grid(18), 4, 4);
	mlp_size(grid(56), 80, 8);
	witness(3, "agree", "agree", "bandwidth only");
	/* summary.md s.2a: L3 has one witness, the read's 4.76 MiB (0.59 of 8 MiB) */
	summary_rows(3, CS_V_AS_CLAIMED, 1, -1, CS_V_AS_CLAIMED, 1, -1, CS_V_SMALLER, -1, -1);
	return emit("bwOnlyLevel");
}

/* A read bandwidth the same at every size: no level, and every published
 * level is the latency's alone. */
static int bw_flat(void)
{
	static const double flat[] = { 20 };

	begin("bandwidth: a flat read curve (every size streams at 20 GB/s)", 503);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
	bw_series(BW_READ, 1, flat, centres3, 0, LAST_IDX);
	bw_expect(BW_READ, 1, 1, flat, 0, NULL, 1, "fewer-than-two-plateaus");
	cap.bw.mlp_present = 1;
	cap.bw.mlp_null = 1;
	strcpy(cap.bw.mlp_why, "synthetic: the chase was not run");
	witness(3, "latency only", "latency only", "latency only");
	return emit("bwFlat");
}

/* The read bandwidth's L2 and L3 knees far below the latency's (grid 16
 * and 33 against 24 and 40: 2x and 3.4x), each still paired with its
 * published level (s.4 v2 admits P/8 .. 2P): the witnesses disagree. */
static int bw_disagree(void)
{
	static const int at[] = { 13, 20, 33 };
	double k3[3];

	begin("bandwidth: read knees that disagree with the latency knees", 504);
	staircase(LAST_IDX, 0.35, 0);
	knees3();
	refusals(0);
	for (int l = 0; l < 3; l++)
		k3[l] = grid(at[l]);
	bw_series(BW_READ, 1, read4, at, 3, LAST_IDX);
	bw_expect(BW_READ, 1, 4, read4, 3, k3, 0);
	bw_mlp4(8);
	witness(3, "agree", "disagree", "disagree");
	/* summary.md s.2a: L2's 256 KiB and 128 KiB straddle the claim's band: as
	 * claimed no further than both allow; L3's 4.76 and 1.25 MiB both below it */
	summary_rows(3, CS_V_AS_CLAIMED, 1, -1, CS_V_AS_CLAIMED, 0, -1, CS_V_SMALLER, 0, -1);
	return emit("bwDisagree");
}

static int bandwidths(void)
{
	int rc = bw_three();
	rc |= bw_only();
	rc |= bw_flat();
	rc |= bw_disagree();
	return rc;
}

/* ---- the geometry (docs/geometry.md s.7): tables from a cache model
 * (tests/geom_model.h), each level's ways and sets known from it ---- */

static void geom_expect(uint32_t level, uint32_t ways, uint64_t sets, const char *refusal)
{
	int i = exp_.n_geom++;
	exp_.geom[i].level = level;
	exp_.geom[i].ways = ways;
	exp_.geom[i].sets = sets;
	exp_.geom[i].refusal = refusal;
}

/* The model's hierarchy as published caches, its sweep and its table. */
static void geom_capture(const char *label, uint64_t seed, const struct gm_cache *c)
{
	begin(label, seed);
	gm_sweep(c, &cap, 256.0 * 1024 * 1024);
	gm_publish(c, &cap.geom);
	gm_table(c, &cap.geom, 16u << 20, 64);
	strcpy(cap.geom.memory_how, "a cache model (tests/geom_model.h), not memory");
}

static int geometries(void)
{
	/* L1 32 KiB 8-way, L2 512 KiB 8-way (1024 sets), L3 8 MiB 16-way */
	const struct gm_cache base = { 64, 3, { { 8, 64, 1.2, 0, 0 }, { 8, 1024, 4.0, 0, 0 },
						{ 16, 8192, 15, 0, 0 } }, 90, 0, 7 };
	struct gm_cache c = base;
	int rc = 0;
	geom_capture("geometry: L1 8 ways x 64 sets, L2 8 x 1024, L3 16 x 8192", 201, &c);
	geom_expect(1, 8, 64, NULL), geom_expect(2, 8, 1024, NULL), geom_expect(3, 16, 8192, NULL);
	rc |= emit("geomL1Ways8");
	c.lv[0] = (struct gm_level){ 12, 64, 1.2, 0, 0 }; /* 48 KiB 12-way */
	geom_capture("geometry: L1 12 ways x 64 sets, L2 8 x 1024 (its ways hidden by L1's)", 202, &c);
	geom_expect(1, 12, 64, NULL), geom_expect(2, 0, 0, "geometry-masked"), geom_expect(3, 16, 8192, NULL);
	rc |= emit("geomL1Ways12");
	c = base;
	c.lv[2].hashed = 1;
	geom_capture("geometry: a hashed L3 (no clean step at any stride)", 203, &c);
	geom_expect(2, 8, 1024, NULL), geom_expect(3, 0, 0, "index-hashed");
	rc |= emit("geomHashedL3");
	c = base;
	c.lv[0].random = 1;
	geom_capture("geometry: an L1 of random replacement (soft steps)", 204, &c);
	geom_expect(1, 8, 64, NULL);
	rc |= emit("geomRandomL1");
	c = base;
	c.noise = 0.05;
	geom_capture("geometry: +-5 % noise on every point", 205, &c);
	geom_expect(1, 8, 64, NULL), geom_expect(2, 8, 1024, NULL), geom_expect(3, 16, 8192, NULL);
	rc |= emit("geomNoisy");
	c = base;
	geom_capture("geometry: on one 2 MiB huge page, L3 out of reach", 206, &c);
	strcpy(cap.geom.memory, "huge-page");
	cap.geom.span_bytes = 2u << 20;
	cap.geom.region_bytes = 2u << 20;
	for (uint32_t i = 0; i < cap.geom.n_strides; i++) { /* what one page holds */
		uint64_t k = ((2u << 20) - 64) / cap.geom.strides[i].stride_bytes + 1;
		if (k < cap.geom.strides[i].n)
			cap.geom.strides[i].n = (uint32_t)k;
	}
	while (cap.geom.n_strides && cap.geom.strides[cap.geom.n_strides - 1].n < 2)
		cap.geom.n_strides--;
	geom_expect(1, 8, 64, NULL), geom_expect(2, 8, 1024, NULL), geom_expect(3, 0, 0, "geometry-no-physical");
	rc |= emit("geomHugePage");
	return rc;
}

static int catalogue(void)
{
	int rc = with_answers();
	rc |= summaries();
	rc |= without_answers();
	/* --- the known failure (docs/reduction.md s.8) --- */
	begin("smooth climb of 1.24x per octave with no cache edge anywhere", 14);
	for (int i = 0; i <= LAST_IDX; i++)
		add_point(grid(i), 1.0 * pow(1.24, i / 4.0));
	exp_.has_knees = 1;
	exp_.n_knees = 0;
	/* s.2-3 chop it into six levels; s.9 joins them into one climb */
	refusals(2, "smooth-climb", "fewer-than-two-plateaus");
	rc |= emit("smoothClimb");
	rc |= climbs();
	rc |= bandwidths();

	rc |= adjacency_rows();
	rc |= adjacency_refusals();
	rc |= adjacency_spikes();
	rc |= repeats();
	rc |= geometries();
	rc |= outliers();
	return rc;
}

/* s.8: which climb rates per octave get named a hierarchy, before s.9 (the
 * levels of s.3 as they stand) and after it (a climb joined into one
 * level). Each rate 1.000 .. 1.300 in steps of 0.0025 is tried at 16
 * phases (start offsets) on the catalogue's grid, with multiplicative
 * noise uniform in +-0, 1, 2 and 3 %, seeded per rate and phase. */
struct window_tally {
	int named, rates;
	double lo, hi;
};

static void window_count(struct window_tally *t, int named, double rate)
{
	if (!named)
		return;
	t->named += named;
	t->rates++;
	if (!t->lo)
		t->lo = rate;
	t->hi = rate;
}

static void window_print(const char *when, double noise, const struct window_tally *t)
{
	printf("%-7s noise %.0f %%: %4d of 1936 rate-phase pairs named a hierarchy", when,
	       noise * 100, t->named);
	if (t->named)
		printf(", at %.4f .. %.4f per octave (%d rates)\n", t->lo, t->hi, t->rates);
	else
		printf("\n");
}

static void window_noise(double noise)
{
	static struct cs_work w;
	static struct cs_result r;
	char err[256];
	struct window_tally before = { 0 }, after = { 0 };
	for (int k = 0; k <= 120; k++) {
		double rate = 1.0 + 0.0025 * k;
		int nb = 0, na = 0;
		for (int ph = 0; ph < 16; ph++) {
			cs_capture_init(&cap);
			rng_state = 1000003u * (uint64_t)k + (uint64_t)ph;
			for (int i = 0; i <= LAST_IDX; i++) {
				cap.points[cap.n_points].bytes = grid(i);
				cap.points[cap.n_points++].ns =
					pow(rate, (i + ph / 16.0) / 4.0) * (1 + noise * urand());
			}
			if (cs_reduce(&cap, &w, &r, err, sizeof err) != 0)
				continue;
			nb += w.stair.n_raw >= 2;
			na += r.n_levels >= 2;
		}
		window_count(&before, nb, rate);
		window_count(&after, na, rate);
		if (na)
			printf("  noise %.0f %%, %.4f per octave: %d of 16 phases named after s.9\n",
			       noise * 100, rate, na);
	}
	window_print("before", noise, &before);
	window_print("after", noise, &after);
}

static int window(void)
{
	printf("smoothClimb's window (reduction.md s.8, s.9): 4 sizes per octave, 4 KiB .. 128 MiB,\n"
	       "rates 1.000 .. 1.300 per octave in steps of 0.0025, 16 phases each\n");
	for (int n = 0; n <= 3; n++)
		window_noise(n / 100.0);
	return 0;
}

/* --kind NAME FILE: threeSteps with one curve of kind NAME, through its
 * synthetic column: the seed's ruler, a ramp from 2 ns to a 64-byte
 * granule, placement 0, no size (no "expect": the kind's answer is its own). */
static int kind_curve(const char *name, const char *file)
{
	int kind = cs_synthetic_kind(name);
	double ns[RULER_N];
	struct cs_synth_curve k = { .n = RULER_N, .x = ruler, .y = ns };
	struct cs_buf b;
	char why[4400];
	if (kind < 0) {
		fprintf(stderr, "gen-synthetic: no kind is named '%s'\n", name);
		return 1;
	}
	begin("three clean steps and a curve of one kind", 1);
	staircase(LAST_IDX, 0.35, 0);
	ramp(ns, 2, 0.1, 64, 0);
	if (cs_synthetic_curve((uint32_t)kind, &cap, &k) != 0) {
		fprintf(stderr, "gen-synthetic: the kind '%s' takes no curve\n", name);
		return 1;
	}
	cs_buf_init(&b, text, sizeof text);
	if (cs_capture_write(&b, &cap, NULL, NULL)) {
		fprintf(stderr, "gen-synthetic: %s: capture too large for the buffer\n", file);
		return 1;
	}
	if (cs_outfile_write(file, CS_OUT_FORCE, NULL, 0, text, b.len, NULL, NULL, why, sizeof why)) {
		fprintf(stderr, "gen-synthetic: %s\n", why);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--window") == 0)
		return window();
	if (argc == 4 && strcmp(argv[1], "--kind") == 0)
		return kind_curve(argv[2], argv[3]);
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gen-synthetic OUTDIR | --window | --kind NAME FILE\n");
		return 2;
	}
	outdir = argv[1];
	if (mkdir(outdir, 0777) && errno != EEXIST) {
		fprintf(stderr, "gen-synthetic: %s: %s\n", outdir, strerror(errno));
		return 1;
	}
	return catalogue() ? 1 : 0;
}
