/* synthetic.c: the synthetic column of the table walked (synthetic.h).
 * Freestanding. */
#include "synthetic.h"
#include "kinds.h"
#include "buf.h"

int cs_none_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	(void)c;
	(void)k;
	return -1;
}

typedef int (*cs_synthetic_fn)(struct cs_capture *c, const struct cs_synth_curve *k);
static const cs_synthetic_fn synthetics[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, points, synthetic, ...) \
	synthetic,
	CS_KINDS
#undef CS_KIND
};

int cs_synthetic_curve(uint32_t kind, struct cs_capture *c, const struct cs_synth_curve *k)
{
	return kind < CS_KIND_COUNT ? synthetics[kind](c, k) : -1;
}

static const char *const names[CS_KIND_COUNT] = {
#define CS_KIND(id, name, ...) name,
	CS_KINDS
#undef CS_KIND
};

int cs_synthetic_kind(const char *name)
{
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		if (cs_streq(names[k], name))
			return (int)k;
	return -1;
}
