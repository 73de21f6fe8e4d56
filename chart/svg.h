/* svg.h: the staircase as SVG text, freestanding: what `cacheshape plot`
 * writes and what the page shows, from one writer. Captures overlaid on log
 * axes, each with its points and curve, levels, knees (solid), published
 * sizes (dashed), retired-rule sizes (ticks at the top), the adjacency ramps
 * with their verdicts, and a legend. Every mark is placed by draw.h's
 * mapping, so the SVG and the firmware's screen agree. Element classes the
 * tests count: path.curve (one per capture, id curve-N), line.knee (one per
 * knee found, id knee-N-K), line.published, line.level, line.retired,
 * path.ramp, g#legend. */
#ifndef CS_COMMON_SVG_H
#define CS_COMMON_SVG_H

#include "../common/buf.h"
#include "../common/capture.h"
#include "../common/result.h"

#define CS_SVG_MAX 8   /* captures in one drawing */
#define CS_SVG_W 960
#define CS_SVG_H 600   /* the chart; the legend adds a line per capture */

struct cs_svg_item {
	const struct cs_capture *cap;
	const struct cs_result *res; /* reduced; NULL: points and curve only */
	const char *name;            /* in the legend when the label is empty */
};

/* The document into b. 0, or -1 when b overflowed or n is outside
 * 1..CS_SVG_MAX. */
int cs_svg_staircase(struct cs_buf *b, const struct cs_svg_item *items, int n);

#endif
