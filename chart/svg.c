/* svg.c: the staircase as SVG text (svg.h). */
#include "svg.h"
#include "draw.h"
#include "svg_parts.h"

/* the helpers svg_parts.h exports, by their short names here */
#define num cs_svg_num
#define hex6 cs_svg_hex6
#define attr cs_svg_attr
#define esc cs_svg_esc
#define text cs_svg_text
#define line4 cs_svg_line4
#define grid cs_svg_grid
#define axis cs_svg_axis

#define LEGEND_LINE 16
#define LEGEND_CHARS 150 /* characters: 10px monospace across 960 */

static const uint32_t palette[CS_SVG_MAX] = {
	CS_COL_CURVE, 0xff9030u, 0x50e0d0u, 0xd070ffu,
	0xa0e040u, 0xff70a0u, 0x8080ffu, 0xe0e0a0u,
};

uint32_t cs_svg_colour(int n)
{
	return palette[n];
}

void cs_svg_num(struct cs_buf *b, int v)
{
	cs_put_i64(b, v);
}

/* A colour as six lower-case hex digits, no prefix. */
void cs_svg_hex6(struct cs_buf *b, uint32_t v)
{
	static const char hx[] = "0123456789abcdef";
	for (int s = 20; s >= 0; s -= 4)
		cs_putc(b, hx[(v >> s) & 15]);
}

/* x="X" y="Y" style pairs: ' NAME="V"' for each (name, value). */
void cs_svg_attr(struct cs_buf *b, const char *name, int v)
{
	cs_putc(b, ' ');
	cs_puts(b, name);
	cs_puts(b, "=\"");
	num(b, v);
	cs_putc(b, '"');
}

/* At most n bytes of s (callers cut on a character boundary), as XML
 * character data: markup escaped, control characters (which XML 1.0
 * forbids) dropped, a byte that is not UTF-8 (a file name in another
 * encoding) as U+FFFD: the SVG stays well-formed whatever it is given. */
void cs_svg_esc(struct cs_buf *b, const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && s[i]) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80) {
			i += cs_put_utf8_char(b, s + i, n - i);
			continue;
		}
		i++;
		switch (c) {
		case '&': cs_puts(b, "&amp;"); break;
		case '<': cs_puts(b, "&lt;"); break;
		case '>': cs_puts(b, "&gt;"); break;
		case '"': cs_puts(b, "&quot;"); break;
		case '\'': cs_puts(b, "&apos;"); break;
		default:
			if (c >= 0x20 || c == '\t')
				cs_putc(b, (char)c);
		}
	}
}

void cs_svg_text(struct cs_buf *b, int x, int y, const char *anchor,
		 const char *cls, const char *s)
{
	cs_puts(b, "<text");
	attr(b, "x", x);
	attr(b, "y", y);
	cs_puts(b, " text-anchor=\"");
	cs_puts(b, anchor);
	cs_puts(b, "\" class=\"");
	cs_puts(b, cls);
	cs_puts(b, "\">");
	esc(b, s, cs_strlen(s));
	cs_puts(b, "</text>\n");
}

void cs_svg_line4(struct cs_buf *b, int x1, int y1, int x2, int y2)
{
	attr(b, "x1", x1);
	attr(b, "y1", y1);
	attr(b, "x2", x2);
	attr(b, "y2", y2);
}

void cs_svg_grid(struct cs_buf *b, int x1, int y1, int x2, int y2)
{
	cs_puts(b, "<line class=\"grid\"");
	line4(b, x1, y1, x2, y2);
	cs_puts(b, "/>\n");
}

/* The two axes: down the left of the plot area to 'bottom', then along it. */
void cs_svg_axis(struct cs_buf *b, const struct cs_chart_map *m, int bottom)
{
	cs_puts(b, "<path class=\"axis\" d=\"M");
	num(b, m->px);
	cs_putc(b, ' ');
	num(b, m->py);
	cs_putc(b, 'V');
	num(b, bottom);
	cs_putc(b, 'H');
	num(b, m->px + m->pw - 1);
	cs_puts(b, "\"/>\n");
}

static void axes(struct cs_buf *b, const struct cs_chart_map *m)
{
	char t[32];
	struct cs_buf tb;
	int bottom = m->py + m->ph - 1, label;
	double ns, p;
	for (int i = 0; cs_chart_ytick(m, i, &ns) == 0; i++) {
		int y = cs_chart_y(m, ns);
		grid(b, m->px, y, m->px + m->pw - 1, y);
		cs_buf_init(&tb, t, sizeof t);
		cs_put_g(&tb, ns, 3);
		text(b, m->px - 4, y + 4, "end", "tick", t);
	}
	for (int i = 0; cs_chart_xtick(m, i, &p, &label) == 0; i++) {
		int x = cs_chart_x(m, p);
		grid(b, x, m->py, x, bottom);
		if (!label)
			continue;
		cs_buf_init(&tb, t, sizeof t);
		cs_put_size(&tb, p);
		text(b, x, bottom + 16, "middle", "tick", t);
	}
	axis(b, m, bottom);
	text(b, 4, 11, "start", "tick", "ns/load");
	text(b, m->px + m->pw - 1, 11, "end", "tick", "working set");
}

static void vline(struct cs_buf *b, const char *cls, int n, int k, int x,
		  int y0, int y1, uint32_t col)
{
	cs_puts(b, "<line class=\"");
	cs_puts(b, cls);
	cs_putc(b, '"');
	if (k >= 0) {
		cs_puts(b, " id=\"knee-");
		num(b, n);
		cs_putc(b, '-');
		num(b, k);
		cs_putc(b, '"');
	}
	line4(b, x, y0, x, y1);
	cs_puts(b, " stroke=\"#");
	hex6(b, col);
	cs_puts(b, "\"/>\n");
}

static void marks(struct cs_buf *b, const struct cs_chart_map *m,
		  const struct cs_svg_item *it, int n)
{
	const struct cs_capture *c = it->cap;
	const struct cs_result *r = it->res;
	int top = m->py, bottom = m->py + m->ph - 1;
	uint32_t kc = n == 0 ? CS_COL_KNEE : palette[n];
	for (uint32_t i = 0; i < c->n_caches; i++) {
		const struct cs_cache *k = &c->caches[i];
		if (k->type != CS_CACHE_INSTRUCTION && cs_chart_has_x(m, (double)k->size_bytes))
			vline(b, "published", n, -1, cs_chart_x(m, (double)k->size_bytes),
			      top, bottom, CS_COL_PUBLISHED);
	}
	if (!r)
		return;
	for (uint32_t i = 0; i < r->n_levels; i++) {
		const struct cs_level *l = &r->levels[i];
		int y = cs_chart_y(m, l->floor_ns);
		cs_puts(b, "<line class=\"level\"");
		line4(b, cs_chart_x(m, l->first_bytes), y, cs_chart_x(m, l->last_bytes), y);
		cs_puts(b, "/>\n");
	}
	for (uint32_t i = 0; i < r->n_knees; i++) {
		const struct cs_knee *k = &r->knees[i];
		if (k->has_bytes && cs_chart_has_x(m, k->bytes))
			vline(b, "knee", n, (int)i, cs_chart_x(m, k->bytes), top, bottom, kc);
		if (k->has_retired && cs_chart_has_x(m, k->retired_bytes))
			vline(b, "retired", n, -1, cs_chart_x(m, k->retired_bytes), top,
			      top + 10, CS_COL_RETIRED);
	}
	/* the two staircases: a data-cache knee at a TLB's reach */
	const struct cs_tlb_result *t = &r->tlb;
	for (uint32_t i = 0; i < t->n_translation; i++)
		if (cs_chart_has_x(m, t->translation[i].bytes))
			text(b, cs_chart_x(m, t->translation[i].bytes) + 3, top + 22 + 12 * n, "start",
			     "translation", "TLB reach");
}

/* sweep_large_pages, dashed in the capture's colour: the staircase with
 * (nearly) no translation in it, beside the one on small pages. */
/* A path's "M x y L x y ..." through sweep points on the chart. */
static void path_d(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_point *p,
		   uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		cs_puts(b, i ? " L" : "M");
		num(b, cs_chart_x(m, p[i].bytes));
		cs_putc(b, ' ');
		num(b, cs_chart_y(m, p[i].ns));
	}
}

static void large_curve(struct cs_buf *b, const struct cs_chart_map *m,
			const struct cs_capture *c, int n)
{
	const struct cs_tlb_capture *t = &c->tlb;
	if (!t->has_large || !t->n_large)
		return;
	cs_puts(b, "<path class=\"large-curve\" id=\"large-curve-");
	num(b, n);
	cs_puts(b, "\" stroke=\"#");
	hex6(b, palette[n]);
	cs_puts(b, "\" stroke-dasharray=\"6 3\" d=\"");
	path_d(b, m, t->large, t->n_large);
	cs_puts(b, "\"/>\n");
}

static void curve(struct cs_buf *b, const struct cs_chart_map *m,
		  const struct cs_capture *c, int n)
{
	large_curve(b, m, c, n);
	cs_puts(b, "<path class=\"curve\" id=\"curve-");
	num(b, n);
	cs_puts(b, "\" stroke=\"#");
	hex6(b, palette[n]);
	cs_puts(b, "\" d=\"");
	path_d(b, m, c->points, c->n_points);
	cs_puts(b, "\"/>\n<g class=\"points\" fill=\"#");
	hex6(b, n == 0 ? CS_COL_POINT : palette[n]);
	cs_puts(b, "\">\n");
	for (uint32_t i = 0; i < c->n_points; i++) {
		cs_puts(b, "<rect");
		attr(b, "x", cs_chart_x(m, c->points[i].bytes) - 1);
		attr(b, "y", cs_chart_y(m, c->points[i].ns) - 1);
		cs_puts(b, " width=\"3\" height=\"3\"/>\n");
	}
	cs_puts(b, "</g>\n");
}

static void ramps(struct cs_buf *b, const struct cs_chart_map *m,
		  const struct cs_svg_item *items, int n)
{
	uint32_t total = 0, k = 0;
	char t[160];
	for (int i = 0; i < n; i++)
		total += items[i].cap->n_adj;
	for (int i = 0; i < n; i++) {
		const struct cs_capture *c = items[i].cap;
		for (uint32_t s = 0; s < c->n_adj; s++, k++) {
			int x, y, w, h, rh = m->strip_h - 2 * CS_FONT_H - 2;
			char *nl;
			cs_chart_panel(m, k, total, &x, &y, &w, &h);
			grid(b, x, y + rh, x + w - 1, y + rh);
			if (c->adj[s].n > 1) {
				cs_puts(b, "<path class=\"ramp\" stroke=\"#");
				hex6(b, palette[i]);
				cs_puts(b, "\" d=\"");
				for (uint32_t d = 0; d < c->adj[s].n; d++) {
					int px, py;
					cs_chart_ramp_xy(&c->adj[s], x, y, w, rh, d, &px, &py);
					cs_puts(b, d ? " L" : "M");
					num(b, px);
					cs_putc(b, ' ');
					num(b, py);
				}
				cs_puts(b, "\"/>\n");
			}
			cs_chart_verdict(t, sizeof t, c, items[i].res, s);
			for (nl = t; *nl && *nl != '\n'; nl++)
				;
			if (*nl)
				*nl++ = 0;
			else
				nl = 0;
			cs_puts(b, "<g class=\"verdict\" fill=\"#");
			hex6(b, palette[i]);
			cs_puts(b, "\">\n");
			text(b, x, y + rh + 12, "start", "tick", t);
			if (nl)
				text(b, x, y + rh + 24, "start", "tick", nl);
			cs_puts(b, "</g>\n");
		}
	}
}

/* The plot column of the table (common/kinds.h, svg_parts.h): each
 * kind's panel under the staircase, in the table's order. */

int cs_none_plot_height(const struct cs_svg_item *items, int n)
{
	(void)items;
	(void)n;
	return 0;
}

void cs_none_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	(void)b;
	(void)items;
	(void)n;
	(void)y0;
}

static const struct {
	int (*height)(const struct cs_svg_item *items, int n);
	void (*draw)(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0);
} panels[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, ...) \
	{ plot##_height, plot##_draw },
	CS_KINDS
#undef CS_KIND
};

static void legend(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	cs_puts(b, "<g id=\"legend\">\n");
	for (int i = 0; i < n; i++) {
		int y = y0 + 4 + i * LEGEND_LINE;
		const char *l = items[i].cap->label[0] ? items[i].cap->label : items[i].name;
		cs_puts(b, "<rect x=\"10\"");
		attr(b, "y", y + 5);
		cs_puts(b, " width=\"14\" height=\"4\" fill=\"#");
		hex6(b, palette[i]);
		cs_puts(b, "\"/>\n<text x=\"30\"");
		attr(b, "y", y + 11);
		cs_puts(b, " class=\"legend\">");
		/* One line each: a long label is cut, on a character boundary
		 * (the file holds it whole). */
		size_t len = cs_strlen(l), keep = cs_utf8_prefix(l, len, LEGEND_CHARS);
		esc(b, l, keep);
		if (keep < len)
			cs_puts(b, "...");
		cs_puts(b, "</text>\n");
	}
	cs_puts(b, "<text x=\"10\" y=\"");
	num(b, y0 + 4 + n * LEGEND_LINE + 11);
	cs_puts(b, "\" class=\"tick\">knees solid, published sizes dashed, retired-rule sizes: ticks at the top, levels: green");
	for (int i = 0; i < n; i++)
		if (items[i].cap->tlb.has_large) {
			cs_puts(b, "; the sweep on large pages dashed");
			break;
		}
	cs_puts(b, "</text>\n");
	cs_puts(b, "</g>\n");
}

static void header(struct cs_buf *b, int h)
{
	cs_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<svg xmlns=\"http://www.w3.org/2000/svg\"");
	attr(b, "width", CS_SVG_W);
	attr(b, "height", h);
	cs_puts(b, " viewBox=\"0 0 ");
	num(b, CS_SVG_W);
	cs_putc(b, ' ');
	num(b, h);
	cs_puts(b, "\">\n<style>text{font-family:monospace;font-size:11px;fill:#");
	hex6(b, CS_COL_TEXT);
	cs_puts(b, "}.grid{stroke:#");
	hex6(b, CS_COL_GRID);
	cs_puts(b, "}.axis{stroke:#");
	hex6(b, CS_COL_AXIS);
	cs_puts(b, ";fill:none}.curve,.ramp{fill:none;stroke-width:1.5}.knee{stroke-width:1.5}"
		   ".published,.tlb-published{stroke-dasharray:4 4}.retired{stroke-width:3}"
		   ".tlb-curve,.large-curve{fill:none;stroke-width:1.5}.tlb-knee{stroke-width:1.5}.level{stroke:#");
	hex6(b, CS_COL_LEVEL);
	cs_puts(b, ";stroke-width:2}.verdict text,.legend{font-size:10px}</style>\n"
		   "<rect class=\"bg\" width=\"100%\" height=\"100%\" fill=\"#");
	hex6(b, CS_COL_BG);
	cs_puts(b, "\"/>\n");
}

int cs_svg_staircase(struct cs_buf *b, const struct cs_svg_item *items, int n)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	int adj = 0;

	if (n < 1 || n > CS_SVG_MAX)
		return -1;
	for (int i = 0; i < n; i++) {
		cs_chart_range_add(&range, items[i].cap);
		const struct cs_tlb_capture *t = &items[i].cap->tlb;
		for (uint32_t k = 0; t->has_large && k < t->n_large; k++) {
			cs_chart_range_bytes(&range, t->large[k].bytes, t->large[k].bytes);
			if (range.nmin == 0 || t->large[k].ns < range.nmin)
				range.nmin = t->large[k].ns;
			if (t->large[k].ns > range.nmax)
				range.nmax = t->large[k].ns;
		}
		adj |= items[i].cap->n_adj > 0;
	}
	cs_chart_layout(&m, CS_SVG_W, CS_SVG_H, &range, adj);
	int below = 0;
	for (int k = 0; k < CS_KIND_COUNT; k++)
		below += panels[k].height(items, n);
	header(b, CS_SVG_H + below + 4 + (n + 1) * LEGEND_LINE + 4);
	axes(b, &m);
	for (int i = 0; i < n; i++)
		marks(b, &m, &items[i], i);
	for (int i = 0; i < n; i++)
		curve(b, &m, items[i].cap, i);
	if (m.strip_h)
		ramps(b, &m, items, n);
	for (int k = 0, y = CS_SVG_H; k < CS_KIND_COUNT; k++) {
		int h = panels[k].height(items, n);
		if (h)
			panels[k].draw(b, items, n, y);
		y += h;
	}
	legend(b, items, n, CS_SVG_H + below);
	cs_puts(b, "</svg>\n");
	return b->overflow ? -1 : 0;
}
