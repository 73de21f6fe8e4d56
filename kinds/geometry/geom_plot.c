/* geom_plot.c: the geometry kind's plot column (common/kinds.h): its panel
 * under the staircase (docs/geometry.md), a heat map of the first capture
 * with a geometry table: count of lines across, stride down, each cell's
 * ns per load shaded on a log scale from the table's least to its most;
 * each measured level's step at each stride marked with its level's name
 * (a refused level's steps are not marked). Drawn with the chart's parts
 * (chart/svg_parts.h), for `cacheshape plot` and the page alike. */
#include "../../chart/svg_parts.h"
#include "../../common/csmath.h"

#define GEOM_PANEL_H 300
#define GEOM_LEFT 80   /* room for the strides' labels */
#define GEOM_TOP 28    /* room for the title */
#define GEOM_BOTTOM 24 /* room for the counts' labels */

static const struct cs_svg_item *first(const struct cs_svg_item *items, int n)
{
	for (int i = 0; i < n; i++)
		if (items[i].cap->geom.n_strides)
			return &items[i];
	return 0;
}

/* nothing on the staircase itself */
CS_SVG_STAIR_NONE(cs_geom_plot)

int cs_geom_plot_height(const struct cs_svg_item *items, int n)
{
	return first(items, n) ? GEOM_PANEL_H : 0;
}

/* light (fast) to dark (slow): t in 0..1 */
static uint32_t shade(double t)
{
	static const uint32_t lo = 0xf7fbffu, hi = 0x08306bu;
	uint32_t c = 0;
	t = !(t > 0) ? 0 : t > 1 ? 1 : t; /* NaN as the fastest: never converted */
	for (int s = 0; s < 24; s += 8) {
		double a = (double)((lo >> s) & 0xff), z = (double)((hi >> s) & 0xff);
		c |= (uint32_t)(a + (z - a) * t + 0.5) << s;
	}
	return c;
}

/* The shades span at most this ratio of times: an L1 hit to a DRAM miss
 * is under three decades; a time below the slowest over it (5e-324 ns, which
 * the reader accepts) takes the lightest shade rather than pressing every
 * other cell into the darkest. */
#define GEOM_SHADE_SPAN 1000.0

static void range(const struct cs_geom_capture *g, double *lo, double *hi)
{
	*lo = *hi = 0;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < g->n_strides && i < CS_GEOM_MAX_STRIDES; i++)
			for (uint32_t k = 0; k < g->strides[i].n && k < CS_GEOM_MAX_COUNTS; k++) {
				double v = g->strides[i].ns[k];
				if (pass == 0 && v > *hi)
					*hi = v;
				if (pass == 1 && v >= *hi / GEOM_SHADE_SPAN && (*lo == 0 || v < *lo))
					*lo = v;
			}
}

static void rect(struct cs_buf *b, int x, int y, int w, int h)
{
	cs_svg_attr(b, "x", x);
	cs_svg_attr(b, "y", y);
	cs_svg_attr(b, "width", w);
	cs_svg_attr(b, "height", h);
}

static void cells(struct cs_buf *b, const struct cs_geom_capture *g, int x0, int y0, int cw, int ch)
{
	double lo, hi;
	range(g, &lo, &hi);
	/* in logs: hi / lo overflows to inf for a time the reader accepts
	 * (5e-324 ns) and inf / inf made every cell NaN (issue 41) */
	double llo = lo > 0 ? cs_log(lo) : 0, span = hi > lo && lo > 0 ? cs_log(hi) - llo : 1;
	if (!(span > 0) || !cs_isfinite(span))
		span = 1;
	for (uint32_t i = 0; i < g->n_strides && i < CS_GEOM_MAX_STRIDES; i++) {
		char t[32];
		struct cs_buf tb;
		cs_buf_init(&tb, t, sizeof t);
		cs_put_size(&tb, (double)g->strides[i].stride_bytes);
		cs_svg_text(b, x0 - 4, y0 + (int)i * ch + ch - 2, "end", "tick", t);
		for (uint32_t k = 0; k < g->strides[i].n && k < CS_GEOM_MAX_COUNTS; k++) {
			cs_puts(b, "<rect class=\"geom-cell\"");
			rect(b, x0 + (int)k * cw, y0 + (int)i * ch, cw, ch);
			cs_puts(b, " fill=\"#");
			double v = g->strides[i].ns[k];
			cs_svg_hex6(b, shade(v > 0 ? (cs_log(v) - llo) / span : 0));
			cs_puts(b, "\"/>\n");
		}
	}
}

/* Each measured level's step at each stride: a mark at its count. */
static void steps(struct cs_buf *b, const struct cs_geom_capture *g, const struct cs_geom_result *r, int x0,
		  int y0, int cw, int ch)
{
	for (uint32_t l = 0; r && l < r->n && l < CS_GEOM_MAX_LEVELS; l++) {
		const struct cs_geom_level *L = &r->levels[l];
		char name[8];
		struct cs_buf nb;
		int named = 0;
		if (!L->has_geometry)
			continue;
		cs_buf_init(&nb, name, sizeof name);
		cs_putc(&nb, 'L');
		cs_put_u64(&nb, L->level);
		for (uint32_t i = 0; i < g->n_strides && i < CS_GEOM_MAX_STRIDES; i++) {
			if (!L->step[i])
				continue;
			int x = x0 + (int)(L->step[i] - 1) * cw, y = y0 + (int)i * ch;
			cs_puts(b, "<rect class=\"geom-step\" fill=\"none\" stroke=\"#");
			cs_svg_hex6(b, CS_COL_KNEE);
			cs_putc(b, '"');
			rect(b, x, y, cw, ch);
			cs_puts(b, "/>\n");
			if (!named && (double)g->strides[i].stride_bytes == L->way_bytes) {
				cs_svg_text(b, x + cw + 2, y + ch - 2, "start", "tick", name);
				named = 1;
			}
		}
	}
}

void cs_geom_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0)
{
	const struct cs_svg_item *it = first(items, n);
	if (!it)
		return;
	const struct cs_geom_capture *g = &it->cap->geom;
	int rows = (int)(g->n_strides < CS_GEOM_MAX_STRIDES ? g->n_strides : CS_GEOM_MAX_STRIDES);
	int counts = (int)(g->counts_max ? g->counts_max : 1);
	int cw = (CS_SVG_W - GEOM_LEFT - 20) / counts, ch = (GEOM_PANEL_H - GEOM_TOP - GEOM_BOTTOM) / rows;
	int x0 = GEOM_LEFT, top = y0 + GEOM_TOP;
	cw = cw < 1 ? 1 : cw;
	ch = ch < 1 ? 1 : ch;
	cs_puts(b, "<g id=\"geometry\">\n");
	cs_svg_text(b, 4, top - 10, "start", "tick",
		    "geometry: ns per load (light fast, dark slow), lines at one stride (across) by stride (down); "
		    "steps marked");
	cells(b, g, x0, top, cw, ch);
	steps(b, g, it->res ? &it->res->geom : 0, x0, top, cw, ch);
	for (int k = 1; k <= counts; k *= 2) {
		char t[16];
		struct cs_buf tb;
		cs_buf_init(&tb, t, sizeof t);
		cs_put_u64(&tb, (uint64_t)k);
		cs_svg_text(b, x0 + (k - 1) * cw + cw / 2, top + rows * ch + 14, "middle", "tick", t);
	}
	cs_puts(b, "</g>\n");
}
