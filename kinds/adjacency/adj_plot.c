/* adj_plot.c: the adjacency kind's plot column (common/kinds.h): under the
 * staircase, one small panel per series of every capture (docs/
 * reduction.md s.5): the cost of a pair of dependent loads against the
 * distance between its words, on labelled axes with their units, the
 * verdict above (granule, or the refusal's code). Three panels a row.
 * Drawn with the chart's parts (chart/svg_parts.h), for `cacheshape plot`
 * and the page alike. */
#include "adj_screen.h"
#include "../../chart/svg_parts.h"
#include "../../common/buf.h"
#include "../../common/csmath.h"

#define ADJ_COLS 3
#define ADJ_HEAD 22     /* the section's heading */
#define ADJ_PANEL_H 170 /* one row of panels */
#define ADJ_TOP 36      /* in a panel: its two lines of verdict */
#define ADJ_GAP 16      /* between panels */

static uint32_t adj_total(const struct cs_svg_item *items, int n)
{
	uint32_t total = 0;
	for (int i = 0; i < n; i++)
		total += items[i].cap->n_adj;
	return total;
}

/* nothing on the staircase itself */
CS_SVG_STAIR_NONE(cs_adj_plot)

int cs_adj_plot_height(const struct cs_svg_item *items, int n)
{
	uint32_t total = adj_total(items, n);
	return total ? ADJ_HEAD + (int)((total + ADJ_COLS - 1) / ADJ_COLS) * ADJ_PANEL_H : 0;
}

/* The y range of a series' costs, and the map's x from its distances. */
static void adj_map(const struct cs_adj_series *s, struct cs_chart_map *m, double *lo, double *hi)
{
	struct cs_chart_range r = { 0, 0, 0, 0 };
	*lo = *hi = s->n ? s->pts[0].ns : 0;
	for (uint32_t d = 0; d < s->n; d++) {
		cs_chart_range_bytes(&r, s->pts[d].distance, s->pts[d].distance);
		*lo = s->pts[d].ns < *lo ? s->pts[d].ns : *lo;
		*hi = s->pts[d].ns > *hi ? s->pts[d].ns : *hi;
	}
	if (!(*hi > *lo)) { /* flat (or one point): a band around it */
		*lo = *lo * 0.9;
		*hi = *hi * 1.1 + (*hi > 0 ? 0 : 1);
	}
	if (!cs_isfinite(*lo) || !cs_isfinite(*hi)) {
		*lo = 0;
		*hi = 1;
	}
	cs_chart_layout(m, 100, 100, &r, 0);
}

static int adj_y(double ns, double lo, double hi, int py, int ph)
{
	double f = (ns - lo) / (hi - lo);
	if (!(f >= -1))
		f = -1;
	if (f > 2)
		f = 2;
	return py + ph - 1 - (int)(f * (ph - 1) + 0.5);
}

/* The linear y axis of a panel: its ticks, and the widest label's width. */
struct adj_ticks {
	double first, step;
	int n, digits, widest;
};

static void adj_ticks(struct adj_ticks *t, double lo, double hi)
{
	char s[32];
	struct cs_buf tb;
	cs_svg_lin_ticks(lo, hi, 5, &t->first, &t->step);
	t->digits = cs_svg_lin_digits(hi > -lo ? hi : -lo, t->step);
	t->n = 0;
	t->widest = 0;
	for (int k = 0; k < 8 && t->first + k * t->step <= hi + t->step * 1e-9; k++, t->n++) {
		cs_buf_init(&tb, s, sizeof s);
		cs_put_g(&tb, t->first + k * t->step, t->digits);
		int w = (int)(tb.len * CS_SVG_CHAR_EM * CS_SVG_SMALL_PX) + 1;
		t->widest = w > t->widest ? w : t->widest;
	}
}

static void adj_yaxis(struct cs_buf *b, const struct adj_ticks *t, int px, int py, int pw, int ph,
		      double lo, double hi)
{
	char s[32];
	struct cs_buf tb;
	for (int k = 0; k < t->n; k++) {
		double v = t->first + k * t->step;
		int y = adj_y(v, lo, hi, py, ph);
		cs_svg_grid(b, px, y, px + pw - 1, y);
		cs_buf_init(&tb, s, sizeof s);
		cs_put_g(&tb, v, t->digits);
		cs_svg_label(px - 4, y + 4, "end", "tick", CS_SVG_SMALL_PX, CS_SVG_DROP,
			     CS_SVG_PRIO_TICK, 0, s);
	}
}

static void adj_panel(struct cs_buf *b, const struct cs_svg_item *it, int n, uint32_t s,
		      int x, int y, int w)
{
	const struct cs_adj_series *a = &it->cap->adj[s];
	struct cs_chart_map m;
	double lo, hi;
	char t[160];
	struct adj_ticks tk;
	adj_map(a, &m, &lo, &hi);
	adj_ticks(&tk, lo, hi);
	/* the y title, then the tick labels as wide as they are, then the plot */
	int left = 14 + 6 + tk.widest + 4;
	m.px = x + (left > CS_SVG_AXIS_LEFT - 8 ? left : CS_SVG_AXIS_LEFT - 8);
	m.pw = w - (m.px - x) - 18; /* room for the last tick's label */
	m.py = y + ADJ_TOP;
	m.ph = ADJ_PANEL_H - ADJ_TOP - CS_SVG_AXIS_BOTTOM - 4;
	/* the verdict: "first 8 KiB" / "granule 64 B" or "no: CODE" */
	cs_adj_verdict(t, sizeof t, it->cap, it->res, s);
	char *nl = t;
	while (*nl && *nl != '\n')
		nl++;
	if (*nl)
		*nl++ = 0;
	cs_svg_label(x, y + 12, "start", "verdict", CS_SVG_SMALL_PX, CS_SVG_FIXED, CS_SVG_PRIO_MARK,
		     CS_SVG_FILL(cs_svg_colour(n)), t);
	if (*nl)
		cs_svg_label(x, y + 25, "start", "verdict", CS_SVG_SMALL_PX, CS_SVG_FIXED,
			     CS_SVG_PRIO_MARK, CS_SVG_FILL(cs_svg_colour(n)), nl);
	adj_yaxis(b, &tk, m.px, m.py, m.pw, m.ph, lo, hi);
	cs_svg_axes_x(b, &m, CS_SVG_X_BYTES, CS_SVG_SMALL_PX);
	cs_svg_axis(b, &m, m.py + m.ph - 1);
	cs_svg_axis_titles_at(m.px, m.py, m.pw, m.ph, x + 10, "distance in the pair (bytes)", "ns per pair");
	if (a->n < 2)
		return;
	cs_puts(b, "<path class=\"ramp\" stroke=\"#");
	cs_svg_hex6(b, cs_svg_colour(n));
	cs_puts(b, "\" d=\"");
	for (uint32_t d = 0; d < a->n; d++) {
		cs_puts(b, d ? " L" : "M");
		cs_svg_num(b, cs_chart_x(&m, a->pts[d].distance));
		cs_putc(b, ' ');
		cs_svg_num(b, adj_y(a->pts[d].ns, lo, hi, m.py, m.ph));
	}
	cs_puts(b, "\"/>\n");
}

void cs_adj_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	int w = (CS_SVG_W - 8 - (ADJ_COLS - 1) * ADJ_GAP) / ADJ_COLS;
	uint32_t k = 0;
	cs_puts(b, "<g id=\"adjacency\">\n");
	cs_svg_label(12, y0 + 14, "start", "panel-title", CS_SVG_TICK_PX, CS_SVG_FIXED,
		     CS_SVG_PRIO_TITLE, 0,
		     "adjacency: the cost of two dependent loads against the distance between them, "
		     "at three placements");
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->n_adj; s++, k++)
			adj_panel(b, &items[i], i, s, 4 + (int)(k % ADJ_COLS) * (w + ADJ_GAP),
				  y0 + ADJ_HEAD + (int)(k / ADJ_COLS) * ADJ_PANEL_H, w);
	cs_puts(b, "</g>\n");
}
