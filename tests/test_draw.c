/* test_draw: the chart's mapping against libm's logs, and the chart drawn on
 * a small canvas: each point's pixel is the point colour, the knee's column
 * is the knee colour where the mapping says, marks stay inside the canvas. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../chart/draw.h"

CS_TEST_MAIN_DEFS;

#define W 400
#define H 300
#define GUARD 0xdeadbeefu

static struct cs_capture cap;
static struct cs_result res;
static uint32_t mem[(H + 2) * W];

/* A staircase: 1 ns to 32 KiB, 4 ns to 1 MiB, 40 ns beyond; one knee. */
static void staircase(void)
{
	cs_capture_init(&cap);
	memset(&res, 0, sizeof res);
	double b = 4096;
	for (int i = 0; i < 40; i++, b *= 1.189207115) {
		double bytes = (double)((unsigned long)b / 64 * 64);
		cap.points[i].bytes = bytes;
		cap.points[i].ns = bytes <= 32768 ? 1.0 : bytes <= (1 << 20) ? 4.0 : 40.0;
		cap.n_points++;
	}
	cap.n_caches = 1;
	cap.caches[0] = (struct cs_cache){ 1, CS_CACHE_DATA, 32768, 64 };
	res.n_knees = 1;
	res.knees[0].has_bytes = 1;
	res.knees[0].bytes = 40000;
	res.n_levels = 1;
	res.levels[0] = (struct cs_level){ 1.0, 0, 8, 4096, 32768, 0 };
}

#if CS_TEST_HOSTED /* libm is the oracle: the firmware has no other log */
/* The formula of draw.h, written again with libm. */
static int ref_x(const struct cs_chart_map *m, double v)
{
	return m->px + (int)floor((log(v) - log(m->xmin)) / (log(m->xmax) - log(m->xmin)) * (m->pw - 1) + 0.5);
}

static int ref_y(const struct cs_chart_map *m, double v)
{
	return m->py + m->ph - 1 - (int)floor((log(v) - log(m->ymin)) / (log(m->ymax) - log(m->ymin)) * (m->ph - 1) + 0.5);
}
#endif

static void test_mapping(void)
{
	struct cs_chart_range r = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	cs_chart_range_add(&r, &cap);
	cs_chart_layout(&m, W, H, &r, 0);
	CHECK(m.xmin == 4096, "xmin %g", m.xmin);
	CHECK(m.xmax >= cap.points[cap.n_points - 1].bytes && m.xmax / 2 < cap.points[cap.n_points - 1].bytes,
	      "xmax %g", m.xmax);
	CHECK(m.ymin == 1 && m.ymax == 100, "y range %g..%g", m.ymin, m.ymax);
	CHECK(cs_chart_x(&m, m.xmin) == m.px, "left edge %d", cs_chart_x(&m, m.xmin));
	CHECK(cs_chart_x(&m, m.xmax) == m.px + m.pw - 1, "right edge %d", cs_chart_x(&m, m.xmax));
	CHECK(cs_chart_y(&m, m.ymin) == m.py + m.ph - 1, "bottom %d", cs_chart_y(&m, m.ymin));
	CHECK(cs_chart_y(&m, m.ymax) == m.py, "top %d", cs_chart_y(&m, m.ymax));
#if CS_TEST_HOSTED
	int worst = 0;
	for (double v = 4096; v < m.xmax; v *= 1.01) {
		int d = abs(cs_chart_x(&m, v) - ref_x(&m, v));
		worst = d > worst ? d : worst;
	}
	for (double v = 1; v < 100; v *= 1.003) {
		int d = abs(cs_chart_y(&m, v) - ref_y(&m, v));
		worst = d > worst ? d : worst;
	}
	CHECK(worst == 0, "mapping differs from libm's by %d px", worst);
#endif
	double t;
	CHECK(cs_chart_ytick(&m, 0, &t) == 0 && t == 1, "first tick %g", t);
	CHECK(cs_chart_ytick(&m, 2, &t) == 0 && t == 5, "third tick %g", t);
	CHECK(cs_chart_ytick(&m, 6, &t) == 0 && t == 100, "last tick %g", t);
	CHECK(cs_chart_ytick(&m, 7, &t) == -1, "past the last tick");
	/* A narrow plot labels fewer octaves. */
	struct cs_chart_map n;
	cs_chart_layout(&n, 160, H, &r, 0);
	CHECK(cs_chart_xlabel_every(&n) > cs_chart_xlabel_every(&m), "every %d vs %d",
	      cs_chart_xlabel_every(&n), cs_chart_xlabel_every(&m));
}

static int count_col(const struct cs_canvas *cv, const struct cs_chart_map *m, int x, uint32_t c)
{
	int n = 0;
	for (int y = m->py; y < m->py + m->ph; y++)
		n += cv->px[y * cv->stride + x] == c;
	return n;
}

static void test_chart(void)
{
	struct cs_chart_range r = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	/* One guard row above and below the canvas. */
	struct cs_canvas cv = { mem + W, W, H, W };
	for (size_t i = 0; i < sizeof mem / sizeof mem[0]; i++)
		mem[i] = GUARD;
	cs_chart_range_add(&r, &cap);
	cs_chart_layout(&m, W, H, &r, 0);
	cs_chart_draw(&cv, &m, &cap, &res);
	int bad = 0;
	for (uint32_t i = 0; i < cap.n_points; i++) {
		int x = cs_chart_x(&m, cap.points[i].bytes), y = cs_chart_y(&m, cap.points[i].ns);
		if (cv.px[y * W + x] != CS_COL_POINT) {
			bad++;
			fprintf(stderr, "point %u at %d,%d is %06x\n", i, x, y, cv.px[y * W + x]);
		}
	}
	CHECK(bad == 0, "%d points not drawn where the mapping says", bad);
	int kx = cs_chart_x(&m, 40000);
	CHECK(count_col(&cv, &m, kx, CS_COL_KNEE) > m.ph / 2, "knee column %d: %d rows",
	      kx, count_col(&cv, &m, kx, CS_COL_KNEE));
	CHECK(count_col(&cv, &m, kx - 2, CS_COL_KNEE) == 0, "left of the knee");
	CHECK(count_col(&cv, &m, kx + 2, CS_COL_KNEE) == 0, "right of the knee");
	int px = cs_chart_x(&m, 32768), dashes = count_col(&cv, &m, px, CS_COL_PUBLISHED);
	CHECK(dashes > m.ph / 4 && dashes < m.ph * 3 / 4, "published dashed: %d of %d rows", dashes, m.ph);
	int ly = cs_chart_y(&m, 1.0);
	int lv = 0;
	for (int x = cs_chart_x(&m, 4096); x <= cs_chart_x(&m, 32768); x++)
		lv += cv.px[(ly - 1) * W + x] == CS_COL_LEVEL;
	CHECK(lv > 10, "level at 1 ns: %d pixels", lv);
	int guards = 0;
	for (int i = 0; i < W; i++)
		guards += mem[i] == GUARD && mem[(H + 1) * W + i] == GUARD;
	CHECK(guards == W, "drawing stayed inside the canvas (%d)", guards);
	/* Live: no result, points only. */
	cs_chart_draw(&cv, &m, &cap, NULL);
	CHECK(count_col(&cv, &m, kx, CS_COL_KNEE) == 0, "no knee without a result");
}

static void test_text(void)
{
	static uint32_t px[20 * 40];
	struct cs_canvas cv = { px, 40, 20, 40 };
	memset(px, 0, sizeof px);
	CHECK(cs_draw_text(&cv, 0, 0, "8 KiB", 1) == 5 * CS_FONT_W, "width");
	int lit = 0;
	for (int i = 0; i < 40 * 20; i++)
		lit += px[i] == 1;
	CHECK(lit > 20 && lit < 5 * 35, "lit %d", lit);
	/* Off the canvas: clipped, no crash. */
	CHECK(cs_draw_text(&cv, 35, 15, "MiB", 1) == 3 * CS_FONT_W, "clipped width");
	CHECK(cs_draw_text(&cv, 0, 0, "a\nbc", 1) == 2 * CS_FONT_W, "two lines");
}

/* Every positive finite double a capture may hold: the layout ends (it
 * used to spin on 5e-324 and make inf of 1.5e308), the axes are finite and
 * ordered, the points land on the chart, the ticks are few and finite, and
 * the chart draws inside its canvas. */
static void test_extremes(void)
{
	static const double v[] = { 5e-324, 2.2250738585072009e-308, 1e-300, 1e-5, 1, 4096,
				    1e300, 1.5e308, 1.7976931348623157e308 };
	const size_t n = sizeof v / sizeof v[0];
	static uint32_t px[(H + 2) * W];
	for (size_t a = 0; a < n; a++)
		for (size_t b = 0; b < n; b++) {
			struct cs_chart_range r = { 0, 0, 0, 0 };
			struct cs_chart_map m;
			cs_capture_init(&cap);
			memset(&res, 0, sizeof res);
			cap.n_points = 2;
			cap.points[0] = (struct cs_point){ v[a], v[b], 0, 0 };
			cap.points[1] = (struct cs_point){ v[n - 1 - a], v[(b + 3) % n], 0, 0 };
			if (cap.points[1].bytes == cap.points[0].bytes)
				cap.n_points = 1;
			cs_chart_range_add(&r, &cap);
			cs_chart_layout(&m, W, H, &r, 0);
			CHECK(isfinite(m.xmin) && isfinite(m.xmax) && m.xmin > 0 && m.xmin < m.xmax &&
				      isfinite(m.ymin) && isfinite(m.ymax) && m.ymin > 0 && m.ymin < m.ymax,
			      "%g/%g: axes %g..%g, %g..%g", v[a], v[b], m.xmin, m.xmax, m.ymin, m.ymax);
			for (uint32_t i = 0; i < cap.n_points; i++) {
				int x = cs_chart_x(&m, cap.points[i].bytes), y = cs_chart_y(&m, cap.points[i].ns);
				CHECK(x >= m.px && x < m.px + m.pw && y >= m.py && y < m.py + m.ph,
				      "point %g B %g ns at %d,%d", cap.points[i].bytes, cap.points[i].ns, x, y);
			}
			int nt = 0, label, labels = 0;
			double t, last = 0;
			for (; cs_chart_ytick(&m, nt, &t) == 0; nt++) {
				CHECK(isfinite(t) && t > last && t >= m.ymin && t <= m.ymax * (1 + 1e-9), "ytick %d: %g (last %g, axis %g..%g)", nt, t, last, m.ymin, m.ymax);
				last = t;
			}
			CHECK(nt >= 1 && nt <= m.ph / 6 + 3, "%g/%g: %d y ticks", v[a], v[b], nt);
			last = 0;
			for (nt = 0; cs_chart_xtick(&m, nt, &t, &label) == 0; nt++) {
				CHECK(isfinite(t) && t > last && t >= m.xmin && t <= m.xmax, "xtick %d: %g", nt, t);
				last = t;
				labels += label;
			}
			CHECK(nt >= 1 && nt <= m.pw / 3 + 2 && labels >= 1 && labels <= m.pw / (8 * CS_FONT_W) + 2,
			      "%g/%g: %d x ticks, %d labelled", v[a], v[b], nt, labels);
			struct cs_canvas cv = { px + W, W, H, W };
			for (int i = 0; i < W; i++)
				px[i] = px[(H + 1) * W + i] = GUARD;
			cs_chart_draw(&cv, &m, &cap, &res);
			int guards = 0;
			for (int i = 0; i < W; i++)
				guards += px[i] == GUARD && px[(H + 1) * W + i] == GUARD;
			CHECK(guards == W, "%g/%g: drawn outside the canvas", v[a], v[b]);
		}
}

int main(void)
{
	staircase();
	test_mapping();
	test_chart();
	test_text();
	test_extremes();
	return cs_test_summary("draw");
}
