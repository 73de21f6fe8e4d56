/* import_sbc.c: `cacheshape import --from sbc-bench FILE... -o OUT.json`:
 * an sbc-bench result file (github.com/ThomasKaiser/sbc-bench, results/)
 * becomes one capture per `Executing ramlat on cpuN (CORE)` table, its
 * published caches that cpu's `cpuN/indexM: SIZE, level: L, type: T` lines,
 * its label the board, the core and the cpu, environment.arch lscpu's
 * Architecture. Each table is read by the ramlat parser (import_formats.c)
 * and built by cs_import_finish (import.c), like --from ramlat. Every file
 * is read whole before anything is written; a line that cannot be read
 * refuses the import by its line, and nothing is ever overwritten. */
#define _GNU_SOURCE
#include "import.h"
#include "../outfile.h"
#include "../cmd.h"
#include "../cli.h"
#include "../../common/buf.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A result file is a few hundred KiB; one over this is not one. */
#define SBC_MAX_TABLES 16
#define SBC_MAX_CPUS 512
#define SBC_MAX_FILES 64

/* One cache an OS publishes for one cpu (cpuN/indexM lines). */
struct sbc_cache {
	uint32_t cpu, level, line;
	enum cs_cache_type type;
	double bytes;
};

struct sbc_table {
	uint32_t cpu, line, mlp_table; /* line of "Executing ramlat"; 1-based "size:" header */
	char core[96];
	struct cs_import_series s;
};

struct sbc_file {
	const char *path;
	char *text; /* the whole file (free() it) */
	size_t len;
	char board[160], arch[CS_WORD_MAX];
	uint32_t n_caches, n_tables;
	struct sbc_cache caches[SBC_MAX_CPUS * 4];
	struct sbc_table t[SBC_MAX_TABLES];
	/* lscpu, for a file without cpuN lines */
	uint32_t n_models;
	int models_differ;
	char model[96];
	double lscpu[4];   /* L1d, L2, L3 per instance, 0: not given */
};

static int say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int say(const char *fmt, ...)
{
	static char msg[9000], shown[4 * sizeof msg + 64];
	struct cs_buf b;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cs_buf_init(&b, shown, sizeof shown);
	cs_put_text(&b, msg);
	fprintf(stderr, "cacheshape import: %s\n", shown);
	return CS_EXIT_ERROR;
}

static const char *trim(char *s)
{
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* Line 1: "sbc-bench vX.Y.Z BOARD (DATE)": the board. */
static void board_of(const char *line, char *out, size_t cap)
{
	const char *p = line;
	size_t n;
	out[0] = 0;
	if (strncmp(p, "sbc-bench v", 11))
		return;
	p += 11;
	while (*p && *p != ' ')
		p++;
	while (*p == ' ')
		p++;
	n = strlen(p);
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	if (n && p[n - 1] == ')') { /* the date, in the last parentheses */
		size_t k = n;
		while (k && p[k - 1] != '(')
			k--;
		if (k)
			n = k - 1;
	}
	while (n && p[n - 1] == ' ')
		n--;
	snprintf(out, cap, "%.*s", (int)n, p);
	cs_import_cut_utf8(out, cap);
}

/* "cpuN/indexM: SIZE, level: L, type: T": 1 read, 0 not such a line, -1
 * such a line that cannot be read (why set). */
static int cache_line(const char *line, struct sbc_cache *c, char *why, size_t whylen)
{
	unsigned cpu, idx, level;
	char size[32], type[32];
	int end = 0;
	if (strncmp(line, "cpu", 3) || !isdigit((unsigned char)line[3]) || !strstr(line, "/index"))
		return 0;
	if (sscanf(line, "cpu%u/index%u: %31[^,], level: %u, type: %31s%n", &cpu, &idx, size, &level,
		   type, &end) != 5 || line[end + strspn(line + end, " \t\r\n")]) {
		snprintf(why, whylen, "not a cache line \"cpuN/indexM: SIZE, level: L, type: "
			 "Data|Instruction|Unified\": %.80s", line);
		return -1;
	}
	if (cpu >= SBC_MAX_CPUS || level < 1 || level > 16) {
		snprintf(why, whylen, "cpu %u, level %u: out of range (cpu 0 to %u, level 1 to 16)", cpu,
			 level, SBC_MAX_CPUS - 1);
		return -1;
	}
	if (cs_import_size(size, &c->bytes) || c->bytes < 1 || c->bytes != (double)(uint64_t)c->bytes) {
		snprintf(why, whylen, "\"%s\" is not a cache size (32K, 1M)", size);
		return -1;
	}
	if (!strcmp(type, "Data"))
		c->type = CS_CACHE_DATA;
	else if (!strcmp(type, "Unified"))
		c->type = CS_CACHE_UNIFIED;
	else if (!strcmp(type, "Instruction"))
		c->type = CS_CACHE_INSTRUCTION;
	else {
		snprintf(why, whylen, "type \"%s\" is none of Data, Instruction, Unified", type);
		return -1;
	}
	c->cpu = cpu;
	c->level = level;
	return 1;
}

/* lscpu's "L1d cache: 640 KiB (12 instances)" or "L2 cache: 1024K": the
 * size of one instance, into f->lscpu[slot]. */
static void lscpu_size(struct sbc_file *f, int slot, const char *v)
{
	char num[32], unit[16];
	unsigned inst = 1;
	double bytes;
	if (sscanf(v, "%31s %15s (%u instance", num, unit, &inst) >= 2 && strchr("KMG", unit[0])) {
		char joined[48];
		snprintf(joined, sizeof joined, "%s%c", num, unit[0]);
		if (cs_import_size(joined, &bytes))
			return;
	} else if (sscanf(v, "%31s", num) != 1 || cs_import_size(num, &bytes)) {
		return;
	}
	if (inst < 1)
		return;
	bytes /= inst;
	if (bytes >= 1 && bytes == (double)(uint64_t)bytes)
		f->lscpu[slot] = bytes;
}

static void lscpu_line(struct sbc_file *f, char *line)
{
	static const char *const key[] = { "L1d cache:", "L2 cache:", "L3 cache:" };
	char *v;
	if (!strncmp(line, "Architecture:", 13) && !f->arch[0]) {
		const char *a = trim(line + 13);
		snprintf(f->arch, sizeof f->arch, "%s", !strcmp(a, "armv7l") ? "armv7" : a);
		if (!cs_arch_token(f->arch))
			f->arch[0] = 0;
		return;
	}
	if (!strncmp(line, "Model name:", 11)) {
		const char *m = trim(line + 11);
		if (f->n_models++ && strcmp(m, f->model))
			f->models_differ = 1;
		else
			snprintf(f->model, sizeof f->model, "%s", m);
		return;
	}
	for (int k = 0; k < 3; k++)
		if (!strncmp(line, key[k], strlen(key[k]))) {
			v = line + strlen(key[k]);
			lscpu_size(f, k, trim(v));
		}
}

/* "Executing ramlat on cpuN (CORE), results in ns:": 1, 0 not such a line,
 * -1 unreadable. */
static int table_line(const char *line, struct sbc_table *t, char *why, size_t whylen)
{
	const char *p = "Executing ramlat on cpu", *open, *close;
	char *end;
	if (strncmp(line, p, strlen(p)))
		return strncmp(line, "Executing ramlat", 16) ? 0 : (snprintf(why, whylen,
			"not \"Executing ramlat on cpuN (CORE), results in ns:\": %.80s", line), -1);
	unsigned long cpu = strtoul(line + strlen(p), &end, 10);
	open = strchr(end, '(');
	close = open ? strrchr(open, ')') : NULL;
	if (end == line + strlen(p) || cpu >= SBC_MAX_CPUS || strncmp(end, " (", 2) || !close ||
	    !strstr(close, "results in ns")) {
		snprintf(why, whylen, "not \"Executing ramlat on cpuN (CORE), results in ns:\": %.80s", line);
		return -1;
	}
	t->cpu = (uint32_t)cpu;
	snprintf(t->core, sizeof t->core, "%.*s", (int)(close - open - 1), open + 1);
	return 1;
}

/* Lines a .. the end of the table after the "Executing" line at a, into s
 * by the ramlat parser: the heading line, a blank line, "size:" and the
 * rows up to the first line that is not one. */
static int read_table(char **lines, uint32_t n, uint32_t a, struct sbc_table *t,
		      uint32_t *err_line, char *why, size_t whylen)
{
	size_t cap = 0, len = 0;
	char *text = NULL;
	FILE *mem = open_memstream(&text, &cap);
	uint32_t i = a, got = 0, bad = 0, line = 0, header = 0;
	struct cs_import_opts o = { "ramlat", NULL, -1 };
	if (!mem) {
		snprintf(why, whylen, "out of memory");
		return -1;
	}
	fprintf(mem, "%s\n", lines[i++]);
	while (i < n && !*trim(lines[i]))
		fputc('\n', mem), i++;
	for (; i < n; i++) {
		const char *l = lines[i];
		while (*l == ' ' || *l == '\t')
			l++;
		if (!header && !strncmp(l, "size:", 5))
			header = i;
		else if (!header || !*l || !isdigit((unsigned char)*l))
			break;
		fprintf(mem, "%s\n", lines[i]);
	}
	fclose(mem);
	len = strlen(text);
	FILE *f = fmemopen(text, len ? len : 1, "r");
	if (!f || !header) {
		free(text);
		if (f)
			fclose(f);
		*err_line = a + 1;
		snprintf(why, whylen, "no ramlat table (\"size: 1x32 ... 1xPTR ...\") after this line");
		return -1;
	}
	bad = (uint32_t)cs_import_parse(f, &o, &t->s, 1, &got, &line, why, whylen);
	fclose(f);
	free(text);
	if (bad || got != 1) {
		*err_line = line ? a + line : a + 1;
		if (!bad)
			snprintf(why, whylen, "%u ramlat tables after this line, where one was expected", got);
		return -1;
	}
	for (uint32_t k = 0; k < t->s.n; k++)
		t->s.line[k] += a; /* lines of the file, not of the table */
	t->line = a + 1;
	t->mlp_table = header; /* counted below, among the file's "size:" lines */
	return 0;
}

/* f->text cut into lines (each its own copy, "\r" dropped): 0, or -1 with
 * *err_line and why (a line longer than CS_IMPORT_LINE_MAX, memory). */
static int split_lines(const struct sbc_file *f, char ***out, uint32_t *out_n, uint32_t *err_line, char *why,
		       size_t whylen)
{
	char **lines = NULL, *buf;
	uint32_t n = 0, alloc = 0;
	for (size_t at = 0; at < f->len;) {
		const char *nl = memchr(f->text + at, '\n', f->len - at);
		size_t got = nl ? (size_t)(nl - (f->text + at)) : f->len - at;
		if (got > CS_IMPORT_LINE_MAX) {
			*err_line = n + 1;
			snprintf(why, whylen, "a line longer than %u bytes: not an sbc-bench result",
				 CS_IMPORT_LINE_MAX);
			goto fail;
		}
		if (n == alloc) {
			char **more = realloc(lines, (alloc = alloc ? 2 * alloc : 4096) * sizeof *lines);
			if (!more)
				goto oom;
			lines = more;
		}
		if (!(buf = malloc(got + 1)))
			goto oom;
		memcpy(buf, f->text + at, got);
		buf[got] = 0;
		buf[strcspn(buf, "\r")] = 0;
		lines[n++] = buf;
		at += got + 1;
	}
	*out = lines;
	*out_n = n;
	return 0;
oom:
	snprintf(why, whylen, "out of memory");
fail:
	for (uint32_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	return -1;
}

/* Line i of n, a ramlat table's heading, read into f's next table with
 * the rows below it: 0, or -1 with *err_line and why. */
static int add_table(struct sbc_file *f, char **lines, uint32_t n, uint32_t i, uint32_t *err_line, char *why,
		     size_t whylen)
{
	struct sbc_table *t = &f->t[f->n_tables];
	if (read_table(lines, n, i, t, err_line, why, whylen))
		return -1;
	/* its "size:" header's number among the file's, for the NxPTR
	 * columns (import_bw.c counts the same lines) */
	uint32_t before = 0;
	for (uint32_t q = 0; q < t->mlp_table; q++) {
		const char *m = lines[q] + strspn(lines[q], " \t");
		before += !strncmp(m, "size:", 5);
	}
	t->mlp_table = before + 1;
	f->n_tables++;
	return 0;
}

/* The file's lines read into f: its board, its cpus' cache lines, lscpu's
 * and its tables: 0, or -1 with *err_line and why. */
static int parse_lines(struct sbc_file *f, char **lines, uint32_t n, uint32_t *err_line, char *why, size_t whylen)
{
	if (!n || (board_of(lines[0], f->board, sizeof f->board), !f->board[0])) {
		*err_line = 1;
		snprintf(why, whylen, "not an sbc-bench result: its first line is not \"sbc-bench vX.Y.Z "
			 "BOARD (DATE)\"");
		return -1;
	}
	for (uint32_t i = 0; i < n; i++) {
		struct sbc_cache c;
		int k = cache_line(lines[i], &c, why, whylen);
		if (k < 0) {
			*err_line = i + 1;
			return -1;
		}
		if (k > 0) {
			if (f->n_caches == sizeof f->caches / sizeof f->caches[0]) {
				*err_line = i + 1;
				snprintf(why, whylen, "more than %zu cache lines", sizeof f->caches / sizeof f->caches[0]);
				return -1;
			}
			c.line = i + 1;
			f->caches[f->n_caches++] = c;
			continue;
		}
		lscpu_line(f, lines[i]);
		k = f->n_tables < SBC_MAX_TABLES ? table_line(lines[i], &f->t[f->n_tables], why, whylen) : 0;
		if (k < 0) {
			*err_line = i + 1;
			return -1;
		}
		if (k > 0 && add_table(f, lines, n, i, err_line, why, whylen))
			return -1;
	}
	if (!f->n_tables) {
		snprintf(why, whylen, "no \"Executing ramlat on cpuN (CORE)\" table: nothing to import");
		return -1;
	}
	return 0;
}

/* Reads a whole file into f (at most CS_IMPORT_MAX_BYTES, "-": standard
 * input, through the importers' bounded reader; f->text keeps it for
 * ramlat's NxPTR columns): 0, or -1 with *err_line and why. */
static int read_sbc(const char *path, struct sbc_file *f, uint32_t *err_line, char *why, size_t whylen)
{
	char **lines = NULL;
	uint32_t n = 0;
	int rc = -1;

	memset(f, 0, sizeof *f);
	f->path = path;
	*err_line = 0;
	if (cs_import_slurp(path, &f->text, &f->len, err_line, why, whylen))
		return -1;
	if (split_lines(f, &lines, &n, err_line, why, whylen) == 0) {
		rc = parse_lines(f, lines, n, err_line, why, whylen);
		for (uint32_t i = 0; i < n; i++)
			free(lines[i]);
		free(lines);
	}
	if (rc) {
		free(f->text);
		f->text = NULL;
	}
	return rc;
}

/* Table t's claims: its cpu's data and unified lines (each level once; a
 * level the file does not describe is not claimed); without any cpuN line
 * in the file, lscpu's per-instance sizes when every cluster is the same
 * core. Returns the note the capture carries, or NULL. */
static const char *claims(const struct sbc_file *f, const struct sbc_table *t, struct cs_capture *c)
{
	c->n_caches = 0;
	if (f->n_caches) {
		for (uint32_t i = 0; i < f->n_caches && c->n_caches < CS_MAX_CACHES; i++) {
			const struct sbc_cache *k = &f->caches[i];
			int dup = 0;
			if (k->cpu != t->cpu)
				continue;
			for (uint32_t q = 0; q < c->n_caches; q++)
				dup |= c->caches[q].level == k->level && c->caches[q].type == k->type;
			if (!dup)
				c->caches[c->n_caches++] = (struct cs_cache){ k->level, k->type, (uint64_t)k->bytes, 0 };
		}
		snprintf(c->published_source, sizeof c->published_source, "sbc-bench cpu%u/indexM lines", t->cpu);
		return c->n_caches ? NULL : "published: none, the file describes no cache of this cpu";
	}
	if (f->models_differ || !f->n_models)
		return "published: none, the file has no cpuN/indexM lines and its clusters are not all "
		       "the same core (lscpu's sizes are totals over different cores)";
	for (int k = 0; k < 3; k++)
		if (f->lscpu[k] > 0)
			c->caches[c->n_caches++] = (struct cs_cache){ (uint32_t)k + 1,
				k ? CS_CACHE_UNIFIED : CS_CACHE_DATA, (uint64_t)f->lscpu[k], 0 };
	snprintf(c->published_source, sizeof c->published_source, "sbc-bench lscpu");
	return "published: lscpu's sizes over its instances, the file having no cpuN/indexM lines and "
	       "every cluster the same core";
}

struct sbc_job {
	char out[4096];
	char *text;
	size_t len;
	const struct sbc_file *f;
	const struct sbc_table *t;
};

static int out_name(char *dst, size_t cap, const char *out, const char *file, uint32_t cpu,
		    int many_files, int many_here)
{
	char stem[4096], part[96], name[160] = "";
	const char *b = strrchr(file, '/');
	size_t n = strlen(out);
	if (!many_files && !many_here)
		return snprintf(dst, cap, "%s", out) >= (int)cap ? -1 : 0;
	snprintf(stem, sizeof stem, "%.*s", (int)(n > 5 && !strcmp(out + n - 5, ".json") ? n - 5 : n), out);
	if (many_files) {
		cs_short_name(part, sizeof part, b ? b + 1 : file);
		snprintf(name, sizeof name, "-%s", part);
	}
	if (many_here)
		snprintf(name + strlen(name), sizeof name - strlen(name), "-cpu%u", cpu);
	return snprintf(dst, cap, "%s%s.json", stem, name) >= (int)cap ? -1 : 0;
}

static int build(struct sbc_job *jb, char *why, size_t whylen)
{
	static struct cs_capture c;
	const char *notes[3];
	uint32_t nn = 0;
	char lab[512];
	cs_capture_init(&c);
	c.version = 1;
	cs_strlcpy(c.env_kind, "imported", sizeof c.env_kind);
	if (jb->f->arch[0])
		cs_strlcpy(c.arch, jb->f->arch, sizeof c.arch);
	const char *note = claims(jb->f, jb->t, &c);
	if (note)
		notes[nn++] = note;
	notes[nn++] = "tinymembench's latency table is not imported: it is time over an L1 hit, and the "
		      "L1 latency to add is not in the file for the core it ran on";
	snprintf(lab, sizeof lab, "%s, %s, sbc-bench ramlat on cpu%u", jb->f->board, jb->t->core, jb->t->cpu);
	cs_import_cut_utf8(lab, sizeof c.label);
	cs_strlcpy(c.label, lab, sizeof c.label);
	return cs_import_finish(&c, "sbc-bench", jb->f->path, jb->f->text, jb->f->len, &jb->t->s, jb->t->mlp_table, notes, nn,
				&jb->text, &jb->len, why, whylen);
}

static int usage(const char *what)
{
	return say("%s (usage: cacheshape import --from sbc-bench FILE... -o OUT.json)", what);
}

/* The command's arguments: -o OUT and the files (at most SBC_MAX_FILES):
 * 0, or a usage error's exit status in *rc. */
static int parse_args(int argc, char **argv, const char **out, const char **files, int *nfiles, int *rc)
{
	*out = NULL;
	*nfiles = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--from")) {
			i++;
		} else if (!strcmp(a, "--from=sbc-bench")) {
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			if (++i >= argc)
				return *rc = usage("-o needs a file name"), -1;
			*out = argv[i];
		} else if (!strncmp(a, "--output=", 9)) {
			*out = a + 9;
		} else if (a[0] == '-' && a[1]) {
			char m[256];
			snprintf(m, sizeof m, "%.80s: not an option of --from sbc-bench (its claims, label and "
				 "arch come from the file)", a);
			return *rc = usage(m), -1;
		} else if (*nfiles == SBC_MAX_FILES) {
			return *rc = usage("more than 64 files"), -1;
		} else {
			files[(*nfiles)++] = a;
		}
	}
	if (!*out || !**out)
		return *rc = usage("-o OUT.json is required"), -1;
	if (!strcmp(*out, "-"))
		return *rc = usage("-o -: an sbc-bench file holds several tables; give -o OUT.json for a file each"), -1;
	if (!*nfiles)
		return *rc = usage("no FILE to import"), -1;
	return 0;
}

int cs_import_sbc_cmd(int argc, char **argv)
{
	const char *out = NULL, *files[SBC_MAX_FILES];
	int nfiles = 0, from = 0, rc = CS_EXIT_ERROR;
	struct sbc_file *f = NULL;
	struct sbc_job *jobs = NULL;
	uint32_t njobs = 0;
	char why[4096];

	for (int i = 1; i < argc; i++)
		if ((!strcmp(argv[i], "--from") && i + 1 < argc && !strcmp(argv[i + 1], "sbc-bench")) ||
		    !strcmp(argv[i], "--from=sbc-bench"))
			from = 1;
	if (!from)
		return -1;
	if (parse_args(argc, argv, &out, files, &nfiles, &rc))
		return rc;
	f = calloc((size_t)nfiles, sizeof *f);
	jobs = calloc((size_t)nfiles * SBC_MAX_TABLES, sizeof *jobs);
	if (!f || !jobs) {
		say("out of memory");
		goto done;
	}
	/* every file read whole first: nothing is written unless all of it reads */
	for (int k = 0; k < nfiles; k++) {
		uint32_t line = 0;
		if (read_sbc(files[k], &f[k], &line, why, sizeof why)) {
			if (line)
				say("%s:%u: %s; nothing was written", files[k], line, why);
			else
				say("%s: %s; nothing was written", files[k], why);
			goto done;
		}
		for (uint32_t t = 0; t < f[k].n_tables; t++) {
			struct sbc_job *jb = &jobs[njobs++];
			jb->f = &f[k];
			jb->t = &f[k].t[t];
			if (out_name(jb->out, sizeof jb->out, out, files[k], jb->t->cpu, nfiles > 1,
				     f[k].n_tables > 1)) {
				say("-o %s: the name is too long", out);
				goto done;
			}
		}
	}
	for (uint32_t k = 0; k < njobs; k++) {
		for (uint32_t q = 0; q < k; q++)
			if (!strcmp(jobs[q].out, jobs[k].out)) {
				say("two tables would both be written to %s (the same cpu twice, or files with "
				    "the same name); nothing was written", jobs[k].out);
				goto done;
			}
		if (cs_outfile_check(jobs[k].out, 0, NULL, 0, why, sizeof why)) {
			say("%s (nothing was written)", why);
			goto done;
		}
		if (build(&jobs[k], why, sizeof why)) {
			say("%s (nothing was written)", why);
			goto done;
		}
	}
	for (uint32_t k = 0; k < njobs; k++) {
		if (cs_outfile_write(jobs[k].out, 0, NULL, 0, jobs[k].text, jobs[k].len, NULL, NULL, why,
				     sizeof why)) {
			say("%s%s", why, k ? " (the captures before it were written)" : "");
			goto done;
		}
		printf("cacheshape import: %s: %u points (%s, cpu%u %s)\n", jobs[k].out, jobs[k].t->s.n,
		       jobs[k].f->board, jobs[k].t->cpu, jobs[k].t->core);
	}
	rc = CS_EXIT_OK;
done:
	if (jobs)
		for (uint32_t k = 0; k < njobs; k++)
			free(jobs[k].text);
	free(jobs);
	if (f)
		for (int k = 0; k < nfiles; k++)
			free(f[k].text);
	free(f);
	return rc;
}
