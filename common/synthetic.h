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
 * it was measured (code and reason; NULL: measured). */
struct cs_synth_curve {
	uint32_t variant;
	double size;
	uint32_t n;
	const double *x, *y;
	const char *refusal_code, *refusal_reason;
};

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
