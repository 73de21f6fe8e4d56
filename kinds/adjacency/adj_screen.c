/* adj_screen.c: the adjacency kind on the screen's chart (chart/draw.h:
 * the firmware's screen, the host's PNG): its screen column, a ramp a
 * series in the strip under the staircase; and a series' verdict in two
 * lines, which its SVG panel (adj_plot.c) writes too. Freestanding. */
#include "adj_screen.h"
#include "../../common/buf.h"
#include "../../common/csmath.h"

static double frac(double v, double lo, double hi)
{
	return (cs_log(v) - cs_log(lo)) / (cs_log(hi) - cs_log(lo));
}

/* "first 8 KiB\ngranule 64 B", or "no: CODE", or "no verdict" (r NULL:
 * live, the series alone). */
void cs_adj_verdict(char *out, size_t cap, const struct cs_capture *c,
		    const struct cs_result *r, uint32_t k)
{
	const struct cs_adj_series *s = &c->adj[k];
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	cs_puts(&b, cs_placement_name(s->placement));
	if (s->has_footprint) {
		cs_putc(&b, ' ');
		cs_put_size(&b, s->footprint_bytes);
	}
	cs_putc(&b, '\n');
	if (s->refused) {
		cs_puts(&b, "no: ");
		cs_puts(&b, s->refusal_code);
	} else if (r && k < r->n_adj && r->adj[k].has_granule) {
		cs_puts(&b, "granule ");
		cs_put_size(&b, r->adj[k].granule_bytes);
	} else if (r && k < r->n_adj && r->adj[k].refused) {
		cs_puts(&b, "no: ");
		cs_puts(&b, r->adj[k].refusal.code);
	} else {
		cs_puts(&b, "no verdict");
	}
}

/* Where ramp point d of a series goes inside its panel: log distance
 * across, cost up, both over the series' own range. */
static void ramp_xy(const struct cs_adj_series *s, int x, int y, int w,
		    int h, uint32_t d, int *px, int *py)
{
	double dlo = s->pts[0].distance, dhi = dlo, nlo = s->pts[0].ns, nhi = nlo;
	for (uint32_t i = 1; i < s->n; i++) {
		const struct cs_adj_point *p = &s->pts[i];
		dlo = p->distance < dlo ? p->distance : dlo;
		dhi = p->distance > dhi ? p->distance : dhi;
		nlo = p->ns < nlo ? p->ns : nlo;
		nhi = p->ns > nhi ? p->ns : nhi;
	}
	double fx = dhi > dlo && dlo > 0 ? frac(s->pts[d].distance, dlo, dhi) : 0.5;
	double fy = nhi > nlo ? (s->pts[d].ns - nlo) / (nhi - nlo) : 0.5;
	*px = x + (int)cs_floor(fx * (w - 1) + 0.5);
	*py = y + h - 1 - (int)cs_floor(fy * (h - 1) + 0.5);
}

/* The adjacency's screen column (common/kinds.h): a ramp a series, in
 * its panel of the strip under the staircase, its verdict under it. */
void cs_adj_screen(struct cs_canvas *cv, const struct cs_chart_map *m,
		   const struct cs_capture *c, const struct cs_result *r)
{
	char t[96];
	for (uint32_t k = 0; k < c->n_adj; k++) {
		const struct cs_adj_series *s = &c->adj[k];
		int x, y, w, h, rh = m->strip_h - 2 * CS_FONT_H - 2;
		cs_chart_panel(m, k, c->n_adj, &x, &y, &w, &h);
		cs_draw_line(cv, x, y + rh, x + w - 1, y + rh, CS_COL_AXIS);
		for (uint32_t d = 0; d + 1 < s->n; d++) {
			int x0, y0, x1, y1;
			ramp_xy(s, x, y, w, rh, d, &x0, &y0);
			ramp_xy(s, x, y, w, rh, d + 1, &x1, &y1);
			cs_draw_line(cv, x0, y0, x1, y1, CS_COL_CURVE);
		}
		cs_adj_verdict(t, sizeof t, c, r, k);
		cs_draw_text(cv, x, y + rh + 3, t, CS_COL_TEXT);
	}
}

