/* synthetic.h: a curve for a synthetic capture, handed to a kind through
 * its row (kinds.h's synthetic column), which makes its members of it: the
 * catalogue's generator (captures/synthetic/gen_synthetic.c) and the
 * benchmark (bench/bench_reduce.c) describe a series so, and no kind's
 * types. Freestanding. */
#ifndef CS_SYNTHETIC_H
#define CS_SYNTHETIC_H

#include <stdint.h>
#include "capture.h"
#include "kinds.h"

/* One series: which of the kind's (the adjacency's placement), its size
 * (the adjacency's footprint; 0: none said), its points (x[i], y[i]: the
 * adjacency's distance and ns a pair), or the refusal it was given where
 * it was measured (code and reason; NULL: measured). The members after
 * the refusal are for the kinds that need more (0 or NULL where unsaid,
 * so a curve that names only the first ones is whole); each kind's
 * synthetic column says what it reads of them:
 *   name   the series in the kind's words (the TLB's page tables, the
 *          bandwidth's operation or "mlp", the clock's kind read around,
 *          the experiments' "single", "stride" or "random")
 *   note   how it was made, in words (the TLB's method)
 *   count  a count in the kind's words (the TLB's aliasing lines, the
 *          bandwidth's processors, the experiments' strides);
 *          CS_SYNTH_OWN_RULE: the kind's own rule for it
 *   rate   a second figure (the clock's cycle counter's hz)
 *   x_max, y_at  a curve on the kind's own grid, where x is NULL: the kind
 *          takes its x (the TLB's page counts up to x_max, its own bound
 *          where x_max is 0; the experiments' strides, their single
 *          series' accesses) and asks y_at for each point's y, in order
 *          (i the point, x its x; ctx the asker's) */
struct cs_synth_curve {
	uint32_t variant;
	double size;
	uint32_t n;
	const double *x, *y;
	const char *refusal_code, *refusal_reason;
	const char *name, *note;
	uint32_t count;
	double rate;
	double x_max;
	double (*y_at)(const struct cs_synth_curve *k, uint32_t i, double x);
	void *ctx;
};

/* count: the kind takes its own rule (the TLB's lines on the capture's
 * published L1d, as its run does) */
#define CS_SYNTH_OWN_RULE 0xffffffffu

/* What a synthetic point says of how it was timed, the same in every kind
 * that makes points: its shortest block (far above 100 quanta of the
 * synthetic clock's 1 ns), its median above its minimum and its minimum
 * below its typical figure by these ratios. */
#define CS_SYNTH_BLOCK_NS 250000.0
#define CS_SYNTH_MEDIAN_RATIO 1.01
#define CS_SYNTH_MIN_RATIO 0.99

/* Kind 'kind' (enum cs_kind) adds the curve to c: 0, or -1 when it takes
 * no curve or has no room for it (its column's no-op, cs_none_synthetic). */
int cs_synthetic_curve(uint32_t kind, struct cs_capture *c, const struct cs_synth_curve *k);
/* The kind named name (its row's name, "adjacency"), or -1: the
 * generator's --kind NAME asks a kind for a curve by its name alone. */
int cs_synthetic_kind(const char *name);

/* The synthetic column of the table (kinds.h), declared from it. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, synthetic, ...) \
	int synthetic(struct cs_capture *c, const struct cs_synth_curve *k);
CS_KINDS
#undef CS_KIND
int cs_none_synthetic(struct cs_capture *c, const struct cs_synth_curve *k);

#endif
