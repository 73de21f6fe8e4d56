/* svg_parts.h: the parts the staircase's SVG is written with (svg.c), for
 * the kinds' panels under it (the table's plot column, common/kinds.h: a
 * prefix P naming P_height, the panel's height in pixels, 0 for none, and
 * P_draw, the panel at y0; and P_stair_range, P_stair_under and
 * P_stair_marks for what it draws on the staircase itself, below).
 * Freestanding.
 *
 * Text goes through a layout pass (svg_labels.c): every text is given
 * with the box it is estimated to take (CS_SVG_CHAR_EM of its size a
 * character across, DejaVu Sans Mono's advance rounded up; from
 * CS_SVG_ASCENT above the baseline to CS_SVG_DESCENT below), and written
 * at the end of the document, over the marks. A CS_SVG_FIXED text is
 * always written; a CS_SVG_DROP one (a tick label) is left out when its
 * box meets one already placed, higher priorities placed first: no two
 * texts of the document overlap (tests/suite-plot.sh measures them the
 * same way). The colours come from the document's theme (light unless
 * asked, chart/svg.h). */
#ifndef CS_CHART_SVG_PARTS_H
#define CS_CHART_SVG_PARTS_H

#include <stddef.h>
#include <stdint.h>
#include "svg.h"
#include "draw.h"
#include "../common/kinds.h"

void cs_svg_num(struct cs_buf *b, int v);
/* a colour as six lower-case hex digits, no prefix */
void cs_svg_hex6(struct cs_buf *b, uint32_t v);
/* ' NAME="V"' */
void cs_svg_attr(struct cs_buf *b, const char *name, int v);
/* at most n bytes of s as XML character data */
void cs_svg_esc(struct cs_buf *b, const char *s, size_t n);
/* A CS_SVG_FIXED text of CS_SVG_TICK_PX in the layout pass (below). */
void cs_svg_text(struct cs_buf *b, int x, int y, const char *anchor,
		 const char *cls, const char *s);
void cs_svg_line4(struct cs_buf *b, int x1, int y1, int x2, int y2);
void cs_svg_grid(struct cs_buf *b, int x1, int y1, int x2, int y2);
/* the two axes: down the left of the plot area to 'bottom', then along it */
void cs_svg_axis(struct cs_buf *b, const struct cs_chart_map *m, int bottom);
/* capture n's colour (n < CS_SVG_MAX), in the document's theme */
uint32_t cs_svg_colour(int n);

/* ---- the theme ---- */
enum cs_svg_ink {
	CS_INK_BG, CS_INK_TEXT, CS_INK_GRID, CS_INK_AXIS, CS_INK_POINT,
	CS_INK_LEVEL, CS_INK_KNEE, CS_INK_PUBLISHED, CS_INK_RETIRED,
	CS_INK_COUNT
};
/* the colour of a role in the document's theme */
uint32_t cs_svg_ink(enum cs_svg_ink k);
/* a knee of capture n: CS_INK_KNEE for the first, else the capture's colour */
uint32_t cs_svg_knee_colour(int n);

/* ---- text and its layout ---- */
#define CS_SVG_CHAR_EM 0.62   /* a character's advance, in ems (DejaVu Sans Mono: 0.602) */
#define CS_SVG_ASCENT 0.80    /* the box above the baseline, in ems */
#define CS_SVG_DESCENT 0.25   /* and below it */
#define CS_SVG_TICK_PX 11     /* tick labels and most text */
#define CS_SVG_SMALL_PX 10    /* mark labels, verdicts, the legend */
#define CS_SVG_TITLE_PX 15
#define CS_SVG_AXIS_TITLE_PX 11
#define CS_SVG_MAX_LABELS 1024 /* eight captures with every panel: about 700 */
#define CS_SVG_LABEL_POOL (32 * 1024) /* bytes of label text in one document */

enum { CS_SVG_FIXED = 1, CS_SVG_DROP = 2, CS_SVG_UP = 4 /* rotated -90 degrees about (x, y) */ };
/* Priorities: higher placed first. */
/* (a level's floor yields to the ticks: the axis's labels come first) */
enum { CS_SVG_PRIO_FLOOR = 0, CS_SVG_PRIO_TICK = 1, CS_SVG_PRIO_MARK = 5, CS_SVG_PRIO_TITLE = 9 };

/* The box s takes at (x, y) (baseline) with anchor "start", "middle" or
 * "end", size px, rotated when CS_SVG_UP is in flags. */
void cs_svg_text_box(int x, int y, const char *anchor, int size, int flags, const char *s,
		     int *x0, int *y0, int *x1, int *y1);
/* A text into the layout pass; fill 0: the class's colour (the theme's
 * text), else 0x01000000 | RRGGBB. */
#define CS_SVG_FILL(rgb) (0x01000000u | (rgb))
void cs_svg_label(int x, int y, const char *anchor, const char *cls, int size, int flags,
		  int prio, uint32_t fill, const char *s);
/* A box that is no text of the pass but must stay clear (the legend's). */
void cs_svg_reserve(int x0, int y0, int x1, int y1);

/* A lane of labels above a plot area, one for each vertical mark: label
 * i at x[i] + 3 (start) or, past 'right', x[i] - 3 (end), in the first row
 * where its box meets none of that row's. Fills row[i] and anchor[i]
 * ("start"/"end"); returns the rows used (0 for n 0). A label with the
 * same text, x and colour as an earlier one takes row -1 (drawn once). */
#define CS_SVG_LANE_ROW 13
#define CS_SVG_LANE_MAX 64
int cs_svg_lane(const int *x, const char *const *text, const uint32_t *col, int n, int right,
		int *row, const char **anchor);

/* ---- labelled axes with units ---- */
/* Room the axes take around a plot area: the y title up the left beside
 * the tick labels, the tick labels and the x title under it. */
#define CS_SVG_AXIS_LEFT 64
#define CS_SVG_AXIS_BOTTOM 44
enum cs_svg_xfmt { CS_SVG_X_BYTES, CS_SVG_X_NUMBER };
/* The titles of a plot area at (px, py, pw, ph): x_title centred under the
 * tick labels, y_title up the left side (both CS_SVG_FIXED). */
void cs_svg_axis_titles(int px, int py, int pw, int ph, const char *x_title,
			const char *y_title);
/* The same with the y title's baseline at x = ytitle_x (tick labels wider
 * than CS_SVG_AXIS_LEFT leaves room for). */
void cs_svg_axis_titles_at(int px, int py, int pw, int ph, int ytitle_x, const char *x_title,
			   const char *y_title);
/* m's log axes: grid lines, the axes, x ticks at powers of two labelled
 * as sizes (CS_SVG_X_BYTES: "4 KiB") or numbers, as many as fit, y ticks
 * as cs_chart_ytick gives them, and the titles with their units. */
void cs_svg_axes(struct cs_buf *b, const struct cs_chart_map *m, enum cs_svg_xfmt xfmt,
		 const char *x_title, const char *y_title);
/* m's x axis alone: the grid lines and the tick labels, of size px. */
void cs_svg_axes_x(struct cs_buf *b, const struct cs_chart_map *m, enum cs_svg_xfmt xfmt, int size);
/* A linear axis from lo to hi: the first tick at or above lo and the step,
 * 1, 2 or 5 x 10^k, giving at most max_ticks ticks. */
void cs_svg_lin_ticks(double lo, double hi, int max_ticks, double *first, double *step);
/* The significant figures that tell ticks 'step' apart up to |v| <= vmax,
 * never fewer than vmax's integer digits (cs_put_g would write 4e+02). */
int cs_svg_lin_digits(double vmax, double step);

/* A path's "M x y L x y ..." through sweep points on the chart. */
void cs_svg_path_d(struct cs_buf *b, const struct cs_chart_map *m, const struct cs_point *p,
		   uint32_t n);

/* The plot column, declared from the table: besides its panel, what a kind
 * draws on the staircase itself, capture n's (nothing, for most):
 * P_stair_range widens the staircase's range by it (every capture, before
 * the layout); P_stair_under draws before the capture's own curve (the
 * TLB's sweep on large pages), P_stair_marks after its knees (the TLB's
 * reach), both only where the staircase is drawn. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, ...) \
	int plot##_height(const struct cs_svg_item *items, int n); \
	void plot##_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0); \
	void plot##_stair_range(struct cs_chart_range *range, const struct cs_capture *c); \
	void plot##_stair_under(struct cs_buf *b, const struct cs_chart_map *m, \
				const struct cs_capture *c, int n); \
	void plot##_stair_marks(struct cs_buf *b, const struct cs_chart_map *m, \
				const struct cs_svg_item *it, int n);
CS_KINDS
#undef CS_KIND
int cs_none_plot_height(const struct cs_svg_item *items, int n);
void cs_none_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0);
void cs_none_plot_stair_range(struct cs_chart_range *range, const struct cs_capture *c);
void cs_none_plot_stair_under(struct cs_buf *b, const struct cs_chart_map *m,
			      const struct cs_capture *c, int n);
void cs_none_plot_stair_marks(struct cs_buf *b, const struct cs_chart_map *m,
			      const struct cs_svg_item *it, int n);
/* A plot prefix P that draws nothing on the staircase: its three, empty. */
#define CS_SVG_STAIR_NONE(P) \
	void P##_stair_range(struct cs_chart_range *range, const struct cs_capture *c) \
	{ (void)range; (void)c; } \
	void P##_stair_under(struct cs_buf *b, const struct cs_chart_map *m, \
			     const struct cs_capture *c, int n) \
	{ (void)b; (void)m; (void)c; (void)n; } \
	void P##_stair_marks(struct cs_buf *b, const struct cs_chart_map *m, \
			     const struct cs_svg_item *it, int n) \
	{ (void)b; (void)m; (void)it; (void)n; }

/* svg.c's, for svg_labels.c: the pass, begun and written out. */
void cs_svg_labels_begin(void);
void cs_svg_labels_write(struct cs_buf *b);

#endif
