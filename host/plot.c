/* plot.c: `cacheshape plot` (plot.h). Each capture is replayed through the
 * reducer; every mark's position comes from common/draw.c's mapping, so the
 * SVG and the screen agree. Element classes the tests count: path.curve (one
 * per capture, id curve-N), line.knee (one per knee found, id knee-N-K),
 * line.published, line.level, line.retired, path.ramp, g#legend. */
#define _POSIX_C_SOURCE 200809L
#include "plot.h"
#include "cmd.h"
#include "replay.h"
#include "../common/buf.h"
#include "../common/draw.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PLOT_MAX 8
#define PLOT_W 960
#define PLOT_H 600
#define LEGEND_LINE 16
#define LEGEND_CHARS 150 /* 10px monospace across 960 */

static const uint32_t palette[PLOT_MAX] = {
	CS_COL_CURVE, 0xff9030u, 0x50e0d0u, 0xd070ffu,
	0xa0e040u, 0xff70a0u, 0x8080ffu, 0xe0e0a0u,
};

void cs_usage_plot(FILE *f)
{
	fputs("usage: cacheshape plot FILE... -o OUT.svg\n"
	      "\n"
	      "Draws the captures overlaid as one SVG: cost per load against\n"
	      "working-set size on log axes, each capture's points and curve,\n"
	      "its levels, knees (solid), published sizes (dashed), retired-rule\n"
	      "sizes (ticks at the top), the adjacency ramps with their verdicts,\n"
	      "and a legend. At most 8 captures. OUT is replaced (written to a\n"
	      "temporary file, then renamed). Exit status 2 on wrong usage or a\n"
	      "capture that cannot be read.\n", f);
}

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			/* XML 1.0 forbids most control characters. */
			if ((unsigned char)*s >= 0x20 || *s == '\t')
				fputc(*s, f);
		}
	}
}

static void text(FILE *f, int x, int y, const char *anchor, const char *cls,
		 const char *s)
{
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" class=\"%s\">", x, y, anchor, cls);
	esc(f, s);
	fputs("</text>\n", f);
}

static void axes(FILE *f, const struct cs_chart_map *m)
{
	char t[32];
	struct cs_buf b;
	int bottom = m->py + m->ph - 1, every = cs_chart_xlabel_every(m);
	double ns;
	for (int i = 0; cs_chart_ytick(m, i, &ns) == 0; i++) {
		int y = cs_chart_y(m, ns);
		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
			m->px, y, m->px + m->pw - 1, y);
		cs_buf_init(&b, t, sizeof t);
		cs_put_g(&b, ns, 3);
		text(f, m->px - 4, y + 4, "end", "tick", t);
	}
	for (double p = m->xmin; p <= m->xmax * (1 + 1e-12); p *= 2) {
		int x = cs_chart_x(m, p), l2 = 0;
		for (double q = 1; q < p; q *= 2)
			l2++;
		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
			x, m->py, x, bottom);
		if (l2 % every)
			continue;
		cs_buf_init(&b, t, sizeof t);
		cs_put_size(&b, p);
		text(f, x, bottom + 16, "middle", "tick", t);
	}
	fprintf(f, "<path class=\"axis\" d=\"M%d %dV%dH%d\"/>\n", m->px, m->py, bottom,
		m->px + m->pw - 1);
	text(f, 4, 11, "start", "tick", "ns/load");
	text(f, m->px + m->pw - 1, 11, "end", "tick", "working set");
}

static void vline(FILE *f, const char *cls, const char *id, int x, int y0,
		  int y1, uint32_t col)
{
	fprintf(f, "<line class=\"%s\"%s%s%s x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#%06x\"/>\n",
		cls, id ? " id=\"" : "", id ? id : "", id ? "\"" : "", x, y0, x, y1, col);
}

static void marks(FILE *f, const struct cs_chart_map *m, const struct cs_replay *p, int n)
{
	const struct cs_capture *c = &p->cap;
	const struct cs_result *r = &p->res;
	int top = m->py, bottom = m->py + m->ph - 1;
	uint32_t kc = n == 0 ? CS_COL_KNEE : palette[n];
	char id[32];
	for (uint32_t i = 0; i < c->n_caches; i++) {
		const struct cs_cache *k = &c->caches[i];
		if (k->type != CS_CACHE_INSTRUCTION && cs_chart_has_x(m, (double)k->size_bytes))
			vline(f, "published", NULL, cs_chart_x(m, (double)k->size_bytes),
			      top, bottom, CS_COL_PUBLISHED);
	}
	for (uint32_t i = 0; i < r->n_levels; i++) {
		const struct cs_level *l = &r->levels[i];
		int y = cs_chart_y(m, l->floor_ns);
		fprintf(f, "<line class=\"level\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
			cs_chart_x(m, l->first_bytes), y, cs_chart_x(m, l->last_bytes), y);
	}
	for (uint32_t i = 0; i < r->n_knees; i++) {
		const struct cs_knee *k = &r->knees[i];
		if (k->has_bytes && cs_chart_has_x(m, k->bytes)) {
			snprintf(id, sizeof id, "knee-%d-%u", n, i);
			vline(f, "knee", id, cs_chart_x(m, k->bytes), top, bottom, kc);
		}
		if (k->has_retired && cs_chart_has_x(m, k->retired_bytes))
			vline(f, "retired", NULL, cs_chart_x(m, k->retired_bytes), top,
			      top + 10, CS_COL_RETIRED);
	}
}

static void curve(FILE *f, const struct cs_chart_map *m, const struct cs_capture *c, int n)
{
	fprintf(f, "<path class=\"curve\" id=\"curve-%d\" stroke=\"#%06x\" d=\"", n, palette[n]);
	for (uint32_t i = 0; i < c->n_points; i++)
		fprintf(f, "%s%d %d", i ? " L" : "M", cs_chart_x(m, c->points[i].bytes),
			cs_chart_y(m, c->points[i].ns));
	fputs("\"/>\n", f);
	fprintf(f, "<g class=\"points\" fill=\"#%06x\">\n", n == 0 ? CS_COL_POINT : palette[n]);
	for (uint32_t i = 0; i < c->n_points; i++)
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"3\" height=\"3\"/>\n",
			cs_chart_x(m, c->points[i].bytes) - 1, cs_chart_y(m, c->points[i].ns) - 1);
	fputs("</g>\n", f);
}

static void ramps(FILE *f, const struct cs_chart_map *m, struct cs_replay **p, int n)
{
	uint32_t total = 0, k = 0;
	char t[160];
	for (int i = 0; i < n; i++)
		total += p[i]->cap.n_adj;
	for (int i = 0; i < n; i++) {
		const struct cs_capture *c = &p[i]->cap;
		for (uint32_t s = 0; s < c->n_adj; s++, k++) {
			int x, y, w, h, rh = m->strip_h - 2 * CS_FONT_H - 2;
			cs_chart_panel(m, k, total, &x, &y, &w, &h);
			fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
				x, y + rh, x + w - 1, y + rh);
			if (c->adj[s].n > 1) {
				fprintf(f, "<path class=\"ramp\" stroke=\"#%06x\" d=\"", palette[i]);
				for (uint32_t d = 0; d < c->adj[s].n; d++) {
					int px, py;
					cs_chart_ramp_xy(&c->adj[s], x, y, w, rh, d, &px, &py);
					fprintf(f, "%s%d %d", d ? " L" : "M", px, py);
				}
				fputs("\"/>\n", f);
			}
			cs_chart_verdict(t, sizeof t, c, &p[i]->res, s);
			char *nl = strchr(t, '\n');
			if (nl)
				*nl = 0;
			fprintf(f, "<g class=\"verdict\" fill=\"#%06x\">\n", palette[i]);
			text(f, x, y + rh + 12, "start", "tick", t);
			if (nl)
				text(f, x, y + rh + 24, "start", "tick", nl + 1);
			fputs("</g>\n", f);
		}
	}
}

static void legend(FILE *f, struct cs_replay **p, char **names, int n)
{
	fputs("<g id=\"legend\">\n", f);
	for (int i = 0; i < n; i++) {
		int y = PLOT_H + 4 + i * LEGEND_LINE;
		fprintf(f, "<rect x=\"10\" y=\"%d\" width=\"14\" height=\"4\" fill=\"#%06x\"/>\n",
			y + 5, palette[i]);
		const char *l = p[i]->cap.label[0] ? p[i]->cap.label : names[i];
		char cut[LEGEND_CHARS + 4];
		/* One line each: a long label is cut (the file holds it whole). */
		snprintf(cut, sizeof cut, "%.*s%s", LEGEND_CHARS, l,
			 strlen(l) > LEGEND_CHARS ? "..." : "");
		fprintf(f, "<text x=\"30\" y=\"%d\" class=\"legend\">", y + 11);
		esc(f, cut);
		fputs("</text>\n", f);
	}
	fputs("<text x=\"10\" y=\"", f);
	fprintf(f, "%d\" class=\"tick\">knees solid, published sizes dashed, retired-rule sizes: ticks at the top, levels: green</text>\n",
		PLOT_H + 4 + n * LEGEND_LINE + 11);
	fputs("</g>\n", f);
}

static int write_svg(FILE *f, struct cs_replay **p, char **names, int n)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	int adj = 0, h;
	for (int i = 0; i < n; i++) {
		cs_chart_range_add(&range, &p[i]->cap);
		adj |= p[i]->cap.n_adj > 0;
	}
	cs_chart_layout(&m, PLOT_W, PLOT_H, &range, adj);
	h = PLOT_H + 4 + (n + 1) * LEGEND_LINE + 4;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
		"<style>text{font-family:monospace;font-size:11px;fill:#%06x}"
		".grid{stroke:#%06x}.axis{stroke:#%06x;fill:none}"
		".curve,.ramp{fill:none;stroke-width:1.5}.knee{stroke-width:1.5}"
		".published{stroke-dasharray:4 4}.retired{stroke-width:3}"
		".level{stroke:#%06x;stroke-width:2}.verdict text,.legend{font-size:10px}</style>\n"
		"<rect class=\"bg\" width=\"100%%\" height=\"100%%\" fill=\"#%06x\"/>\n",
		PLOT_W, h, PLOT_W, h, CS_COL_TEXT, CS_COL_GRID, CS_COL_AXIS,
		CS_COL_LEVEL, CS_COL_BG);
	axes(f, &m);
	for (int i = 0; i < n; i++)
		marks(f, &m, p[i], i);
	for (int i = 0; i < n; i++)
		curve(f, &m, &p[i]->cap, i);
	if (m.strip_h)
		ramps(f, &m, p, n);
	legend(f, p, names, n);
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}

/* Written beside OUT, then renamed: a reader never sees half a file. */
static int save(const char *out, struct cs_replay **p, char **names, int n)
{
	size_t len = strlen(out) + 16;
	char *tmp = malloc(len);
	int fd, rc = -1;
	FILE *f;
	if (!tmp)
		return -1;
	snprintf(tmp, len, "%s.tmpXXXXXX", out);
	fd = mkstemp(tmp);
	if (fd < 0) {
		perror(out);
		free(tmp);
		return -1;
	}
	mode_t mask = umask(0); /* mkstemp makes it 0600: give the usual mode */
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
	} else {
		rc = write_svg(f, p, names, n);
		if (fclose(f) != 0)
			rc = -1;
		if (rc == 0 && rename(tmp, out) != 0)
			rc = -1;
	}
	if (rc != 0) {
		perror(out);
		unlink(tmp);
	}
	free(tmp);
	return rc;
}

int cs_cmd_plot(int argc, char **argv)
{
	struct cs_replay *p[PLOT_MAX];
	char *names[PLOT_MAX], err[512];
	const char *out = NULL;
	int n = 0, rc = CS_EXIT_OK;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			cs_usage_plot(stdout);
			return CS_EXIT_OK;
		} else if (!strcmp(argv[i], "-o")) {
			if (i + 1 >= argc || out) {
				fputs("cacheshape plot: -o takes one file, once\n", stderr);
				cs_usage_plot(stderr);
				return CS_EXIT_ERROR;
			}
			out = argv[++i];
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "cacheshape plot: unknown option '%s'\n", argv[i]);
			cs_usage_plot(stderr);
			return CS_EXIT_ERROR;
		} else if (n == PLOT_MAX) {
			fprintf(stderr, "cacheshape plot: at most %d captures\n", PLOT_MAX);
			return CS_EXIT_ERROR;
		} else {
			names[n++] = argv[i];
		}
	}
	if (!n || !out) {
		fputs(!n ? "cacheshape plot: no capture given\n"
			 : "cacheshape plot: no output (-o OUT.svg)\n", stderr);
		cs_usage_plot(stderr);
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
			fprintf(stderr, "cacheshape plot: %s: %s\n", names[i], err);
			rc = CS_EXIT_ERROR;
		}
	}
	if (rc == CS_EXIT_OK && save(out, p, names, n) != 0)
		rc = CS_EXIT_ERROR;
	for (int i = 0; i < n; i++)
		if (p[i])
			cs_replay_free(p[i]);
	return rc;
}
