/* tlb_plot.c: the TLB kind's plot column (common/kinds.h): its panel under
 * the staircase (docs/tlb.md): each capture's TLB sweeps, ns per load
 * against pages: 4 KiB pages solid, 2 MiB dashed, 1 GiB dotted; TLB knees
 * solid, published entries dashed, each named with its value in a lane
 * above the plot; labelled axes with their units. On the staircase itself,
 * the sweep on large pages and the TLB's reach (the end of the file). Drawn
 * with the chart's own parts (chart/svg_parts.h), for `cacheshape plot` and
 * the page alike. */
#include "../../chart/svg_parts.h"
#include "../../chart/draw.h"
#include "../../common/buf.h"
#include "../../common/outlier.h"

#define TLB_HEAD 24    /* the panel's title */
#define TLB_PLOT_H 220 /* its plot area; its lane goes above it */
#define TLB_PANEL_H (TLB_HEAD + TLB_PLOT_H + CS_SVG_AXIS_BOTTOM + 8)

static const char *tlb_dash(uint64_t page)
{
	return page == 4096 ? "" : page == (2u << 20) ? "6 3" : "2 3";
}

/* The lane: each published TLB ("L1 TLB 64 x 4 KiB") and each TLB knee
 * ("L1 knee 64 x 4 KiB" paired, "knee 1536 x 4 KiB" not). */
struct tlb_lane {
	int n, rows;
	int x[CS_SVG_LANE_MAX], row[CS_SVG_LANE_MAX];
	uint32_t col[CS_SVG_LANE_MAX];
	const char *anchor[CS_SVG_LANE_MAX], *text[CS_SVG_LANE_MAX];
	char buf[CS_SVG_LANE_MAX][48];
};

static void tlb_lane_add(struct tlb_lane *l, struct cs_buf *t, int x, uint32_t col)
{
	l->x[l->n] = x;
	l->col[l->n] = col;
	l->text[l->n] = l->buf[l->n];
	cs_buf_init(t, l->buf[l->n], sizeof l->buf[0]);
	l->n++;
}

static void tlb_lane_knees(struct tlb_lane *l, const struct cs_chart_map *m, int i,
			   const struct cs_tlb_capture *c, const struct cs_tlb_result *t)
{
	struct cs_buf b;
	for (uint32_t s = 0; t && s < c->n_series && s < t->n_series; s++)
		for (uint32_t k = 0; k < t->series[s].n_knees && l->n < CS_SVG_LANE_MAX; k++) {
			const struct cs_tlb_knee *q = &t->series[s].knees[k];
			if (!c->series[s].n || !q->has_entries || q->alias || !cs_chart_has_x(m, q->entries))
				continue;
			tlb_lane_add(l, &b, cs_chart_x(m, q->entries), cs_svg_knee_colour(i));
			if (q->has_published) {
				cs_putc(&b, 'L');
				cs_put_u64(&b, q->published_level);
				cs_putc(&b, ' ');
			}
			cs_puts(&b, "knee ");
			cs_put_g(&b, q->entries, 4);
			cs_puts(&b, " x ");
			cs_put_size(&b, (double)c->series[s].page_bytes);
		}
}

/* Was a sweep on this page size measured (one with points)? A published
 * TLB of a page size no sweep used is not drawn: the panel shows only what
 * was measured (issue 40 item 6). */
static int tlb_measured(const struct cs_tlb_capture *c, uint64_t page_bytes)
{
	for (uint32_t s = 0; s < c->n_series; s++)
		if (c->series[s].n && c->series[s].page_bytes == page_bytes)
			return 1;
	return 0;
}

static void tlb_lane_fill(struct tlb_lane *l, const struct cs_chart_map *m,
			  const struct cs_svg_item *items, int n)
{
	struct cs_buf b;
	l->n = 0;
	for (int i = 0; i < n; i++)
		for (uint32_t k = 0; k < items[i].cap->tlb.n_published && l->n < CS_SVG_LANE_MAX; k++) {
			const struct cs_tlb *p = &items[i].cap->tlb.published[k];
			if (p->type == CS_CACHE_INSTRUCTION || !cs_chart_has_x(m, p->entries) ||
			    !tlb_measured(&items[i].cap->tlb, p->page_bytes))
				continue;
			tlb_lane_add(l, &b, cs_chart_x(m, p->entries), cs_svg_ink(CS_INK_PUBLISHED));
			cs_putc(&b, 'L');
			cs_put_u64(&b, p->level);
			cs_puts(&b, " TLB ");
			cs_put_u64(&b, p->entries);
			cs_puts(&b, " x ");
			cs_put_size(&b, (double)p->page_bytes);
		}
	for (int i = 0; i < n; i++)
		tlb_lane_knees(l, m, i, &items[i].cap->tlb, items[i].res ? &items[i].res->tlb : 0);
	l->rows = cs_svg_lane(l->x, l->text, l->col, l->n, CS_SVG_W - 4, l->row, l->anchor);
}

static int tlb_lane_h(const struct tlb_lane *l)
{
	return l->rows ? l->rows * CS_SVG_LANE_ROW + 6 : 0;
}

static int tlb_has(const struct cs_svg_item *items, int n)
{
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->tlb.n_series; s++)
			if (items[i].cap->tlb.series[s].n)
				return 1;
	return 0;
}

static void tlb_map(struct cs_chart_map *m, const struct cs_svg_item *items, int n)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	for (int i = 0; i < n; i++)
		for (uint32_t s = 0; s < items[i].cap->tlb.n_series; s++)
			for (uint32_t p = 0; p < items[i].cap->tlb.series[s].n; p++) {
				const struct cs_tlb_point *q = &items[i].cap->tlb.series[s].pts[p];
				cs_chart_range_bytes(&range, q->pages, q->pages);
				if (cs_outlier_at(items[i].cap->tlb.series[s].pts, sizeof *q,
						  offsetof(struct cs_tlb_point, pages), offsetof(struct cs_tlb_point, ns),
						  items[i].cap->tlb.series[s].n, p, NULL))
					continue; /* drawn, never stretching the axis (common/outlier.h) */
				if (range.nmin == 0 || q->ns < range.nmin)
					range.nmin = q->ns;
				if (q->ns > range.nmax)
					range.nmax = q->ns;
			}
	cs_chart_layout(m, CS_SVG_W, TLB_PANEL_H, &range, 0);
	m->px = CS_SVG_AXIS_LEFT;
	m->pw = CS_SVG_W - CS_SVG_AXIS_LEFT - 28;
	m->ph = TLB_PLOT_H;
}

/* The plot column (common/kinds.h): the panel's height, 0 when no capture
 * has a TLB sweep with points. */
int cs_tlb_plot_height(const struct cs_svg_item *items, int n)
{
	static struct tlb_lane lane; /* large: off the firmware's and the page's stack */
	struct cs_chart_map m;
	if (!tlb_has(items, n))
		return 0;
	tlb_map(&m, items, n);
	tlb_lane_fill(&lane, &m, items, n);
	return TLB_PANEL_H + tlb_lane_h(&lane);
}

static void tlb_knee_line(struct cs_buf *b, const struct cs_chart_map *m, int n, uint32_t k,
			  uint32_t i, double entries)
{
	cs_puts(b, "<line class=\"tlb-knee\" id=\"tlb-knee-");
	cs_svg_num(b, n);
	cs_putc(b, '-');
	cs_svg_num(b, (int)k);
	cs_putc(b, '-');
	cs_svg_num(b, (int)i);
	cs_putc(b, '"');
	cs_svg_line4(b, cs_chart_x(m, entries), m->py, cs_chart_x(m, entries), m->py + m->ph - 1);
	cs_puts(b, " stroke=\"#");
	cs_svg_hex6(b, cs_svg_knee_colour(n));
	cs_puts(b, "\"/>\n");
}

static void tlb_series(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_tlb_series *s,
		       const struct cs_tlb_series_result *sr, int n, uint32_t k)
{
	const char *dash = tlb_dash(s->page_bytes);
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
		if (q->has_entries && !q->alias && cs_chart_has_x(m, q->entries))
			tlb_knee_line(b, m, n, k, i, q->entries);
	}
}

static void tlb_lane_draw(struct cs_buf *b, const struct tlb_lane *l, const struct cs_chart_map *m)
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
		cs_svg_label(l->x[i] + (l->anchor[i][0] == 'e' ? -3 : 3), y, l->anchor[i], "tlb-label",
			     CS_SVG_SMALL_PX, CS_SVG_FIXED, CS_SVG_PRIO_MARK, CS_SVG_FILL(l->col[i]),
			     l->text[i]);
	}
}

static void tlb_published(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_capture *c)
{
	for (uint32_t k = 0; k < c->tlb.n_published; k++) {
		const struct cs_tlb *p = &c->tlb.published[k];
		if (p->type == CS_CACHE_INSTRUCTION || !cs_chart_has_x(m, p->entries) ||
		    !tlb_measured(&c->tlb, p->page_bytes))
			continue;
		cs_puts(b, "<line class=\"tlb-published\"");
		cs_svg_line4(b, cs_chart_x(m, p->entries), m->py, cs_chart_x(m, p->entries), m->py + m->ph - 1);
		cs_puts(b, " stroke=\"#");
		cs_svg_hex6(b, cs_svg_ink(CS_INK_PUBLISHED));
		cs_puts(b, "\"/>\n");
	}
}

/* The panel's title names the line styles of the page sizes swept only. */
static void tlb_title(const struct cs_svg_item *items, int n, int y0)
{
	static const struct { uint64_t page; const char *words; } style[] = {
		{ 4096, "4 KiB pages solid" }, { 2u << 20, "2 MiB dashed" }, { 1u << 30, "1 GiB dotted" },
	};
	char t[128];
	struct cs_buf b;
	int k = 0;
	cs_buf_init(&b, t, sizeof t);
	cs_puts(&b, "TLB: one line in each of N pages (");
	for (uint32_t s = 0; s < sizeof style / sizeof style[0]; s++) {
		int seen = 0;
		for (int i = 0; i < n && !seen; i++)
			seen = tlb_measured(&items[i].cap->tlb, style[s].page);
		if (seen) {
			cs_puts(&b, k++ ? ", " : "");
			cs_puts(&b, style[s].words);
		}
	}
	cs_putc(&b, ')');
	cs_svg_label(12, y0 + 16, "start", "panel-title", CS_SVG_TICK_PX, CS_SVG_FIXED,
		     CS_SVG_PRIO_TITLE, 0, t);
}

void cs_tlb_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	static struct tlb_lane lane;
	struct cs_chart_map m;
	tlb_map(&m, items, n);
	tlb_lane_fill(&lane, &m, items, n);
	m.py = y0 + TLB_HEAD + tlb_lane_h(&lane);
	cs_puts(b, "<g id=\"tlb\">\n");
	tlb_title(items, n, y0);
	cs_svg_axes(b, &m, CS_SVG_X_NUMBER, "pages in the sweep (log scale)", "ns per load (log scale)");
	for (int i = 0; i < n; i++) {
		const struct cs_capture *c = items[i].cap;
		const struct cs_tlb_result *t = items[i].res ? &items[i].res->tlb : 0;
		tlb_published(b, &m, c);
		for (uint32_t s = 0; s < c->tlb.n_series; s++)
			if (c->tlb.series[s].n)
				tlb_series(b, &m, &c->tlb.series[s],
					   t && s < t->n_series ? &t->series[s] : 0, i, s);
	}
	tlb_lane_draw(b, &lane, &m);
	cs_puts(b, "</g>\n");
}

/* On the staircase itself (svg_parts.h): the data-cache sweep again on
 * large pages (sweep_large_pages), dashed in the capture's colour, the
 * staircase with (nearly) no translation in it beside the one on small
 * pages, its points widening the staircase's range; and the two
 * staircases' verdict, a data-cache knee at a TLB's reach, marked. */
void cs_tlb_plot_stair_range(struct cs_chart_range *range, const struct cs_capture *c)
{
	const struct cs_tlb_capture *t = &c->tlb;
	for (uint32_t k = 0; t->has_large && k < t->n_large; k++) {
		cs_chart_range_bytes(range, t->large[k].bytes, t->large[k].bytes);
		if (range->nmin == 0 || t->large[k].ns < range->nmin)
			range->nmin = t->large[k].ns;
		if (t->large[k].ns > range->nmax)
			range->nmax = t->large[k].ns;
	}
}

void cs_tlb_plot_stair_under(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_capture *c,
			     int n)
{
	const struct cs_tlb_capture *t = &c->tlb;
	if (!t->has_large || !t->n_large)
		return;
	cs_puts(b, "<path class=\"large-curve\" id=\"large-curve-");
	cs_svg_num(b, n);
	cs_puts(b, "\" stroke=\"#");
	cs_svg_hex6(b, cs_svg_colour(n));
	cs_puts(b, "\" stroke-dasharray=\"6 3\" d=\"");
	cs_svg_path_d(b, m, t->large, t->n_large);
	cs_puts(b, "\"/>\n");
}

void cs_tlb_plot_stair_marks(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_svg_item *it,
			     int n)
{
	(void)b;
	if (!it->res)
		return;
	const struct cs_tlb_result *tr = &it->res->tlb;
	for (uint32_t i = 0; i < tr->n_translation; i++)
		if (cs_chart_has_x(m, tr->translation[i].bytes))
			cs_svg_label(cs_chart_x(m, tr->translation[i].bytes) + 3, m->py + 22 + 12 * n, "start",
				     "translation", CS_SVG_SMALL_PX, CS_SVG_FIXED, CS_SVG_PRIO_MARK, 0,
				     "TLB reach");
}
