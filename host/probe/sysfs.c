/* sysfs.c: Linux's description of each CPU, read from a tree (sysfs.h).
 * Strict: a value that is not what the kernel writes is not guessed at. */
#include "sysfs.h"
#include "../../common/buf.h"

#include <stdio.h>
#include <string.h>

/* The end of a value: nothing, or one newline. */
static int at_end(const char *p)
{
	return p[0] == 0 || (p[0] == '\n' && p[1] == 0);
}

static int digits(const char **p, uint64_t *v)
{
	const char *s = *p;
	*v = 0;
	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (*v > (UINT64_MAX - 9) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(*s - '0');
	}
	*p = s;
	return 0;
}

int cs_sysfs_parse_size(const char *text, uint64_t *out)
{
	const char *p = text;
	uint64_t v;
	int shift = 0;
	if (!p || digits(&p, &v) != 0)
		return -1;
	if (*p == 'K')
		shift = 10;
	else if (*p == 'M')
		shift = 20;
	else if (*p == 'G')
		shift = 30;
	if (shift) {
		if (v > (UINT64_MAX >> shift))
			return -1;
		v <<= shift;
		p++;
	}
	if (!at_end(p))
		return -1;
	*out = v;
	return 0;
}

int cs_sysfs_parse_u32(const char *text, uint32_t *out)
{
	const char *p = text;
	uint64_t v;
	if (!p || digits(&p, &v) != 0 || v > UINT32_MAX || !at_end(p))
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int cs_sysfs_parse_midr(const char *text, uint64_t *midr)
{
	const char *p = text;
	uint64_t v = 0;
	int n = 0;
	if (!p || p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
		return -1;
	for (p += 2;; p++, n++) {
		int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
		      : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
		if (d < 0)
			break;
		if (n == 16)
			return -1;
		v = (v << 4) | (uint64_t)d;
	}
	if (n == 0 || !at_end(p))
		return -1;
	*midr = v;
	return 0;
}

int cs_sysfs_parse_cpulist(const char *text, int *cpus, int max)
{
	const char *p = text;
	int n = 0;
	if (!p)
		return -1;
	if (at_end(p))
		return 0; /* an empty list: "offline" with every CPU online */
	for (;;) {
		uint64_t lo, hi;
		if (digits(&p, &lo) != 0)
			return -1;
		hi = lo;
		if (*p == '-') {
			p++;
			if (digits(&p, &hi) != 0 || hi < lo)
				return -1;
		}
		if (hi > 1u << 20)
			return -1;
		for (uint64_t c = lo; c <= hi; c++) {
			if (n == max)
				return -1;
			cpus[n++] = (int)c;
		}
		if (*p == ',') {
			p++;
			continue;
		}
		return at_end(p) ? n : -1;
	}
}

int cs_sysfs_cache_type(const char *text, enum cs_cache_type *t)
{
	char w[16];
	size_t n = strcspn(text, "\n");
	if (n >= sizeof w || !at_end(text + n))
		return -1;
	memcpy(w, text, n);
	w[n] = 0;
	if (!strcmp(w, "Data"))
		*t = CS_CACHE_DATA;
	else if (!strcmp(w, "Instruction"))
		*t = CS_CACHE_INSTRUCTION;
	else if (!strcmp(w, "Unified"))
		*t = CS_CACHE_UNIFIED;
	else
		return -1;
	return 0;
}

/* The first cap - 1 bytes of a file, NUL-terminated: the byte count, or
 * -1 when the file cannot be read. */
static long read_head(const char *root, const char *rel, char *out, size_t cap)
{
	char path[512];
	FILE *f;
	size_t n;
	snprintf(path, sizeof path, "%s/%s", root, rel);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(out, 1, cap - 1, f);
	fclose(f);
	out[n] = 0;
	return (long)n;
}

/* A whole small file (sysfs values are one short line): 0; -1 when it
 * cannot be read or is longer than any value read here. */
static int read_text(const char *root, const char *rel, char *out, size_t cap)
{
	long n = read_head(root, rel, out, cap);
	return n < 0 || (size_t)n == cap - 1 ? -1 : 0;
}

int cs_sysfs_read_line(const char *root, const char *rel, char *out, size_t cap)
{
	if (read_head(root, rel, out, cap) < 0)
		return -1;
	out[strcspn(out, "\n")] = 0;
	return 0;
}

/* A value's text up to its newline, cut to cap. */
static void copy_line(char *dst, size_t cap, const char *text)
{
	size_t n = strcspn(text, "\n");
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, text, n);
	dst[n] = 0;
}

/* One file of an index directory into text: 0; -1 when absent. */
static int field(const char *root, const char *dir, const char *name, char *text, size_t cap)
{
	char rel[256];
	snprintf(rel, sizeof rel, "%s/%s", dir, name);
	return read_text(root, rel, text, cap);
}

static void read_index(const char *root, const char *dir, struct cs_sysfs_cache *s)
{
	char text[128];
	enum cs_cache_type t;
	uint64_t v;
	if (field(root, dir, "type", text, sizeof text) == 0 && cs_sysfs_cache_type(text, &t) == 0)
		copy_line(s->type, sizeof s->type, text);
	else
		cs_strlcpy(s->type, "?", sizeof s->type);
	if (field(root, dir, "size", text, sizeof text) == 0 && cs_sysfs_parse_size(text, &v) == 0)
		s->size_bytes = v;
	if (field(root, dir, "coherency_line_size", text, sizeof text) == 0)
		(void)cs_sysfs_parse_u32(text, &s->line_bytes);
	if (field(root, dir, "ways_of_associativity", text, sizeof text) == 0)
		(void)cs_sysfs_parse_u32(text, &s->ways);
	if (field(root, dir, "number_of_sets", text, sizeof text) == 0)
		(void)cs_sysfs_parse_u32(text, &s->sets);
	if (field(root, dir, "shared_cpu_list", text, sizeof text) == 0)
		copy_line(s->shared, sizeof s->shared, text);
}

uint32_t cs_sysfs_read_caches(const char *root, int cpu, struct cs_sysfs_cache *out,
			      uint32_t max)
{
	uint32_t n = 0;
	for (int i = 0; i < CS_SYSFS_MAX_INDEX && n < max; i++) {
		char dir[128], rel[160], text[32];
		struct cs_sysfs_cache *s = &out[n];
		snprintf(dir, sizeof dir, "devices/system/cpu/cpu%d/cache/index%d", cpu, i);
		snprintf(rel, sizeof rel, "%s/level", dir);
		memset(s, 0, sizeof *s);
		if (read_text(root, rel, text, sizeof text) != 0 ||
		    cs_sysfs_parse_u32(text, &s->level) != 0)
			continue;
		read_index(root, dir, s);
		n++;
	}
	return n;
}

int cs_sysfs_read_midr(const char *root, int cpu, uint64_t *midr)
{
	char rel[128], text[64];
	snprintf(rel, sizeof rel, "devices/system/cpu/cpu%d/regs/identification/midr_el1", cpu);
	if (read_text(root, rel, text, sizeof text) != 0)
		return -1;
	return cs_sysfs_parse_midr(text, midr);
}
