/* tlb_plot.c: the TLB kind's plot column (common/kinds.h): its panel under
 * the staircase (docs/tlb.md): each capture's TLB sweeps, ns/load against
 * pages: 4 KiB pages solid, 2 MiB dashed, 1 GiB dotted; TLB knees solid,
 * published entries dashed. Drawn with the chart's own parts (chart/
 * svg_parts.h), for `cacheshape plot` and the page alike. */
#include "../../chart/svg_parts.h"
#include "../../chart/draw.h"


#define TLB_PANEL_H 280

static const char *tlb_dash(uint64_t page)
{
	return page == 4096 ? "" : page == (2u << 20) ? "6 3" : "2 3";
}

/* The plot column (common/kinds.h): the panel's height, 0 when no capture
 * has a TLB sweep with points. */
int cs_tlb_plot_height(const struct cs_svg_item *items, int n)
{
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->tlb.n_series; s++)
			if (items[i].cap->tlb.series[s].n)
				return TLB_PANEL_H;
	return 0;
}

static void tlb_axes(struct cs_buf *b, const struct cs_chart_map *m)
{
	char t[32];
	struct cs_buf tb;
	int bottom = m->py + m->ph - 1, every = cs_chart_xlabel_every(m);
	double ns;
	for (int i = 0; cs_chart_ytick(m, i, &ns) == 0; i++) {
		int y = cs_chart_y(m, ns);
		cs_svg_grid(b, m->px, y, m->px + m->pw - 1, y);
		cs_buf_init(&tb, t, sizeof t);
		cs_put_g(&tb, ns, 3);
		cs_svg_text(b, m->px - 4, y + 4, "end", "tick", t);
	}
	/* a grid line an octave while they stay 3 pixels apart (else one a
	 * label, as cs_chart_xtick), counted from the map's exponents: at most
	 * 2^-1074 .. 2^1023 however large the pages (never by p <= xmax,
	 * which never fails when xmax is DBL_MAX) */
	int octaves = m->xk1 - m->xk0;
	int step = (double)(m->pw - 1) / (octaves > 0 ? octaves : 1) >= 3 ? 1 : every;
	double p = m->xmin;
	for (int l2 = 0; l2 <= octaves; l2 += step) {
		if (l2)
			for (int k = 0; k < step; k++)
				p *= 2; /* exact: within 2^xk0 .. 2^xk1 */
		int x = cs_chart_x(m, p);
		cs_svg_grid(b, x, m->py, x, bottom);
		if (l2 % every)
			continue;
		cs_buf_init(&tb, t, sizeof t);
		cs_put_g(&tb, p, 9);
		cs_svg_text(b, x, bottom + 16, "middle", "tick", t);
	}
	cs_svg_axis(b, m, bottom);
	cs_svg_text(b, 4, m->py - 9, "start", "tick", "ns/load");
	cs_svg_text(b, m->px + m->pw - 1, m->py - 9, "end", "tick",
	     "TLB: pages, one line in each (4 KiB solid, 2 MiB dashed, 1 GiB dotted)");
}

static void tlb_series(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_tlb_series *s,
		       const struct cs_tlb_series_result *sr, int n, uint32_t k)
{
	const char *dash = tlb_dash(s->page_bytes);
	int top = m->py, bottom = m->py + m->ph - 1;
	cs_puts(b, "<path class=\"tlb-curve\" id=\"tlb-curve-");
	cs_svg_num(b, n);
	cs_putc(b, '-');
	cs_svg_num(b, (int)k);
	cs_puts(b, "\" stroke=\"#");
	cs_svg_hex6(b, cs_svg_colour(n));
	if (*dash) {
		cs_puts(b, "\" stroke-dasharray=\"");
		cs_puts(b, dash);
	}
	cs_puts(b, "\" d=\"");
	for (uint32_t i = 0; i < s->n; i++) {
		cs_puts(b, i ? " L" : "M");
		cs_svg_num(b, cs_chart_x(m, s->pts[i].pages));
		cs_putc(b, ' ');
		cs_svg_num(b, cs_chart_y(m, s->pts[i].ns));
	}
	cs_puts(b, "\"/>\n");
	for (uint32_t i = 0; sr && i < sr->n_knees; i++) {
		const struct cs_tlb_knee *q = &sr->knees[i];
		if (q->has_entries && !q->alias && cs_chart_has_x(m, q->entries)) {
			cs_puts(b, "<line class=\"tlb-knee\" id=\"tlb-knee-");
			cs_svg_num(b, n);
			cs_putc(b, '-');
			cs_svg_num(b, (int)k);
			cs_putc(b, '-');
			cs_svg_num(b, (int)i);
			cs_putc(b, '"');
			cs_svg_line4(b, cs_chart_x(m, q->entries), top, cs_chart_x(m, q->entries), bottom);
			cs_puts(b, " stroke=\"#");
			cs_svg_hex6(b, n == 0 ? CS_COL_KNEE : cs_svg_colour(n));
			cs_puts(b, "\"/>\n");
		}
	}
}

void cs_tlb_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->tlb.n_series; s++)
			for (uint32_t p = 0; p < items[i].cap->tlb.series[s].n; p++) {
				const struct cs_tlb_point *q = &items[i].cap->tlb.series[s].pts[p];
				cs_chart_range_bytes(&range, q->pages, q->pages);
				if (range.nmin == 0 || q->ns < range.nmin)
					range.nmin = q->ns;
				if (q->ns > range.nmax)
					range.nmax = q->ns;
			}
	cs_chart_layout(&m, CS_SVG_W, TLB_PANEL_H, &range, 0);
	m.py += y0;
	cs_puts(b, "<g id=\"tlb\">\n");
	tlb_axes(b, &m);
	for (int i = 0; i < n; i++) {
		const struct cs_capture *c = items[i].cap;
		const struct cs_tlb_result *t = items[i].res ? &items[i].res->tlb : 0;
		for (uint32_t k = 0; k < c->tlb.n_published; k++) {
			const struct cs_tlb *p = &c->tlb.published[k];
			if (p->type == CS_CACHE_INSTRUCTION || !cs_chart_has_x(&m, p->entries))
				continue;
			cs_puts(b, "<line class=\"tlb-published\"");
			cs_svg_line4(b, cs_chart_x(&m, p->entries), m.py, cs_chart_x(&m, p->entries), m.py + m.ph - 1);
			cs_puts(b, " stroke=\"#");
			cs_svg_hex6(b, CS_COL_PUBLISHED);
			cs_puts(b, "\"/>\n");
		}
		for (uint32_t s = 0; s < c->tlb.n_series; s++)
			if (c->tlb.series[s].n)
				tlb_series(b, &m, &c->tlb.series[s],
					   t && s < t->n_series ? &t->series[s] : 0, i, s);
	}
	cs_puts(b, "</g>\n");
}
