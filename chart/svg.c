/* svg.c: the staircase as SVG text (svg.h). */
#include "svg.h"
#include "draw.h"
#include "svg_parts.h"

/* the helpers svg_parts.h exports, by their short names here */
#define num cs_svg_num
#define hex6 cs_svg_hex6
#define attr cs_svg_attr
#define esc cs_svg_esc
#define line4 cs_svg_line4
#define grid cs_svg_grid
#define axis cs_svg_axis

#define LEGEND_LINE 16
#define LEGEND_CHARS 148 /* characters: 10px monospace from x 30 across 960 */
#define TITLE_CHARS 98   /* characters: 15px monospace from x 12 across 960 */
#define TITLE_H 46       /* the title and the subtitle */
#define PLOT_H 440       /* the staircase's plot area */
#define SVG_RIGHT 28
#define LANE_MAX 256     /* labelled marks above the staircase */

/* The themes (svg.h): light for reports, dark the screen's (draw.h). */
static const struct theme {
	const char *name;
	uint32_t ink[CS_INK_COUNT];
	uint32_t palette[CS_SVG_MAX];
} themes[2] = {
	{ "light",
	  { 0xffffffu, 0x1e2328u, 0xe3e6eau, 0x4a5058u, 0xd08000u,
	    0x2a9d3au, 0xd62728u, 0x6e7378u, 0xb03cb0u },
	  { 0x1f6fc0u, 0xe8710au, 0x139e9eu, 0x8a4fc8u,
	    0x7a5a10u, 0xd0488cu, 0x3a48b0u, 0x6a8a00u } },
	{ "dark",
	  { CS_COL_BG, CS_COL_TEXT, CS_COL_GRID, CS_COL_AXIS, CS_COL_POINT,
	    CS_COL_LEVEL, CS_COL_KNEE, CS_COL_PUBLISHED, CS_COL_RETIRED },
	  { CS_COL_CURVE, 0xff9030u, 0x50e0d0u, 0xd070ffu,
	    0xa0e040u, 0xff70a0u, 0x8080ffu, 0xe0e0a0u } },
};
/* the document's theme while it is written (one at a time) */
static const struct theme *th = &themes[CS_SVG_LIGHT];

uint32_t cs_svg_colour(int n)
{
	return th->palette[n];
}

uint32_t cs_svg_ink(enum cs_svg_ink k)
{
	return th->ink[k];
}

uint32_t cs_svg_knee_colour(int n)
{
	return n == 0 ? th->ink[CS_INK_KNEE] : th->palette[n];
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

/* ---- the lane: each knee and published size named, above the plot ---- */

struct lane {
	int n, rows;
	int x[LANE_MAX], row[LANE_MAX], knee[LANE_MAX]; /* knee: 0 published, else 1 */
	uint32_t col[LANE_MAX];
	const char *anchor[LANE_MAX], *text[LANE_MAX];
	char buf[LANE_MAX][48];
};

/* "L2 1 MiB" */
static void level_name(struct cs_buf *t, uint32_t level, double bytes)
{
	cs_putc(t, 'L');
	cs_put_u64(t, level);
	cs_putc(t, ' ');
	cs_put_size(t, bytes);
}

static void lane_add(struct lane *l, int x, uint32_t col, int knee)
{
	l->x[l->n] = x;
	l->col[l->n] = col;
	l->knee[l->n] = knee;
	l->text[l->n] = l->buf[l->n];
	l->n++;
}

/* Published sizes first (drawn once when captures share them), then each
 * capture's knees: "L1 knee 33.8 KiB" paired, "knee 4 2.1 MiB" unmatched. */
static void lane_fill(struct lane *l, const struct cs_chart_map *m,
		      const struct cs_svg_item *items, int n)
{
	struct cs_buf t;
	l->n = 0;
	for (int i = 0; i < n; i++)
		for (uint32_t k = 0; k < items[i].cap->n_caches && l->n < LANE_MAX; k++) {
			const struct cs_cache *c = &items[i].cap->caches[k];
			if (c->type == CS_CACHE_INSTRUCTION || !cs_chart_has_x(m, (double)c->size_bytes))
				continue;
			cs_buf_init(&t, l->buf[l->n], sizeof l->buf[0]);
			level_name(&t, c->level, (double)c->size_bytes);
			lane_add(l, cs_chart_x(m, (double)c->size_bytes), th->ink[CS_INK_PUBLISHED], 0);
		}
	for (int i = 0; i < n; i++) {
		const struct cs_result *r = items[i].res;
		for (uint32_t k = 0; r && k < r->n_knees && l->n < LANE_MAX; k++) {
			const struct cs_knee *q = &r->knees[k];
			if (!q->has_bytes || !cs_chart_has_x(m, q->bytes))
				continue;
			cs_buf_init(&t, l->buf[l->n], sizeof l->buf[0]);
			if (q->has_published) {
				cs_putc(&t, 'L');
				cs_put_u64(&t, q->published_level);
				cs_puts(&t, " knee ");
			} else {
				cs_puts(&t, "knee ");
				cs_put_u64(&t, k + 1);
				cs_putc(&t, ' ');
			}
			cs_put_size(&t, q->bytes);
			lane_add(l, cs_chart_x(m, q->bytes), cs_svg_knee_colour(i), 1);
		}
	}
	l->rows = cs_svg_lane(l->x, l->text, l->col, l->n, CS_SVG_W - 4, l->row, l->anchor);
}

static int lane_height(const struct lane *l)
{
	return l->rows ? l->rows * CS_SVG_LANE_ROW + 6 : 0;
}

/* Row r's baseline: row 0 the highest, the last nearest the plot. */
static int lane_y(const struct lane *l, const struct cs_chart_map *m, int r)
{
	return m->py - 6 - (l->rows - 1 - r) * CS_SVG_LANE_ROW;
}

static void lane_draw(struct cs_buf *b, const struct lane *l, const struct cs_chart_map *m)
{
	for (int i = 0; i < l->n; i++) {
		if (l->row[i] < 0)
			continue;
		int y = lane_y(l, m, l->row[i]);
		cs_puts(b, l->knee[i] ? "<line class=\"lane-knee\"" : "<line class=\"lane-published\"");
		line4(b, l->x[i], y - 8, l->x[i], m->py);
		cs_puts(b, " stroke=\"#");
		hex6(b, l->col[i]);
		cs_puts(b, "\"/>\n");
		cs_svg_label(l->x[i] + (l->anchor[i][0] == 'e' ? -3 : 3), y, l->anchor[i],
			     l->knee[i] ? "knee-label" : "published-label", CS_SVG_SMALL_PX,
			     CS_SVG_FIXED, CS_SVG_PRIO_MARK, CS_SVG_FILL(l->col[i]), l->text[i]);
	}
}

/* The plot column of the table (common/kinds.h, svg_parts.h): each kind's
 * panel under the staircase, in the table's order, and what it draws on
 * the staircase itself. */
static const struct {
	const char *name;
	int (*height)(const struct cs_svg_item *items, int n);
	void (*draw)(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0);
	void (*stair_range)(struct cs_chart_range *range, const struct cs_capture *c);
	void (*stair_under)(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_capture *c,
			    int n);
	void (*stair_marks)(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_svg_item *it,
			    int n);
} panels[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, ...) \
	{ name, plot##_height, plot##_draw, plot##_stair_range, plot##_stair_under, plot##_stair_marks },
	CS_KINDS
#undef CS_KIND
};

static void marks(struct cs_buf *b, const struct cs_chart_map *m,
		  const struct cs_svg_item *it, int n)
{
	const struct cs_capture *c = it->cap;
	const struct cs_result *r = it->res;
	int top = m->py, bottom = m->py + m->ph - 1;
	char t[32];
	struct cs_buf tb;
	for (uint32_t i = 0; i < c->n_caches; i++) {
		const struct cs_cache *k = &c->caches[i];
		if (k->type != CS_CACHE_INSTRUCTION && cs_chart_has_x(m, (double)k->size_bytes))
			vline(b, "published", n, -1, cs_chart_x(m, (double)k->size_bytes),
			      top, bottom, th->ink[CS_INK_PUBLISHED]);
	}
	if (!r)
		return;
	for (uint32_t i = 0; i < r->n_levels; i++) {
		const struct cs_level *l = &r->levels[i];
		int y = cs_chart_y(m, l->floor_ns), x1 = cs_chart_x(m, l->last_bytes);
		cs_puts(b, "<line class=\"level\"");
		line4(b, cs_chart_x(m, l->first_bytes), y, x1, y);
		cs_puts(b, "/>\n");
		/* its floor, where there is room */
		cs_buf_init(&tb, t, sizeof t);
		cs_put_g(&tb, l->floor_ns, 3);
		cs_puts(&tb, " ns");
		cs_svg_label(x1, y + 13 < bottom ? y + 13 : y - 5, "end", "floor-label", CS_SVG_SMALL_PX, CS_SVG_DROP,
			     CS_SVG_PRIO_FLOOR, CS_SVG_FILL(th->ink[CS_INK_LEVEL]), t);
	}
	for (uint32_t i = 0; i < r->n_knees; i++) {
		const struct cs_knee *k = &r->knees[i];
		if (k->has_bytes && cs_chart_has_x(m, k->bytes))
			vline(b, "knee", n, (int)i, cs_chart_x(m, k->bytes), top, bottom,
			      cs_svg_knee_colour(n));
		if (k->has_retired && cs_chart_has_x(m, k->retired_bytes))
			vline(b, "retired", n, -1, cs_chart_x(m, k->retired_bytes), top,
			      top + 10, th->ink[CS_INK_RETIRED]);
	}
	/* the kinds' marks on it (the TLB's reach) */
	for (int k = 0; k < CS_KIND_COUNT; k++)
		panels[k].stair_marks(b, m, it, n);
}

void cs_svg_path_d(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_point *p,
		   uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		cs_puts(b, i ? " L" : "M");
		num(b, cs_chart_x(m, p[i].bytes));
		cs_putc(b, ' ');
		num(b, cs_chart_y(m, p[i].ns));
	}
}

static void curve(struct cs_buf *b, const struct cs_chart_map *m,
		  const struct cs_capture *c, int n)
{
	for (int k = 0; k < CS_KIND_COUNT; k++) /* the kinds' curves under it */
		panels[k].stair_under(b, m, c, n);
	cs_puts(b, "<path class=\"curve\" id=\"curve-");
	num(b, n);
	cs_puts(b, "\" stroke=\"#");
	hex6(b, th->palette[n]);
	cs_puts(b, "\" d=\"");
	cs_svg_path_d(b, m, c->points, c->n_points);
	cs_puts(b, "\"/>\n<g class=\"points\" fill=\"#");
	hex6(b, n == 0 ? th->ink[CS_INK_POINT] : th->palette[n]);
	cs_puts(b, "\">\n");
	for (uint32_t i = 0; i < c->n_points; i++) {
		cs_puts(b, "<rect");
		attr(b, "x", cs_chart_x(m, c->points[i].bytes) - 1);
		attr(b, "y", cs_chart_y(m, c->points[i].ns) - 1);
		cs_puts(b, " width=\"3\" height=\"3\"/>\n");
	}
	cs_puts(b, "</g>\n");
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

CS_SVG_STAIR_NONE(cs_none_plot)

static int has_panel(int k)
{
	return panels[k].height != cs_none_plot_height;
}

int cs_svg_panel_find(const char *name)
{
	if (cs_streq(name, "staircase"))
		return CS_SVG_PANEL_STAIRCASE;
	for (int k = 0; k < CS_KIND_COUNT; k++)
		if (has_panel(k) && cs_streq(name, panels[k].name))
			return CS_SVG_PANEL_KIND + k;
	return -1;
}

void cs_svg_panel_names(struct cs_buf *b)
{
	cs_puts(b, "staircase");
	for (int k = 0; k < CS_KIND_COUNT; k++)
		if (has_panel(k)) {
			cs_puts(b, ", ");
			cs_puts(b, panels[k].name);
		}
}

int cs_svg_panel_has(const struct cs_svg_item *items, int n, int p)
{
	if (p == CS_SVG_PANEL_ALL || p == CS_SVG_PANEL_STAIRCASE)
		return 1;
	p -= CS_SVG_PANEL_KIND;
	return p >= 0 && p < CS_KIND_COUNT && panels[p].height(items, n) > 0;
}

/* Is kind k's panel in the document? */
static int panel_shown(int want, int k)
{
	return want == CS_SVG_PANEL_ALL || want == CS_SVG_PANEL_KIND + k;
}

/* ---- the title and the legend ---- */

static int is_digit(char ch)
{
	return ch >= '0' && ch <= '9';
}

/* A YYYY-MM-DD at s. */
static int is_date(const char *s)
{
	for (int i = 0; i < 10; i++)
		if (!s[i] || (i == 4 || i == 7 ? s[i] != '-' : !is_digit(s[i])))
			return 0;
	return 1;
}

/* The capture's day: producer.started_utc's, else the label's first date. */
static void date_of(struct cs_buf *t, const struct cs_capture *c)
{
	const char *s = c->about.started;
	if (!is_date(s))
		for (s = c->label; *s && !is_date(s); s++)
			;
	if (*s)
		cs_putn(t, s, 10);
}

/* 1 when w is in s. */
static int has_word(const char *s, const char *w)
{
	for (; *s; s++) {
		size_t i = 0;
		while (w[i] && s[i] == w[i])
			i++;
		if (!w[i])
			return 1;
	}
	return 0;
}

/* cpu.brand, else the label up to its first comma or colon; "(emulated)"
 * when the label says so, else "(virtual machine)" when cpu.hypervisor
 * says so and the text does not. */
static void machine_of(struct cs_buf *t, const struct cs_svg_item *it)
{
	const struct cs_capture *c = it->cap;
	const char *s = c->about.brand[0] ? c->about.brand : c->label[0] ? c->label : it->name;
	size_t n = 0, start = t->len;
	while (s[n] && s[n] == ' ')
		s++;
	if (s == c->about.brand)
		n = cs_strlen(s);
	else
		while (s[n] && s[n] != ',' && s[n] != ':' && n < 60)
			n++;
	while (n && s[n - 1] == ' ')
		n--;
	cs_putn(t, s, cs_utf8_cut(s, n) < n && s[n] ? cs_utf8_cut(s, n) : n);
	if (has_word(c->label, "emulated"))
		cs_puts(t, " (emulated)");
	else if (c->vm == 1 && !has_word(t->p + start, "virtual"))
		cs_puts(t, " (virtual machine)");
}

static void producer_of(struct cs_buf *t, const struct cs_capture *c)
{
	cs_puts(t, c->about.producer);
	if (c->about.producer[0] && c->about.version[0]) {
		cs_putc(t, ' ');
		cs_puts(t, c->about.version);
	}
}

void cs_svg_title(char *out, size_t cap, const struct cs_svg_item *items, int n)
{
	struct cs_buf t, d;
	char day[16], mine[160], other[160];
	cs_buf_init(&t, out, cap);
	cs_buf_init(&d, day, sizeof day);
	machine_of(&t, &items[0]);
	date_of(&d, items[0].cap);
	cs_puts(&t, " \xc2\xb7 ");
	cs_puts(&t, d.len ? day : "date not recorded");
	if (items[0].cap->about.producer[0]) {
		cs_puts(&t, " \xc2\xb7 ");
		producer_of(&t, items[0].cap);
	}
	if (n < 2)
		return;
	int same = 1;
	for (int i = 1; i < n; i++) {
		struct cs_buf a, o;
		cs_buf_init(&a, mine, sizeof mine);
		cs_buf_init(&o, other, sizeof other);
		machine_of(&a, &items[0]);
		machine_of(&o, &items[i]);
		same &= a.len == o.len && !__builtin_memcmp(mine, other, a.len);
	}
	cs_puts(&t, " \xc2\xb7 ");
	cs_put_u64(&t, (uint64_t)n);
	cs_puts(&t, same ? " captures" : " captures, other machines too");
}

/* The title cut to TITLE_CHARS characters, on a character boundary. */
static void title_cut(char *t)
{
	size_t len = cs_strlen(t), keep = cs_utf8_prefix(t, len, TITLE_CHARS - 3);
	if (cs_utf8_prefix(t, len, TITLE_CHARS) == len)
		return;
	t[keep] = 0;
	struct cs_buf b;
	cs_buf_init(&b, t + keep, 4);
	cs_puts(&b, "...");
}

/* The legend's line of capture i, "LABEL · DATE · PRODUCER" and 'tail':
 * the label cut, on a character boundary, to leave the rest whole in
 * LEGEND_CHARS (the file holds it all). Returns its length in bytes. */
static int legend_base(char *out, size_t cap, const struct cs_svg_item *items, int i,
		       const char *tail)
{
	const char *l = items[i].cap->label[0] ? items[i].cap->label : items[i].name;
	char suffix[CS_TEXT_MAX + 96];
	struct cs_buf t, s;
	cs_buf_init(&s, suffix, sizeof suffix);
	cs_buf_init(&t, out, cap);
	date_of(&s, items[i].cap);
	if (items[i].cap->about.producer[0]) {
		cs_puts(&s, s.len ? " \xc2\xb7 " : "");
		producer_of(&s, items[i].cap);
	}
	size_t sc = 0;
	for (size_t k = 0; k < s.len; k++)
		sc += ((unsigned char)suffix[k] & 0xc0) != 0x80;
	size_t tc = 0;
	for (const char *q = tail; *q; q++)
		tc += ((unsigned char)*q & 0xc0) != 0x80;
	size_t used = (s.len ? sc + 3 : 0) + tc;
	size_t room = used + 8 < LEGEND_CHARS ? LEGEND_CHARS - used : 8;
	size_t len = cs_strlen(l), keep = cs_utf8_prefix(l, len, room - 3);
	if (cs_utf8_prefix(l, len, room) == len)
		keep = len;
	cs_putn(&t, l, keep);
	if (keep < len)
		cs_puts(&t, "...");
	if (s.len) {
		cs_puts(&t, " \xc2\xb7 ");
		cs_puts(&t, suffix);
	}
	cs_puts(&t, tail);
	return (int)t.len;
}

void cs_svg_legend_text(char *out, size_t cap, const struct cs_svg_item *items, int i)
{
	char other[CS_TEXT_MAX * 2], tail[CS_TEXT_MAX];
	int len = legend_base(out, cap, items, i, ""), seen = 0;
	for (int j = 0; j < i; j++) {
		int o = legend_base(other, sizeof other, items, j, "");
		seen += o == len && !__builtin_memcmp(out, other, (size_t)len);
	}
	if (!seen)
		return;
	/* the same line as an earlier capture's: the file says which, and a
	 * count the rest (the same file given twice) */
	struct cs_buf t;
	const char *base = items[i].name;
	for (const char *q = items[i].name; *q; q++)
		if (*q == '/')
			base = q + 1;
	cs_buf_init(&t, tail, sizeof tail);
	cs_puts(&t, " (");
	cs_putn(&t, base, cs_utf8_cut(base, 60) < cs_strlen(base) ? cs_utf8_cut(base, 60) : cs_strlen(base));
	if (seen) {
		cs_puts(&t, ", ");
		cs_put_u64(&t, (uint64_t)seen + 1);
	}
	cs_putc(&t, ')');
	legend_base(out, cap, items, i, tail);
}

static void legend(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	char t[CS_TEXT_MAX * 2 + 64];
	cs_puts(b, "<g id=\"legend\">\n");
	for (int i = 0; i < n; i++) {
		int y = y0 + 4 + i * LEGEND_LINE, x0, y1, x1, yt;
		cs_svg_legend_text(t, sizeof t, items, i);
		cs_puts(b, "<rect x=\"10\"");
		attr(b, "y", y + 5);
		cs_puts(b, " width=\"14\" height=\"4\" fill=\"#");
		hex6(b, th->palette[i]);
		cs_puts(b, "\"/>\n<text x=\"30\"");
		attr(b, "y", y + 11);
		attr(b, "font-size", CS_SVG_SMALL_PX);
		cs_puts(b, " class=\"legend\">");
		esc(b, t, cs_strlen(t));
		cs_puts(b, "</text>\n");
		cs_svg_text_box(30, y + 11, "start", CS_SVG_SMALL_PX, 0, t, &x0, &yt, &x1, &y1);
		cs_svg_reserve(x0, yt, x1, y1);
	}
	const char *key = "knees solid, published sizes dashed, retired-rule sizes: ticks at the top, levels: green";
	int large = 0;
	for (int i = 0; i < n; i++)
		large |= items[i].cap->tlb.has_large;
	struct cs_buf kb;
	cs_buf_init(&kb, t, sizeof t);
	cs_puts(&kb, key);
	if (large)
		cs_puts(&kb, "; the sweep on large pages dashed");
	cs_svg_label(10, y0 + 4 + n * LEGEND_LINE + 11, "start", "key", CS_SVG_SMALL_PX, CS_SVG_FIXED,
		     CS_SVG_PRIO_TITLE, 0, t);
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
	cs_puts(b, "\" class=\"theme-");
	cs_puts(b, th->name);
	cs_puts(b, "\">\n<style>text{font-family:'DejaVu Sans Mono',monospace;fill:#");
	hex6(b, th->ink[CS_INK_TEXT]);
	cs_puts(b, "}.title{font-weight:bold}.grid{stroke:#");
	hex6(b, th->ink[CS_INK_GRID]);
	cs_puts(b, "}.axis{stroke:#");
	hex6(b, th->ink[CS_INK_AXIS]);
	cs_puts(b, ";fill:none}.curve,.ramp{fill:none;stroke-width:1.5}.knee{stroke-width:1.5}"
		   ".published,.tlb-published,.lane-published{stroke-dasharray:4 4}.retired{stroke-width:3}"
		   ".lane-knee,.lane-published{stroke-width:1}"
		   ".tlb-curve,.large-curve{fill:none;stroke-width:1.5}.tlb-knee{stroke-width:1.5}.level{stroke:#");
	hex6(b, th->ink[CS_INK_LEVEL]);
	cs_puts(b, ";stroke-width:2}#labels text{paint-order:stroke;stroke:#");
	hex6(b, th->ink[CS_INK_BG]);
	cs_puts(b, ";stroke-width:3px;stroke-linejoin:round}</style>\n"
		   "<rect class=\"bg\" width=\"100%\" height=\"100%\" fill=\"#");
	hex6(b, th->ink[CS_INK_BG]);
	cs_puts(b, "\"/>\n");
}

static void range_of(struct cs_chart_range *range, const struct cs_svg_item *items, int n)
{
	for (int i = 0; i < n; i++) {
		cs_chart_range_add(range, items[i].cap);
		for (int k = 0; k < CS_KIND_COUNT; k++) /* what the kinds draw on it */
			panels[k].stair_range(range, items[i].cap);
	}
}

static void title(const struct cs_svg_item *items, int n, int staircase)
{
	char t[CS_TEXT_MAX + 160];
	cs_svg_title(t, sizeof t, items, n);
	title_cut(t);
	cs_svg_label(12, 20, "start", "title", CS_SVG_TITLE_PX, CS_SVG_FIXED, CS_SVG_PRIO_TITLE, 0, t);
	if (staircase) /* a kind's panel alone says what it is in its own heading */
		cs_svg_label(12, 37, "start", "subtitle", CS_SVG_TICK_PX, CS_SVG_FIXED, CS_SVG_PRIO_TITLE, 0,
			     "the cost of a dependent load against the working set, both on log scales");
}

int cs_svg_staircase_opts(struct cs_buf *b, const struct cs_svg_item *items, int n,
			  const struct cs_svg_opts *o)
{
	static struct lane lane; /* large: not on the firmware's or the page's stack */
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	int want = o ? o->panel : CS_SVG_PANEL_ALL;
	int stair = want == CS_SVG_PANEL_ALL || want == CS_SVG_PANEL_STAIRCASE;

	if (n < 1 || n > CS_SVG_MAX || !cs_svg_panel_has(items, n, want))
		return -1;
	th = &themes[o && o->theme == CS_SVG_DARK ? CS_SVG_DARK : CS_SVG_LIGHT];
	cs_svg_labels_begin();
	range_of(&range, items, n);
	cs_chart_layout(&m, CS_SVG_W, CS_SVG_H, &range, 0);
	m.px = CS_SVG_AXIS_LEFT;
	m.pw = CS_SVG_W - CS_SVG_AXIS_LEFT - SVG_RIGHT;
	lane_fill(&lane, &m, items, n);
	m.py = TITLE_H + lane_height(&lane);
	m.ph = PLOT_H;
	int top = stair ? m.py + m.ph + CS_SVG_AXIS_BOTTOM + 6 : TITLE_H - 16, below = 0;
	m.h = top;
	for (int k = 0; k < CS_KIND_COUNT; k++)
		below += panel_shown(want, k) ? panels[k].height(items, n) : 0;
	header(b, top + below + 4 + (n + 1) * LEGEND_LINE + 4);
	title(items, n, stair);
	if (stair) {
		cs_svg_axes(b, &m, CS_SVG_X_BYTES, "working set (bytes, log scale)", "ns per load (log scale)");
		for (int i = 0; i < n; i++)
			marks(b, &m, &items[i], i);
		lane_draw(b, &lane, &m);
		for (int i = 0; i < n; i++)
			curve(b, &m, items[i].cap, i);
	}
	for (int k = 0, y = top; k < CS_KIND_COUNT; k++) {
		int h = panel_shown(want, k) ? panels[k].height(items, n) : 0;
		if (h)
			panels[k].draw(b, items, n, y);
		y += h;
	}
	legend(b, items, n, top + below);
	cs_svg_labels_write(b);
	cs_puts(b, "</svg>\n");
	th = &themes[CS_SVG_LIGHT];
	return b->overflow ? -1 : 0;
}

int cs_svg_staircase(struct cs_buf *b, const struct cs_svg_item *items, int n)
{
	return cs_svg_staircase_opts(b, items, n, 0);
}
