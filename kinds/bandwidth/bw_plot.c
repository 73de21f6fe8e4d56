/* bw_plot.c: the bandwidth kind's plot column (common/kinds.h): its panel
 * under the staircase (docs/bandwidth.md s.8): each capture's series, GB/s
 * (1 GB = 1e9 B) against the buffer's size, read solid, write dashed, copy
 * dotted, non-temporal write dash-dot, the all-processors read thin; the
 * read's knees (one thread) as vertical lines, the published levels
 * dashed. Drawn with the chart's own parts (chart/svg_parts.h), for
 * `cacheshape plot` and the page alike. Freestanding. */
#include "../../chart/svg_parts.h"
#include "../../chart/draw.h"

#define BW_PANEL_H 280

static const char *const dash[CS_BW_N_OPS] = { "", "6 3", "2 3", "8 3 2 3" };
static const char *const op_id[CS_BW_N_OPS] = { "read", "write", "copy", "nt_write" };

int cs_bw_plot_height(const struct cs_svg_item *items, int n)
{
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->bw.n_series; s++)
			if (items[i].cap->bw.series[s].n && !items[i].cap->bw.series[s].refused)
				return BW_PANEL_H;
	return 0;
}

static void axes(struct cs_buf *b, const struct cs_chart_map *m)
{
	char t[32];
	struct cs_buf tb;
	int bottom = m->py + m->ph - 1, label;
	double v;
	for (int i = 0; cs_chart_ytick(m, i, &v) == 0; i++) {
		int y = cs_chart_y(m, v);
		cs_svg_grid(b, m->px, y, m->px + m->pw - 1, y);
		cs_buf_init(&tb, t, sizeof t);
		cs_put_g(&tb, v, 3);
		cs_svg_text(b, m->px - 4, y + 4, "end", "tick", t);
	}
	for (int i = 0; cs_chart_xtick(m, i, &v, &label) == 0; i++) {
		int x = cs_chart_x(m, v);
		cs_svg_grid(b, x, m->py, x, bottom);
		if (!label)
			continue;
		cs_buf_init(&tb, t, sizeof t);
		cs_put_size(&tb, v);
		cs_svg_text(b, x, bottom + 16, "middle", "tick", t);
	}
	cs_svg_axis(b, m, bottom);
	cs_svg_text(b, 4, m->py - 9, "start", "tick", "GB/s");
	cs_svg_text(b, m->px + m->pw - 1, m->py - 9, "end", "tick",
		    "bandwidth, 1 GB = 1e9 B: read solid, write dashed, copy dotted, nt_write dash-dot");
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
		cs_svg_hex6(b, n == 0 ? CS_COL_KNEE : cs_svg_colour(n));
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
		cs_svg_num(b, cs_chart_x(m, s->pts[i].bytes));
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
				cs_chart_range_bytes(range, q->bytes, q->bytes);
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
		cs_svg_hex6(b, CS_COL_PUBLISHED);
		cs_puts(b, "\" stroke-dasharray=\"4 4\"/>\n");
	}
}

void cs_bw_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	range_of(items, n, &range);
	cs_chart_layout(&m, CS_SVG_W, BW_PANEL_H, &range, 0);
	m.py += y0;
	cs_puts(b, "<g id=\"bandwidth\">\n");
	axes(b, &m);
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
	cs_puts(b, "</g>\n");
}
