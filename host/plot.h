/* plot.h: `cacheshape plot FILE... -o OUT.svg`: captures overlaid as one SVG
 * with the marks the firmware draws on screen (common/draw.h places them)
 * and a legend. */
#ifndef CS_PLOT_H
#define CS_PLOT_H

#include <stdio.h>

int cs_cmd_plot(int argc, char **argv);
void cs_usage_plot(FILE *f);

#endif
