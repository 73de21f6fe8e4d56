/* import.c: `cacheshape import --from FORMAT FILE... -o OUT.json`: curves
 * printed by other tools become captures (environment.kind "imported"),
 * each point exactly as printed, checked by reading the capture back with
 * the strict reader before it is written. Nothing is ever overwritten. */
#define _GNU_SOURCE
#include "import.h"
#include "../outfile.h"
#include "../cmd.h"
#include "../cli.h"
#include "../reader.h"
#include "../../common/buf.h"
#include "../../common/capture_write.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT_BYTES (512 * 1024)

void cs_usage_import(FILE *f)
{
	fputs("usage: cacheshape import --from FORMAT FILE... -o OUT.json\n"
	      "         [--published L1=32K,L2=1M,L3=8M] [--column NAME]\n"
	      "         [--stride N] [--label TEXT] [--arch TOKEN]\n"
	      "\n"
	      "Turns the latency curves other tools print into captures that\n"
	      "`cacheshape reduce` and `check` replay. Sizes and nanoseconds are\n"
	      "kept exactly as printed: never smoothed, never resampled.\n"
	      "\n"
	      "formats (and their units):\n"
	      "  lat_mem_rd     lmbench: \"stride=N then \"MB ns\" lines; MB is\n"
	      "                 2^20 bytes, printed to 5 decimals (+-5 bytes)\n"
	      "  ramlat         the table ramlat prints (as sbc-bench collects\n"
	      "                 it): \"size: 1x32 ... 1xPTR ...\", rows \"4k: ...\";\n"
	      "                 k is 2^10 bytes; column 1xPTR (one dependent\n"
	      "                 chain) unless --column names another\n"
	      "  memorylatency  Chips and Cheese MemoryLatency: \"Region,Latency\n"
	      "                 (ns)\" then \"KiB,ns\" rows\n"
	      "  columns        any two columns \"SIZE NS\": SIZE in bytes, or\n"
	      "                 with K, M, G (2^10, 2^20, 2^30); '#' comments\n"
	      "  tinymembench   its latency table refused (time over an L1 hit)\n"
	      "\n"
	      "bandwidth (docs/bandwidth.md), added to a copy of a capture with a\n"
	      "sweep: --from F FILE --into CAPTURE.json -o OUT.json:\n"
	      "  tinymembench   its \" C copy ... : N MB/s\" lines (copy doubled:\n"
	      "                 it counts a copy of N bytes as N)\n"
	      "  memorybandwidth  clamchowder's \"KB,GB/s\" rows; --op read|write|\n"
	      "                 copy|nt_write says what it ran (default read)\n"
	      "  rambw          \"CPUS: MB/s MB/s ...\" rows; --row CPUS picks one\n"
	      "  tinymembench with several runs (sbc-bench: one per cluster):\n"
	      "                 --run N imports run N (else refused)\n"
	      "  ramlat's NxPTR columns go to bandwidth.mlp of its capture\n"
	      "\n"
	      "  -o, --output OUT.json\n"
	      "                 the capture; with several curves (several files,\n"
	      "                 strides or tables) OUT-<name>.json for each.\n"
	      "                 An existing file is never overwritten. '-':\n"
	      "                 standard output, for one curve only\n"
	      "  --published    the processor's data/unified caches: L1 is data,\n"
	      "                 L2 and up unified (L1d=, L2u=... say so); without\n"
	      "                 it the capture publishes nothing\n"
	      "  --column NAME  ramlat's column\n"
	      "  --stride N     lat_mem_rd: only this stride (else one capture each)\n"
	      "  --label TEXT   the capture's label (cut at 255 bytes, with a note)\n"
	      "  --arch TOKEN   environment.arch (letters, digits, _)\n"
	      "  -h, --help     this text\n"
	      "  -V, --version  the version\n"
	      "A FILE '-' is standard input (once), for every format and --into.\n"
	      "Any file is read to at most 4 MiB, a line to 4096 bytes, a FIFO\n"
	      "waited on 10 s at most (docs/inputs.md).\n"
	      "\n"
	      "Every table in a file is a curve; a line that looks like a row\n"
	      "but is not one, or a row outside a table, refuses the file by its\n"
	      "line (nothing is dropped unsaid). A UTF-8 byte-order mark is\n"
	      "skipped. What a file holds is quoted escaped (\\e, \\xHH).\n"
	      "\n"
	      "Exit status: 0 written; 2 wrong usage or a file that cannot be\n"
	      "read (named with its line), with nothing written.\n", f);
}

/* One line to f: "cacheshape import: " and the message, through the
 * escaping every command uses for text it did not write (common/buf.h:
 * control characters as \e, \xHH..., a byte that is not UTF-8 as \xHH),
 * since a message may quote a file's bytes or name. */
static void say(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(FILE *f, const char *fmt, ...)
{
	static char msg[9000], shown[4 * sizeof msg + 64];
	struct cs_buf b;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cs_buf_init(&b, shown, sizeof shown);
	cs_put_text(&b, msg);
	fprintf(f, "%s%s\n", f == stderr ? "cacheshape import: " : "", shown);
}

static int usage(const char *fmt, const char *a)
{
	char msg[1024];
	snprintf(msg, sizeof msg, fmt, a);
	say(stderr, "%s (see cacheshape import --help)", msg);
	return CS_EXIT_ERROR;
}

/* --published L1=32K,L2=1M,L3=8M into caches */
static int parse_published(const char *spec, struct cs_capture *c)
{
	char buf[512], *save = NULL, *item;
	if (strlen(spec) >= sizeof buf)
		return usage("--published: too long: %s", spec);
	strcpy(buf, spec);
	for (item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '='), *end;
		double bytes;
		if (!eq || (item[0] != 'L' && item[0] != 'l'))
			return usage("--published: \"%s\" is not LEVEL=SIZE (L2=1M)", item);
		*eq = '\0';
		long level = strtol(item + 1, &end, 10);
		enum cs_cache_type type = level == 1 ? CS_CACHE_DATA : CS_CACHE_UNIFIED;
		if (end == item + 1 || level < 1 || level > 16)
			return usage("--published: \"%s\" is not a level L1 to L16", item);
		if (*end == 'd' || *end == 'D')
			type = CS_CACHE_DATA, end++;
		else if (*end == 'i' || *end == 'I')
			type = CS_CACHE_INSTRUCTION, end++;
		else if (*end == 'u' || *end == 'U')
			type = CS_CACHE_UNIFIED, end++;
		if (*end)
			return usage("--published: \"%s\" is not a level L1 to L16 (d, i or u may follow)", item);
		if (cs_import_size(eq + 1, &bytes) || bytes < 1 || bytes != (double)(uint64_t)bytes)
			return usage("--published: \"%s\" is not a size in whole bytes (32K, 1M, 8M)", eq + 1);
		for (uint32_t i = 0; i < c->n_caches; i++)
			if (c->caches[i].level == (uint32_t)level && c->caches[i].type == type)
				return usage("--published: level \"%s\" given twice", item);
		if (c->n_caches >= CS_MAX_CACHES)
			return usage("--published: more than 32 caches%s", "");
		c->caches[c->n_caches++] = (struct cs_cache){ (uint32_t)level, type, (uint64_t)bytes, 0 };
	}
	if (!c->n_caches)
		return usage("--published: no LEVEL=SIZE in \"%s\"", spec);
	cs_strlcpy(c->published_source, "import --published", sizeof c->published_source);
	return 0;
}

struct import_meta {
	const char *format, *file;
	const struct cs_import_series *s;
	const char *notes[4];
	uint32_t n_notes;
};

static const char *unit_of(const char *format)
{
	if (!strcmp(format, "lat_mem_rd"))
		return "bytes = MB as printed x 1048576 (lmbench's MB is 2^20 bytes); ns as printed";
	if (!strcmp(format, "ramlat") || !strcmp(format, "sbc-bench"))
		return "bytes = the size as printed with k = 1024; ns as printed";
	if (!strcmp(format, "memorylatency"))
		return "bytes = Region as printed x 1024 (KiB); ns as printed";
	return "bytes as printed, K/M/G = 2^10/2^20/2^30; ns as printed";
}

/* "import": where the curve came from, in the capture (docs/capture.md) */
static void write_meta(struct cs_jsonw *j, void *ctx)
{
	const struct import_meta *m = ctx;
	cs_jsonw_key(j, "import");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "format");
	cs_jsonw_str(j, m->format);
	cs_jsonw_key(j, "file");
	cs_jsonw_str(j, m->file);
	cs_jsonw_key(j, "curve");
	cs_jsonw_str(j, m->s->what);
	cs_jsonw_key(j, "stride");
	if (m->s->stride >= 0)
		cs_jsonw_u64(j, (uint64_t)m->s->stride);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "column");
	if (m->s->column[0])
		cs_jsonw_str(j, m->s->column);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "units");
	cs_jsonw_str(j, unit_of(m->format));
	cs_jsonw_key(j, "first_line");
	cs_jsonw_u64(j, m->s->line[0]);
	cs_jsonw_key(j, "notes");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < m->n_notes; i++)
		cs_jsonw_str(j, m->notes[i]);
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

/* The output-file rule every command shares (outfile.h): a new regular
 * file only (import has no --force), never a link, a directory or a device,
 * written beside it, fsynced, read back, then linked in; the temporary file
 * goes away on every exit path, signals included. */
static int write_new_file(const char *path, const char *text, size_t len,
			  char *why, size_t whylen)
{
	return cs_outfile_write(path, 0, NULL, 0, text, len, NULL, NULL, why, whylen);
}

/* The strict reader must give back every point bit for bit. */
static int verify(const char *text, size_t len, const struct cs_capture *c,
		  const struct cs_import_series *s, const char *file, char *why, size_t whylen)
{
	static struct cs_capture back;
	char err[512];
	if (cs_read_capture_mem(text, len, &back, NULL, err, sizeof err)) {
		snprintf(why, whylen, "the capture made from %s does not read back: %s", file, err);
		return -1;
	}
	if (back.n_points != c->n_points) {
		snprintf(why, whylen, "%s: %u points read back of %u", file, back.n_points, c->n_points);
		return -1;
	}
	for (uint32_t i = 0; i < c->n_points; i++)
		if (back.points[i].bytes != c->points[i].bytes || back.points[i].ns != c->points[i].ns) {
			snprintf(why, whylen, "%s:%u: %.17g bytes, %.17g ns cannot be written exactly "
				 "(a capture keeps 9 significant digits of ns)", file, s->line[i],
				 c->points[i].bytes, c->points[i].ns);
			return -1;
		}
	return 0;
}

struct job {
	const char *file;
	const char *in;    /* the file's text, as read (ramlat's NxPTR columns) */
	size_t in_len;
	struct cs_import_series *s;
	char out[4096];
	char *text;
	size_t len;
};

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* OUT.json, or OUT-<name>.json when there are several curves */
static int out_name(char *dst, size_t cap, const char *out, const char *file,
		    const struct cs_import_series *s, int many_files, int many_here)
{
	char stem[4096], name[160] = "", part[96];
	size_t n = strlen(out);
	if (!many_files && !many_here)
		return snprintf(dst, cap, "%s", out) >= (int)cap ? -1 : 0;
	snprintf(stem, sizeof stem, "%.*s", (int)(n > 5 && !strcmp(out + n - 5, ".json") ? n - 5 : n), out);
	if (many_files) {
		cs_short_name(part, sizeof part, base_name(file));
		snprintf(name, sizeof name, "-%s", part);
	}
	if (many_here)
		snprintf(name + strlen(name), sizeof name - strlen(name), "-%s", s->tag);
	return snprintf(dst, cap, "%s%s.json", stem, name) >= (int)cap ? -1 : 0;
}

static int valid_utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		int k = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2
			: (*p & 0xF8) == 0xF0 ? 3 : -1;
		if (k < 0 || (k == 1 && *p < 0xC2))
			return 0;
		p++;
		for (; k > 0; k--, p++)
			if ((*p & 0xC0) != 0x80)
				return 0;
	}
	return 1;
}

static int build(struct job *jb, const char *format, const char *published,
		 const char *label, const char *arch, char *why, size_t whylen)
{
	static struct cs_capture c;
	const struct cs_import_series *s = jb->s;
	struct import_meta meta = { format, base_name(jb->file), s, { 0 }, 0 };
	char lab[1024];

	cs_capture_init(&c);
	c.version = 1;
	cs_strlcpy(c.env_kind, "imported", sizeof c.env_kind);
	if (arch)
		cs_strlcpy(c.arch, arch, sizeof c.arch);
	if (published && parse_published(published, &c))
		return -2;
	if (label)
		snprintf(lab, sizeof lab, "%s", label);
	else
		snprintf(lab, sizeof lab, "imported from %s: %s, %s", format, base_name(jb->file), s->what);
	if (cs_import_cut_utf8(lab, sizeof c.label)) {
		meta.notes[meta.n_notes++] = "label cut to 255 bytes (the field's limit), on a character boundary";
		fprintf(stderr, "cacheshape import: note: the label is longer than 255 bytes; cut at a "
			"character boundary\n");
	}
	cs_strlcpy(c.label, lab, sizeof c.label);
	return cs_import_finish(&c, format, jb->file, jb->in, jb->in_len, s,
				strcmp(format, "ramlat") ? 0 : s->table, meta.notes, meta.n_notes, &jb->text,
				&jb->len, why, whylen);
}

int cs_import_finish(struct cs_capture *c, const char *format, const char *file,
		     const char *in, size_t in_len, const struct cs_import_series *s, uint32_t mlp_table, const char *const *notes,
		     uint32_t n_notes, char **text, size_t *len, char *why, size_t whylen)
{
	struct import_meta meta = { format, base_name(file), s, { 0 }, 0 };
	struct cs_buf b;
	for (uint32_t i = 0; i < n_notes && meta.n_notes < 3; i++)
		meta.notes[meta.n_notes++] = notes[i];
	c->n_points = s->n;
	for (uint32_t i = 0; i < s->n; i++) {
		c->points[i].bytes = s->bytes[i];
		c->points[i].ns = s->ns[i];
	}
	if (mlp_table && cs_import_ramlat_mlp(in, in_len, mlp_table, c))
		meta.notes[meta.n_notes++] = "bandwidth.mlp: ramlat's NxPTR columns, each the time of one "
					     "step of N chains, divided by N (docs/bandwidth.md s.10)";
	*text = malloc(OUT_BYTES);
	if (!*text) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	cs_buf_init(&b, *text, OUT_BYTES);
	if (cs_capture_write(&b, c, write_meta, &meta)) {
		snprintf(why, whylen, "%s: the capture does not fit in %d bytes", file, OUT_BYTES);
		return -1;
	}
	*len = b.len;
	return verify(*text, *len, c, s, file, why, whylen);
}

/* The command's arguments. */
struct import_args {
	const char *format, *out, *published, *label, *arch;
	struct cs_import_opts o;
	const char *files[64];
	int nfiles;
	char *texts[64];   /* each file as read, bounded (cs_import_slurp) */
	size_t lens[64];
};

/* -1 to go on; otherwise the exit status (--help, or a usage error said). */
static int parse_args(int argc, char **argv, struct import_args *ar)
{
	static const struct option lo[] = {
		{ "from", required_argument, NULL, 'F' },
		{ "output", required_argument, NULL, 'o' },
		{ "published", required_argument, NULL, 'P' },
		{ "label", required_argument, NULL, 'L' },
		{ "arch", required_argument, NULL, 'A' },
		{ "column", required_argument, NULL, 'C' },
		{ "stride", required_argument, NULL, 'S' },
		CS_OPT_STD, { NULL, 0, NULL, 0 }
	};
	const char **val[128] = { NULL };
	int c, stdin_n = 0;

	val['F'] = &ar->format, val['o'] = &ar->out, val['P'] = &ar->published;
	val['L'] = &ar->label, val['A'] = &ar->arch, val['C'] = &ar->o.column;
	while ((c = cs_getopt("import", argc, argv, "o:hV", lo)) != CS_OPT_END) {
		if (c == CS_OPT_HELP)
			return cs_usage_import(stdout), CS_EXIT_OK;
		if (c == CS_OPT_VERSION)
			return cs_print_version();
		if (c == 'S') {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v <= 0 || v > (1L << 30))
				return usage("--stride: \"%s\" is not a positive stride in bytes", optarg);
			ar->o.stride = (int32_t)v;
		} else if (c > 0 && c < 128 && val[c]) {
			*val[c] = optarg;
		} else {
			return CS_EXIT_ERROR; /* said by cs_getopt */
		}
	}
	for (int i = optind; i < argc; i++) {
		if (ar->nfiles == 64)
			return usage("more than 64 files%s", "");
		stdin_n += !strcmp(argv[i], "-");
		ar->files[ar->nfiles++] = argv[i];
	}
	if (stdin_n > 1)
		return usage("'-' (standard input) given more than once%s", "");
	if (!ar->format)
		return usage("--from FORMAT is required (lat_mem_rd, ramlat, memorylatency, columns)%s", "");
	if (!strcmp(ar->format, "tinymembench")) {
		fprintf(stderr, "cacheshape import: tinymembench is refused: its latency table gives "
			"the time over an L1 hit (\"extra time, which needs to be added to L1 cache "
			"latency\"), not the cost of a load, and it prints 0.0 ns wherever the set fits "
			"in L1; the reducer would read those as loads that cost nothing. Use its "
			"sibling ramlat (sbc-bench prints both) or lat_mem_rd.\n");
		return CS_EXIT_ERROR;
	}
	if (strcmp(ar->format, "lat_mem_rd") && strcmp(ar->format, "ramlat") &&
	    strcmp(ar->format, "memorylatency") && strcmp(ar->format, "columns"))
		return usage("--from: unknown format \"%s\" (lat_mem_rd, ramlat, memorylatency, columns, "
			     "tinymembench)", ar->format);
	if (ar->o.column && strcmp(ar->format, "ramlat"))
		return usage("--column is for ramlat's table, not %s", ar->format);
	if (ar->o.stride >= 0 && strcmp(ar->format, "lat_mem_rd"))
		return usage("--stride is for lat_mem_rd, not %s", ar->format);
	if (!ar->out)
		return usage("-o OUT.json is required%s", "");
	if (!*ar->out)
		return usage("-o: the file name is empty%s", "");
	if (!ar->nfiles)
		return usage("no FILE to import%s", "");
	char ext_why[1024];
	if (cs_outfile_ext(ar->out, cs_outfile_capture_exts, ext_why, sizeof ext_why))
		return usage("%s", ext_why);
	if (ar->arch && !cs_arch_token(ar->arch))
		return usage("--arch: \"%s\" is not a token of letters, digits and _", ar->arch);
	if (ar->arch && strlen(ar->arch) >= CS_WORD_MAX)
		return usage("--arch: \"%s\" is longer than 31 bytes", ar->arch);
	if (ar->label && !valid_utf8(ar->label))
		return usage("--label is not valid UTF-8%s", "");
	ar->o.format = ar->format;
	return -1;
}

/* Every file read into all[] and a job each: 0, or -1 with the reason said. */
static int read_files(struct import_args *ar, struct cs_import_series *all,
		      struct job *jobs, uint32_t *njobs, char *why, size_t whylen)
{
	for (int f = 0; f < ar->nfiles; f++) {
		uint32_t n = 0, line = 0;
		/* read whole and bounded first (a FIFO, a device, standard
		 * input: input.h), then parsed from memory */
		int bad = cs_import_slurp(ar->files[f], &ar->texts[f], &ar->lens[f], &line, why, whylen);
		if (!bad && !ar->lens[f]) {
			snprintf(why, whylen, "empty: 0 bytes");
			bad = -1;
		}
		FILE *fp = bad ? NULL : fmemopen(ar->texts[f], ar->lens[f], "r");
		if (!bad && !fp) {
			snprintf(why, whylen, "cannot read: %s", strerror(errno));
			bad = -1;
		}
		if (!bad)
			bad = cs_import_parse(fp, &ar->o, all + *njobs, CS_IMPORT_MAX_SERIES - *njobs, &n, &line,
					      why, whylen);
		if (fp)
			fclose(fp);
		if (bad) {
			if (line)
				say(stderr, "%s:%u: %s", ar->files[f], line, why);
			else
				say(stderr, "%s: %s", ar->files[f], why);
			return -1;
		}
		for (uint32_t k = 0; k < n; k++) {
			jobs[*njobs + k].file = ar->files[f];
			jobs[*njobs + k].in = ar->texts[f];
			jobs[*njobs + k].in_len = ar->lens[f];
			jobs[*njobs + k].s = &all[*njobs + k];
		}
		for (uint32_t k = 0; k < n; k++)
			if (out_name(jobs[*njobs + k].out, sizeof jobs[0].out, ar->out, ar->files[f], &all[*njobs + k],
				     ar->nfiles > 1, n > 1)) {
				say(stderr, "-o %s: the name is too long", ar->out);
				return -1;
			}
		*njobs += n;
	}
	if (!strcmp(ar->out, "-") && *njobs > 1) {
		/* standard output takes one capture: never files named "-..." */
		char list[1024] = "";
		for (uint32_t k = 0; k < *njobs && strlen(list) < 900; k++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s (%s)", k ? ", " : "",
				 jobs[k].s->what, base_name(jobs[k].file));
		say(stderr, "-o -: %u curves (%s), and standard output takes one capture: import one "
		    "(--stride for lat_mem_rd, one file) or give -o OUT.json for a file each; "
		    "nothing was written", *njobs, list);
		return -1;
	}
	return 0;
}

int cs_cmd_import(int argc, char **argv)
{
	int bw = cs_import_bw_cmd(argc, argv); /* the bandwidth formats: import_bw.c */
	if (bw >= 0)
		return bw;
	bw = cs_import_sbc_cmd(argc, argv); /* sbc-bench's result files: import_sbc.c */
	if (bw >= 0)
		return bw;
	struct import_args ar = { NULL, NULL, NULL, NULL, NULL, { NULL, NULL, -1 }, { NULL }, 0, { NULL }, { 0 } };
	int rc = parse_args(argc, argv, &ar);
	const char *format = ar.format, *published = ar.published;
	const char *label = ar.label, *arch = ar.arch;
	char why[8448];

	if (rc >= 0)
		return rc;
	rc = CS_EXIT_ERROR;

	struct cs_import_series *all = calloc(CS_IMPORT_MAX_SERIES, sizeof *all);
	struct job *jobs = calloc(CS_IMPORT_MAX_SERIES, sizeof *jobs);
	uint32_t njobs = 0;
	if (!all || !jobs) {
		fprintf(stderr, "cacheshape import: out of memory\n");
		goto done;
	}
	/* read everything first: nothing is written unless all of it reads */
	if (read_files(&ar, all, jobs, &njobs, why, sizeof why))
		goto done;
	for (uint32_t k = 0; k < njobs; k++) {
		for (uint32_t q = 0; q < k; q++)
			if (!strcmp(jobs[q].out, jobs[k].out)) {
				say(stderr, "two curves would both be written to %s (files with the same name?)",
				    jobs[k].out);
				goto done;
			}
		if (cs_outfile_check(jobs[k].out, 0, NULL, 0, why, sizeof why)) {
			say(stderr, "%s (nothing was written)", why);
			goto done;
		}
		int b = build(&jobs[k], format, published, label, arch, why, sizeof why);
		if (b == -2)
			goto done; /* a usage error, already said */
		if (b) {
			say(stderr, "%s", why);
			goto done;
		}
	}
	for (uint32_t k = 0; k < njobs; k++) {
		if (write_new_file(jobs[k].out, jobs[k].text, jobs[k].len, why, sizeof why)) {
			say(stderr, "%s%s", why, k ? " (the captures before it were written)" : "");
			goto done;
		}
		/* the account on stdout, or beside the capture there on stderr */
		say(strcmp(jobs[k].out, "-") ? stdout : stderr, "%s: %u points (%s, %s)",
		    strcmp(jobs[k].out, "-") ? jobs[k].out : "standard output", jobs[k].s->n,
		    base_name(jobs[k].file), jobs[k].s->what);
	}
	rc = CS_EXIT_OK;
done:
	if (jobs)
		for (uint32_t k = 0; k < CS_IMPORT_MAX_SERIES; k++)
			free(jobs[k].text);
	free(jobs);
	free(all);
	for (int f = 0; f < ar.nfiles; f++)
		free(ar.texts[f]);
	return rc;
}
