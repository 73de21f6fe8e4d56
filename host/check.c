/* check.c: `cacheshape check [DIR]`: replay every capture, print one table,
 * compare the synthetic ones with what they were built to answer. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "cmd.h"
#include "expect.h"
#include "replay.h"
#include "walk.h"
#include "../reduce/row.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum verdict { V_NONE, V_OK, V_KNOWN, V_FAIL };
/* The cells between capture and result are reduce/row.h's, in its order. */
enum { COL_CAPTURE, COL_PUBLISHED, COL_RESULT = COL_PUBLISHED + CS_ROW_CELLS,
       NCOLS };

static const char *const headers[NCOLS] = {
	"capture", "published", "knees", "retired", "granules", "refusals",
	"result"
};
static const char *const verdict_text[] = { "-", "ok", "known failure",
					    "FAIL" };
static const char *const verdict_color[] = { "", "\033[32m", "\033[33m",
					     "\033[31m" };

struct row {
	char cell[NCOLS][CS_ROW_CELL_MAX];
	enum verdict v;
	char notes[2048]; /* printed below the table */
};

void cs_usage_check(FILE *f)
{
	fputs("usage: cacheshape check [DIR]\n"
	      "\n"
	      "Replays every *.json under DIR (default: captures), recursively,\n"
	      "through the reducer and prints one table: capture, published\n"
	      "sizes, knees, retired-rule sizes, granules, refusal codes, result.\n"
	      "A capture with \"expect\" (synthetic), or a NAME.expect file beside\n"
	      "NAME.json (imported), is compared with it: knees\n"
	      "within the tolerance, the same refusal codes, the same granules.\n"
	      "  ok             answered as expected\n"
	      "  FAIL           answered otherwise, or could not be read\n"
	      "  known failure  a case the rules are known to get wrong\n"
	      "  -              no expectation: replayed only\n"
	      "\n"
	      "Exit status: 0 when nothing failed, 1 when something did,\n"
	      "2 on wrong usage or when DIR cannot be read.\n", f);
}

static void fill_cells(struct row *w, const struct cs_replay *p)
{
	char cells[CS_ROW_CELLS][CS_ROW_CELL_MAX];

	cs_row_cells(cells, &p->cap, &p->res);
	for (int i = 0; i < CS_ROW_CELLS; i++)
		memcpy(w->cell[COL_PUBLISHED + i], cells[i], CS_ROW_CELL_MAX);
}

static void check_one(struct row *w, struct cs_replay *p, const char *dir,
		      const char *rel)
{
	char path[4096], err[1024], why[1536];
	const struct cs_expect *e = &p->exp;
	int i, diffs;

	snprintf(w->cell[COL_CAPTURE], 256, "%s", rel);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	w->notes[0] = '\0';
	if (cs_replay_file(p, path, err, sizeof(err))) {
		for (i = COL_PUBLISHED; i < COL_RESULT; i++)
			snprintf(w->cell[i], 256, "?");
		snprintf(w->notes, sizeof(w->notes), "  %s\n", err);
		w->v = V_FAIL;
		return;
	}
	fill_cells(w, p);
	if (!e->present && cs_read_expect_beside(path, &p->exp, err, sizeof(err))) {
		snprintf(w->notes, sizeof(w->notes), "  %s\n", err);
		w->v = V_FAIL;
		return;
	}
	if (!e->has_known_failure && !cs_expect_any(e)) {
		w->v = V_NONE;
		return;
	}
	diffs = cs_expect_compare(e, &p->res, why, sizeof(why));
	diffs += cs_expect_experiments_compare(&e->exp, &p->res.exp, why, sizeof(why));
	if (e->has_known_failure) {
		/* The expectation is the true answer; the rules miss it. */
		w->v = diffs ? V_KNOWN : V_OK;
		snprintf(w->notes, sizeof(w->notes), "  %s: %s\n",
			 diffs ? "known failure" : "known failure no longer "
			 "fails (remove known_failure?)", e->known_failure);
	} else {
		w->v = diffs ? V_FAIL : V_OK;
	}
	for (char *s = why; diffs && *s;) {
		char *nl = strchr(s, '\n');
		size_t len = strlen(w->notes);
		if (!nl)
			nl = s + strlen(s);
		snprintf(w->notes + len, sizeof(w->notes) - len, "  %.*s\n",
			 (int)(nl - s), s);
		s = *nl ? nl + 1 : nl;
	}
}

static void print_table(const struct row *rows, size_t n, int color)
{
	size_t width[NCOLS], i;
	int c;

	for (c = 0; c < NCOLS; c++)
		width[c] = strlen(headers[c]);
	for (i = 0; i < n; i++)
		for (c = 0; c < NCOLS - 1; c++)
			if (strlen(rows[i].cell[c]) > width[c])
				width[c] = strlen(rows[i].cell[c]);
	for (c = 0; c < NCOLS; c++)
		printf("%-*s%s", c < NCOLS - 1 ? (int)width[c] : 0, headers[c],
		       c < NCOLS - 1 ? "  " : "\n");
	for (i = 0; i < n; i++) {
		for (c = 0; c < NCOLS - 1; c++)
			printf("%-*s  ", (int)width[c], rows[i].cell[c]);
		if (color && rows[i].v != V_NONE)
			printf("%s%s\033[0m\n", verdict_color[rows[i].v],
			       verdict_text[rows[i].v]);
		else
			printf("%s\n", verdict_text[rows[i].v]);
	}
}

static int use_color(void)
{
	const char *term = getenv("TERM");
	return isatty(STDOUT_FILENO) && !getenv("NO_COLOR") &&
	       !(term && !strcmp(term, "dumb"));
}

static int run_check(const char *dir)
{
	struct cs_walk w;
	struct cs_replay *p;
	struct row *rows;
	size_t i, count[4] = { 0, 0, 0, 0 };

	if (cs_walk_json(dir, &w)) {
		fprintf(stderr, "cacheshape check: %s: %s\n", dir,
			strerror(errno));
		cs_walk_free(&w);
		return CS_EXIT_ERROR;
	}
	p = cs_replay_new();
	rows = calloc(w.n ? w.n : 1, sizeof(*rows));
	if (!p || !rows) {
		fprintf(stderr, "cacheshape check: out of memory\n");
		return CS_EXIT_ERROR;
	}
	for (i = 0; i < w.n; i++) {
		check_one(&rows[i], p, dir, w.paths[i]);
		count[rows[i].v]++;
	}
	print_table(rows, w.n, use_color());
	for (i = 0; i < w.n; i++)
		if (rows[i].notes[0])
			printf("\n%s %s:\n%s", verdict_text[rows[i].v],
			       w.paths[i], rows[i].notes);
	printf("\n%zu captures: %zu ok, %zu known failures, %zu failed, "
	       "%zu without expectations\n", w.n, count[V_OK], count[V_KNOWN],
	       count[V_FAIL], count[V_NONE]);
	free(rows);
	cs_replay_free(p);
	cs_walk_free(&w);
	return count[V_FAIL] ? CS_EXIT_FAIL : CS_EXIT_OK;
}

int cs_cmd_check(int argc, char **argv)
{
	const char *dir = NULL;
	int i, opts_done = 0;

	for (i = 1; i < argc; i++) {
		if (!opts_done && !strcmp(argv[i], "--")) {
			opts_done = 1;
		} else if (!opts_done && (!strcmp(argv[i], "--help") ||
					  !strcmp(argv[i], "-h"))) {
			cs_usage_check(stdout);
			return CS_EXIT_OK;
		} else if (!opts_done && argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "cacheshape check: unknown option "
				"'%s'\n", argv[i]);
			cs_usage_check(stderr);
			return CS_EXIT_ERROR;
		} else if (dir) {
			fprintf(stderr, "cacheshape check: one DIR at most\n");
			cs_usage_check(stderr);
			return CS_EXIT_ERROR;
		} else {
			dir = argv[i];
		}
	}
	return run_check(dir ? dir : "captures");
}
