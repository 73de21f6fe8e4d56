/* outlier.c: docs/reduction.md s.1 "Outliers": the points of a series far
 * off their neighbours (common/outlier.h's rule) left out of its fit, and
 * the note that says so. The capture keeps them. Freestanding. */
#include "internal.h"
#include "../common/outlier.h"

uint32_t cs_drop_outliers(struct cs_work *w, struct cs_outliers *o)
{
	static uint8_t out[CS_MAX_SWEEP_POINTS];
	uint32_t kept = 0;
	o->n = 0;
	o->worst_bytes = o->worst_factor = 0;
	for (uint32_t i = 0; i < w->n && i < CS_MAX_SWEEP_POINTS; i++) {
		double f;
		out[i] = (uint8_t)cs_point_outlier(w->pts, w->n, i, &f);
		if (out[i] && f > o->worst_factor) {
			o->worst_factor = f;
			o->worst_bytes = w->pts[i].bytes;
		}
	}
	for (uint32_t i = 0; i < w->n; i++) {
		if (out[i])
			o->n++;
		else
			w->pts[kept++] = w->pts[i];
	}
	w->n = kept;
	return o->n;
}

void cs_put_outliers(struct cs_buf *b, const struct cs_outliers *o, const struct cs_units *u)
{
	cs_put_u64(b, o->n);
	cs_puts(b, o->n == 1 ? " point stands" : " points stand");
	cs_puts(b, o->n == 1 ? " far off its neighbours (at " : " far off their neighbours (the furthest at ");
	if (u) {
		cs_puts(b, u->x);
		cs_putc(b, ' ');
		cs_put_g(b, o->worst_bytes, 6);
	} else {
		cs_put_size(b, o->worst_bytes);
	}
	cs_puts(b, ", ");
	cs_put_g(b, o->worst_factor, 3);
	cs_puts(b, "x off both; an outlier is more than ");
	cs_put_g(b, CS_OUTLIER_FACTOR, 6);
	cs_puts(b, "x above or below both neighbours, CS_OUTLIER_FACTOR, or ");
	cs_put_g(b, CS_OUTLIER_END_FACTOR, 6);
	cs_puts(b, "x at an end of the series, CS_OUTLIER_END_FACTOR): kept in the capture, left out of the fit");
}
