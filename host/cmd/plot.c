/* plot.c: `cacheshape plot` (plot.h). Each capture is replayed through the
 * reducer and drawn by chart/svg.c, the writer the page uses too; this
 * file is the command: options, and a file written whole or not at all. */
#define _POSIX_C_SOURCE 200809L
#include "plot.h"
#include "../cmd.h"
#include "../outfile.h"
#include "replay.h"
#include "../textout.h"
#include "../cli.h"
#include "../../common/buf.h"
#include "../../chart/svg.h"
#include "../../chart/svg_parts.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_MAX CS_SVG_MAX

void cs_usage_plot(FILE *f)
{
	fputs("usage: cacheshape plot FILE... -o OUT.svg|OUT.png [--theme light|dark] [--force]\n"
	      "\n"
	      "Draws the captures overlaid as one picture, titled with the first\n"
	      "capture's machine and date: cost per load against working-set size\n"
	      "on log axes with their units, each capture's points and curve, its\n"
	      "levels (floors labelled), knees (solid), published sizes (dashed),\n"
	      "each knee and published size named with its value (\"L1 32 KiB\"),\n"
	      "retired-rule sizes (ticks at the top), the adjacency ramps and the\n"
	      "TLB sweeps on axes of their own, and a legend (label, date,\n"
	      "producer). No two texts overlap: a tick label that would is left\n"
	      "out. At most 8 captures.\n"
	      "\n"
	      "  -o, --output OUT  a new file: SVG, or PNG when OUT ends in .png\n"
	      "                    (drawn by librsvg at twice the SVG's pixels);\n"
	      "                    '-' writes the SVG to standard output\n"
	      "  --theme NAME      light (the default: for reports) or dark (the\n"
	      "                    firmware's screen colours)\n"
	      "  --panel NAME      one panel alone, at the document's width, for a\n"
	      "                    report's figure: staircase (the latency sweep),\n"
	      "                    adjacency, tlb, geometry or bandwidth (refused\n"
	      "                    when no capture measured it)\n"
	      "  --force           replace OUT when it is an existing regular file\n"
	      "  -h, --help        this text\n"
	      "  -V, --version     the version\n"
	      "A FILE '-' is standard input (once).\n"
	      "\n"
	      "OUT is never one of the captures, a symbolic link, a directory or\n"
	      "a device. It is written to a temporary file beside it, then put in\n"
	      "place, so it is never seen half written (the temporary file goes\n"
	      "away on an error or an interrupt). Exit status 2 on wrong usage,\n"
	      "a capture that cannot be read, or an OUT that may not be written.\n", f);
}

#define PNG_SCALE 2.0 /* PNG pixels a pixel of the SVG: sharp in a report */

/* The document from chart/svg.c, in a heap block that grows until it
 * fits; as SVG, or rendered to PNG. */
int cs_plot_write(FILE *f, struct cs_replay **p, char **names, int n,
		  const struct cs_plot_opts *o, char *why, size_t whylen)
{
	struct cs_svg_item items[PLOT_MAX];
	struct cs_svg_opts so = { o && o->theme == CS_SVG_DARK ? CS_SVG_DARK : CS_SVG_LIGHT,
				  o ? o->panel : CS_SVG_PANEL_ALL };
	struct cs_buf b;
	char *text = NULL;
	int rc = -1;

	snprintf(why, whylen, "out of memory for the SVG");
	for (int i = 0; i < n; i++)
		items[i] = (struct cs_svg_item){ &p[i]->cap, &p[i]->res, names[i] };
	for (size_t cap = 256 * 1024; cap <= (256u << 20); cap *= 2) {
		free(text);
		if (!(text = malloc(cap)))
			break;
		cs_buf_init(&b, text, cap);
		if (cs_svg_staircase_opts(&b, items, n, &so) == 0) {
			if (o && o->png)
				rc = cs_plot_png(f, text, b.len, o->scale > 0 ? o->scale : PNG_SCALE, why, whylen);
			else if ((rc = fwrite(text, 1, b.len, f) == b.len ? 0 : -1))
				snprintf(why, whylen, "%s", strerror(errno));
			break;
		}
		if (!b.overflow)
			break;
	}
	free(text);
	return rc;
}

int cs_plot_write_svg(FILE *f, struct cs_replay **p, char **names, int n)
{
	char why[256];
	return cs_plot_write(f, p, names, n, NULL, why, sizeof why);
}

/* What plot writes: SVG, or PNG by its name (a name with no extension is SVG). */
static const char *const plot_exts[] = { ".svg", ".png", NULL };

/* OUT.png (any case) asks for PNG. */
static int wants_png(const char *out)
{
	size_t n = strlen(out);
	return n > 4 && out[n - 4] == '.' && (out[n - 3] | 32) == 'p' && (out[n - 2] | 32) == 'n' &&
	       (out[n - 1] | 32) == 'g';
}

/* A panel asked for alone must have something measured to show: else a
 * refusal naming it, never an empty frame. */
static int panel_measured(struct cs_replay **p, int n, int panel)
{
	struct cs_svg_item items[PLOT_MAX];
	for (int i = 0; i < n; i++)
		items[i] = (struct cs_svg_item){ &p[i]->cap, &p[i]->res, NULL };
	if (cs_svg_panel_has(items, n, panel))
		return 1;
	cs_eprintf("cacheshape plot: --panel: no capture given has this panel's measurement "
		   "(nothing was written)");
	return 0;
}

/* OUT by the output-file rule (outfile.h). */
static int save(const char *out, unsigned flags, struct cs_replay **p, char **names, int n,
		const struct cs_plot_opts *po)
{
	struct cs_outfile o;
	char why[4400], what[512];
	int rc = cs_outfile_open(&o, out, flags, names, n, why, sizeof why);
	if (rc == 0 && cs_plot_write(cs_outfile_stream(&o), p, names, n, po, what, sizeof what) != 0) {
		snprintf(why, sizeof why, "%s: %s", out, what);
		cs_outfile_abort(&o);
		rc = -1;
	} else if (rc == 0) {
		rc = cs_outfile_commit(&o, NULL, NULL, why, sizeof why);
	}
	if (rc)
		cs_eprintf("cacheshape plot: %s", why);
	return rc;
}

/* The options; -1 to go on, else the exit status. */
static int plot_opts(int argc, char **argv, const char **out, unsigned *flags,
		     struct cs_plot_opts *po)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'f' },
		{ "theme", required_argument, NULL, 't' },
		{ "panel", required_argument, NULL, 'p' },
		CS_OPT_STD, { NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = cs_getopt("plot", argc, argv, "o:hV", lo)) != CS_OPT_END) {
		if (c == 'o' && *out)
			return cs_usage_error("plot", "-o takes one file, once");
		else if (c == 'o' && !*optarg)
			return cs_usage_error("plot", "-o: the file name is empty");
		else if (c == 'o')
			*out = optarg;
		else if (c == 'f')
			*flags |= CS_OUT_FORCE;
		else if (c == 't' && strcmp(optarg, "light") && strcmp(optarg, "dark"))
			return cs_usage_error("plot", "--theme takes light or dark, not '%s'", optarg);
		else if (c == 't')
			po->theme = !strcmp(optarg, "dark") ? CS_SVG_DARK : CS_SVG_LIGHT;
		else if (c == 'p' && (po->panel = cs_svg_panel_find(optarg)) < 0) {
			char names[256];
			struct cs_buf nb;
			cs_buf_init(&nb, names, sizeof names);
			cs_svg_panel_names(&nb);
			return cs_usage_error("plot", "--panel takes one of %s, not '%s'", names, optarg);
		} else if (c == 'p')
			; /* found above */
		else if (c == CS_OPT_HELP)
			return cs_usage_plot(stdout), CS_EXIT_OK;
		else if (c == CS_OPT_VERSION)
			return cs_print_version();
		else
			return CS_EXIT_ERROR;
	}
	return -1;
}

int cs_cmd_plot(int argc, char **argv)
{
	struct cs_replay *p[PLOT_MAX];
	char *names[PLOT_MAX], err[512];
	const char *out = NULL;
	unsigned flags = CS_OUT_HAS_FORCE;
	int n = 0, stdin_n = 0, rc;
	struct cs_plot_opts po = { CS_SVG_LIGHT, 0, 0, CS_SVG_PANEL_ALL };

	if ((rc = plot_opts(argc, argv, &out, &flags, &po)) >= 0)
		return rc;
	rc = CS_EXIT_OK;
	for (int i = optind; i < argc; i++) {
		if (n == PLOT_MAX)
			return cs_usage_error("plot", "at most %d captures", PLOT_MAX);
		stdin_n += !strcmp(argv[i], "-");
		names[n++] = argv[i];
	}
	if (!n)
		return cs_usage_error("plot", "no capture given");
	if (!out)
		return cs_usage_error("plot", "no output (-o OUT.svg)");
	if (stdin_n > 1)
		return cs_usage_error("plot", "'-' (standard input) given %d times: it holds one capture",
				      stdin_n);
	/* OUT first: a refusal costs nothing, and no capture is read for it
	 * (an input or a link named as OUT is said before its extension) */
	if (cs_outfile_check(out, flags, names, n, err, sizeof err) ||
	    cs_outfile_ext(out, plot_exts, err, sizeof err)) {
		cs_eprintf("cacheshape plot: %s", err);
		return CS_EXIT_ERROR;
	}
	for (int i = 0; i < n; i++)
		p[i] = NULL;
	for (int i = 0; i < n && rc == CS_EXIT_OK; i++) {
		p[i] = cs_replay_new();
		if (!p[i]) {
			fputs("cacheshape plot: out of memory\n", stderr);
			rc = CS_EXIT_ERROR;
		} else if (cs_replay_file(p[i], names[i], err, sizeof err)) {
			cs_eprintf("cacheshape plot: %s: %s", names[i], err);
			rc = CS_EXIT_ERROR;
		}
	}
	po.png = wants_png(out);
	if (rc == CS_EXIT_OK && !panel_measured(p, n, po.panel))
		rc = CS_EXIT_ERROR;
	if (rc == CS_EXIT_OK && save(out, flags, p, names, n, &po) != 0)
		rc = CS_EXIT_ERROR;
	for (int i = 0; i < n; i++)
		if (p[i])
			cs_replay_free(p[i]);
	return rc;
}
