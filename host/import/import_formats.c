/* import_formats.c: the text other tools print, read strictly into curves.
 * Numbers are taken as printed: a decimal is converted once, correctly
 * rounded (strtod in the C locale), and scaled by a power of two (exact),
 * so a size or a latency is the double nearest to what the tool printed.
 *
 *   lat_mem_rd     "stride=N, then "MB ns" lines; MB is 2^20 bytes
 *   ramlat         "size: 1x32 ... 1xPTR ..." then "4k: 1.669 ..."; k is 2^10
 *   memorylatency  "Region,Latency (ns)" then "KiB,ns" lines
 *   columns        "SIZE NS" lines, SIZE in bytes or with K, M, G (2^10..)
 */
#define _POSIX_C_SOURCE 200809L
#include "import.h"
#include "../input.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LINE_MAX_BYTES CS_IMPORT_LINE_MAX
#define UTF8_BOM "\xEF\xBB\xBF"
#define MAX_TOKENS 32

struct parse {
	const struct cs_import_opts *o;
	struct cs_import_series *s;
	uint32_t max, n;
	uint32_t line;
	uint32_t *err_line;
	char *err;
	size_t errlen;
};

static int fail(struct parse *p, uint32_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct parse *p, uint32_t line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err, p->errlen, fmt, ap);
	va_end(ap);
	*p->err_line = line;
	return -1;
}

/* A plain decimal: digits with at most one '.', an optional exponent;
 * nothing else (no sign, no thousands separator, no hex): read whole or
 * refused. */
int cs_import_decimal(const char *s, size_t len, double *out)
{
	char buf[64];
	size_t i = 0, digits = 0;
	if (len == 0 || len >= sizeof buf)
		return -1;
	while (i < len && isdigit((unsigned char)s[i]))
		i++, digits++;
	if (i < len && s[i] == '.') {
		i++;
		while (i < len && isdigit((unsigned char)s[i]))
			i++, digits++;
	}
	if (!digits)
		return -1;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t e = ++i;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++, e++;
		while (i < len && isdigit((unsigned char)s[i]))
			i++;
		if (i == e)
			return -1;
	}
	if (i != len)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtod(buf, NULL);
	return errno == ERANGE || !isfinite(*out) ? -1 : 0;
}

/* "32K", "32KiB", "32kB", "1.5M", "49152": bytes */
static int size_token(const char *s, size_t len, double *bytes)
{
	size_t d = 0;
	double v, unit = 1;
	while (d < len && (isdigit((unsigned char)s[d]) || s[d] == '.'))
		d++;
	if (cs_import_decimal(s, d, &v))
		return -1;
	const char *u = s + d;
	size_t ul = len - d;
	if (ul) {
		switch (toupper((unsigned char)u[0])) {
		case 'K': unit = 1024.0; break;
		case 'M': unit = 1024.0 * 1024; break;
		case 'G': unit = 1024.0 * 1024 * 1024; break;
		default: return -1;
		}
		if (!(ul == 1 || (ul == 2 && toupper((unsigned char)u[1]) == 'B') ||
		      (ul == 3 && u[1] == 'i' && u[2] == 'B')))
			return -1;
	}
	*bytes = v * unit; /* a power of two: exact */
	return isfinite(*bytes) ? 0 : -1;
}

int cs_import_line(FILE *f, char *buf, size_t cap, uint32_t *line, char *why, size_t n)
{
	if (!fgets(buf, (int)cap, f))
		return 0;
	++*line;
	size_t len = strlen(buf);
	/* a line longer than the buffer would come back in pieces: refused
	 * by its number, never split into rows */
	if (len == cap - 1 && buf[len - 1] != '\n' && !feof(f)) {
		snprintf(why, n, "a line longer than %zu bytes (CS_IMPORT_LINE_MAX)", cap - 2);
		return -1;
	}
	return 1;
}

int cs_import_slurp(const char *path, char **text, size_t *len, uint32_t *line, char *why, size_t n)
{
	*line = 0;
	if (cs_input_slurp(path, CS_IMPORT_MAX_BYTES, "an import file (CS_IMPORT_MAX_BYTES)", text, len,
			   why, n))
		return -1;
	/* fgets stops at no NUL, and a string at the first: a NUL inside a
	 * line would cut it unsaid */
	const char *nul = memchr(*text, '\0', *len);
	if (nul) {
		*line = 1;
		for (const char *q = *text; q < nul; q++)
			*line += *q == '\n';
		snprintf(why, n, "a NUL byte: not a text file");
		free(*text);
		*text = NULL;
		return -1;
	}
	return 0;
}

int cs_import_size(const char *s, double *bytes)
{
	return size_token(s, strlen(s), bytes);
}

int cs_import_cut_utf8(char *text, size_t cap)
{
	size_t n = strlen(text);
	if (n < cap)
		return 0;
	n = cap - 1;
	while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80)
		n--; /* text[n] would start the next character: cut before it */
	text[n] = '\0';
	return 1;
}

struct tokens {
	uint32_t n;
	const char *t[MAX_TOKENS];
	size_t len[MAX_TOKENS];
};

/* Split on blanks (and on commas when 'comma'). */
static void split(const char *line, int comma, struct tokens *k)
{
	const char *s = line;
	k->n = 0;
	for (;;) {
		while (*s == ' ' || *s == '\t' || (comma && *s == ','))
			s++;
		if (!*s || k->n == MAX_TOKENS)
			return;
		const char *e = s;
		while (*e && *e != ' ' && *e != '\t' && !(comma && *e == ','))
			e++;
		k->t[k->n] = s;
		k->len[k->n++] = (size_t)(e - s);
		s = e;
	}
}

static struct cs_import_series *new_series(struct parse *p)
{
	if (p->n >= p->max) {
		fail(p, p->line, "more than %u curves in one file", p->max);
		return NULL;
	}
	struct cs_import_series *s = &p->s[p->n++];
	memset(s, 0, offsetof(struct cs_import_series, bytes));
	s->stride = -1;
	s->table = 0;
	return s;
}

static int add_point(struct parse *p, struct cs_import_series *s, double bytes,
		     double ns)
{
	if (!(bytes > 0))
		return fail(p, p->line, "size must be positive, got %g bytes", bytes);
	if (!(ns > 0))
		return fail(p, p->line, "latency must be positive, got %g ns", ns);
	for (uint32_t i = 0; i < s->n; i++)
		if (s->bytes[i] == bytes)
			return fail(p, p->line, "size %.10g bytes repeats line %u",
				    bytes, s->line[i]);
	if (s->n >= CS_MAX_SWEEP_POINTS)
		return fail(p, p->line, "more than %u points in one curve (the most "
			    "a capture holds)", CS_MAX_SWEEP_POINTS);
	s->bytes[s->n] = bytes;
	s->ns[s->n] = ns;
	s->line[s->n++] = p->line;
	return 0;
}

static char *trim(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' ||
		     s[n - 1] == '\t'))
		s[--n] = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* lmbench's lat_mem_rd: each stride is a set, headed "stride=N (with the
 * quote xgraph wants), of lines "MB ns", MB printed to 5 decimals. Text
 * before the first header (a command line, a banner) is skipped; inside a
 * set anything else is an error. */
static int lat_mem_rd(struct parse *p, char *line, struct cs_import_series **cur)
{
	struct tokens k;
	double mb, ns;
	if (!strncmp(line, "\"stride=", 8) || !strncmp(line, "stride=", 7)) {
		const char *v = line + (line[0] == '"' ? 8 : 7);
		char *end;
		long stride = strtol(v, &end, 10);
		if (end == v || *trim(end) || stride <= 0 || stride > (1L << 30))
			return fail(p, p->line, "\"stride=N header with a bad stride: %s", line);
		for (uint32_t i = 0; i < p->n; i++)
			if (p->s[i].stride == stride)
				return fail(p, p->line, "stride %ld repeats (first at line %u)",
					    stride, p->s[i].n ? p->s[i].line[0] - 1 : 0);
		if (!(*cur = new_series(p)))
			return -1;
		(*cur)->stride = (int32_t)stride;
		snprintf((*cur)->tag, sizeof (*cur)->tag, "stride%ld", stride);
		snprintf((*cur)->what, sizeof (*cur)->what, "stride %ld", stride);
		return 0;
	}
	split(line, 0, &k);
	if (k.n == 2 && !cs_import_decimal(k.t[0], k.len[0], &mb) && !cs_import_decimal(k.t[1], k.len[1], &ns)) {
		if (!*cur)
			return fail(p, p->line, "an \"MB ns\" line before any \"stride=N header");
		return add_point(p, *cur, mb * 1048576.0, ns);
	}
	if (*cur)
		return fail(p, p->line, "not an \"MB ns\" line of lat_mem_rd: %.60s", line);
	return 0; /* before the first set: skipped */
}

/* ramlat (as sbc-bench collects it): "size:" and the column names, then
 * rows "4k: v v v ..." until a line that is not a row. */
static int ramlat_header(struct parse *p, char *line, struct cs_import_series **cur,
			 int *col, uint32_t *ncols, const char *heading)
{
	struct tokens k;
	split(line, 0, &k);
	if (k.n < 2 || k.len[0] != 5 || strncmp(k.t[0], "size:", 5))
		return 0;
	const char *want = p->o->column ? p->o->column : "1xPTR";
	*col = -1;
	*ncols = k.n - 1;
	char names[512] = "";
	for (uint32_t i = 1; i < k.n; i++) {
		if (k.len[i] == strlen(want) && !strncmp(k.t[i], want, k.len[i]))
			*col = (int)i - 1;
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%.*s",
			 i > 1 ? ", " : "", (int)k.len[i], k.t[i]);
	}
	if (*col < 0)
		return fail(p, p->line, "no column \"%s\" in this ramlat table (columns: %s); "
			    "choose one with --column", want, names);
	if (!(*cur = new_series(p)))
		return -1;
	uint32_t t = 0;
	for (uint32_t i = 0; i < p->n; i++)
		t += p->s[i].table != 0;
	(*cur)->table = t + 1;
	snprintf((*cur)->column, sizeof (*cur)->column, "%s", want);
	snprintf((*cur)->tag, sizeof (*cur)->tag, "table%u", t + 1);
	snprintf((*cur)->what, sizeof (*cur)->what, "column %s of table %u%s%.80s", want,
		 t + 1, heading[0] ? ": " : "", heading);
	return 1;
}

static int ramlat_row(struct parse *p, char *line, struct cs_import_series *cur,
		      int col, uint32_t ncols)
{
	struct tokens k;
	double bytes, ns;
	split(line, 0, &k);
	if (k.n < 1 || k.len[0] < 2 || k.t[0][k.len[0] - 1] != ':' ||
	    size_token(k.t[0], k.len[0] - 1, &bytes)) {
		if (isdigit((unsigned char)line[0]))
			return fail(p, p->line, "not a ramlat row (\"4k: v v ...\") of %s: %.60s (a "
				    "table ends at a blank line or text)", cur->what, line);
		return 0; /* not a row: the table has ended */
	}
	if (k.n - 1 != ncols)
		return fail(p, p->line, "a ramlat row with %u values where the header names %u "
			    "columns", k.n - 1, ncols);
	if (cs_import_decimal(k.t[col + 1], k.len[col + 1], &ns))
		return fail(p, p->line, "\"%.*s\" is not a latency in ns", (int)k.len[col + 1],
			    k.t[col + 1]);
	return add_point(p, cur, bytes, ns) ? -1 : 1;
}

/* Chips and Cheese's MemoryLatency: "Region,Latency (ns)" then
 * "KiB,ns" rows ("%d,%f"); blank lines inside the table are skipped (pasted
 * text often has them); a table ends at a line of text (or the next
 * header: each table is a curve). A line that looks like a row (it starts
 * with a digit, or has a comma) but is not one is refused by its line,
 * and so is a row outside a table: nothing is dropped unsaid. */
static int memlat_header(const char *line)
{
	return !strcasecmp(line, "Region,Latency (ns)");
}

static int row_like(const char *line)
{
	return isdigit((unsigned char)line[0]) || line[0] == '.' || line[0] == '-' ||
	       line[0] == '+' || strchr(line, ',') != NULL;
}

/* 1 and *kib, *ns when line is "KiB,ns" (a bad ns said: -1); else 0. */
static int memlat_parse(struct parse *p, const char *line, double *kib, double *ns)
{
	struct tokens k;
	const char *c = strchr(line, ',');
	if (!c || strchr(c + 1, ','))
		return 0;
	split(line, 1, &k);
	if (k.n != 2 || cs_import_decimal(k.t[0], k.len[0], kib))
		return 0;
	if (cs_import_decimal(k.t[1], k.len[1], ns))
		return fail(p, p->line, "\"%.*s\" is not a latency in ns", (int)k.len[1], k.t[1]);
	return 1;
}

static int memlat_row(struct parse *p, char *line, struct cs_import_series *cur)
{
	double kib, ns;
	int rc = memlat_parse(p, line, &kib, &ns);
	if (rc < 0)
		return -1;
	if (rc == 0 && row_like(line))
		return fail(p, p->line, "not a \"KiB,ns\" row of %s: %.60s (a table ends at a "
			    "line of text)", cur->what, line);
	if (rc == 0)
		return 0;
	return add_point(p, cur, kib * 1024.0, ns) ? -1 : 1;
}

/* A line outside any table: a header starts one (1), a row there is
 * refused, anything else is skipped (0). */
static int memlat_outside(struct parse *p, char *line, struct cs_import_series **cur)
{
	double kib, ns;
	if (memlat_header(line)) {
		if (!(*cur = new_series(p)))
			return -1;
		(*cur)->table = p->n;
		snprintf((*cur)->tag, sizeof (*cur)->tag, "table%u", p->n);
		snprintf((*cur)->what, sizeof (*cur)->what, "table %u", p->n);
		return 1;
	}
	int rc = memlat_parse(p, line, &kib, &ns);
	if (rc < 0)
		return -1;
	if (rc > 0)
		return fail(p, p->line, "a \"KiB,ns\" row outside a table (%s): %.60s",
			    p->n ? "after a table ended at a line of text" : "before any \"Region,Latency (ns)\" header",
			    line);
	return 0;
}

/* Any two columns: "SIZE NS" (blanks or a comma between); '#' comments. */
static int columns(struct parse *p, char *line, struct cs_import_series *s)
{
	struct tokens k;
	double bytes, ns;
	if (line[0] == '#')
		return 0;
	split(line, 1, &k);
	if (k.n != 2)
		return fail(p, p->line, "expected two columns (SIZE NS), got %u: %.60s", k.n, line);
	if (size_token(k.t[0], k.len[0], &bytes))
		return fail(p, p->line, "\"%.*s\" is not a size (bytes, or a number with K, M "
			    "or G)", (int)k.len[0], k.t[0]);
	if (cs_import_decimal(k.t[1], k.len[1], &ns))
		return fail(p, p->line, "\"%.*s\" is not a latency in ns", (int)k.len[1], k.t[1]);
	return add_point(p, s, bytes, ns);
}

/* Nothing of the format was found: what was looked for. */
static int none_found(struct parse *p, const char *fmt)
{
	if (!strcmp(fmt, "ramlat"))
		return fail(p, 0, "no ramlat table (a line \"size: 1x32 ... 1xPTR ...\" "
			    "followed by rows \"4k: ...\")");
	if (!strcmp(fmt, "memorylatency"))
		return fail(p, 0, "no MemoryLatency table (a line \"Region,Latency (ns)\" "
			    "followed by \"KiB,ns\" rows)");
	if (!strcmp(fmt, "lat_mem_rd"))
		return fail(p, 0, "no lat_mem_rd output (a \"stride=N line followed by "
			    "\"MB ns\" lines)");
	return fail(p, 0, "no \"SIZE NS\" lines");
}

/* --stride: that series alone, first; -1 (said) when the file has none. */
static int keep_stride(struct parse *p, int32_t stride)
{
	uint32_t keep = p->n;
	char have[256] = "";
	for (uint32_t i = 0; i < p->n; i++) {
		if (p->s[i].stride == stride)
			keep = i;
		snprintf(have + strlen(have), sizeof have - strlen(have), "%s%d",
			 i ? ", " : "", p->s[i].stride);
	}
	if (keep == p->n)
		return fail(p, 0, "no stride %d in this file (strides: %s)", stride, have);
	if (keep)
		memcpy(&p->s[0], &p->s[keep], sizeof p->s[0]);
	p->n = 1;
	return 0;
}

int cs_import_parse(FILE *f, const struct cs_import_opts *o,
		    struct cs_import_series *series, uint32_t max, uint32_t *n,
		    uint32_t *err_line, char *err, size_t errlen)
{
	struct parse p = { o, series, max, 0, 0, err_line, err, errlen };
	struct cs_import_series *cur = NULL;
	char buf[LINE_MAX_BYTES + 2], heading[160] = "";
	int in_table = 0, col = 0, rc = 0;
	uint32_t ncols = 0;
	const char *fmt = o->format;

	*n = 0;
	*err_line = 0;
	if (!strcmp(fmt, "columns")) {
		if (!(cur = new_series(&p)))
			return -1;
		snprintf(cur->what, sizeof cur->what, "two columns");
	}
	while (fgets(buf, sizeof buf, f)) {
		p.line++;
		if (!strchr(buf, '\n') && !feof(f))
			return fail(&p, p.line, "a line longer than %d bytes (CS_IMPORT_LINE_MAX)",
				    LINE_MAX_BYTES);
		char *line = buf;
		if (p.line == 1 && !strncmp(line, UTF8_BOM, 3))
			line += 3; /* a byte-order mark (Windows editors write one) */
		line = trim(line);
		if (!strcmp(fmt, "lat_mem_rd")) {
			rc = *line ? lat_mem_rd(&p, line, &cur) : 0;
		} else if (!strcmp(fmt, "columns")) {
			rc = *line ? columns(&p, line, cur) : 0;
		} else if (!strcmp(fmt, "ramlat")) {
			if (in_table) {
				rc = *line ? ramlat_row(&p, line, cur, col, ncols) : 0;
				if (rc == 0)
					in_table = 0; /* the lines after a table are skipped */
				if (rc == 0 && !cur->n)
					return fail(&p, p.line, "a ramlat header with no rows");
			}
			if (!in_table && rc == 0) {
				rc = ramlat_header(&p, line, &cur, &col, &ncols, heading);
				in_table = rc == 1;
				/* "Executing ramlat on cpu4 (Cortex-A72), results in ns:" */
				const char *on = strstr(line, "ramlat on ");
				if (rc == 0 && on)
					snprintf(heading, sizeof heading, "%.*s",
						 (int)strcspn(on + 10, ","), on + 10);
			}
		} else { /* memorylatency */
			if (in_table && memlat_header(line)) {
				if (!cur->n)
					return fail(&p, p.line, "%s has a header and no rows", cur->what);
				in_table = 0; /* the next table starts here */
			}
			if (in_table) {
				rc = *line ? memlat_row(&p, line, cur) : 1;
				if (rc == 0)
					in_table = 0;
			} else {
				rc = memlat_outside(&p, line, &cur);
				in_table = rc == 1;
			}
		}
		if (rc < 0)
			return -1;
		if (rc > 0)
			rc = 0;
	}
	if (ferror(f))
		return fail(&p, 0, "read error: %s", strerror(errno));
	if (in_table && cur && !cur->n)
		return fail(&p, p.line, "a table header with no rows");
	if (!p.n || (p.n == 1 && !p.s[0].n))
		return none_found(&p, fmt);
	for (uint32_t i = 0; i < p.n; i++)
		if (!p.s[i].n)
			return fail(&p, 0, "%s has no points", p.s[i].what);
	if (o->stride >= 0 && keep_stride(&p, o->stride))
		return -1;
	*n = p.n;
	return 0;
}
