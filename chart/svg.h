/* svg.h: the staircase as SVG text, freestanding: what `cacheshape plot`
 * writes and what the page shows, from one writer. A title (the machine
 * and the date, from the first capture), captures overlaid on log axes
 * with their units, each with its points and curve, levels, knees (solid),
 * published sizes (dashed), each knee and published size labelled with its
 * name and value ("L1 32 KiB") in a lane above the plot, retired-rule
 * sizes (ticks at the top), the kinds' panels (the adjacency ramps with
 * their verdicts, the TLB sweeps), and a legend, one line per capture
 * (label, date, producer). No two texts overlap (chart/svg_parts.h). Every mark is placed by draw.h's
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
#define CS_SVG_H 600   /* the chart's nominal height (the document's follows its parts) */

/* Themes: light (the default: for reports), dark (the firmware's screen
 * colours, chart/draw.h). */
enum cs_svg_theme_id { CS_SVG_LIGHT = 0, CS_SVG_DARK = 1 };
/* One panel alone, at the document's width (a report's figure), or all
 * of them stacked: 0 (all), CS_SVG_PANEL_STAIRCASE, or CS_SVG_PANEL_KIND +
 * a kind's index in the table (common/kinds.h) for its panel. */
#define CS_SVG_PANEL_ALL 0
#define CS_SVG_PANEL_STAIRCASE 1
#define CS_SVG_PANEL_KIND 2
struct cs_svg_opts {
	enum cs_svg_theme_id theme;
	int panel;
};


struct cs_svg_item {
	const struct cs_capture *cap;
	const struct cs_result *res; /* reduced; NULL: points and curve only */
	const char *name;            /* in the legend when the label is empty */
};

/* The panel named (NAME: "staircase", or a kind with a panel: "tlb",
 * "adjacency", "geometry", "bandwidth"), or -1. */
int cs_svg_panel_find(const char *name);
/* The names cs_svg_panel_find() takes, ", "-separated. */
void cs_svg_panel_names(struct cs_buf *b);
/* Has panel p anything to draw for these captures? (the staircase: always;
 * a kind's: when its panel has a height, its data measured) */
int cs_svg_panel_has(const struct cs_svg_item *items, int n, int p);

/* The document into b. 0, or -1 when b overflowed, n is outside
 * 1..CS_SVG_MAX, or the panel asked for has nothing to draw. */
int cs_svg_staircase(struct cs_buf *b, const struct cs_svg_item *items, int n);
/* The same with options (NULL: the defaults). */
int cs_svg_staircase_opts(struct cs_buf *b, const struct cs_svg_item *items, int n,
			  const struct cs_svg_opts *o);
/* The title of the document: the first capture's machine (cpu.brand, else
 * its label up to the first comma) and date (producer.started_utc's day,
 * else a YYYY-MM-DD in the label, else "date not recorded"). */
void cs_svg_title(char *out, size_t cap, const struct cs_svg_item *items, int n);
/* Capture i's legend line: its label (else its name), its date and its
 * producer, each when known; "(2)" and on after a line seen before. */
void cs_svg_legend_text(char *out, size_t cap, const struct cs_svg_item *items, int i);

#endif
