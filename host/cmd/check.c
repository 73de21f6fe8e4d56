/* check.c: `cacheshape check [DIR]`: replay every capture, print one table,
 * compare the synthetic ones with what they were built to answer. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "../cmd.h"
#include "expect.h"
#include "replay.h"
#include "../textout.h"
#include "../cli.h"
#include "../walk.h"
#include "../../common/buf.h"
#include "../../common/jsonw.h"
#include "../../reduce/row.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum verdict { V_NONE, V_OK, V_KNOWN, V_FAIL };
/* The cells between capture and result are reduce/row.h's, in its order. */
enum { COL_CAPTURE, COL_PUBLISHED, COL_RESULT = COL_PUBLISHED + CS_ROW_CELLS, NCOLS };
/* --json writes the read GB/s cell after "result", where it was added */
#define COL_READ_GBPS (COL_PUBLISHED + CS_ROW_READ_GBPS)

static const char *const headers[NCOLS] = {
	"capture", "published", "knees", "retired", "granules", "refusals",
	"tlbs", "tlb knees", "tlb refusals", "cycles", "ref", "geometry", "read GB/s", "result"
};
/* --json's keys, the same cells (docs: check --help) */
static const char *const keys[NCOLS] = {
	"capture", "published", "knees", "retired", "granules", "refusals",
	"tlbs", "tlb_knees", "tlb_refusals", "cycles", "ref", "geometry", "read_gbps", "result"
};
/* The table fits a terminal of this many columns by default (issue 26):
 * these columns, each cell cut with "~" when the widest must give way;
 * --wide prints every column whole. */
#define CHECK_WIDTH 100
static const int narrow_cols[] = { COL_CAPTURE, COL_PUBLISHED + CS_ROW_KNEES,
				   COL_PUBLISHED + CS_ROW_REF, COL_RESULT };
/* the capture's name gives way first, down to this many characters */
#define CHECK_CAPTURE_MIN 40
#define N_NARROW (sizeof narrow_cols / sizeof narrow_cols[0])
static const char *const verdict_text[] = { "-", "ok", "known failure",
					    "FAIL" };
static const char *const verdict_color[] = { "", "\033[32m", "\033[33m",
					     "\033[31m" };

/* One capture's row as it is filled: every cell at its largest. */
struct work {
	const char *path; /* as found, for sorting */
	char cell[NCOLS][CS_ROW_CELL_MAX];
	enum verdict v;
	char notes[2048]; /* printed below the table */
};

/* The row kept until the table is printed: its strings packed in one
 * allocation. A folder of thousands of captures keeps thousands of rows,
 * and the work's fixed cells (5.6 KB a row) were most of check's time,
 * in page faults (issue 34 item 4). */
struct row {
	const char *path;
	const char *cell[NCOLS];
	enum verdict v;
	const char *notes;
	char *strings; /* owns cell[] and notes */
};

void cs_usage_check(FILE *f)
{
	fputs("usage: cacheshape check [--wide | --json] [DIR]\n"
	      "\n"
	      "Replays every *.json under DIR (default: captures), recursively,\n"
	      "through the reducer and prints one table: capture, knees and\n"
	      "result, within 100 columns (a cell too long is cut with ~, the\n"
	      "capture's name in its middle).\n"
	      "  --wide  every column in full: also published sizes, retired-rule\n"
	      "          sizes, granules, refusal codes,\n"
	      "          the published TLBs' entries, the TLB knees in entries and\n"
	      "          the TLB refusal codes (each by page size, docs/tlb.md),\n"
	      "          each level's floor in core cycles (docs/clock.md), the\n"
	      "          reference verdict, each level's ways x sets and size\n"
	      "          (docs/geometry.md), the read bandwidth per level\n"
	      "          (docs/bandwidth.md)\n"
	      "  --json  the same cells, every column, as one JSON object:\n"
	      "          {captures: [{capture, published, knees, retired, granules,\n"
	      "          refusals, tlbs, tlb_knees, tlb_refusals, cycles, ref,\n"
	      "          geometry, read_gbps, result, notes}],\n"
	      "          ok, known_failures, failed, without_expectations,\n"
	      "          unreadable_folders}\n"
	      "  -h, --help     this text\n"
	      "  -V, --version  the version\n"
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

static void fill_cells(struct work *w, const struct cs_replay *p)
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
static void unreadable(struct work *w, const char *err)
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
static void note(struct work *w, const char *s, size_t n)
{
	size_t len = strlen(w->notes);
	struct cs_buf b;
	cs_buf_init(&b, w->notes + len, sizeof(w->notes) - len);
	cs_puts(&b, "  ");
	cs_put_textn(&b, s, n);
	cs_putc(&b, '\n');
}

static void check_one(struct work *w, struct cs_replay *p, const char *dir,
		      const char *rel)
{
	char path[4096], err[1024], why[CS_JUDGE_WHY];
	const struct cs_expect *e = &p->exp;
	struct cs_buf b;
	enum cs_judgement j;
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
	/* the core's judgement (reader/expect_compare.c), the page's too */
	j = cs_expect_judge(e, &p->cap, &p->res, why, sizeof(why));
	w->v = j == CS_JUDGE_OK ? V_OK : j == CS_JUDGE_KNOWN ? V_KNOWN : j == CS_JUDGE_FAIL ? V_FAIL : V_NONE;
	diffs = why[0] != '\0';
	if (cs_expect_known_note(e, j)) {
		cs_buf_init(&b, w->notes, sizeof w->notes);
		cs_puts(&b, "  ");
		cs_puts(&b, cs_expect_known_note(e, j));
		cs_put_text(&b, e->known_failure);
		cs_putc(&b, '\n');
	}
	for (char *s = why; diffs && *s;) {
		char *nl = strchr(s, '\n');
		if (!nl)
			nl = s + strlen(s);
		note(w, s, (size_t)(nl - s));
		s = *nl ? nl + 1 : nl;
	}
}

/* w's strings into r, packed; 0, or -1 out of memory. */
static int pack(struct row *r, const struct work *w)
{
	size_t len[NCOLS], notes = strlen(w->notes) + 1, all = notes;
	char *s;

	for (int c = 0; c < NCOLS; c++)
		all += len[c] = strlen(w->cell[c]) + 1;
	s = r->strings = malloc(all);
	if (!s)
		return -1;
	r->path = w->path;
	r->v = w->v;
	for (int c = 0; c < NCOLS; c++) {
		r->cell[c] = memcpy(s, w->cell[c], len[c]);
		s += len[c];
	}
	r->notes = memcpy(s, w->notes, notes);
	return 0;
}

/* Characters, not bytes: a name in UTF-8 keeps the columns straight. */
static size_t chars(const char *s)
{
	size_t n = 0, len = strlen(s);
	for (size_t i = 0; i < len; n++)
		i += cs_utf8_prefix(s + i, len - i, 1);
	return n;
}

/* s in width characters: cut with '~' at its end (a path: in its middle,
 * so the folder and the file's end both show) when longer; *cut set. */
static void pad(const char *s, size_t width, int middle, int *cut)
{
	size_t n = chars(s), len = strlen(s);
	if (width && n > width) {
		size_t head = middle ? (width - 1) / 2 : width - 1, tail = width - 1 - head;
		size_t at = cs_utf8_prefix(s, len, head);
		fwrite(s, 1, at, stdout);
		putchar('~');
		fputs(s + cs_utf8_prefix(s, len, n - tail), stdout);
		*cut = 1;
		return;
	}
	fputs(s, stdout);
	for (; n < width; n++)
		putchar(' ');
}

/* Columns col[0..nc) (the last the result) within CHECK_WIDTH, unless
 * wide: the capture's name gives way first (to CHECK_CAPTURE_MIN), then
 * the widest cell column a character at a time, down to its title's width. */
static void fit_widths(size_t *width, const int *col, size_t nc, int wide)
{
	size_t sum = 2 * (nc - 1) + strlen("known failure");
	for (size_t c = 0; c + 1 < nc; c++)
		sum += width[c];
	while (!wide && sum > CHECK_WIDTH && width[0] > CHECK_CAPTURE_MIN) {
		width[0]--;
		sum--;
	}
	for (;;) {
		size_t total = 2 * (nc - 1) + strlen("known failure"), widest = 0;
		for (size_t c = 0; c + 1 < nc; c++) {
			total += width[c];
			widest = width[c] > width[widest] ? c : widest;
		}
		if (wide || total <= CHECK_WIDTH || width[widest] <= strlen(headers[col[widest]]))
			return;
		width[widest]--;
	}
}

/* Returns 1 when a cell was cut to fit. */
static int print_table(const struct row *rows, size_t n, int color, int wide)
{
	int all_cols[NCOLS];
	const int *col = wide ? all_cols : narrow_cols;
	size_t nc = wide ? NCOLS : N_NARROW, width[NCOLS], i, c;
	int cut = 0;
	for (c = 0; c < NCOLS; c++)
		all_cols[c] = (int)c;

	for (c = 0; c < nc; c++)
		width[c] = strlen(headers[col[c]]);
	for (i = 0; i < n; i++)
		for (c = 0; c + 1 < nc; c++)
			if (chars(rows[i].cell[col[c]]) > width[c])
				width[c] = chars(rows[i].cell[col[c]]);
	fit_widths(width, col, nc, wide);
	for (c = 0; c < nc; c++) {
		pad(headers[col[c]], c + 1 < nc ? width[c] : 0, 0, &cut);
		fputs(c + 1 < nc ? "  " : "\n", stdout);
	}
	for (i = 0; i < n; i++) {
		for (c = 0; c + 1 < nc; c++) {
			pad(rows[i].cell[col[c]], width[c], col[c] == COL_CAPTURE, &cut);
			fputs("  ", stdout);
		}
		if (color && rows[i].v != V_NONE)
			printf("%s%s\033[0m\n", verdict_color[rows[i].v],
			       verdict_text[rows[i].v]);
		else
			printf("%s\n", verdict_text[rows[i].v]);
	}
	return cut;
}

/* --json: the same cells, every column, each row's notes, the counts. */
static int print_json(const struct row *rows, size_t n, const size_t *count, size_t folders)
{
	size_t cap = (n + 1) * (NCOLS * CS_ROW_CELL_MAX * 2 + 4096) + 4096;
	char *mem = malloc(cap);
	struct cs_buf b;
	struct cs_jsonw j;
	if (!mem)
		return -1;
	cs_buf_init(&b, mem, cap);
	cs_jsonw_init(&j, &b, 1);
	cs_jsonw_obj(&j);
	cs_jsonw_key(&j, "captures");
	cs_jsonw_arr(&j);
	for (size_t i = 0; i < n; i++) {
		cs_jsonw_obj(&j);
		for (int c = 0; c < COL_READ_GBPS; c++)
			cs_jsonw_key_str(&j, keys[c], rows[i].cell[c]);
		cs_jsonw_key_str(&j, keys[COL_RESULT], verdict_text[rows[i].v]);
		/* after "result": the keys before it keep their places */
		cs_jsonw_key_str(&j, keys[COL_READ_GBPS], rows[i].cell[COL_READ_GBPS]);
		cs_jsonw_key_str(&j, "notes", rows[i].notes);
		cs_jsonw_obj_end(&j);
	}
	cs_jsonw_arr_end(&j);
	cs_jsonw_key_u64(&j, "ok", count[V_OK]);
	cs_jsonw_key_u64(&j, "known_failures", count[V_KNOWN]);
	cs_jsonw_key_u64(&j, "failed", count[V_FAIL] - folders);
	cs_jsonw_key_u64(&j, "without_expectations", count[V_NONE]);
	cs_jsonw_key_u64(&j, "unreadable_folders", folders);
	cs_jsonw_obj_end(&j);
	int rc = cs_jsonw_finish(&j);
	if (!rc)
		fwrite(mem, 1, b.len, stdout);
	free(mem);
	return rc;
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
static size_t note_rows(struct row *rows, struct work *scratch, const struct cs_walk *w,
			size_t *folders)
{
	size_t k = 0;
	for (size_t i = 0; i < w->n_notes; i++) {
		const struct cs_walk_note *t = &w->notes[i];
		struct cs_buf b;
		if (!t->error)
			continue;
		memset(scratch, 0, sizeof *scratch);
		scratch->path = t->path;
		cs_buf_init(&b, scratch->cell[COL_CAPTURE], CS_ROW_CELL_MAX);
		cs_put_text(&b, t->path);
		unreadable(scratch, t->what);
		if (pack(&rows[k], scratch))
			return (size_t)-1;
		*folders += t->path[strlen(t->path) - 1] == '/';
		k++;
	}
	return k;
}

/* One line of notes within CHECK_WIDTH: broken at the last space that
 * fits, each further piece indented two more than the line (a word
 * longer than the width is left whole). */
static void put_wrapped(const char *s, size_t len)
{
	size_t indent = 0, pad = 0, lead;
	while (indent < len && s[indent] == ' ')
		indent++;
	lead = indent;
	for (;;) {
		size_t room = CHECK_WIDTH - pad, fit = cs_utf8_prefix(s, len, room), cut = len;
		if (fit < len) {
			for (cut = fit; cut > indent && s[cut] != ' '; cut--)
				;
			if (cut <= indent)
				cut = len;
		}
		printf("%*s%.*s\n", (int)pad, "", (int)cut, s);
		if (cut >= len)
			return;
		while (cut < len && s[cut] == ' ')
			cut++;
		s += cut;
		len -= cut;
		pad = lead + 2;
		indent = 0;
	}
}

static void put_notes(const char *notes)
{
	while (*notes) {
		const char *nl = strchr(notes, '\n');
		size_t len = nl ? (size_t)(nl - notes) : strlen(notes);
		put_wrapped(notes, len);
		notes += len + (nl != NULL);
	}
}

static void print_notes(const struct row *rows, size_t n, const struct cs_walk *w)
{
	char line[1200];
	struct cs_buf b;
	for (size_t i = 0; i < n; i++)
		if (rows[i].notes[0]) {
			cs_buf_init(&b, line, sizeof line);
			cs_put_text(&b, rows[i].path);
			printf("\n%s %s:\n", verdict_text[rows[i].v], line);
			put_notes(rows[i].notes);
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

static int run_check(const char *dir, int wide, int json)
{
	struct cs_walk w;
	struct cs_replay *p;
	struct row *rows;
	struct work *scratch;
	size_t i, n = 0, count[4] = { 0, 0, 0, 0 }, folders = 0;

	if (cs_walk_json(dir, &w)) {
		cs_eprintf("cacheshape check: %s: %s", dir, strerror(errno));
		cs_walk_free(&w);
		return CS_EXIT_ERROR;
	}
	p = cs_replay_new();
	rows = calloc(w.n + w.n_notes + 1, sizeof(*rows));
	scratch = calloc(1, sizeof *scratch);
	if (!p || !rows || !scratch || (n = note_rows(rows, scratch, &w, &folders)) == (size_t)-1) {
		fprintf(stderr, "cacheshape check: out of memory\n");
		return CS_EXIT_ERROR;
	}
	for (i = 0; i < n; i++)
		count[V_FAIL]++;
	for (i = 0; i < w.n; i++, n++) {
		check_one(scratch, p, dir, w.paths[i]);
		if (pack(&rows[n], scratch)) {
			fprintf(stderr, "cacheshape check: out of memory\n");
			return CS_EXIT_ERROR;
		}
		count[rows[n].v]++;
	}
	qsort(rows, n, sizeof *rows, by_path);
	if (json) {
		if (print_json(rows, n, count, folders)) {
			fprintf(stderr, "cacheshape check: cannot encode the table\n");
			count[V_FAIL]++;
		}
		goto done;
	}
	if (print_table(rows, n, use_color(), wide))
		printf("(cells cut with ~ to fit %d columns: --wide for every column in full, "
		       "--json for every cell)\n", CHECK_WIDTH);
	print_notes(rows, n, &w);
	printf("\n%zu captures: %zu ok, %zu known failures, %zu failed, "
	       "%zu without expectations", n - folders, count[V_OK], count[V_KNOWN],
	       count[V_FAIL] - folders, count[V_NONE]);
	if (folders)
		printf("; %zu folder%s could not be read", folders, folders == 1 ? "" : "s");
	putchar('\n');
done:
	for (i = 0; i < n; i++)
		free(rows[i].strings);
	free(rows);
	free(scratch);
	cs_replay_free(p);
	cs_walk_free(&w);
	return count[V_FAIL] ? CS_EXIT_FAIL : CS_EXIT_OK;
}

int cs_cmd_check(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "wide", no_argument, NULL, 'w' },
		{ "json", no_argument, NULL, 'j' },
		CS_OPT_STD, { NULL, 0, NULL, 0 }
	};
	int c, wide = 0, json = 0;

	while ((c = cs_getopt("check", argc, argv, "hV", lo)) != CS_OPT_END) {
		if (c == 'w')
			wide = 1;
		else if (c == 'j')
			json = 1;
		else if (c == CS_OPT_HELP)
			return cs_usage_check(stdout), CS_EXIT_OK;
		else if (c == CS_OPT_VERSION)
			return cs_print_version();
		else
			return CS_EXIT_ERROR;
	}
	if (argc - optind > 1)
		return cs_usage_error("check", "one DIR at most");
	return run_check(optind < argc ? argv[optind] : "captures", wide, json);
}
