/* plot_png.c: `cacheshape plot -o OUT.png`: the SVG chart/svg.c writes,
 * rendered by librsvg onto a cairo image surface and written as PNG
 * (Debian's librsvg2-dev, scripts/deps.sh host). The cross-built command
 * links plot_png_absent.c instead (mk/host-cross.mk). */
#include "plot.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <stdio.h>

static cairo_status_t to_stream(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, (FILE *)closure) == len ? CAIRO_STATUS_SUCCESS
							      : CAIRO_STATUS_WRITE_ERROR;
}

static int fail(char *why, size_t whylen, const char *what, GError *e)
{
	snprintf(why, whylen, "PNG: %s%s%s", what, e ? ": " : "", e ? e->message : "");
	if (e)
		g_error_free(e);
	return -1;
}

int cs_plot_png(FILE *f, const char *svg, size_t len, double scale, char *why, size_t whylen)
{
	GError *e = NULL;
	RsvgHandle *h = rsvg_handle_new_from_data((const guint8 *)svg, len, &e);
	gdouble w = 0, ht = 0;
	int rc = -1;

	if (!h)
		return fail(why, whylen, "librsvg refused the SVG", e);
	if (!rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &ht) || w < 1 || ht < 1) {
		g_object_unref(h);
		return fail(why, whylen, "the SVG has no size in pixels", NULL);
	}
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(w * scale + 0.5),
							(int)(ht * scale + 0.5));
	cairo_t *cr = cairo_create(s);
	RsvgRectangle vp = { 0, 0, w * scale, ht * scale };
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
		fail(why, whylen, "cairo could not make the image", NULL);
	else if (!rsvg_handle_render_document(h, cr, &vp, &e))
		fail(why, whylen, "librsvg could not draw it", e);
	else if (cairo_surface_write_to_png_stream(s, to_stream, f) != CAIRO_STATUS_SUCCESS)
		fail(why, whylen, "writing it failed", NULL);
	else
		rc = 0;
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	g_object_unref(h);
	return rc;
}
