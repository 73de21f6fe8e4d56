/* bw_plot.c: the bandwidth kind's plot column (common/kinds.h): its panel
 * under the staircase (docs/bandwidth.md s.8): each capture's series, GB/s
 * (1 GB = 1e9 B) against the buffer's size, read solid, write dashed, copy
 * dotted, non-temporal write dash-dot, the all-processors read thin; the
 * read's knees (one thread) as vertical lines, the published levels
 * dashed. Drawn with the chart's own parts (chart/svg_parts.h), for
 * `cacheshape plot` and the page alike. Freestanding. */
#include "../../chart/svg_parts.h"
#include "../../chart/draw.h"
#include "../../common/buf.h"
#include "../../common/outlier.h"
#include "bw_kind.h"

#define BW_HEAD 24    /* the panel's title */
#define BW_PLOT_H 220 /* its plot area; the knees' lane goes above it */
#define BW_PANEL_H (BW_HEAD + BW_PLOT_H + CS_SVG_AXIS_BOTTOM + 8)

static const char *const dash[CS_BW_N_OPS] = { "", "6 3", "2 3", "8 3 2 3" };
static const char *const op_id[CS_BW_N_OPS] = { "read", "write", "copy", "nt_write" };

/* The lane above the plot: each read knee (one thread) named with its
 * value, "knee 1 48 KiB", in its capture's colour (chart/svg_parts.h). */
struct bw_lane {
	int n, rows;
	int x[CS_SVG_LANE_MAX], row[CS_SVG_LANE_MAX];
	uint32_t col[CS_SVG_LANE_MAX];
	const char *anchor[CS_SVG_LANE_MAX], *text[CS_SVG_LANE_MAX];
	char buf[CS_SVG_LANE_MAX][40];
};

static int bw_has(const struct cs_svg_item *items, int n)
{
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->bw.n_series; s++)
			if (items[i].cap->bw.series[s].n && !items[i].cap->bw.series[s].refused)
				return 1;
	return 0;
}

static void bw_lane_fill(struct bw_lane *l, const struct cs_chart_map *m,
			 const struct cs_svg_item *items, int n)
{
	struct cs_buf t;
	l->n = 0;
	for (int i = 0; i < n; i++) {
		const struct cs_capture *c = items[i].cap;
		const struct cs_bw_result *r = items[i].res ? &items[i].res->bw : 0;
		for (uint32_t s = 0; r && s < c->bw.n_series && s < r->n_series; s++) {
			const struct cs_bw_series *ser = &c->bw.series[s];
			if (!ser->n || ser->refused || ser->op != CS_BW_READ || ser->threads != 1)
				continue;
			for (uint32_t k = 0; k < r->series[s].n_knees && l->n < CS_SVG_LANE_MAX; k++) {
				const struct cs_knee *q = &r->series[s].knees[k];
				if (!q->has_bytes || !cs_chart_has_x(m, q->bytes))
					continue;
				l->x[l->n] = cs_chart_x(m, q->bytes);
				l->col[l->n] = cs_svg_knee_colour(i);
				l->text[l->n] = l->buf[l->n];
				cs_buf_init(&t, l->buf[l->n], sizeof l->buf[0]);
				cs_puts(&t, "read knee ");
				cs_put_u64(&t, k + 1);
				cs_putc(&t, ' ');
				cs_put_size(&t, q->bytes);
				l->n++;
			}
		}
	}
	l->rows = cs_svg_lane(l->x, l->text, l->col, l->n, CS_SVG_W - 4, l->row, l->anchor);
}

static int bw_lane_h(const struct bw_lane *l)
{
	return l->rows ? l->rows * CS_SVG_LANE_ROW + 6 : 0;
}

static void range_of(const struct cs_svg_item *items, int n, struct cs_chart_range *range);

static void bw_map(struct cs_chart_map *m, const struct cs_svg_item *items, int n)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	range_of(items, n, &range);
	cs_chart_layout(m, CS_SVG_W, BW_PANEL_H, &range, 0);
	m->px = CS_SVG_AXIS_LEFT;
	m->pw = CS_SVG_W - CS_SVG_AXIS_LEFT - 28;
	m->ph = BW_PLOT_H;
}

/* nothing on the staircase itself */
CS_SVG_STAIR_NONE(cs_bw_plot)

int cs_bw_plot_height(const struct cs_svg_item *items, int n)
{
	static struct bw_lane lane; /* large: off the firmware's and the page's stack */
	struct cs_chart_map m;
	if (!bw_has(items, n))
		return 0;
	bw_map(&m, items, n);
	bw_lane_fill(&lane, &m, items, n);
	return BW_PANEL_H + bw_lane_h(&lane);
}

static void bw_lane_draw(struct cs_buf *b, const struct bw_lane *l, const struct cs_chart_map *m)
{
	for (int i = 0; i < l->n; i++) {
		if (l->row[i] < 0)
			continue;
		int y = m->py - 6 - (l->rows - 1 - l->row[i]) * CS_SVG_LANE_ROW;
		cs_puts(b, "<line class=\"lane-knee\"");
		cs_svg_line4(b, l->x[i], y - 8, l->x[i], m->py);
		cs_puts(b, " stroke=\"#");
		cs_svg_hex6(b, l->col[i]);
		cs_puts(b, "\"/>\n");
		cs_svg_label(l->x[i] + (l->anchor[i][0] == 'e' ? -3 : 3), y, l->anchor[i], "bw-label",
			     CS_SVG_SMALL_PX, CS_SVG_FIXED, CS_SVG_PRIO_MARK, CS_SVG_FILL(l->col[i]),
			     l->text[i]);
	}
}

static void knees(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_bw_series_result *r,
		  int n, uint32_t k)
{
	for (uint32_t i = 0; r && i < r->n_knees; i++) {
		const struct cs_knee *q = &r->knees[i];
		if (!q->has_bytes || !cs_chart_has_x(m, q->bytes))
			continue;
		int x = cs_chart_x(m, q->bytes);
		cs_puts(b, "<line class=\"bw-knee\" id=\"bw-knee-");
		cs_svg_num(b, n);
		cs_putc(b, '-');
		cs_svg_num(b, (int)k);
		cs_putc(b, '-');
		cs_svg_num(b, (int)i);
		cs_putc(b, '"');
		cs_svg_line4(b, x, m->py, x, m->py + m->ph - 1);
		cs_puts(b, " stroke=\"#");
		cs_svg_hex6(b, cs_svg_knee_colour(n));
		cs_puts(b, "\"/>\n");
	}
}

static void curve(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_bw_series *s,
		  int n, uint32_t k)
{
	const char *d = (unsigned)s->op < CS_BW_N_OPS ? dash[s->op] : "";
	cs_puts(b, "<path class=\"bw-curve bw-");
	cs_puts(b, (unsigned)s->op < CS_BW_N_OPS ? op_id[s->op] : "read");
	cs_puts(b, "\" id=\"bw-curve-");
	cs_svg_num(b, n);
	cs_putc(b, '-');
	cs_svg_num(b, (int)k);
	cs_puts(b, "\" stroke=\"#");
	cs_svg_hex6(b, cs_svg_colour(n));
	if (*d) {
		cs_puts(b, "\" stroke-dasharray=\"");
		cs_puts(b, d);
	}
	if (s->threads > 1)
		cs_puts(b, "\" stroke-width=\"1");
	cs_puts(b, "\" fill=\"none\" d=\"");
	for (uint32_t i = 0; i < s->n; i++) {
		cs_puts(b, i ? " L" : "M");
		cs_svg_num(b, cs_chart_x(m, s->pts[i].bytes * cs_bw_footprint(s->op)));
		cs_putc(b, ' ');
		cs_svg_num(b, cs_chart_y(m, 1.0 / s->pts[i].ns_per_byte));
	}
	cs_puts(b, "\"/>\n");
}

static void range_of(const struct cs_svg_item *items, int n, struct cs_chart_range *range)
{
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->bw.n_series; s++)
			for (uint32_t p = 0; p < items[i].cap->bw.series[s].n; p++) {
				const struct cs_bw_point *q = &items[i].cap->bw.series[s].pts[p];
				double g = 1.0 / q->ns_per_byte;
				double x = q->bytes * cs_bw_footprint(items[i].cap->bw.series[s].op);
				cs_chart_range_bytes(range, x, x);
				if (cs_outlier_at(items[i].cap->bw.series[s].pts, sizeof *q,
						  offsetof(struct cs_bw_point, bytes),
						  offsetof(struct cs_bw_point, ns_per_byte),
						  items[i].cap->bw.series[s].n, p, NULL))
					continue; /* drawn, never stretching the axis (common/outlier.h) */
				if (range->nmin == 0 || g < range->nmin)
					range->nmin = g;
				if (g > range->nmax)
					range->nmax = g;
			}
}

static void published(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_capture *c)
{
	for (uint32_t k = 0; k < c->n_caches && k < CS_MAX_CACHES; k++) {
		const struct cs_cache *p = &c->caches[k];
		double x = (double)p->size_bytes;
		if (p->type == CS_CACHE_INSTRUCTION || !cs_chart_has_x(m, x))
			continue;
		cs_puts(b, "<line class=\"bw-published\"");
		cs_svg_line4(b, cs_chart_x(m, x), m->py, cs_chart_x(m, x), m->py + m->ph - 1);
		cs_puts(b, " stroke=\"#");
		cs_svg_hex6(b, cs_svg_ink(CS_INK_PUBLISHED));
		cs_puts(b, "\" stroke-dasharray=\"4 4\"/>\n");
	}
}

void cs_bw_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	static struct bw_lane lane;
	struct cs_chart_map m;
	bw_map(&m, items, n);
	bw_lane_fill(&lane, &m, items, n);
	m.py = y0 + BW_HEAD + bw_lane_h(&lane);
	cs_puts(b, "<g id=\"bandwidth\">\n");
	cs_svg_label(12, y0 + 16, "start", "panel-title", CS_SVG_TICK_PX, CS_SVG_FIXED,
		     CS_SVG_PRIO_TITLE, 0,
		     "bandwidth: read solid, write dashed, copy dotted, nt_write dash-dot; all processors thin");
	cs_svg_axes(b, &m, CS_SVG_X_BYTES, "footprint (bytes, log scale; a copy's two buffers)",
		    "GB/s (1 GB = 1e9 B, log scale)");
	for (int i = 0; i < n; i++) {
		const struct cs_capture *c = items[i].cap;
		const struct cs_bw_result *t = items[i].res ? &items[i].res->bw : 0;
		published(b, &m, c);
		for (uint32_t s = 0; s < c->bw.n_series; s++) {
			const struct cs_bw_series *ser = &c->bw.series[s];
			if (!ser->n || ser->refused)
				continue;
			curve(b, &m, ser, i, s);
			if (t && s < t->n_series && ser->op == CS_BW_READ && ser->threads == 1)
				knees(b, &m, &t->series[s], i, s);
		}
	}
	bw_lane_draw(b, &lane, &m);
	cs_puts(b, "</g>\n");
}
