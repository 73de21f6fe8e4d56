/* plot.h: `cacheshape plot FILE... -o OUT.svg`: captures overlaid as one SVG
 * with the marks the firmware draws on screen (chart/draw.h places them)
 * and a legend. */
#ifndef CS_PLOT_H
#define CS_PLOT_H

#include <stdio.h>

int cs_cmd_plot(int argc, char **argv);
void cs_usage_plot(FILE *f);

/* The SVG of n replayed captures (names: their files, for a legend with no
 * label), by chart/svg.c; 0, or -1 when the stream failed. Total over
 * every capture the reader admits (tests/fuzz_chart.c). */
struct cs_replay;
int cs_plot_write_svg(FILE *f, struct cs_replay **p, char **names, int n);

#endif
