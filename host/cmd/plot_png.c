/* plot_png.c: `cacheshape plot -o OUT.png`: the SVG chart/svg.c writes,
 * rendered by librsvg onto a cairo image surface and written as PNG
 * (Debian's librsvg2-dev for the headers, librsvg2-2 at run time:
 * scripts/deps.sh host). librsvg is opened (dlopen) only when a PNG is
 * asked for: linked at start, it and its two dozen libraries (glib, cairo,
 * pango, fontconfig ...) cost every command about 10 MB of resident memory
 * before main(), the probe's included (its peak memory is a target). The
 * cross-built command links plot_png_absent.c instead (mk/host-cross.mk). */
#include "plot.h"

#include <cairo.h>
#include <dlfcn.h>
#include <librsvg/rsvg.h>
#include <stdio.h>

#define CS_RSVG_SONAME "librsvg-2.so.2"

/* The functions used, found in librsvg and the libraries it loads. */
static struct {
	RsvgHandle *(*new_from_data)(const guint8 *, gsize, GError **);
	gboolean (*size_in_pixels)(RsvgHandle *, gdouble *, gdouble *);
	gboolean (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
	void (*object_unref)(gpointer);
	void (*error_free)(GError *);
	cairo_surface_t *(*surface_create)(cairo_format_t, int, int);
	cairo_t *(*create)(cairo_surface_t *);
	cairo_status_t (*surface_status)(cairo_surface_t *);
	cairo_status_t (*write_png)(cairo_surface_t *, cairo_write_func_t, void *);
	void (*destroy)(cairo_t *);
	void (*surface_destroy)(cairo_surface_t *);
} fn;

/* 0, or -1 with why[] naming what is missing. */
static int open_rsvg(char *why, size_t whylen)
{
	static void *lib;
	if (lib)
		return 0;
	void *h = dlopen(CS_RSVG_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(why, whylen, "PNG: librsvg could not be opened (%s; Debian's librsvg2-2): %s",
			 CS_RSVG_SONAME, dlerror());
		return -1;
	}
	static const char *const names[] = {
		"rsvg_handle_new_from_data", "rsvg_handle_get_intrinsic_size_in_pixels",
		"rsvg_handle_render_document", "g_object_unref", "g_error_free",
		"cairo_image_surface_create", "cairo_create", "cairo_surface_status",
		"cairo_surface_write_to_png_stream", "cairo_destroy", "cairo_surface_destroy",
	};
	void **slot = (void **)&fn;
	_Static_assert(sizeof fn == sizeof names / sizeof names[0] * sizeof(void *),
		       "one name per function");
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!(slot[i] = dlsym(h, names[i]))) {
			snprintf(why, whylen, "PNG: %s has no %s (librsvg 2.52 or later is needed)",
				 CS_RSVG_SONAME, names[i]);
			dlclose(h);
			return -1;
		}
	lib = h;
	return 0;
}

static cairo_status_t to_stream(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, (FILE *)closure) == len ? CAIRO_STATUS_SUCCESS
							      : CAIRO_STATUS_WRITE_ERROR;
}

static int fail(char *why, size_t whylen, const char *what, GError *e)
{
	snprintf(why, whylen, "PNG: %s%s%s", what, e ? ": " : "", e ? e->message : "");
	if (e)
		fn.error_free(e);
	return -1;
}

int cs_plot_png(FILE *f, const char *svg, size_t len, double scale, char *why, size_t whylen)
{
	if (open_rsvg(why, whylen))
		return -1;
	GError *e = NULL;
	RsvgHandle *h = fn.new_from_data((const guint8 *)svg, len, &e);
	gdouble w = 0, ht = 0;
	int rc = -1;

	if (!h)
		return fail(why, whylen, "librsvg refused the SVG", e);
	if (!fn.size_in_pixels(h, &w, &ht) || w < 1 || ht < 1) {
		fn.object_unref(h);
		return fail(why, whylen, "the SVG has no size in pixels", NULL);
	}
	cairo_surface_t *s = fn.surface_create(CAIRO_FORMAT_ARGB32, (int)(w * scale + 0.5),
					       (int)(ht * scale + 0.5));
	cairo_t *cr = fn.create(s);
	RsvgRectangle vp = { 0, 0, w * scale, ht * scale };
	if (fn.surface_status(s) != CAIRO_STATUS_SUCCESS)
		fail(why, whylen, "cairo could not make the image", NULL);
	else if (!fn.render_document(h, cr, &vp, &e))
		fail(why, whylen, "librsvg could not draw it", e);
	else if (fn.write_png(s, to_stream, f) != CAIRO_STATUS_SUCCESS)
		fail(why, whylen, "writing it failed", NULL);
	else
		rc = 0;
	fn.destroy(cr);
	fn.surface_destroy(s);
	fn.object_unref(h);
	return rc;
}
