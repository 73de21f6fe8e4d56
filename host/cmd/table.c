/* table.c: `cacheshape table FILE|DIR...` (table.h): many captures as one
 * table, one row a capture, each published level's claim, measurement (or
 * range over repeats) and verdict, its read GB/s and floor in cycles, and
 * the run's trust. Every figure comes from the summary's rows
 * (reduce/summary.h, cs_summary_rows), the same reduction `reduce` prints:
 * nothing here judges a level. A capture that cannot be read is a row with
 * its reason, never dropped. */
#define _POSIX_C_SOURCE 200809L
#include "table.h"
#include "../cmd.h"
#include "../cli.h"
#include "../textout.h"
#include "../walk.h"
#include "replay.h"
#include "../../common/buf.h"
#include "../../common/jsonw.h"
#include "../../reduce/summary.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TABLE_LEVELS 8        /* levels a row holds: L1 .. L8 */
#define TABLE_LABEL_TEXT 48   /* bytes of a label the text table shows (CSV, JSON: whole) */
#define TABLE_ERR 512

struct tlevel {
	int has;              /* the capture publishes this level */
	double claimed;
	int has_measured;
	double measured;
	int has_range;        /* with repeats: the knee's min .. max */
	double lo, hi;
	const char *verdict;  /* a CS_V_ code, from the summary */
	int has_read;
	double read_gbps;
	int has_cycles;
	double cycles;
};

struct trow {
	char *file;
	size_t order;         /* as given: the tie-break of every sort */
	int bad;              /* 1: could not be read; err says why */
	char err[TABLE_ERR];
	char label[CS_TEXT_MAX];
	char processor[CS_WORD_MAX * 2];
	char core[CS_MP_MAX_KINDS * CS_WORD_MAX];
	char arch[CS_WORD_MAX];
	const char *trust;
	struct tlevel lev[TABLE_LEVELS + 1]; /* [level], 0 unused */
};

struct table {
	struct trow *row;
	size_t n, cap;
	uint32_t top;         /* the deepest level any row publishes */
	struct cs_summary *sum; /* the summary's rows, one capture at a time */
};

void cs_usage_table(FILE *f)
{
	fputs("usage: cacheshape table [--sort KEY] [--csv|--json] FILE|DIR...\n"
	      "\n"
	      "Many captures as one table, one row a capture (every *.json under\n"
	      "a DIR, recursively): its label, processor, core types, architecture,\n"
	      "each published level's claimed size, what was measured (or its\n"
	      "range over repeats) and the verdict, that level's read GB/s and\n"
	      "floor in core cycles where measured, and the run's trust. The\n"
	      "figures are the summary's (cacheshape reduce --brief), from the\n"
	      "same reduction. A capture that cannot be read is a row with the\n"
	      "reason, never left out.\n"
	      "\n"
	      "  --sort KEY  file (the default: as given, folders in name order),\n"
	      "              label, processor, core, arch, trust, or L1 .. L8 (the\n"
	      "              level's measured size, smallest first); unreadable\n"
	      "              captures last\n"
	      "  --csv       RFC 4180 CSV (CRLF lines, a header row; sizes in\n"
	      "              bytes, an empty field where there is no figure)\n"
	      "  --json      one JSON object: {format, version, rows: [...]}\n"
	      "  -h, --help     this text\n"
	      "  -V, --version  the version\n"
	      "\n"
	      "Exit status 0; 2 on wrong usage, or when a capture could not be\n"
	      "read (the table is printed all the same, that row saying why).\n", f);
}

static struct trow *add_row(struct table *t, const char *file)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 64;
		struct trow *r = realloc(t->row, cap * sizeof *r);
		if (!r)
			return NULL;
		t->row = r;
		t->cap = cap;
	}
	struct trow *w = &t->row[t->n];
	memset(w, 0, sizeof *w);
	if (!(w->file = strdup(file)))
		return NULL;
	w->order = t->n++;
	return w;
}

/* The trust cell in a word: what the summary's trust line begins with. */
static const char *trust_of(const struct cs_capture *c)
{
	if (cs_streq(c->env_kind, "synthetic"))
		return "synthetic";
	if (cs_streq(c->env_kind, "imported"))
		return "imported";
	return c->vm == 1 ? "virtual machine" : c->vm == 0 ? "bare metal" : "unsaid";
}

static void fill(struct table *t, struct trow *w, const struct cs_replay *p,
		 struct cs_summary *sum_mem)
{
	struct cs_summary *sum = sum_mem;
	const struct cs_capture *c = &p->cap;
	struct cs_buf b;

	snprintf(w->label, sizeof w->label, "%s", c->label);
	snprintf(w->processor, sizeof w->processor, "%s", c->about.brand);
	snprintf(w->arch, sizeof w->arch, "%s", c->arch);
	cs_buf_init(&b, w->core, sizeof w->core);
	for (uint32_t k = 0; k < c->mp.n_kinds && k < CS_MP_MAX_KINDS; k++) {
		cs_puts(&b, k ? "+" : "");
		cs_puts(&b, c->mp.kinds[k].kind);
	}
	w->trust = trust_of(c);
	cs_summary_rows(sum, c, &p->res);
	for (uint32_t i = 0; i < sum->n; i++) {
		const struct cs_summary_row *s = &sum->row[i];
		struct tlevel *l;
		if (!s->has_level || s->level < 1 || s->level > TABLE_LEVELS || w->lev[s->level].has)
			continue; /* an unmatched knee, or a level's second size: reduce says those */
		l = &w->lev[s->level];
		l->has = 1;
		l->claimed = s->claimed_bytes;
		l->has_measured = s->has_measured;
		l->measured = s->measured_bytes;
		l->has_range = s->has_spread;
		l->lo = s->spread_min;
		l->hi = s->spread_max;
		l->verdict = s->verdict;
		l->has_read = s->has_read;
		l->read_gbps = s->read_gbps;
		l->has_cycles = s->has_cycles;
		l->cycles = s->floor_cycles;
		if (s->level > t->top)
			t->top = s->level;
	}
}

/* path: the file read; name: the row's (serve's rows name a capture as
 * /captures/ does, relative to its folder). */
static int add_capture(struct table *t, struct cs_replay *p, const char *path, const char *name)
{
	struct trow *w = add_row(t, name);
	if (!w)
		return -1;
	if (cs_replay_file(p, path, w->err, sizeof w->err))
		w->bad = 1;
	else
		fill(t, w, p, t->sum);
	return 0;
}

static int add_bad(struct table *t, const char *file, const char *why)
{
	struct trow *w = add_row(t, file);
	if (!w)
		return -1;
	w->bad = 1;
	size_t n = strlen(why) < sizeof w->err ? strlen(why) : sizeof w->err - 1;
	memcpy(w->err, why, n);
	w->err[n] = 0;
	return 0;
}

/* A DIR: every capture under it, and every note the walk made as a row
 * (a folder that could not be read is a row too). */
static int add_dir(struct table *t, struct cs_replay *p, const char *dir, int relative,
		   int (*admit)(const char *dir, const char *rel))
{
	struct cs_walk wk = { 0 };
	char path[4096];
	int rc = 0;
	if (cs_walk_json(dir, &wk)) {
		snprintf(path, sizeof path, "cannot read the folder: %s", strerror(errno));
		return add_bad(t, dir, path);
	}
	for (size_t i = 0; i < wk.n && !rc; i++) {
		if (admit && !admit(dir, wk.paths[i]))
			continue; /* serve: what /captures/ would refuse (outside --dir) is not read */
		snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/",
			 wk.paths[i]);
		rc = add_capture(t, p, path, relative ? wk.paths[i] : path);
	}
	for (size_t i = 0; i < wk.n_notes && !rc && !admit; i++)
		if (wk.notes[i].error) {
			snprintf(path, sizeof path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/",
				 wk.notes[i].path);
			rc = add_bad(t, relative ? wk.notes[i].path : path, wk.notes[i].what);
		}
	cs_walk_free(&wk);
	return rc;
}

/* ---- sorting ---- */

static int sort_key; /* 0 file, 1 label, 2 processor, 3 core, 4 arch, 5 trust, 10+n: Ln */
static const char *const key_names[] = { "file", "label", "processor", "core", "arch", "trust" };
#define N_KEYS (sizeof key_names / sizeof key_names[0])

static int parse_key(const char *s)
{
	for (size_t i = 0; i < N_KEYS; i++)
		if (!strcmp(s, key_names[i]))
			return (int)i;
	if ((s[0] == 'L' || s[0] == 'l') && s[1] >= '1' && s[1] <= '0' + TABLE_LEVELS && !s[2])
		return 10 + (s[1] - '0');
	return -1;
}

static int cmp_rows(const void *a, const void *b)
{
	const struct trow *x = a, *y = b;
	int c = 0;
	if (x->bad != y->bad)
		return x->bad - y->bad;
	if (!x->bad && sort_key >= 10) {
		const struct tlevel *p = &x->lev[sort_key - 10], *q = &y->lev[sort_key - 10];
		if (p->has_measured != q->has_measured)
			c = q->has_measured - p->has_measured; /* no figure: after */
		else if (p->has_measured && p->measured != q->measured)
			c = p->measured < q->measured ? -1 : 1;
	} else if (!x->bad && sort_key > 0) {
		const char *s[] = { NULL, x->label, x->processor, x->core, x->arch, x->trust };
		const char *u[] = { NULL, y->label, y->processor, y->core, y->arch, y->trust };
		c = strcmp(s[sort_key], u[sort_key]);
	}
	return c ? c : x->order < y->order ? -1 : x->order > y->order;
}

/* ---- text ---- */

/* The text cells of a row into cell[] (each its own NUL-terminated string
 * in mem), escaped (cs_put_text: a label is text, never terminal commands). */
#define TEXT_COLS (6 + TABLE_LEVELS)

static void put_cell_text(struct cs_buf *b, const char *s, size_t max)
{
	size_t n = strlen(s);
	if (n > max) { /* cut at a character's start, and say so */
		while (max > 0 && (s[max] & 0xc0) == 0x80)
			max--;
		cs_put_textn(b, s, max);
		cs_puts(b, "...");
	} else {
		cs_put_text(b, *s ? s : "-");
	}
}

static void level_text(struct cs_buf *b, const struct tlevel *l)
{
	if (!l->has) {
		cs_putc(b, '-');
		return;
	}
	cs_put_size(b, l->claimed);
	cs_puts(b, " > ");
	if (l->has_range) {
		cs_put_size(b, l->lo);
		cs_puts(b, "..");
		cs_put_size(b, l->hi);
	} else if (l->has_measured) {
		cs_put_size(b, l->measured);
	} else {
		cs_putc(b, '-');
	}
	cs_putc(b, ' ');
	cs_puts(b, l->verdict);
	if (l->has_read) {
		cs_putc(b, ' ');
		cs_put_g(b, l->read_gbps, l->read_gbps < 10 ? 3 : 4);
		cs_puts(b, " GB/s");
	}
	if (l->has_cycles) {
		cs_putc(b, ' ');
		cs_put_g(b, l->cycles, 3);
		cs_puts(b, " cyc");
	}
}

/* Display width: code points (the escapes cs_put_text writes are ASCII). */
static size_t width(const char *s)
{
	size_t w = 0;
	for (; *s; s++)
		w += ((unsigned char)*s & 0xc0) != 0x80;
	return w;
}

static void row_cells(char cell[TEXT_COLS][768], const struct trow *w, uint32_t top)
{
	struct cs_buf b;
	for (int k = 0; k < TEXT_COLS; k++)
		cell[k][0] = 0;
	cs_buf_init(&b, cell[0], sizeof cell[0]);
	cs_put_text(&b, w->file);
	if (w->bad) {
		cs_buf_init(&b, cell[1], sizeof cell[1]);
		cs_puts(&b, "cannot be read: ");
		cs_put_text(&b, w->err);
		return;
	}
	cs_buf_init(&b, cell[1], sizeof cell[1]);
	put_cell_text(&b, w->label, TABLE_LABEL_TEXT);
	cs_buf_init(&b, cell[2], sizeof cell[2]);
	put_cell_text(&b, w->processor, sizeof w->processor);
	cs_buf_init(&b, cell[3], sizeof cell[3]);
	put_cell_text(&b, w->core, sizeof w->core);
	cs_buf_init(&b, cell[4], sizeof cell[4]);
	put_cell_text(&b, w->arch, sizeof w->arch);
	for (uint32_t l = 1; l <= top; l++) {
		cs_buf_init(&b, cell[4 + l], sizeof cell[0]);
		level_text(&b, &w->lev[l]);
	}
	cs_buf_init(&b, cell[5 + top], sizeof cell[0]);
	cs_puts(&b, w->trust);
}

/* The text table's headings: file .. arch, L1 .. Ltop, trust. */
static int text_heads(const struct table *t, char head[TEXT_COLS][16])
{
	static const char *const fixed[] = { "file", "label", "processor", "core", "arch" };
	int ncol = 6 + (int)t->top;
	for (int k = 0; k < 5; k++)
		snprintf(head[k], sizeof head[k], "%s", fixed[k]);
	for (uint32_t l = 1; l <= t->top; l++)
		snprintf(head[4 + l], sizeof head[0], "L%u", l);
	snprintf(head[ncol - 1], sizeof head[0], "trust");
	return ncol;
}

static void print_text(const struct table *t)
{
	static char cell[TEXT_COLS][768];
	char head[TEXT_COLS][16];
	size_t wid[TEXT_COLS] = { 0 };
	int ncol = text_heads(t, head);

	for (int k = 0; k < ncol; k++)
		wid[k] = strlen(head[k]);
	for (size_t i = 0; i < t->n; i++) {
		row_cells(cell, &t->row[i], t->top);
		for (int k = 0; k < ncol; k++)
			if (!t->row[i].bad || k == 0)
				wid[k] = width(cell[k]) > wid[k] ? width(cell[k]) : wid[k];
	}
	for (int k = 0; k < ncol; k++) {
		const char *h = head[k];
		printf("%s%*s", h, k == ncol - 1 ? 0 : (int)(wid[k] - strlen(h) + 2), "");
	}
	putchar('\n');
	for (size_t i = 0; i < t->n; i++) {
		row_cells(cell, &t->row[i], t->top);
		for (int k = 0; k < ncol; k++) {
			int last = k == ncol - 1 || (t->row[i].bad && k == 1);
			fputs(cell[k], stdout);
			if (last)
				break;
			printf("%*s", (int)(wid[k] - width(cell[k]) + 2), "");
		}
		putchar('\n');
	}
}

/* ---- CSV (RFC 4180) ---- */

static void csv_field(const char *s, int first)
{
	if (!first)
		putchar(',');
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

static void csv_num(int has, double v)
{
	char n[40] = "";
	if (has)
		snprintf(n, sizeof n, "%.10g", v);
	csv_field(n, 0);
}

static const char *const level_cols[] = { "claimed_bytes", "measured_bytes", "min_bytes", "max_bytes",
					  "verdict", "read_gbps", "floor_cycles" };

static void print_csv(const struct table *t)
{
	csv_field("file", 1);
	for (const char *const *h = (const char *const[]){ "label", "processor", "core", "arch", "trust",
							    "error", NULL }; *h; h++)
		csv_field(*h, 0);
	for (uint32_t l = 1; l <= t->top; l++)
		for (size_t k = 0; k < sizeof level_cols / sizeof level_cols[0]; k++) {
			char h[48];
			snprintf(h, sizeof h, "L%u_%s", l, level_cols[k]);
			csv_field(h, 0);
		}
	fputs("\r\n", stdout);
	for (size_t i = 0; i < t->n; i++) {
		const struct trow *w = &t->row[i];
		csv_field(w->file, 1);
		csv_field(w->label, 0);
		csv_field(w->processor, 0);
		csv_field(w->core, 0);
		csv_field(w->arch, 0);
		csv_field(w->bad ? "" : w->trust, 0);
		csv_field(w->bad ? w->err : "", 0);
		for (uint32_t l = 1; l <= t->top; l++) {
			const struct tlevel *v = &w->lev[l];
			csv_num(v->has, v->claimed);
			csv_num(v->has_measured, v->measured);
			csv_num(v->has_range, v->lo);
			csv_num(v->has_range, v->hi);
			csv_field(v->has ? v->verdict : "", 0);
			csv_num(v->has_read, v->read_gbps);
			csv_num(v->has_cycles, v->cycles);
		}
		fputs("\r\n", stdout);
	}
}

/* ---- JSON ---- */

static void json_opt(struct cs_jsonw *j, const char *key, int has, double v)
{
	cs_jsonw_key(j, key);
	if (has)
		cs_jsonw_numsig(j, v, 10);
	else
		cs_jsonw_null(j);
}

static void json_str_or_null(struct cs_jsonw *j, const char *key, const char *s)
{
	cs_jsonw_key(j, key);
	if (s && *s)
		cs_jsonw_str(j, s);
	else
		cs_jsonw_null(j);
}

/* The text table's cells of the row, as the page shows them: rendered
 * here, in C, so the page has no logic of its own per column. */
static void json_cells(struct cs_jsonw *j, const struct trow *w, const struct table *t, int ncol)
{
	static _Thread_local char cell[TEXT_COLS][768];
	row_cells(cell, w, t->top);
	cs_jsonw_key(j, "cells");
	cs_jsonw_arr(j);
	for (int k = 0; k < (w->bad ? 2 : ncol); k++)
		cs_jsonw_str(j, cell[k]);
	cs_jsonw_arr_end(j);
}

static void json_row(struct cs_jsonw *j, const struct trow *w, const struct table *t, int ncol)
{
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "file", w->file);
	json_str_or_null(j, "error", w->bad ? w->err : NULL);
	if (!w->bad) {
		json_str_or_null(j, "label", w->label);
		json_str_or_null(j, "processor", w->processor);
		json_str_or_null(j, "core", w->core);
		json_str_or_null(j, "arch", w->arch);
		cs_jsonw_key_str(j, "trust", w->trust);
		cs_jsonw_key(j, "levels");
		cs_jsonw_arr(j);
		for (uint32_t l = 1; l <= TABLE_LEVELS; l++) {
			const struct tlevel *v = &w->lev[l];
			if (!v->has)
				continue;
			cs_jsonw_obj(j);
			cs_jsonw_key_u64(j, "level", l);
			json_opt(j, "claimed_bytes", 1, v->claimed);
			json_opt(j, "measured_bytes", v->has_measured, v->measured);
			cs_jsonw_key(j, "range_bytes");
			if (v->has_range) {
				cs_jsonw_arr(j);
				cs_jsonw_numsig(j, v->lo, 10);
				cs_jsonw_numsig(j, v->hi, 10);
				cs_jsonw_arr_end(j);
			} else {
				cs_jsonw_null(j);
			}
			cs_jsonw_key_str(j, "verdict", v->verdict);
			json_opt(j, "read_gbps", v->has_read, v->read_gbps);
			json_opt(j, "floor_cycles", v->has_cycles, v->cycles);
			cs_jsonw_obj_end(j);
		}
		cs_jsonw_arr_end(j);
	}
	json_cells(j, w, t, ncol);
	cs_jsonw_obj_end(j);
}

static char *table_json_cap(const struct table *t, size_t *len, size_t cap)
{
	char *mem = malloc(cap);
	struct cs_buf b;
	struct cs_jsonw j;
	if (!mem)
		return NULL;
	cs_buf_init(&b, mem, cap);
	cs_jsonw_init(&j, &b, 1);
	cs_jsonw_obj(&j);
	cs_jsonw_key_str(&j, "format", CS_TABLE_JSON_FORMAT);
	cs_jsonw_key_u64(&j, "version", CS_TABLE_JSON_VERSION);
	char head[TEXT_COLS][16];
	int ncol = text_heads(t, head);
	cs_jsonw_key(&j, "columns"); /* the text table's headings, for "cells" */
	cs_jsonw_arr(&j);
	for (int k = 0; k < ncol; k++)
		cs_jsonw_str(&j, head[k]);
	cs_jsonw_arr_end(&j);
	cs_jsonw_key(&j, "rows");
	cs_jsonw_arr(&j);
	for (size_t i = 0; i < t->n; i++)
		json_row(&j, &t->row[i], t, ncol);
	cs_jsonw_arr_end(&j);
	cs_jsonw_obj_end(&j);
	if (cs_jsonw_finish(&j) || b.overflow) {
		free(mem);
		return NULL;
	}
	*len = b.len;
	return mem;
}

/* A row is under 8 KiB but for escaped labels and long paths: grow until
 * the document fits (up to 64 KiB a row). */
static char *table_json(const struct table *t, size_t *len)
{
	char *text = NULL;
	for (size_t per = 8192; !text && per <= 65536; per *= 2)
		text = table_json_cap(t, len, 4096 + t->n * per);
	return text;
}

static int print_json(const struct table *t)
{
	size_t len;
	char *text = table_json(t, &len);
	if (!text)
		return -1;
	fwrite(text, 1, len, stdout);
	free(text);
	return 0;
}

static void table_free(struct table *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->row[i].file);
	free(t->row);
	free(t->sum);
}

char *cs_table_json_dir(const char *dir, size_t *len,
			int (*admit)(const char *dir, const char *rel))
{
	struct table t = { 0 };
	struct cs_replay *p = cs_replay_new();
	char *text = NULL;
	t.sum = malloc(sizeof *t.sum);
	if (p && t.sum && add_dir(&t, p, dir, 1, admit) == 0) /* a folder's order: by name */
		text = table_json(&t, len);
	if (p)
		cs_replay_free(p);
	table_free(&t);
	return text;
}

/* ---- the command ---- */

static int table_opts(int argc, char **argv, int *fmt)
{
	static const struct option lo[] = {
		{ "sort", required_argument, NULL, 's' },
		{ "csv", no_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'j' },
		CS_OPT_STD, { NULL, 0, NULL, 0 }
	};
	int c;
	sort_key = 0;
	while ((c = cs_getopt("table", argc, argv, "hV", lo)) != CS_OPT_END) {
		if (c == 's' && (sort_key = parse_key(optarg)) < 0)
			return cs_usage_error("table", "--sort takes file, label, processor, core, arch, trust or "
					      "L1 .. L%d, not '%s'", TABLE_LEVELS, optarg);
		else if (c == 's')
			;
		else if ((c == 'c' || c == 'j') && *fmt && *fmt != c)
			return cs_usage_error("table", "--csv and --json: choose one");
		else if (c == 'c' || c == 'j')
			*fmt = c;
		else if (c == CS_OPT_HELP)
			return cs_usage_table(stdout), CS_EXIT_OK;
		else if (c == CS_OPT_VERSION)
			return cs_print_version();
		else
			return CS_EXIT_ERROR;
	}
	if (optind == argc)
		return cs_usage_error("table", "no capture FILE or DIR given");
	for (int i = optind, n = 0; i < argc; i++)
		if (!strcmp(argv[i], "-") && ++n > 1)
			return cs_usage_error("table", "'-' (standard input) given more than once: it holds one capture");
	return -1;
}

int cs_cmd_table(int argc, char **argv)
{
	struct table t = { 0 };
	struct cs_replay *p;
	int fmt = 0, rc = table_opts(argc, argv, &fmt), bad = 0;
	struct stat st;

	if (rc >= 0)
		return rc;
	t.sum = malloc(sizeof *t.sum);
	if (!t.sum || !(p = cs_replay_new())) {
		free(t.sum);
		fputs("cacheshape table: out of memory\n", stderr);
		return CS_EXIT_ERROR;
	}
	rc = 0;
	for (int i = optind; i < argc && !rc; i++)
		rc = strcmp(argv[i], "-") && stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)
			     ? add_dir(&t, p, argv[i], 0, NULL)
			     : add_capture(&t, p, argv[i], argv[i]);
	cs_replay_free(p);
	if (!rc) {
		qsort(t.row, t.n, sizeof *t.row, cmp_rows);
		for (size_t i = 0; i < t.n; i++)
			bad |= t.row[i].bad;
		if (fmt == 'j')
			rc = print_json(&t);
		else if (fmt == 'c')
			print_csv(&t);
		else
			print_text(&t);
	}
	if (rc)
		fputs("cacheshape table: out of memory\n", stderr);
	table_free(&t);
	return rc || bad ? CS_EXIT_ERROR : CS_EXIT_OK;
}
