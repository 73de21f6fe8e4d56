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
	const char *format, *into, *out, *op, *row, *label;
	const char *file;
	int help;
};

struct bw_meta {
	const char *format, *file, *into;
	const char *notes[4];
	uint32_t n_notes;
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
#undef OPT
		else if (s[0] == '-' && s[1])
			return say("unknown option '%s' for --from %s (--into, -o, --op, --row, --label)", s,
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
	if (!(gbps > 0) || !isfinite(gbps) || !(bytes > 0)) {
		snprintf(why, n, "%u: not a positive bandwidth: %g", line, gbps);
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

static int parse_tmb(FILE *f, struct bw_in *in, char *why, size_t n)
{
	char line[1024];
	uint32_t ln = 0;
	while (fgets(line, sizeof line, f)) {
		char desc[128] = "", kernel[16] = "";
		double mbps;
		enum cs_bw_op op;
		char *colon = strrchr(line, ':');
		ln++;
		if (!colon || !strstr(colon, "MB/s") || sscanf(colon + 1, "%lf", &mbps) != 1)
			continue;
		snprintf(desc, sizeof desc, "%.*s", (int)(colon - line), line);
		if (tmb_op(desc, &op))
			continue;
		if (sscanf(desc, " %15s", kernel) != 1)
			continue;
		for (char *k = kernel; *k; k++)
			*k = (char)tolower((unsigned char)*k);
		struct cs_bw_series *s = add_series(in, op, 1, kernel, ln);
		if (s && s->n)
			continue; /* the first of its kind only */
		if (!s || add_point(s, TMB_BUFFER_BYTES, mbps / 1000 * cs_bw_convention(op), ln, why, n))
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

/* clamchowder MemoryBandwidth: "Using N threads" then "KB,GBPS"; or the
 * autothreads table "SIZE,v1,v2,..." (thread counts 1, 2, ...). */
static int parse_membw(FILE *f, const char *opname, struct bw_in *in, char *why, size_t n)
{
	char line[4096];
	uint32_t ln = 0, threads = 0;
	int table = 0;
	enum cs_bw_op op;
	if (parse_op(opname, &op, why, n))
		return -1;
	while (fgets(line, sizeof line, f)) {
		ln++;
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
		char *p = line, *end;
		double kb = strtod(p, &end);
		if (end == p || *end != ',') {
			snprintf(why, n, "%u: not a \"KB,GB/s\" row: %.60s", ln, line);
			return -1;
		}
		for (uint32_t t = 1; *end == ','; t++) {
			p = end + 1;
			double gbps = strtod(p, &end);
			if (end == p) {
				snprintf(why, n, "%u: not a bandwidth in GB/s: %.60s", ln, p);
				return -1;
			}
			/* a copy of the array: half to the other half, both halves counted */
			double bytes = kb * 1024 / (op == CS_BW_COPY ? 2 : 1);
			struct cs_bw_series *s = add_series(in, op, table ? t : threads, "memorybandwidth", ln);
			if (!s || add_point(s, bytes, gbps, ln, why, n))
				return -1;
		}
	}
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

/* The processors in a CPU list "0-3", "0", "0-3,8": how many. */
static uint32_t cpus_in(const char *list)
{
	uint32_t n = 0;
	const char *p = list;
	while (*p) {
		char *end;
		long a = strtol(p, &end, 10), b = a;
		if (end == p)
			return 0;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		if (b < a)
			return 0;
		n += (uint32_t)(b - a + 1);
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return 0;
	}
	return n;
}

static int rambw_row(const char *label, char *vals, uint32_t ln, struct bw_in *in, char *why, size_t n)
{
	double v[64];
	uint32_t k = 0, threads = label[0] ? cpus_in(label) : 1;
	char *p = vals, *end;
	if (!threads) {
		snprintf(why, n, "%u: \"%s\" is not a CPU list (\"0-3\")", ln, label);
		return -1;
	}
	while (k < 64 && (v[k] = strtod(p, &end), end != p)) {
		k++;
		p = end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "DDR-", 4))
			break; /* rambw -b: its rating, not a measure */
	}
	if (!k)
		return 0;
	qsort(v, k, sizeof v[0], cmp_double);
	double mbps = k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
	for (uint32_t i = 0; i < in->n; i++)
		if (in->s[i].threads == threads) {
			snprintf(why, n, "%u: a second row on %u processors (also line %u): choose one with --row",
				 ln, threads, in->line[i]);
			return -1;
		}
	struct cs_bw_series *s = add_series(in, CS_BW_READ, threads, "rambw", ln);
	if (!s || add_point(s, RAMBW_BYTES, mbps / 1000, ln, why, n))
		return -1;
	s->pts[0].ns_per_byte_min = 1000 / v[k - 1];
	return 0;
}

static int parse_rambw(FILE *f, const char *only, struct bw_in *in, char *why, size_t n)
{
	char line[2048];
	uint32_t ln = 0;
	while (fgets(line, sizeof line, f)) {
		char label[64] = "", *vals = line, *colon = strchr(line, ':');
		ln++;
		if (colon && colon - line < (long)sizeof label && isdigit((unsigned char)line[0])) {
			snprintf(label, sizeof label, "%.*s", (int)(colon - line), line);
			vals = colon + 1;
		} else if (!isdigit((unsigned char)line[0])) {
			continue;
		}
		if (only && strcmp(label, only))
			continue;
		if (rambw_row(label, vals, ln, in, why, n))
			return -1;
	}
	if (!in->n) {
		snprintf(why, n, only ? "0: no rambw row \"%s:\"" : "0: no rambw values (\"0-3: v v v\")%s",
			 only ? only : "");
		return -1;
	}
	return 0;
}

/* ---- the capture ---- */

static void write_meta(struct cs_jsonw *j, void *ctx)
{
	const struct bw_meta *m = ctx;
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
	FILE *f = fopen(a->file, "r");
	int rc;
	if (!f) {
		snprintf(why, n, "%s: cannot open: %s", a->file, strerror(errno));
		return -1;
	}
	char e[1024] = "";
	if (!strcmp(a->format, "tinymembench"))
		rc = parse_tmb(f, in, e, sizeof e);
	else if (!strcmp(a->format, "memorybandwidth"))
		rc = parse_membw(f, a->op, in, e, sizeof e);
	else
		rc = parse_rambw(f, a->row, in, e, sizeof e);
	fclose(f);
	if (rc) {
		char *colon = strchr(e, ':');
		if (colon && !strncmp(e, "0:", 2))
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
	cs_buf_init(&b, text, BW_OUT_BYTES);
	if (cs_capture_write(&b, c, write_meta, m))
		snprintf(why, n, "%s: the capture does not fit in %d bytes", a->out, BW_OUT_BYTES);
	else if (cs_read_capture_mem(text, b.len, &back, NULL, err, sizeof err))
		snprintf(why, n, "the capture made from %s does not read back: %s", a->file, err);
	else if (back.bw.n_series != c->bw.n_series)
		snprintf(why, n, "%s: %u series read back of %u", a->file, back.bw.n_series, c->bw.n_series);
	else
		rc = cs_outfile_write(a->out, 0, NULL, 0, text, b.len, NULL, NULL, why, n);
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
	if (cs_read_capture_file(a.into, &c, NULL, err, sizeof err))
		return say("--into %s: %s", a.into, err);
	if (merge(&c, &in, a.file, why, sizeof why))
		return say("%s", why);
	if (a.label)
		snprintf(c.label, sizeof c.label, "%s", a.label);
	m = (struct bw_meta){ a.format, a.file, a.into, { 0 }, 0 };
	if (!strcmp(a.format, "tinymembench"))
		m.notes[m.n_notes++] = "tinymembench counts a copy of N bytes as N: its copy MB/s doubled "
				       "into this project's convention (copy 2); MB = 1e6 B; one 32 MiB buffer";
	if (!strcmp(a.format, "rambw"))
		m.notes[m.n_notes++] = "rambw: the median of a row's figures; a read over 16 MiB per thread, "
				       "one thread per processor of the row's CPU list";
	if (!strcmp(a.format, "memorybandwidth"))
		m.notes[m.n_notes++] = "MemoryBandwidth: KB = 1024 B, GB = 1e9 B; the operation as --op said";
	m.notes[m.n_notes++] = "the capture given with --into, read and written again: its producer's own "
			       "members are not carried over";
	if (write_out(&a, &c, &m, why, sizeof why))
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
	char buf[1024], *save = NULL, *t;
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
	char buf[1024], *save = NULL, *t;
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
		v[k++] = strtod(t, NULL);
	if (k != pc->ncols)
		return 0;
	for (uint32_t i = 0; i < pc->n; i++)
		r->ns[r->n][i] = v[pc->col[i]] / pc->chains[i];
	r->n++;
	return 1;
}

int cs_import_ramlat_mlp(const char *file, uint32_t table, struct cs_capture *c)
{
	static struct ptr_rows rows;
	struct ptr_cols pc = { 0 };
	char line[1024];
	uint32_t seen = 0;
	int in = 0;
	FILE *f = fopen(file, "r");
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
