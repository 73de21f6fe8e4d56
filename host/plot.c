/* plot.c: `cacheshape plot` (plot.h). Each capture is replayed through the
 * reducer and drawn by common/svg.c, the writer the page uses too; this
 * file is the command: options, and a file written whole or not at all. */
#define _POSIX_C_SOURCE 200809L
#include "plot.h"
#include "cmd.h"
#include "replay.h"
#include "../common/buf.h"
#include "../common/svg.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PLOT_MAX CS_SVG_MAX

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

/* The document from common/svg.c, in a heap block that grows until it fits. */
static int write_svg(FILE *f, struct cs_replay **p, char **names, int n)
{
	struct cs_svg_item items[PLOT_MAX];
	struct cs_buf b;
	char *text = NULL;
	int rc = -1;

	for (int i = 0; i < n; i++)
		items[i] = (struct cs_svg_item){ &p[i]->cap, &p[i]->res, names[i] };
	for (size_t cap = 256 * 1024; cap <= (256u << 20); cap *= 2) {
		free(text);
		if (!(text = malloc(cap)))
			break;
		cs_buf_init(&b, text, cap);
		if (cs_svg_staircase(&b, items, n) == 0) {
			rc = fwrite(text, 1, b.len, f) == b.len ? 0 : -1;
			break;
		}
		if (!b.overflow)
			break;
	}
	free(text);
	return rc;
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
