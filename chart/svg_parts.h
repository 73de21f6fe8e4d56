/* svg_parts.h: the parts the staircase's SVG is written with (svg.c), for
 * the kinds' panels under it (the table's plot column, common/kinds.h: a
 * prefix P naming P_height, the panel's height in pixels, 0 for none, and
 * P_draw, the panel at y0). Freestanding. */
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
void cs_svg_text(struct cs_buf *b, int x, int y, const char *anchor,
		 const char *cls, const char *s);
void cs_svg_line4(struct cs_buf *b, int x1, int y1, int x2, int y2);
void cs_svg_grid(struct cs_buf *b, int x1, int y1, int x2, int y2);
/* the two axes: down the left of the plot area to 'bottom', then along it */
void cs_svg_axis(struct cs_buf *b, const struct cs_chart_map *m, int bottom);
/* capture n's colour (n < CS_SVG_MAX) */
uint32_t cs_svg_colour(int n);

/* The plot column, declared from the table. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, ...) \
	int plot##_height(const struct cs_svg_item *items, int n); \
	void plot##_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0);
CS_KINDS
#undef CS_KIND
int cs_none_plot_height(const struct cs_svg_item *items, int n);
void cs_none_plot_draw(struct cs_buf *b, const struct cs_svg_item *items, int n, int y0);

#endif
