/* reduce.c: a capture in, a result out (docs/reduction.md). Checks the capture
 * first: a malformed one is an error, not a refusal (s.1, s.7). */
#include "internal.h"
#include "kinds.h"
#include "repeat.h"
#include "../common/csmath.h"

int cs_positive(double v)
{
	return cs_isfinite(v) && v > 0;
}

/* Writes "what: must be ..., got v" into err; always returns -1. */
int cs_malformed(char *err, size_t errlen, const char *what, uint32_t idx,
		 const char *field, const char *rule, double v)
{
	struct cs_buf b;
	cs_buf_init(&b, err, errlen);
	cs_puts(&b, what);
	if (idx != (uint32_t)-1) {
		cs_putc(&b, '[');
		cs_put_u64(&b, idx);
		cs_putc(&b, ']');
	}
	if (field) {
		cs_putc(&b, '.');
		cs_puts(&b, field);
	}
	cs_puts(&b, ": ");
	cs_puts(&b, rule);
	cs_puts(&b, ", got ");
	cs_put_g(&b, v, 9); /* NaN and infinities print as null */
	if (!cs_isfinite(v))
		cs_puts(&b, cs_isnan(v) ? " (NaN)" : " (infinite)");
	return -1;
}

static int check_capture(const struct cs_capture *c, char *err, size_t errlen)
{
	static const char *const must = "must be a positive finite number";
	if (c->n_points > CS_MAX_SWEEP_POINTS)
		return cs_malformed(err, errlen, "sweep.points", (uint32_t)-1, NULL,
				 "too many points for this build", c->n_points);
	for (uint32_t i = 0; i < c->n_points; i++) {
		const struct cs_point *p = &c->points[i];
		if (!cs_positive(p->bytes))
			return cs_malformed(err, errlen, "sweep.points", i, "bytes", must, p->bytes);
		if (!cs_positive(p->ns))
			return cs_malformed(err, errlen, "sweep.points", i, "ns", must, p->ns);
		if (p->has_block && !cs_positive(p->block_ns))
			return cs_malformed(err, errlen, "sweep.points", i, "block_ns", must, p->block_ns);
	}
	const struct cs_clock *k = &c->clock;
	if (k->has_hz && !cs_positive(k->hz))
		return cs_malformed(err, errlen, "clock", (uint32_t)-1, "hz", must, k->hz);
	if (k->has_quantum && !cs_positive(k->quantum_ns))
		return cs_malformed(err, errlen, "clock", (uint32_t)-1, "quantum_ns", must, k->quantum_ns);
	if (k->has_clamp && !cs_positive(k->clamp_ns))
		return cs_malformed(err, errlen, "clock", (uint32_t)-1, "clamp_ns", must, k->clamp_ns);
	return 0;
}

/* Insertion sort by size: captures arrive nearly sorted, and it is stable. */
static int sort_points(const struct cs_capture *c, struct cs_work *w, char *err,
		       size_t errlen)
{
	w->n = c->n_points;
	for (uint32_t i = 0; i < w->n; i++) {
		struct cs_point v = c->points[i];
		uint32_t j = i;
		while (j > 0 && w->pts[j - 1].bytes > v.bytes) {
			w->pts[j] = w->pts[j - 1];
			j--;
		}
		w->pts[j] = v;
	}
	for (uint32_t i = 1; i < w->n; i++)
		if (w->pts[i].bytes == w->pts[i - 1].bytes)
			return cs_malformed(err, errlen, "sweep.points", (uint32_t)-1, "bytes",
					 "sizes must be distinct: duplicate size", w->pts[i].bytes);
	return 0;
}

/* s.6: a clamp finer than the clock moves cannot be honoured. */
int cs_clamp_refused(const struct cs_capture *c)
{
	const struct cs_clock *k = &c->clock;
	return k->has_clamp && k->has_quantum && k->quantum_ns > CS_CLAMP_MAX_RATIO * k->clamp_ns;
}

void cs_put_clock_unusable(struct cs_buf *b, const struct cs_clock *k)
{
	cs_puts(b, "the clock was asked for a ");
	cs_put_g(b, k->clamp_ns, 6);
	cs_puts(b, " ns clamp but moves in steps of ");
	cs_put_g(b, k->quantum_ns, 6);
	cs_puts(b, " ns (more than ");
	cs_put_g(b, CS_CLAMP_MAX_RATIO, 6);
	cs_puts(b, "x): a clock cannot be rounded finer than it moves");
}

static int clock_unusable(const struct cs_capture *c, struct cs_result *r)
{
	if (!cs_clamp_refused(c))
		return 0;
	struct cs_buf b;
	cs_refuse(r, CS_R_CLOCK, &b);
	cs_put_clock_unusable(&b, &c->clock);
	return 1;
}

static void result_init(struct cs_result *r, const struct cs_capture *c)
{
	/* counts only: the arrays are written before they are counted */
	r->n_points = c->n_points;
	r->n_used = 0;
	r->top_bytes = 0;
	r->n_plateaus = 0;
	r->n_levels = 0;
	r->n_knees = 0;
	r->gap_order = CS_GAP_ORDER_UNKNOWN;
	r->n_refusals = 0;
	r->climbs.n = r->climbs.n_knees = 0; /* s.9: none until the sweep's row */
	cs_memset(r->knees, 0, sizeof r->knees);
	r->rep.n = 0; /* no repeats reduced until the sweep's row */
}

/* A latency series's reduction (docs/reduction.md s.1 to s.4): the
 * capture's points checked, then levels and knees into a fresh r, and each
 * repeat's (repeat.h). The sweep's row (kinds/sweep/sweep_reduce.c), each
 * repeat's and every other sweep's (cs_reduce) reduce so. */
int cs_reduce_latency(const struct cs_capture *c, struct cs_work *w,
		      struct cs_result *r, char *err, size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	result_init(r, c);
	if (check_capture(c, err, errlen) || sort_points(c, w, err, errlen))
		return -1;
	if (clock_unusable(c, r))
		return 0; /* the capture is refused whole */
	cs_reduce_sweep(c, w, r);
	cs_repeat_reduce(c, w, r); /* each repeat, and the spreads (repeat.h) */
	return 0;
}

/* The first two rows of the table, the sweep's and the adjacency's. */
int cs_reduce(const struct cs_capture *c, struct cs_work *w,
	      struct cs_result *r, char *err, size_t errlen)
{
	return cs_reduce_kinds(c, w, r, CS_KIND_SWEEP, CS_KIND_ADJACENCY + 1, err, errlen);
}
