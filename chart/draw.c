/* draw.c: canvas, font and the staircase chart (draw.h). */
#include "draw.h"
#include "../common/outlier.h"
#include "../common/buf.h"
#include "../common/csmath.h"

void cs_draw_pixel(struct cs_canvas *cv, int x, int y, uint32_t c)
{
	if (x < 0 || y < 0 || x >= cv->w || y >= cv->h)
		return;
	cv->px[(size_t)y * (size_t)cv->stride + (size_t)x] = c;
}

/* Clipped to the canvas first, then row by row. */
void cs_draw_fill(struct cs_canvas *cv, int x, int y, int w, int h, uint32_t c)
{
	int x1 = w > 0 && x > cv->w - w ? cv->w : x + w, y1 = h > 0 && y > cv->h - h ? cv->h : y + h;
	if (x < 0)
		x = 0;
	if (y < 0)
		y = 0;
	for (int j = y; j < y1; j++) {
		uint32_t *row = cv->px + (size_t)j * (size_t)cv->stride;
		for (int i = x; i < x1; i++)
			row[i] = c;
	}
}

static int iabs(int v) { return v < 0 ? -v : v; }

/* Bresenham; the dash pattern counts pixels along the line. */
static void line(struct cs_canvas *cv, int x0, int y0, int x1, int y1,
		 uint32_t c, int on, int off)
{
	int dx = iabs(x1 - x0), dy = -iabs(y1 - y0);
	int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
	for (int k = 0;; k++) {
		if (!on || k % (on + off) < on)
			cs_draw_pixel(cv, x0, y0, c);
		if (x0 == x1 && y0 == y1)
			return;
		int e2 = 2 * err;
		if (e2 >= dy) { err += dy; x0 += sx; }
		if (e2 <= dx) { err += dx; y0 += sy; }
	}
}

void cs_draw_line(struct cs_canvas *cv, int x0, int y0, int x1, int y1, uint32_t c)
{
	line(cv, x0, y0, x1, y1, c, 0, 0);
}

void cs_draw_dashed(struct cs_canvas *cv, int x0, int y0, int x1, int y1,
		    uint32_t c, int on, int off)
{
	line(cv, x0, y0, x1, y1, c, on > 0 ? on : 1, off > 0 ? off : 0);
}

/* 5x7 glyphs, one byte a row, bit 4 the leftmost column. */
static const char font_chars[] =
	"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,:-+%/()=<>_?'";
static const uint8_t font[][7] = {
	{ 0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E }, { 0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E },
	{ 0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F }, { 0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E },
	{ 0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02 }, { 0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E },
	{ 0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E }, { 0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08 },
	{ 0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E }, { 0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C },
	{ 0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11 }, { 0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E },
	{ 0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E }, { 0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C },
	{ 0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F }, { 0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10 },
	{ 0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F }, { 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11 },
	{ 0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E }, { 0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C },
	{ 0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11 }, { 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F },
	{ 0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11 }, { 0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11 },
	{ 0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E }, { 0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10 },
	{ 0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D }, { 0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11 },
	{ 0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E }, { 0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04 },
	{ 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E }, { 0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04 },
	{ 0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A }, { 0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11 },
	{ 0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04 }, { 0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F },
	/* a..z */
	{ 0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F }, { 0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x1E },
	{ 0x00, 0x00, 0x0E, 0x10, 0x10, 0x11, 0x0E }, { 0x01, 0x01, 0x0D, 0x13, 0x11, 0x11, 0x0F },
	{ 0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E }, { 0x06, 0x09, 0x08, 0x1C, 0x08, 0x08, 0x08 },
	{ 0x00, 0x0F, 0x11, 0x11, 0x0F, 0x01, 0x0E }, { 0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11 },
	{ 0x04, 0x00, 0x0C, 0x04, 0x04, 0x04, 0x0E }, { 0x02, 0x00, 0x06, 0x02, 0x02, 0x12, 0x0C },
	{ 0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12 }, { 0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E },
	{ 0x00, 0x00, 0x1A, 0x15, 0x15, 0x11, 0x11 }, { 0x00, 0x00, 0x16, 0x19, 0x11, 0x11, 0x11 },
	{ 0x00, 0x00, 0x0E, 0x11, 0x11, 0x11, 0x0E }, { 0x00, 0x00, 0x1E, 0x11, 0x1E, 0x10, 0x10 },
	{ 0x00, 0x00, 0x0D, 0x13, 0x0F, 0x01, 0x01 }, { 0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10 },
	{ 0x00, 0x00, 0x0E, 0x10, 0x0E, 0x01, 0x1E }, { 0x08, 0x08, 0x1C, 0x08, 0x08, 0x09, 0x06 },
	{ 0x00, 0x00, 0x11, 0x11, 0x11, 0x13, 0x0D }, { 0x00, 0x00, 0x11, 0x11, 0x11, 0x0A, 0x04 },
	{ 0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0A }, { 0x00, 0x00, 0x11, 0x0A, 0x04, 0x0A, 0x11 },
	{ 0x00, 0x00, 0x11, 0x11, 0x0F, 0x01, 0x0E }, { 0x00, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F },
	/* symbols */
	{ 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C },
	{ 0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08 }, { 0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00 },
	{ 0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00 }, { 0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00 },
	{ 0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03 }, { 0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00 },
	{ 0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02 }, { 0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08 },
	{ 0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00 }, { 0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02 },
	{ 0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08 }, { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F },
	{ 0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04 }, { 0x0C, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00 },
};

_Static_assert(sizeof font / sizeof font[0] == sizeof font_chars - 1,
	       "one glyph per character");

static const uint8_t *glyph(char ch)
{
	for (size_t k = 0; font_chars[k]; k++)
		if (font_chars[k] == ch)
			return font[k];
	return NULL;
}

int cs_draw_text(struct cs_canvas *cv, int x, int y, const char *s, uint32_t c)
{
	int x0 = x, widest = 0;
	for (; *s; s++) {
		if (*s == '\n') {
			widest = x - x0 > widest ? x - x0 : widest;
			x = x0;
			y += CS_FONT_H;
			continue;
		}
		if (((unsigned char)*s & 0xc0) == 0x80)
			continue; /* the rest of a UTF-8 character: one '?' for it */
		const uint8_t *g = *s == ' ' ? NULL : glyph(*s);
		if (*s != ' ' && !g)
			g = glyph('?');
		for (int r = 0; g && r < 7; r++)
			for (int k = 0; k < 5; k++)
				if (g[r] & (0x10 >> k))
					cs_draw_pixel(cv, x + k, y + r, c);
		x += CS_FONT_W;
	}
	return x - x0 > widest ? x - x0 : widest;
}

/* ---- the mapping ---- */

void cs_chart_range_bytes(struct cs_chart_range *r, double lo, double hi)
{
	if (lo > 0 && (r->bmin == 0 || lo < r->bmin))
		r->bmin = lo;
	if (hi > r->bmax)
		r->bmax = hi;
}

void cs_chart_range_add(struct cs_chart_range *r, const struct cs_capture *c)
{
	for (uint32_t i = 0; i < c->n_points; i++) {
		const struct cs_point *p = &c->points[i];
		if (!(p->bytes > 0) || !(p->ns > 0) || !cs_isfinite(p->ns))
			continue;
		cs_chart_range_bytes(r, p->bytes, p->bytes);
		if (cs_point_outlier(c->points, c->n_points, i, NULL))
			continue; /* drawn, but never stretches the axis (common/outlier.h) */
		if (r->nmin == 0 || p->ns < r->nmin)
			r->nmin = p->ns;
		if (p->ns > r->nmax)
			r->nmax = p->ns;
	}
}

/* Powers of ten as the axis has always made them (1, then *10 or /10 one
 * step at a time, so 0.01 is the same double it always was), bounded by
 * the exponents a double has: every loop below ends, whatever the range. */
#define E10_MIN (-323) /* 1e-323 is the last power of ten above zero */
#define E10_MAX 308
#define E2_MIN (-1074) /* 2^-1074, the smallest double */
#define E2_MAX 1023
#define DBL_TRUE_MIN_ 4.9406564584124654e-324
#define DBL_MAX_ 1.7976931348623157e308

/* 2^k exactly, from its bits (k in E2_MIN .. E2_MAX). */
static double pow2i(int k)
{
	union {
		double d;
		uint64_t u;
	} v;
	v.u = k >= -1022 ? (uint64_t)(k + 1023) << 52 : 1ull << (k - E2_MIN);
	return v.d;
}

/* 10^e for the ticks among the subnormals, by exact powers up to 1e22. */
static double ten(int e)
{
	static const double exact[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
					1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };
	double p = 1;
	for (; e >= 22; e -= 22)
		p *= 1e22;
	for (; e <= -22; e += 22)
		p /= 1e22;
	return e >= 0 ? p * exact[e] : p / exact[-e];
}

/* x: the largest power of two at or under the smallest size, the smallest
 * at or over the largest (DBL_MAX when that is 2^1024); y likewise in
 * decades, the lowest being the smallest double under 1e-323. */
static void layout_x(struct cs_chart_map *m, double bmin, double bmax)
{
	double p = 1;
	int k = 0;
	while (p > bmin && k > E2_MIN) {
		p /= 2;
		k--;
	}
	while (k < E2_MAX && p * 2 <= bmin) {
		p *= 2;
		k++;
	}
	m->xmin = p;
	m->xk0 = k;
	while (k < E2_MAX && p < bmax * (1 - 1e-12)) {
		p *= 2;
		k++;
	}
	if (p < bmax * (1 - 1e-12)) {
		m->xmax = DBL_MAX_;
		m->xk1 = E2_MAX;
	} else if (p > m->xmin) {
		m->xmax = p;
		m->xk1 = k;
	} else { /* one size: one octave */
		m->xmax = k < E2_MAX ? 2 * p : DBL_MAX_;
		m->xk1 = k < E2_MAX ? k + 1 : E2_MAX;
	}
}

static void layout_y(struct cs_chart_map *m, double nmin, double nmax)
{
	double p = 1;
	int e = 0;
	while (p > nmin && e > E10_MIN) {
		p /= 10;
		e--;
	}
	while (e < E10_MAX && p * 10 <= nmin) {
		p *= 10;
		e++;
	}
	m->ye0 = e;
	m->ymin = p > nmin ? DBL_TRUE_MIN_ : p; /* under 1e-323 */
	if (e < E10_MAX) {
		p *= 10;
		e++;
	}
	while (e < E10_MAX && p < nmax * (1 - 1e-12)) {
		p *= 10;
		e++;
	}
	m->ye1 = e;
	m->ymax = p < nmax * (1 - 1e-12) || p <= m->ymin ? DBL_MAX_ : p;
}

void cs_chart_layout(struct cs_chart_map *m, int w, int h,
		     const struct cs_chart_range *r, int strip)
{
	double bmin = r->bmin > 0 && cs_isfinite(r->bmin) ? r->bmin : 4096;
	double bmax = r->bmax > bmin && cs_isfinite(r->bmax) ? r->bmax : bmin;
	double nmin = r->nmin > 0 && cs_isfinite(r->nmin) ? r->nmin : 1;
	double nmax = r->nmax > nmin && cs_isfinite(r->nmax) ? r->nmax : nmin;
	layout_x(m, bmin, bmax);
	layout_y(m, nmin, nmax);
	m->w = w;
	m->h = h;
	m->px = CS_CHART_LEFT;
	m->py = CS_CHART_TOP;
	m->pw = w - CS_CHART_LEFT - CS_CHART_RIGHT;
	m->ph = h - CS_CHART_TOP - CS_CHART_BOTTOM - (strip ? CS_CHART_STRIP : 0);
	m->strip_y = m->py + m->ph + CS_CHART_BOTTOM;
	m->strip_h = strip ? CS_CHART_STRIP - 4 : 0;
	if (m->pw < 2)
		m->pw = 2;
	if (m->ph < 2)
		m->ph = 2;
}

static double frac(double v, double lo, double hi)
{
	return (cs_log(v) - cs_log(lo)) / (cs_log(hi) - cs_log(lo));
}

/* A fraction of the axis to a pixel offset. Off the axis a mark is held
 * within one axis length of it, so nothing drawn runs far off the canvas
 * and no conversion to int can overflow (NaN goes to the low end). */
static int place(double f, int span)
{
	if (!(f >= -1))
		f = -1;
	if (f > 2)
		f = 2;
	return (int)cs_floor(f * (span - 1) + 0.5);
}

int cs_chart_x(const struct cs_chart_map *m, double bytes)
{
	return m->px + place(frac(bytes, m->xmin, m->xmax), m->pw);
}

int cs_chart_y(const struct cs_chart_map *m, double ns)
{
	return m->py + m->ph - 1 - place(frac(ns, m->ymin, m->ymax), m->ph);
}

int cs_chart_has_x(const struct cs_chart_map *m, double bytes)
{
	return bytes >= m->xmin && bytes <= m->xmax;
}

/* Octaves labelled: one label at least 8 characters wide. */
int cs_chart_xlabel_every(const struct cs_chart_map *m)
{
	int o = m->xk1 - m->xk0, every = 1;
	double per = (double)(m->pw - 1) / (o > 0 ? o : 1);
	while (every < 4096 && every * per < 8 * CS_FONT_W)
		every *= 2;
	return every;
}

static int mod(int a, int n)
{
	int r = a % n;
	return r < 0 ? r + n : r;
}

int cs_chart_xtick(const struct cs_chart_map *m, int i, double *bytes, int *label)
{
	int every = cs_chart_xlabel_every(m), o = m->xk1 - m->xk0;
	/* a grid line an octave while they stay 3 pixels apart, else one
	 * at each label */
	int step = (double)(m->pw - 1) / (o > 0 ? o : 1) >= 3 ? 1 : every;
	int k = m->xk0 + mod(-m->xk0, step) + i * step;
	if (i < 0 || k > m->xk1)
		return -1;
	*bytes = pow2i(k);
	*label = mod(k, every) == 0;
	return 0;
}

int cs_chart_ytick(const struct cs_chart_map *m, int i, double *ns)
{
	static const double mult[3] = { 1, 2, 5 };
	static const int steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 };
	int decades = m->ye1 - m->ye0, nm = decades > 2 ? 1 : 3, s = 0;
	/* at most a tick every 12 pixels: whole decades, in steps of 1, 2, 5,
	 * 10, ... decades when the axis spans hundreds of them */
	while (s < 9 && decades / steps[s] > (m->ph > 24 ? m->ph / 12 : 2))
		s++;
	if (i < 0)
		return -1;
	int d = mod(-m->ye0, steps[s]) + (i / nm) * steps[s], j = i % nm;
	if (d > decades)
		return -1;
	double v;
	if (m->ye0 >= -290) { /* from ymin by *10, as the axis itself was made */
		v = m->ymin;
		for (int k = 0; k < d; k++)
			v *= 10;
	} else { /* among the subnormals a chain drifts: each afresh */
		v = d == 0 && m->ymin > DBL_TRUE_MIN_ ? m->ymin : ten(m->ye0 + d);
	}
	double t = v * mult[j];
	if (!cs_isfinite(t) || t > m->ymax * (1 + 1e-9))
		return -1;
	*ns = t;
	return 0;
}

void cs_chart_panel(const struct cs_chart_map *m, uint32_t k, uint32_t n,
		    int *x, int *y, int *w, int *h)
{
	int each = n ? m->pw / (int)n : m->pw;
	*x = m->px + (int)k * each;
	*y = m->strip_y;
	*w = each - 6;
	*h = m->strip_h;
}

/* ---- the chart ---- */

static void axes(struct cs_canvas *cv, const struct cs_chart_map *m)
{
	char t[32];
	struct cs_buf b;
	int bottom = m->py + m->ph - 1;
	double ns;

	for (int i = 0; cs_chart_ytick(m, i, &ns) == 0; i++) {
		int y = cs_chart_y(m, ns);
		cs_draw_line(cv, m->px, y, m->px + m->pw - 1, y, CS_COL_GRID);
		cs_buf_init(&b, t, sizeof t);
		cs_put_g(&b, ns, 3);
		cs_draw_text(cv, m->px - 4 - (int)b.len * CS_FONT_W, y - 3, t, CS_COL_TEXT);
	}
	double p;
	int label;
	for (int i = 0; cs_chart_xtick(m, i, &p, &label) == 0; i++) {
		int x = cs_chart_x(m, p);
		cs_draw_line(cv, x, m->py, x, bottom, CS_COL_GRID);
		cs_draw_line(cv, x, bottom, x, bottom + 3, CS_COL_AXIS);
		if (!label)
			continue;
		cs_buf_init(&b, t, sizeof t);
		cs_put_size(&b, p);
		cs_draw_text(cv, x - (int)b.len * CS_FONT_W / 2, bottom + 6, t, CS_COL_TEXT);
	}
	cs_draw_line(cv, m->px, m->py, m->px, bottom, CS_COL_AXIS);
	cs_draw_line(cv, m->px, bottom, m->px + m->pw - 1, bottom, CS_COL_AXIS);
	cs_draw_text(cv, 4, 3, "ns/load", CS_COL_TEXT);
	cs_draw_text(cv, m->px + m->pw - 12 * CS_FONT_W, 3, "working set", CS_COL_TEXT);
}

static void marks(struct cs_canvas *cv, const struct cs_chart_map *m,
		  const struct cs_capture *c, const struct cs_result *r)
{
	int top = m->py, bottom = m->py + m->ph - 1;
	for (uint32_t i = 0; i < c->n_caches; i++) {
		const struct cs_cache *k = &c->caches[i];
		if (k->type == CS_CACHE_INSTRUCTION || !cs_chart_has_x(m, (double)k->size_bytes))
			continue;
		int x = cs_chart_x(m, (double)k->size_bytes);
		cs_draw_dashed(cv, x, top, x, bottom, CS_COL_PUBLISHED, 4, 4);
	}
	for (uint32_t i = 0; i < r->n_levels; i++) {
		const struct cs_level *l = &r->levels[i];
		int y = cs_chart_y(m, l->floor_ns);
		cs_draw_fill(cv, cs_chart_x(m, l->first_bytes), y - 1,
			     cs_chart_x(m, l->last_bytes) - cs_chart_x(m, l->first_bytes) + 1,
			     2, CS_COL_LEVEL);
	}
	for (uint32_t i = 0; i < r->n_knees; i++) {
		const struct cs_knee *k = &r->knees[i];
		if (k->has_bytes && cs_chart_has_x(m, k->bytes)) {
			int x = cs_chart_x(m, k->bytes);
			cs_draw_line(cv, x, top, x, bottom, CS_COL_KNEE);
		}
		if (k->has_retired && cs_chart_has_x(m, k->retired_bytes)) {
			int x = cs_chart_x(m, k->retired_bytes);
			cs_draw_fill(cv, x - 1, top, 3, 10, CS_COL_RETIRED);
		}
	}
}

static void curve(struct cs_canvas *cv, const struct cs_chart_map *m,
		  const struct cs_capture *c)
{
	for (uint32_t i = 1; i < c->n_points; i++)
		cs_draw_line(cv, cs_chart_x(m, c->points[i - 1].bytes),
			     cs_chart_y(m, c->points[i - 1].ns),
			     cs_chart_x(m, c->points[i].bytes),
			     cs_chart_y(m, c->points[i].ns), CS_COL_CURVE);
	for (uint32_t i = 0; i < c->n_points; i++)
		cs_draw_fill(cv, cs_chart_x(m, c->points[i].bytes) - 1,
			     cs_chart_y(m, c->points[i].ns) - 1, 3, 3, CS_COL_POINT);
}

/* The screen column of the table (common/kinds.h, declared in draw.h):
 * each kind's part of the chart, in the strip under the staircase. */
void cs_none_screen(struct cs_canvas *cv, const struct cs_chart_map *m,
		    const struct cs_capture *c, const struct cs_result *r)
{
	(void)cv;
	(void)m;
	(void)c;
	(void)r;
}

typedef void (*cs_screen_fn)(struct cs_canvas *cv, const struct cs_chart_map *m,
			     const struct cs_capture *c, const struct cs_result *r);
static const cs_screen_fn screens[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, ...) \
	screen,
	CS_KINDS
#undef CS_KIND
};

void cs_chart_draw(struct cs_canvas *cv, const struct cs_chart_map *m,
		   const struct cs_capture *c, const struct cs_result *r)
{
	cs_draw_fill(cv, 0, 0, m->w, m->h, CS_COL_BG);
	axes(cv, m);
	if (r)
		marks(cv, m, c, r);
	curve(cv, m, c);
	if (m->strip_h > 2 * CS_FONT_H + 8)
		for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
			screens[k](cv, m, c, r);
}
