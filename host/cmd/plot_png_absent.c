/* plot_png_absent.c: `plot -o OUT.png` in a build without librsvg (the
 * command cross-built for another architecture, mk/host-cross.mk): it
 * says so; the SVG is the same. */
#include "plot.h"

int cs_plot_png(FILE *f, const char *svg, size_t len, double scale, char *why, size_t whylen)
{
	(void)f;
	(void)svg;
	(void)len;
	(void)scale;
	snprintf(why, whylen, "PNG: not in this build (cross-built without librsvg); write "
		 "OUT.svg and convert it with rsvg-convert, or build natively with `make`");
	return -1;
}
