/* import_bw.c: bandwidth printed by other tools into the "bandwidth" member
 * of a capture (docs/bandwidth.md s.8, docs/capture.md), and ramlat's NxPTR
 * columns into its "mlp". A capture needs a latency sweep, which bandwidth
 * tools do not print, so the bandwidth formats add to a capture given with
 * --into (the ramlat import of the same sbc-bench run, say) and write a new
 * one; nothing is overwritten, and the result is read back by the strict
 * reader before it is written. Formats, from their public sources:
 *   tinymembench     " C copy ... :  5373.9 MB/s (0.5%)" lines (main.c,
 *                    bandwidth_bench_helper): MB = 1e6 B, a copy of N
 *                    bytes counted N (doubled here into this project's
 *                    convention, copy 2), one buffer of 32 MiB (SIZE)
 *   memorybandwidth  clamchowder's MemoryBandwidth (Linux): "Using N
 *                    threads" then "KB,GB/s" rows, or the autothreads table
 *                    ("Test size down, threads across"), KB = 1024 B, GB =
 *                    1e9 B; --op names what it ran (the output does not)
 *   rambw            wtarreau's rambw as sbc-bench lists it: "CPUS: v v v"
 *                    rows (or bare values), MB/s = bytes per microsecond,
 *                    a read over 16 MiB per thread, one thread per CPU of
 *                    the row's set; the median of a row's values
 * Host only. */
#define _GNU_SOURCE
#include "import.h"
#include "../outfile.h"
#include "../cmd.h"
#include "../reader.h"
#include "../input.h"
#include "../../reader/json.h"
#include "../../common/buf.h"
#include "../../common/capture_write.h"
#include "../../kinds/bandwidth/bw_kind.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define TMB_BUFFER_BYTES (32.0 * 1048576) /* tinymembench main.c: SIZE */
#define RAMBW_BYTES (16.0 * 1048576)      /* rambw: 16 MB per thread by default */
#define BW_OUT_BYTES (1024 * 1024)

struct bw_args {
	const char *format, *into, *out, *op, *row, *label, *run;
	const char *file;
	int help;
};

struct bw_meta {
	const char *format, *file, *into;
	const char *notes[4];
	uint32_t n_notes;
	/* --into's members this command does not write, kept as they were
	 * (its producer's cpu, icache, settings...): what --into holds, and
	 * what the capture writer wrote without them */
	const struct cs_jd *into_root, *written;
};

static int say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int say(const char *fmt, ...)
{
	char msg[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	struct cs_buf b;
	char esc[4096];
	cs_buf_init(&b, esc, sizeof esc);
	cs_put_text(&b, msg);
	fprintf(stderr, "cacheshape import: %s\n", esc);
	return CS_EXIT_ERROR;
}

static int is_bw_format(const char *f)
{
	return f && (!strcmp(f, "tinymembench") || !strcmp(f, "memorybandwidth") || !strcmp(f, "rambw"));
}

/* --from's value in argv, "--from X" or "--from=X"; NULL when none. */
static const char *format_of(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--from") && i + 1 < argc)
			return argv[i + 1];
		if (!strncmp(argv[i], "--from=", 7))
			return argv[i] + 7;
	}
	return NULL;
}

static int parse_args(int argc, char **argv, struct bw_args *a)
{
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i], **val = NULL, *eq = strchr(s, '=');
		size_t klen = eq && s[0] == '-' && s[1] == '-' ? (size_t)(eq - s) : strlen(s);
		if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
			a->help = 1;
			return -1;
		}
#define OPT(name, field) else if (klen == strlen(name) && !strncmp(s, name, klen)) val = &a->field
		if (0) {
		}
		OPT("--from", format);
		OPT("--into", into);
		OPT("-o", out);
		OPT("--op", op);
		OPT("--row", row);
		OPT("--label", label);
		OPT("--run", run);
#undef OPT
		else if (s[0] == '-' && s[1])
			return say("unknown option '%s' for --from %s (--into, -o, --op, --row, --run, --label)", s,
				   a->format ? a->format : "");
		else if (a->file)
			return say("one FILE for --from %s at a time (got %s and %s)", a->format, a->file, s);
		else {
			a->file = s;
			continue;
		}
		if (eq && klen < strlen(s))
			*val = eq + 1;
		else if (i + 1 < argc)
			*val = argv[++i];
		else
			return say("%s needs a value", s);
	}
	if (!a->into)
		return say("--from %s: a capture needs a latency sweep, which %s does not print: give "
			   "--into CAPTURE.json (the ramlat or lat_mem_rd import of the same machine) and the "
			   "bandwidth is added to a copy of it%s", a->format, a->format,
			   strcmp(a->format, "tinymembench") ? "" :
			   ". tinymembench's latency table is not imported at all: it gives the time over "
			   "an L1 hit (\"extra time, which needs to be added to L1 cache latency\"), not "
			   "the cost of a load; use its sibling ramlat (sbc-bench prints both) or lat_mem_rd");
	if (!a->out || !*a->out)
		return say("-o OUT.json is required");
	if (!a->file)
		return say("no FILE to import");
	if (a->op && strcmp(a->format, "memorybandwidth"))
		return say("--op is for memorybandwidth, whose output does not say what it ran");
	if (a->row && strcmp(a->format, "rambw"))
		return say("--row is for rambw's rows");
	if (a->run && strcmp(a->format, "tinymembench"))
		return say("--run is for tinymembench's runs");
	if (a->run && (a->run[0] < '1' || a->run[0] > '9' || strspn(a->run, "0123456789") != strlen(a->run) ||
		       strlen(a->run) > 3))
		return say("--run: \"%s\" is not a run number 1 to 999", a->run);
	return 0;
}

/* ---- the formats ---- */

struct bw_in {
	uint32_t n;
	struct cs_bw_series s[CS_BW_MAX_SERIES];
	uint32_t line[CS_BW_MAX_SERIES];
};

static struct cs_bw_series *add_series(struct bw_in *in, enum cs_bw_op op, uint32_t threads,
				       const char *kernel, uint32_t line)
{
	for (uint32_t i = 0; i < in->n; i++)
		if (in->s[i].op == op && in->s[i].threads == threads)
			return &in->s[i];
	if (in->n >= CS_BW_MAX_SERIES)
		return NULL;
	struct cs_bw_series *s = &in->s[in->n];
	memset(s, 0, sizeof *s);
	s->op = op;
	s->threads = threads;
	s->bytes_per_byte_touched = cs_bw_convention(op);
	snprintf(s->kernel, sizeof s->kernel, "%s", kernel);
	in->line[in->n++] = line;
	return s;
}

/* A point of s: gbps counted in this project's convention. */
static int add_point(struct cs_bw_series *s, double bytes, double gbps, uint32_t line, char *why,
		     size_t n)
{
	if (!(bytes > 0) || !isfinite(bytes)) {
		snprintf(why, n, "%u: not a positive size: %g bytes", line, bytes);
		return -1;
	}
	if (!(gbps > 0) || !isfinite(gbps)) {
		snprintf(why, n, "%u: not a positive bandwidth: %g GB/s", line, gbps);
		return -1;
	}
	for (uint32_t i = 0; i < s->n; i++)
		if (s->pts[i].bytes == bytes) {
			snprintf(why, n, "%u: a second %s figure at %.0f bytes", line, cs_bw_op_name(s->op),
				 bytes);
			return -1;
		}
	if (s->n >= CS_BW_MAX_POINTS) {
		snprintf(why, n, "%u: more than %d sizes in one series", line, CS_BW_MAX_POINTS);
		return -1;
	}
	s->pts[s->n++] = (struct cs_bw_point){ bytes, 1.0 / gbps, 1.0 / gbps, 0, 0 };
	return 0;
}

/* tinymembench: the first line of each kind, by its description. */
static int tmb_op(const char *desc, enum cs_bw_op *op)
{
	if (strstr(desc, "framebuffer"))
		return -1; /* tinymembench's framebuffer section: not memory */
	if ((strstr(desc, "nontemporal") || strstr(desc, "STNP")) && strstr(desc, "fill"))
		*op = CS_BW_NT_WRITE;
	else if (strstr(desc, "2-pass") || strstr(desc, "prefetched") || strstr(desc, "backwards") ||
		 strstr(desc, "standard"))
		return -1; /* variants: the plain kernel of each kind is the figure */
	else if (strstr(desc, "copy") && !strstr(desc, "nontemporal"))
		*op = CS_BW_COPY;
	else if (strstr(desc, "fill"))
		*op = CS_BW_WRITE;
	else if (strstr(desc, "fetch") || strstr(desc, "read"))
		*op = CS_BW_READ;
	else
		return -1;
	return 0;
}

/* " C copy    :  15966.0 MB/s (3, 0.5%)": the figure after the last colon,
 * read whole. 1 and *mbps; 0 when the line is no figure; -1 (said) when it
 * looks like one and its number is not one. */
static int tmb_figure(const char *line, uint32_t ln, const char **colon_at, double *mbps, char *why,
		      size_t n)
{
	const char *colon = strrchr(line, ':'), *p, *t;
	if (!colon || !strstr(colon, "MB/s"))
		return 0;
	p = colon + 1;
	while (*p == ' ' || *p == '\t')
		p++;
	t = p;
	while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
		p++;
	const char *u = p;
	while (*u == ' ' || *u == '\t')
		u++;
	if (strncmp(u, "MB/s", 4) || cs_import_decimal(t, (size_t)(p - t), mbps)) {
		snprintf(why, n, "%u: \"%.*s\" is not a figure in MB/s (digits and one '.': no thousands "
			 "separator, sign or hex)", ln, (int)(p - t > 40 ? 40 : p - t), t);
		return -1;
	}
	*colon_at = colon;
	return 1;
}

/* tinymembench: the first line of each kind of one run. A file with
 * several runs (sbc-bench runs it once per cluster) imports the one --run
 * names, or is refused: a capture holds one figure per operation, and
 * keeping the first silently would drop the others unsaid. A run starts at
 * its banner ("tinymembench v0.4.9 ...") or where a kept line's
 * description comes again. */
#define TMB_MAX_RUNS 64
static int parse_tmb(FILE *f, const char *run_arg, struct bw_in *in, char *why, size_t n)
{
	char line[CS_IMPORT_LINE_MAX + 2], kept[4][128] = { "" }, le[160];
	uint32_t ln = 0, run = 1, want = run_arg ? (uint32_t)atoi(run_arg) : 1, starts[TMB_MAX_RUNS] = { 1 };
	int r, figures = 0;
	while ((r = cs_import_line(f, line, sizeof line, &ln, le, sizeof le)) > 0) {
		char desc[128] = "", kernel[16] = "";
		const char *colon;
		double mbps;
		enum cs_bw_op op;
		if (strstr(line, "tinymembench v") && figures) {
			if (run == TMB_MAX_RUNS) {
				snprintf(why, n, "%u: more than %d tinymembench runs in one file", ln, TMB_MAX_RUNS);
				return -1;
			}
			starts[run++] = ln, figures = 0;
			memset(kept, 0, sizeof kept);
		}
		int fig = tmb_figure(line, ln, &colon, &mbps, why, n);
		if (fig < 0)
			return -1;
		if (!fig)
			continue;
		snprintf(desc, sizeof desc, "%.*s", (int)(colon - line), line);
		if (tmb_op(desc, &op))
			continue;
		if (sscanf(desc, " %15s", kernel) != 1)
			continue;
		if (!strcmp(kept[op], desc)) { /* the same line again: the next run */
			if (run == TMB_MAX_RUNS) {
				snprintf(why, n, "%u: more than %d tinymembench runs in one file", ln, TMB_MAX_RUNS);
				return -1;
			}
			starts[run++] = ln;
			memset(kept, 0, sizeof kept);
		}
		figures = 1;
		if (kept[op][0])
			continue; /* the first of its kind only: the variants follow it */
		snprintf(kept[op], sizeof kept[op], "%s", desc);
		if (run != want)
			continue;
		for (char *k = kernel; *k; k++)
			*k = (char)tolower((unsigned char)*k);
		struct cs_bw_series *s = add_series(in, op, 1, kernel, ln);
		if (!s) {
			snprintf(why, n, "%u: more than %d bandwidth series", ln, CS_BW_MAX_SERIES);
			return -1;
		}
		if (add_point(s, TMB_BUFFER_BYTES, mbps / 1000 * cs_bw_convention(op), ln, why, n))
			return -1;
	}
	if (r < 0)
		return snprintf(why, n, "%u: %s", ln, le), -1;
	if (run > 1 && !run_arg) {
		char at[256] = "";
		for (uint32_t i = 0; i < run && strlen(at) < 200; i++)
			snprintf(at + strlen(at), sizeof at - strlen(at), "%s%u", i ? ", " : "", starts[i]);
		snprintf(why, n, "0: %u tinymembench runs (from lines %s; sbc-bench runs it once per "
			 "cluster) and a capture holds one figure per operation: import each with --run 1 "
			 "to --run %u, nothing is dropped unsaid", run, at, run);
		return -1;
	}
	if (want > run) {
		snprintf(why, n, "0: --run %u: the file holds %u tinymembench run%s", want, run, run > 1 ? "s" : "");
		return -1;
	}
	if (!in->n) {
		snprintf(why, n, "0: no tinymembench bandwidth line (\" C copy ... : N MB/s\"); its "
			 "latency table is not imported either: it gives the time over an L1 hit "
			 "(\"extra time, which needs to be added to L1 cache latency\"), not the cost of a load");
		return -1;
	}
	return 0;
}

static int parse_op(const char *name, enum cs_bw_op *op, char *why, size_t n)
{
	if (!name) {
		*op = CS_BW_READ;
		return 0;
	}
	if (cs_bw_op_parse(name, op) == 0)
		return 0;
	snprintf(why, n, "0: --op must be read, write, copy or nt_write, got \"%s\"", name);
	return -1;
}

/* The fields of a row split at sep, each read whole as a decimal (blanks
 * around it allowed): how many, or -1 with why naming the one that is not
 * a number. */
static int numbers(const char *text, char sep, double *v, uint32_t max, uint32_t ln, const char *what,
		   char *why, size_t n)
{
	uint32_t k = 0;
	const char *p = text;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		const char *t = p;
		while (*p && *p != sep && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
			p++;
		const char *e = p;
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (e == t && !*p && (sep == ' ' || k == 0))
			break; /* the end of the line */
		if (k == max) {
			snprintf(why, n, "%u: more than %u figures in one row", ln, max);
			return -1;
		}
		if (cs_import_decimal(t, (size_t)(e - t), &v[k])) {
			snprintf(why, n, "%u: \"%.*s\" is not %s (digits and one '.': no thousands separator, "
				 "sign or hex)", ln, (int)(e - t > 40 ? 40 : e - t), t, what);
			return -1;
		}
		k++;
		if (sep != ' ') {
			if (!*p)
				break;
			if (*p != sep) {
				snprintf(why, n, "%u: \"%.40s\" after a figure, not '%c'", ln, p, sep);
				return -1;
			}
			p++;
		} else if (!*p || !strncmp(p, "DDR-", 4)) {
			break; /* rambw -b: its rating follows, not a measure */
		}
	}
	return (int)k;
}

/* clamchowder MemoryBandwidth: "Using N threads" then "KB,GBPS"; or the
 * autothreads table "SIZE,v1,v2,..." (thread counts 1, 2, ...). */
static int parse_membw(FILE *f, const char *opname, struct bw_in *in, char *why, size_t n)
{
	char line[CS_IMPORT_LINE_MAX + 2], le[160];
	uint32_t ln = 0, threads = 0;
	int table = 0, r;
	enum cs_bw_op op;
	double v[65];
	if (parse_op(opname, &op, why, n))
		return -1;
	while ((r = cs_import_line(f, line, sizeof line, &ln, le, sizeof le)) > 0) {
		if (sscanf(line, "Using %u threads", &threads) == 1 || strstr(line, "Test size down")) {
			table = strstr(line, "Test size down") != NULL;
			continue;
		}
		if (!isdigit((unsigned char)line[0]))
			continue;
		if (!threads && !table) {
			snprintf(why, n, "%u: a row before \"Using N threads\" or the autothreads table", ln);
			return -1;
		}
		int k = numbers(line, ',', v, 65, ln, "a number (KB, then GB/s)", why, n);
		if (k < 0)
			return -1;
		if (k < 2) {
			snprintf(why, n, "%u: not a \"KB,GB/s\" row: %.60s", ln, line);
			return -1;
		}
		for (int t = 1; t < k; t++) {
			/* a copy of the array: half to the other half, both halves counted */
			double bytes = v[0] * 1024 / (op == CS_BW_COPY ? 2 : 1);
			struct cs_bw_series *s = add_series(in, op, table ? (uint32_t)t : threads, "memorybandwidth", ln);
			if (!s) {
				snprintf(why, n, "%u: more than %d bandwidth series", ln, CS_BW_MAX_SERIES);
				return -1;
			}
			if (add_point(s, bytes, v[t], ln, why, n))
				return -1;
		}
	}
	if (r < 0)
		return snprintf(why, n, "%u: %s", ln, le), -1;
	if (!in->n) {
		snprintf(why, n, "0: no MemoryBandwidth rows (\"Using N threads\" then \"KB,GB/s\")");
		return -1;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The processors in a CPU list "0-3", "0", "0-3,8": how many; 0 when it
 * is not one (digits, '-' and ',' only; each number at most
 * RAMBW_MAX_CPU, so no count wraps). */
#define RAMBW_MAX_CPU 65535u
static uint32_t cpus_in(const char *list)
{
	uint32_t n = 0;
	const char *p = list;
	while (*p) {
		unsigned long a = 0, b;
		const char *d = p;
		for (; isdigit((unsigned char)*p) && a <= RAMBW_MAX_CPU; p++)
			a = a * 10 + (unsigned long)(*p - '0');
		if (p == d || a > RAMBW_MAX_CPU)
			return 0;
		b = a;
		if (*p == '-') {
			d = ++p;
			for (b = 0; isdigit((unsigned char)*p) && b <= RAMBW_MAX_CPU; p++)
				b = b * 10 + (unsigned long)(*p - '0');
			if (p == d || b > RAMBW_MAX_CPU || b < a)
				return 0;
		}
		n += (uint32_t)(b - a + 1);
		if (n > RAMBW_MAX_CPU + 1 || (*p && *p != ','))
			return 0;
		if (*p == ',' && !*++p)
			return 0;
	}
	return n;
}

static int rambw_row(const char *label, const char *vals, uint32_t ln, struct bw_in *in, char *why, size_t n)
{
	double v[64];
	uint32_t threads = label[0] ? cpus_in(label) : 1;
	if (!threads) {
		snprintf(why, n, "%u: \"%s\" is not a CPU list (\"0-3\", \"0-3,8\"; CPUs 0 to %u)", ln, label,
			 RAMBW_MAX_CPU);
		return -1;
	}
	int k = numbers(vals, ' ', v, 64, ln, label[0] ? "a figure in MB/s" :
			"a figure in MB/s (a row is \"CPUS: v v v\": is its colon missing?)", why, n);
	if (k < 0)
		return -1;
	if (k == 0) {
		snprintf(why, n, "%u: a rambw row \"%s:\" with no figure", ln, label);
		return -1;
	}
	qsort(v, (size_t)k, sizeof v[0], cmp_double);
	double mbps = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
	for (uint32_t i = 0; i < in->n; i++)
		if (in->s[i].threads == threads) {
			snprintf(why, n, "%u: a second row on %u processors (also line %u): choose one with --row",
				 ln, threads, in->line[i]);
			return -1;
		}
	struct cs_bw_series *s = add_series(in, CS_BW_READ, threads, "rambw", ln);
	if (!s) {
		snprintf(why, n, "%u: more than %d bandwidth series", ln, CS_BW_MAX_SERIES);
		return -1;
	}
	if (add_point(s, RAMBW_BYTES, mbps / 1000, ln, why, n))
		return -1;
	s->pts[0].ns_per_byte_min = 1000 / v[k - 1];
	return 0;
}

/* Rows "CPUS: v v v" or bare values "v v v"; a line that starts with a
 * digit is a row, read whole or refused by its number. */
static int parse_rambw(FILE *f, const char *only, struct bw_in *in, char *why, size_t n)
{
	char line[CS_IMPORT_LINE_MAX + 2], le[160];
	uint32_t ln = 0;
	int r;
	while ((r = cs_import_line(f, line, sizeof line, &ln, le, sizeof le)) > 0) {
		char label[64] = "";
		const char *vals = line, *colon = strchr(line, ':');
		if (!isdigit((unsigned char)line[0]))
			continue;
		if (colon) {
			if (colon - line >= (long)sizeof label) {
				snprintf(why, n, "%u: a CPU list of more than %zu bytes", ln, sizeof label - 1);
				return -1;
			}
			snprintf(label, sizeof label, "%.*s", (int)(colon - line), line);
			vals = colon + 1;
		}
		if (only && strcmp(label, only))
			continue;
		if (rambw_row(label, vals, ln, in, why, n))
			return -1;
	}
	if (r < 0)
		return snprintf(why, n, "%u: %s", ln, le), -1;
	if (!in->n) {
		snprintf(why, n, only ? "0: no rambw row \"%s:\"" : "0: no rambw values (\"0-3: v v v\")%s",
			 only ? only : "");
		return -1;
	}
	return 0;
}

/* ---- the capture ---- */

/* A value of --into's tree again, as read (numbers by their digits). */
static void emit(struct cs_jsonw *j, const struct cs_jd *v)
{
	char small[256];
	switch (v->kind) {
	case CS_JD_NULL:
		cs_jsonw_null(j);
		return;
	case CS_JD_FALSE:
	case CS_JD_TRUE:
		cs_jsonw_bool(j, v->kind == CS_JD_TRUE);
		return;
	case CS_JD_NUMBER:
		cs_jsonw_raw(j, v->u.num.raw, v->u.num.rawlen);
		return;
	case CS_JD_STRING: {
		char *t = v->u.str.len < sizeof small ? small : malloc(v->u.str.len + 1);
		if (!t) {
			cs_jsonw_str(j, ""); /* out of memory: the read-back refuses it */
			return;
		}
		memcpy(t, v->u.str.s, v->u.str.len);
		t[v->u.str.len] = '\0';
		cs_jsonw_str(j, t);
		if (t != small)
			free(t);
		return;
	}
	case CS_JD_ARRAY:
		cs_jsonw_arr(j);
		for (const struct cs_jd *k = cs_jd_first(v); k; k = k->next)
			emit(j, k);
		cs_jsonw_arr_end(j);
		return;
	default:
		cs_jsonw_obj(j);
		for (const struct cs_jd *k = cs_jd_first(v); k; k = k->next) {
			snprintf(small, sizeof small, "%.*s", (int)k->klen, k->key);
			cs_jsonw_key(j, small);
			emit(j, k);
		}
		cs_jsonw_obj_end(j);
	}
}

static void write_meta(struct cs_jsonw *j, void *ctx)
{
	const struct bw_meta *m = ctx;
	if (m->into_root && m->written)
		for (const struct cs_jd *k = cs_jd_first(m->into_root); k; k = k->next)
			if (!cs_jd_get(m->written, k->key, k->klen) &&
			    !(k->klen == 16 && !strncmp(k->key, "import_bandwidth", 16))) {
				char key[256];
				snprintf(key, sizeof key, "%.*s", (int)k->klen, k->key);
				cs_jsonw_key(j, key);
				emit(j, k);
			}
	cs_jsonw_key(j, "import_bandwidth");
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "format", m->format);
	cs_jsonw_key_str(j, "file", m->file);
	cs_jsonw_key_str(j, "into", m->into);
	cs_jsonw_key(j, "notes");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < m->n_notes; i++)
		cs_jsonw_str(j, m->notes[i]);
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

static int merge(struct cs_capture *c, const struct bw_in *in, const char *file, char *why, size_t n)
{
	struct cs_bw_capture *b = &c->bw;
	if (b->null) {
		snprintf(why, n, "the capture says bandwidth was not measured (%s): not added to", b->why);
		return -1;
	}
	for (uint32_t i = 0; i < in->n; i++) {
		for (uint32_t k = 0; k < b->n_series; k++)
			if (b->series[k].op == in->s[i].op && b->series[k].threads == in->s[i].threads) {
				snprintf(why, n, "%s:%u: the capture has a %s series on %u thread(s) already", file,
					 in->line[i], cs_bw_op_name(in->s[i].op), in->s[i].threads);
				return -1;
			}
		if (b->n_series >= CS_BW_MAX_SERIES) {
			snprintf(why, n, "%s: more than %d bandwidth series in one capture", file, CS_BW_MAX_SERIES);
			return -1;
		}
		b->series[b->n_series++] = in->s[i];
	}
	b->present = 1;
	return 0;
}

static int parse_file(const struct bw_args *a, struct bw_in *in, char *why, size_t n)
{
	char *text, e[1024] = "";
	size_t len;
	uint32_t line;
	FILE *f = NULL;
	int rc;
	/* read whole and bounded (a FIFO, a device, standard input: input.h) */
	if (cs_import_slurp(a->file, &text, &len, &line, e, sizeof e)) {
		if (line)
			snprintf(why, n, "%s:%u: %s", a->file, line, e);
		else
			snprintf(why, n, "%s: %s", a->file, e);
		return -1;
	}
	if (!len) {
		snprintf(why, n, "%s: empty: 0 bytes", a->file);
		free(text);
		return -1;
	}
	if (!(f = fmemopen(text, len, "r"))) {
		snprintf(why, n, "%s: cannot read: %s", a->file, strerror(errno));
		free(text);
		return -1;
	}
	if (!strcmp(a->format, "tinymembench"))
		rc = parse_tmb(f, a->run, in, e, sizeof e);
	else if (!strcmp(a->format, "memorybandwidth"))
		rc = parse_membw(f, a->op, in, e, sizeof e);
	else
		rc = parse_rambw(f, a->row, in, e, sizeof e);
	fclose(f);
	free(text);
	if (rc) {
		/* e is "LINE: why" (LINE 0: the file as a whole) */
		char *colon = strchr(e, ':');
		if (!e[0] || !colon)
			snprintf(why, n, "%s: not read (%s)", a->file, e[0] ? e : "no reason given");
		else if (!strncmp(e, "0:", 2))
			snprintf(why, n, "%s:%s", a->file, colon + 1);
		else
			snprintf(why, n, "%s:%s", a->file, e);
	}
	return rc;
}

static int write_out(const struct bw_args *a, struct cs_capture *c, struct bw_meta *m, char *why,
		     size_t n)
{
	static struct cs_capture back;
	char *text = malloc(BW_OUT_BYTES), err[512];
	struct cs_buf b;
	int rc = -1;
	if (!text) {
		snprintf(why, n, "out of memory");
		return -1;
	}
	/* first without --into's own members, to learn which the writer
	 * writes; then again with every other one kept */
	void *arena = malloc(CS_READ_ARENA);
	static const struct cs_jd_limits lim = { CS_READ_MAX_VALUES, CS_READ_MAX_DEPTH };
	const struct cs_jd *into_root = m->into_root;
	m->into_root = NULL;
	cs_buf_init(&b, text, BW_OUT_BYTES);
	if (arena && !cs_capture_write(&b, c, write_meta, m) &&
	    (m->written = cs_jd_parse(text, b.len, arena, CS_READ_ARENA, &lim, err, sizeof err)))
		m->into_root = into_root;
	char *copy = m->into_root ? malloc(b.len) : NULL;
	if (copy) /* the tree points into the text it came from */
		memcpy(copy, text, b.len);
	if (copy)
		m->written = cs_jd_parse(copy, b.len, arena, CS_READ_ARENA, &lim, err, sizeof err);
	cs_buf_init(&b, text, BW_OUT_BYTES);
	if (!arena || !m->into_root || !copy || !m->written)
		snprintf(why, n, "out of memory");
	else if (cs_capture_write(&b, c, write_meta, m))
		snprintf(why, n, "%s: the capture does not fit in %d bytes", a->out, BW_OUT_BYTES);
	else if (cs_read_capture_mem(text, b.len, &back, NULL, err, sizeof err))
		snprintf(why, n, "the capture made from %s does not read back: %s", a->file, err);
	else if (back.bw.n_series != c->bw.n_series)
		snprintf(why, n, "%s: %u series read back of %u", a->file, back.bw.n_series, c->bw.n_series);
	else
		rc = cs_outfile_write(a->out, 0, NULL, 0, text, b.len, NULL, NULL, why, n);
	free(copy);
	free(arena);
	free(text);
	return rc;
}

int cs_import_bw_cmd(int argc, char **argv)
{
	static struct cs_capture c;
	static struct bw_in in;
	struct bw_args a = { 0 };
	struct bw_meta m = { 0 };
	char why[4096], err[1024];

	if (!is_bw_format(format_of(argc, argv)))
		return -1;
	a.format = format_of(argc, argv);
	if (parse_args(argc, argv, &a))
		return a.help ? -1 : CS_EXIT_ERROR;
	memset(&in, 0, sizeof in);
	if (cs_outfile_ext(a.out, cs_outfile_capture_exts, why, sizeof why))
		return say("%s", why);
	if (parse_file(&a, &in, why, sizeof why))
		return say("%s", why);
	/* --into read once, bounded (input.h): into c, and as a tree whose
	 * members the capture writer does not know are written back as read */
	char *into_text = NULL;
	size_t into_len = 0;
	static const struct cs_jd_limits lim = { CS_READ_MAX_VALUES, CS_READ_MAX_DEPTH };
	void *into_arena = NULL;
	if (cs_input_slurp(a.into, CS_READ_MAX_FILE, "a capture (4 MiB)", &into_text, &into_len, err, sizeof err) ||
	    cs_read_capture_mem(into_text, into_len, &c, NULL, err, sizeof err)) {
		free(into_text);
		return say("--into %s: %s", a.into, err);
	}
	if (!(into_arena = malloc(CS_READ_ARENA)) ||
	    !(m.into_root = cs_jd_parse(into_text, into_len, into_arena, CS_READ_ARENA, &lim, err, sizeof err))) {
		free(into_arena);
		free(into_text);
		return say("--into %s: %s", a.into, into_arena ? err : "out of memory");
	}
	if (merge(&c, &in, a.file, why, sizeof why)) {
		free(into_arena);
		free(into_text);
		return say("%s", why);
	}
	if (a.label)
		snprintf(c.label, sizeof c.label, "%s", a.label);
	m = (struct bw_meta){ a.format, a.file, a.into, { 0 }, 0, m.into_root, NULL };
	if (!strcmp(a.format, "tinymembench"))
		m.notes[m.n_notes++] = "tinymembench counts a copy of N bytes as N: its copy MB/s doubled "
				       "into this project's convention (copy 2); MB = 1e6 B; one 32 MiB buffer";
	if (!strcmp(a.format, "rambw"))
		m.notes[m.n_notes++] = "rambw: the median of a row's figures; a read over 16 MiB per thread, "
				       "one thread per processor of the row's CPU list";
	if (!strcmp(a.format, "memorybandwidth"))
		m.notes[m.n_notes++] = "MemoryBandwidth: KB = 1024 B, GB = 1e9 B; the operation as --op said";
	m.notes[m.n_notes++] = "the capture given with --into, read and written again: the members this "
			       "import does not write (its producer's cpu, icache, settings...) kept as they were";
	int wrc = write_out(&a, &c, &m, why, sizeof why);
	free(into_arena);
	free(into_text);
	if (wrc)
		return say("%s", why);
	printf("cacheshape import: %s: %u bandwidth series from %s added to %s\n", a.out, in.n, a.file,
	       a.into);
	return CS_EXIT_OK;
}

/* ---- ramlat's NxPTR columns into "mlp" ---- */

/* ramlat's NxPTR figure is the time of one step of all N chains (at 16 MiB
 * on the i7-1165G7 of tests/data/imported, 1xPTR 43.09 ns and 8xPTR 54.01
 * ns: per load over all eight chains it would be near 5 ns), so ns per load
 * over every load (bw_capture.h) is that figure over N. At most
 * CS_MLP_MAX_SIZES rows of the table, spread evenly from the first to the
 * last, the last always among them. */
struct ptr_cols {
	uint32_t n, col[CS_MLP_MAX_CHAINS], chains[CS_MLP_MAX_CHAINS], ncols;
};

static int ptr_header(const char *line, struct ptr_cols *pc)
{
	char buf[CS_IMPORT_LINE_MAX + 2], *save = NULL, *t;
	snprintf(buf, sizeof buf, "%s", line);
	t = strtok_r(buf, " \t\r\n", &save);
	if (!t || strcmp(t, "size:"))
		return 0;
	pc->n = pc->ncols = 0;
	while ((t = strtok_r(NULL, " \t\r\n", &save))) {
		unsigned k;
		char tail[8];
		if (sscanf(t, "%ux%7s", &k, tail) == 2 && !strcmp(tail, "PTR") && k >= 1 &&
		    pc->n < CS_MLP_MAX_CHAINS) {
			pc->col[pc->n] = pc->ncols;
			pc->chains[pc->n++] = k;
		}
		pc->ncols++;
	}
	return 1;
}

struct ptr_rows {
	uint32_t n;
	double bytes[CS_MAX_SWEEP_POINTS];
	double ns[CS_MAX_SWEEP_POINTS][CS_MLP_MAX_CHAINS];
};

static int ptr_row(const char *line, const struct ptr_cols *pc, struct ptr_rows *r)
{
	char buf[CS_IMPORT_LINE_MAX + 2], *save = NULL, *t;
	double v[64];
	uint32_t k = 0;
	snprintf(buf, sizeof buf, "%s", line);
	t = strtok_r(buf, " \t\r\n", &save);
	size_t len = t ? strlen(t) : 0;
	if (!len || t[len - 1] != ':' || r->n >= CS_MAX_SWEEP_POINTS)
		return 0;
	t[len - 1] = 0;
	if (cs_import_size(t, &r->bytes[r->n]))
		return 0;
	while (k < 64 && (t = strtok_r(NULL, " \t\r\n", &save)))
		if (cs_import_decimal(t, strlen(t), &v[k++]))
			return 0; /* the latency parser refused such a row already */
	if (k != pc->ncols)
		return 0;
	for (uint32_t i = 0; i < pc->n; i++)
		r->ns[r->n][i] = v[pc->col[i]] / pc->chains[i];
	r->n++;
	return 1;
}

int cs_import_ramlat_mlp(const char *text, size_t len, uint32_t table, struct cs_capture *c)
{
	static struct ptr_rows rows;
	struct ptr_cols pc = { 0 };
	char line[CS_IMPORT_LINE_MAX + 2];
	uint32_t seen = 0;
	int in = 0;
	/* the text the latency parser read (a file read twice would be a
	 * FIFO or standard input read empty the second time) */
	FILE *f = len ? fmemopen((void *)text, len, "r") : NULL;
	if (!f)
		return 0;
	rows.n = 0;
	while (fgets(line, sizeof line, f)) {
		if (in && !ptr_row(line, &pc, &rows))
			break;
		if (!in && ptr_header(line, &pc) && ++seen == table)
			in = 1;
	}
	fclose(f);
	int one = 0;
	for (uint32_t i = 0; i < pc.n; i++)
		one |= pc.chains[i] == 1;
	if (!rows.n || pc.n < 2 || !one)
		return 0; /* no chains to compare: nothing added */
	struct cs_bw_capture *b = &c->bw;
	uint32_t take = rows.n < CS_MLP_MAX_SIZES ? rows.n : CS_MLP_MAX_SIZES;
	b->present = b->mlp_present = 1;
	b->n_mlp = 0;
	for (uint32_t i = 0; i < take; i++) {
		uint32_t r = take > 1 ? (uint32_t)((double)i * (rows.n - 1) / (take - 1) + 0.5) : 0;
		struct cs_mlp_size *m = &b->mlp[b->n_mlp++];
		m->bytes = rows.bytes[r];
		m->n = pc.n;
		for (uint32_t k = 0; k < pc.n; k++) {
			m->chains[k] = pc.chains[k];
			m->ns[k] = rows.ns[r][k];
		}
	}
	return (int)b->n_mlp;
}
