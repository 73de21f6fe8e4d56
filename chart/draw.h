/* draw.h: the staircase as pixels, freestanding. A 32-bit canvas the caller
 * supplies (0x00RRGGBB, the byte order of UEFI's Blt pixel), lines, boxes, a
 * 5x7 bitmap font, and the chart of a capture: log-size x axis, log cost y
 * axis, points, levels, knees, published and retired-rule sizes, adjacency
 * ramps. The mapping from (bytes, ns) to pixels is public: the firmware, the
 * host's SVG (host/cmd/plot.c) and the tests all place marks with it. */
#ifndef CS_DRAW_H
#define CS_DRAW_H

#include <stddef.h>
#include <stdint.h>
#include "../common/capture.h"
#include "../common/kinds.h"
#include "../common/result.h"

struct cs_canvas {
	uint32_t *px;
	int w, h, stride; /* stride in pixels */
};

/* Colours of the marks (0x00RRGGBB), the same on screen and in the SVG. */
#define CS_COL_BG        0x101418u
#define CS_COL_AXIS      0xb0b0b0u
#define CS_COL_GRID      0x303840u
#define CS_COL_TEXT      0xe0e0e0u
#define CS_COL_CURVE     0x40a0ffu
#define CS_COL_POINT     0xffd000u
#define CS_COL_LEVEL     0x40d060u
#define CS_COL_KNEE      0xff4040u
#define CS_COL_PUBLISHED 0xc0c0c0u
#define CS_COL_RETIRED   0xff80ffu

void cs_draw_pixel(struct cs_canvas *cv, int x, int y, uint32_t c);
void cs_draw_fill(struct cs_canvas *cv, int x, int y, int w, int h, uint32_t c);
void cs_draw_line(struct cs_canvas *cv, int x0, int y0, int x1, int y1, uint32_t c);
/* Dashes of 'on' pixels lit, 'off' dark, along the line. */
void cs_draw_dashed(struct cs_canvas *cv, int x0, int y0, int x1, int y1,
		    uint32_t c, int on, int off);
#define CS_FONT_W 6 /* advance: 5 columns and a gap */
#define CS_FONT_H 9 /* 7 rows and two of gap */
/* Draws ASCII text with its top-left at (x, y), '\n' starting a new line;
 * a character outside the font (a UTF-8 character counts once) shows as
 * '?'. Returns the widest line's width. */
int cs_draw_text(struct cs_canvas *cv, int x, int y, const char *s, uint32_t c);

/* The mapping, documented once (tests/qemu/screendump.py repeats it):
 *   x(bytes) = px + floor((ln bytes - ln xmin) / (ln xmax - ln xmin) * (pw - 1) + 0.5)
 *   y(ns)    = py + ph - 1 - floor((ln ns - ln ymin) / (ln ymax - ln ymin) * (ph - 1) + 0.5)
 * xmin, xmax: powers of two around the sizes; ymin, ymax: powers of ten
 * around the costs (see cs_chart_layout). Total over every positive finite
 * double: past 2^1023 the x axis ends at DBL_MAX, past 1e308 the y axis
 * too, under 1e-323 the y axis starts at the smallest double; a mark off
 * the axis is held within one axis length of it (tests/test_draw.c,
 * tests/fuzz_chart.c). */
struct cs_chart_map {
	int px, py, pw, ph; /* the plot area inside the canvas */
	double xmin, xmax, ymin, ymax;
	int xk0, xk1;       /* xmin = 2^xk0, xmax = 2^xk1 (or DBL_MAX) */
	int ye0, ye1;       /* ymin = 10^ye0 (or the smallest double), ymax = 10^ye1 (or DBL_MAX) */
	int strip_y, strip_h; /* the kinds' strip below (the adjacency's); strip_h 0: none */
	int w, h;             /* the whole chart */
};

/* What the axes must hold; start empty, add captures (or a planned range). */
struct cs_chart_range {
	double bmin, bmax, nmin, nmax; /* 0: nothing yet */
};
void cs_chart_range_add(struct cs_chart_range *r, const struct cs_capture *c);
void cs_chart_range_bytes(struct cs_chart_range *r, double lo, double hi);

/* Margins: left 48, right 28, top 20, bottom 24 (x labels); with 'strip'
 * the adjacency strip takes the bottom 64 pixels. */
#define CS_CHART_LEFT 48
#define CS_CHART_RIGHT 28
#define CS_CHART_TOP 20
#define CS_CHART_BOTTOM 24
#define CS_CHART_STRIP 64
void cs_chart_layout(struct cs_chart_map *m, int w, int h,
		     const struct cs_chart_range *r, int strip);
int cs_chart_x(const struct cs_chart_map *m, double bytes);
int cs_chart_y(const struct cs_chart_map *m, double ns);
/* 1 when bytes lies on the x axis. */
int cs_chart_has_x(const struct cs_chart_map *m, double bytes);

/* Ticks: x at powers of two, one an octave while they stay 3 pixels apart
 * (else one a label), labelled every cs_chart_xlabel_every() octaves; y at
 * 1, 2, 5 x 10^k (only 10^k when the axis spans more than two decades, and
 * every 2, 5, 10 ... decades when it spans more than one every 12 pixels).
 * cs_chart_xtick fills *bytes and *label (1: write its size) with tick i,
 * cs_chart_ytick *ns; both -1 past the last. */
int cs_chart_xlabel_every(const struct cs_chart_map *m);
int cs_chart_xtick(const struct cs_chart_map *m, int i, double *bytes, int *label);
int cs_chart_ytick(const struct cs_chart_map *m, int i, double *ns);
/* The strip under the staircase: panel k of n (x, y, w, h), where a
 * kind's screen column (common/kinds.h) draws (the adjacency's ramps). */
void cs_chart_panel(const struct cs_chart_map *m, uint32_t k, uint32_t n,
		    int *x, int *y, int *w, int *h);
/* The screen column of the table (common/kinds.h), declared from it (so
 * no header lists a kind's), and its no-op for a kind with no part of the
 * chart; cs_chart_draw walks it. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, screen, ...) \
	void screen(struct cs_canvas *cv, const struct cs_chart_map *m, \
		    const struct cs_capture *c, const struct cs_result *r);
CS_KINDS
#undef CS_KIND
void cs_none_screen(struct cs_canvas *cv, const struct cs_chart_map *m,
		    const struct cs_capture *c, const struct cs_result *r);

/* The whole chart onto cv (its size is m's): axes, labels, then for the
 * capture published sizes (dashed), levels, knees, retired-rule sizes, the
 * curve and its points, the adjacency ramps with verdicts. r may be NULL
 * (live: points and curve only). */
void cs_chart_draw(struct cs_canvas *cv, const struct cs_chart_map *m,
		   const struct cs_capture *c, const struct cs_result *r);

#endif
