/* check.c: `cacheshape check [DIR]`: replay every capture, print one table,
 * compare the synthetic ones with what they were built to answer. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "../cmd.h"
#include "expect.h"
#include "replay.h"
#include "../textout.h"
#include "../walk.h"
#include "../../common/buf.h"
#include "../../reduce/row.h"

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
	"tlbs", "tlb knees", "tlb refusals", "result"
};
static const char *const verdict_text[] = { "-", "ok", "known failure",
					    "FAIL" };
static const char *const verdict_color[] = { "", "\033[32m", "\033[33m",
					     "\033[31m" };

struct row {
	const char *path; /* as found, for sorting */
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
	      "sizes, knees, retired-rule sizes, granules, refusal codes, the\n"
	      "published TLBs' entries, the TLB knees in entries and the TLB\n"
	      "refusal codes (each by page size, docs/tlb.md), result.\n"
	      "A capture with \"expect\" (synthetic), or a NAME.expect file beside\n"
	      "NAME.json (imported), is compared with it: knees\n"
	      "within the tolerance, the same refusal codes, the same granules.\n"
	      "  ok             answered as expected\n"
	      "  FAIL           answered otherwise, or could not be read\n"
	      "  known failure  a case the rules are known to get wrong\n"
	      "  -              no expectation: replayed only\n"
	      "\n"
	      "\n"
	      "Every folder is read once (a symbolic link loop is named and not\n"
	      "followed); a folder or capture that cannot be read is a FAIL row\n"
	      "with its error, and the rest is still checked; hidden entries and\n"
	      "paths too long are named as skipped. Names are shown with control\n"
	      "characters escaped (\\e, \\n, \\xHH).\n"
	      "\n"
	      "Exit status: 0 when nothing failed, 1 when something did (an\n"
	      "unreadable folder included), 2 on wrong usage or when DIR itself\n"
	      "cannot be read.\n", f);
}

static void fill_cells(struct row *w, const struct cs_replay *p)
{
	char cells[CS_ROW_CELLS][CS_ROW_CELL_MAX];

	cs_row_cells(cells, &p->cap, &p->res);
	for (int i = 0; i < CS_ROW_CELLS; i++) {
		/* refusal codes come from the capture too: shown, not obeyed */
		struct cs_buf b;
		cs_buf_init(&b, w->cell[COL_PUBLISHED + i], CS_ROW_CELL_MAX);
		cs_put_text(&b, cells[i]);
	}
}

/* A row with no answer: '?' everywhere, the error below the table. */
static void unreadable(struct row *w, const char *err)
{
	struct cs_buf b;
	for (int i = COL_PUBLISHED; i < COL_RESULT; i++)
		snprintf(w->cell[i], CS_ROW_CELL_MAX, "?");
	cs_buf_init(&b, w->notes, sizeof w->notes);
	cs_puts(&b, "  ");
	cs_put_text(&b, err);
	cs_putc(&b, '\n');
	w->v = V_FAIL;
}

/* One line of text from outside as a note: escaped, indented. */
static void note(struct row *w, const char *s, size_t n)
{
	size_t len = strlen(w->notes);
	struct cs_buf b;
	cs_buf_init(&b, w->notes + len, sizeof(w->notes) - len);
	cs_puts(&b, "  ");
	cs_put_textn(&b, s, n);
	cs_putc(&b, '\n');
}

static void check_one(struct row *w, struct cs_replay *p, const char *dir,
		      const char *rel)
{
	char path[4096], err[1024], why[1536];
	const struct cs_expect *e = &p->exp;
	struct cs_buf b;
	int diffs;

	w->path = rel;
	cs_buf_init(&b, w->cell[COL_CAPTURE], CS_ROW_CELL_MAX);
	cs_put_text(&b, rel);
	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	w->notes[0] = '\0';
	if (cs_replay_file(p, path, err, sizeof(err))) {
		unreadable(w, err);
		return;
	}
	fill_cells(w, p);
	if (!e->present && cs_read_expect_beside(path, &p->exp, err, sizeof(err))) {
		note(w, err, strlen(err));
		w->v = V_FAIL;
		return;
	}
	if (!e->has_known_failure && !cs_expect_any(e)) {
		w->v = V_NONE;
		return;
	}
	diffs = cs_expect_compare_all(e, &p->res, why, sizeof(why));
	if (e->has_known_failure) {
		/* The expectation is the true answer; the rules miss it. */
		w->v = diffs ? V_KNOWN : V_OK;
		cs_buf_init(&b, w->notes, sizeof w->notes);
		cs_puts(&b, diffs ? "  known failure: "
				  : "  known failure no longer fails (remove known_failure?): ");
		cs_put_text(&b, e->known_failure);
		cs_putc(&b, '\n');
	} else {
		w->v = diffs ? V_FAIL : V_OK;
	}
	for (char *s = why; diffs && *s;) {
		char *nl = strchr(s, '\n');
		if (!nl)
			nl = s + strlen(s);
		note(w, s, (size_t)(nl - s));
		s = *nl ? nl + 1 : nl;
	}
}

/* Characters, not bytes: a name in UTF-8 keeps the columns straight. */
static size_t chars(const char *s)
{
	size_t n = 0, len = strlen(s);
	for (size_t i = 0; i < len; n++)
		i += cs_utf8_prefix(s + i, len - i, 1);
	return n;
}

static void pad(const char *s, size_t width)
{
	fputs(s, stdout);
	for (size_t n = chars(s); n < width; n++)
		putchar(' ');
}

static void print_table(const struct row *rows, size_t n, int color)
{
	size_t width[NCOLS], i;
	int c;

	for (c = 0; c < NCOLS; c++)
		width[c] = strlen(headers[c]);
	for (i = 0; i < n; i++)
		for (c = 0; c < NCOLS - 1; c++)
			if (chars(rows[i].cell[c]) > width[c])
				width[c] = chars(rows[i].cell[c]);
	for (c = 0; c < NCOLS; c++) {
		pad(headers[c], c < NCOLS - 1 ? width[c] : 0);
		fputs(c < NCOLS - 1 ? "  " : "\n", stdout);
	}
	for (i = 0; i < n; i++) {
		for (c = 0; c < NCOLS - 1; c++) {
			pad(rows[i].cell[c], width[c]);
			fputs("  ", stdout);
		}
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

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct row *)a)->path, ((const struct row *)b)->path);
}

/* What the walk did not follow: an error is a FAIL row of its own, the
 * rest one line each under the table. */
static size_t note_rows(struct row *rows, const struct cs_walk *w, size_t *folders)
{
	size_t k = 0;
	for (size_t i = 0; i < w->n_notes; i++) {
		const struct cs_walk_note *t = &w->notes[i];
		struct cs_buf b;
		if (!t->error)
			continue;
		rows[k].path = t->path;
		cs_buf_init(&b, rows[k].cell[COL_CAPTURE], CS_ROW_CELL_MAX);
		cs_put_text(&b, t->path);
		unreadable(&rows[k], t->what);
		*folders += t->path[strlen(t->path) - 1] == '/';
		k++;
	}
	return k;
}

static void print_notes(const struct row *rows, size_t n, const struct cs_walk *w)
{
	char line[1200];
	struct cs_buf b;
	for (size_t i = 0; i < n; i++)
		if (rows[i].notes[0]) {
			cs_buf_init(&b, line, sizeof line);
			cs_put_text(&b, rows[i].path);
			printf("\n%s %s:\n%s", verdict_text[rows[i].v], line, rows[i].notes);
		}
	for (size_t i = 0, first = 1; i < w->n_notes; i++) {
		if (w->notes[i].error)
			continue;
		cs_buf_init(&b, line, sizeof line);
		cs_put_text(&b, w->notes[i].path);
		cs_puts(&b, ": ");
		cs_put_text(&b, w->notes[i].what);
		printf("%s%s\n", first ? "\n" : "", line);
		first = 0;
	}
}

static int run_check(const char *dir)
{
	struct cs_walk w;
	struct cs_replay *p;
	struct row *rows;
	size_t i, n, count[4] = { 0, 0, 0, 0 }, folders = 0;

	if (cs_walk_json(dir, &w)) {
		cs_eprintf("cacheshape check: %s: %s", dir, strerror(errno));
		cs_walk_free(&w);
		return CS_EXIT_ERROR;
	}
	p = cs_replay_new();
	rows = calloc(w.n + w.n_notes + 1, sizeof(*rows));
	if (!p || !rows) {
		fprintf(stderr, "cacheshape check: out of memory\n");
		return CS_EXIT_ERROR;
	}
	n = note_rows(rows, &w, &folders);
	for (i = 0; i < n; i++)
		count[V_FAIL]++;
	for (i = 0; i < w.n; i++, n++) {
		check_one(&rows[n], p, dir, w.paths[i]);
		count[rows[n].v]++;
	}
	qsort(rows, n, sizeof *rows, by_path);
	print_table(rows, n, use_color());
	print_notes(rows, n, &w);
	printf("\n%zu captures: %zu ok, %zu known failures, %zu failed, "
	       "%zu without expectations", n - folders, count[V_OK], count[V_KNOWN],
	       count[V_FAIL] - folders, count[V_NONE]);
	if (folders)
		printf("; %zu folder%s could not be read", folders, folders == 1 ? "" : "s");
	putchar('\n');
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
			cs_eprintf("cacheshape check: unknown option '%s'", argv[i]);
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
