/* plot.h: `cacheshape plot FILE... -o OUT.svg`: captures overlaid as one SVG
 * with the marks the firmware draws on screen (chart/draw.h places them)
 * and a legend. */
#ifndef CS_PLOT_H
#define CS_PLOT_H

#include <stddef.h>
#include <stdio.h>

int cs_cmd_plot(int argc, char **argv);
void cs_usage_plot(FILE *f);

/* The SVG of n replayed captures (names: their files, for a legend with no
 * label), by chart/svg.c; 0, or -1 when the stream failed. Total over
 * every capture the reader admits (tests/fuzz_chart.c). */
struct cs_replay;
int cs_plot_write_svg(FILE *f, struct cs_replay **p, char **names, int n);

/* What plot writes: the theme (chart/svg.h), and PNG instead of SVG (OUT
 * ending in .png), at 'scale' pixels a pixel of the SVG. */
struct cs_plot_opts {
	int theme; /* enum cs_svg_theme_id */
	int png;
	double scale;
	int panel; /* chart/svg.h: CS_SVG_PANEL_ALL (0), or one panel alone */
};
int cs_plot_write(FILE *f, struct cs_replay **p, char **names, int n,
		  const struct cs_plot_opts *o, char *why, size_t whylen);
/* The SVG text rendered as PNG into f (plot_png.c, librsvg and cairo):
 * 0, or -1 with why. */
int cs_plot_png(FILE *f, const char *svg, size_t len, double scale, char *why, size_t whylen);

#endif
