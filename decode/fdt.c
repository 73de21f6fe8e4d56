/* fdt.c: the flattened device tree, read (fdt.h). Freestanding. */
#include "fdt.h"

#define TOK_BEGIN_NODE 1u
#define TOK_END_NODE 2u
#define TOK_PROP 3u
#define TOK_NOP 4u
#define TOK_END 9u
#define HEADER_BYTES 40u /* version 17's header: ten 32-bit words */

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t field(const void *blob, uint32_t word)
{
	return be32((const uint8_t *)blob + 4 * word);
}

int cs_fdt_check(const void *blob, uint64_t cap, const char **why)
{
	uint32_t total, st, st_len, str, str_len;
	if (!blob || cap < HEADER_BYTES) {
		*why = "no room for a device tree's header";
		return -1;
	}
	if (field(blob, 0) != CS_FDT_MAGIC) {
		*why = "not a flattened device tree (its magic is not 0xd00dfeed)";
		return -1;
	}
	total = field(blob, 1);
	if (total < HEADER_BYTES || total > cap || total > CS_FDT_MAX_BYTES) {
		*why = "a device tree whose total size is past its room";
		return -1;
	}
	if (field(blob, 5) < CS_FDT_VERSION || field(blob, 6) > CS_FDT_VERSION) {
		*why = "a device tree of a version this reader does not walk (17 is)";
		return -1;
	}
	st = field(blob, 2);
	st_len = field(blob, 9);
	str = field(blob, 3);
	str_len = field(blob, 8);
	if (st < HEADER_BYTES || st % 4 || st_len > total - st || str > total || str_len > total - str) {
		*why = "a device tree whose blocks lie outside it";
		return -1;
	}
	return 0;
}

uint32_t cs_fdt_size(const void *blob)
{
	return field(blob, 1);
}

/* The NUL-terminated string at p within [p, end): its length, or -1. */
static int64_t str_in(const uint8_t *p, const uint8_t *end)
{
	for (const uint8_t *q = p; q < end; q++)
		if (!*q)
			return q - p;
	return -1;
}

static uint32_t pad4(uint32_t n)
{
	return (n + 3) & ~3u;
}

/* The path's component k (0 the first under the root): its start and
 * length, or -1 when the path has fewer. */
static int component(const char *path, uint32_t k, const char **at, uint32_t *len)
{
	const char *p = path;
	for (;;) {
		while (*p == '/')
			p++;
		if (!*p)
			return -1;
		const char *q = p;
		while (*q && *q != '/')
			q++;
		if (k-- == 0) {
			*at = p;
			*len = (uint32_t)(q - p);
			return 0;
		}
		p = q;
	}
}

static uint32_t components(const char *path)
{
	const char *at;
	uint32_t n = 0, len;
	while (component(path, n, &at, &len) == 0)
		n++;
	return n;
}

static int same(const char *a, uint32_t alen, const char *b, uint32_t blen)
{
	if (alen != blen)
		return 0;
	for (uint32_t i = 0; i < alen; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

const void *cs_fdt_prop(const void *blob, const char *path, const char *name, uint32_t *len)
{
	const uint8_t *b = blob, *p, *end, *strs, *strs_end;
	uint32_t depth = 0, matched = 0, want = components(path) + 1, nlen = 0;
	while (name[nlen])
		nlen++;
	p = b + field(blob, 2);
	end = p + field(blob, 9);
	strs = b + field(blob, 3);
	strs_end = strs + field(blob, 8);
	/* depth: nodes open; matched: the open nodes along the path (the
	 * root, then the path's components in order) */
	while (p + 4 <= end) {
		uint32_t tok = be32(p);
		p += 4;
		if (tok == TOK_BEGIN_NODE) {
			int64_t n = str_in(p, end);
			const char *at;
			uint32_t clen;
			if (n < 0 || ++depth > CS_FDT_MAX_DEPTH)
				return 0;
			if (depth == matched + 1 &&
			    (depth == 1 || (component(path, depth - 2, &at, &clen) == 0 &&
					    same((const char *)p, (uint32_t)n, at, clen))))
				matched = depth;
			p += pad4((uint32_t)n + 1);
		} else if (tok == TOK_END_NODE) {
			if (!depth)
				return 0;
			if (matched == depth)
				matched--;
			if (--depth == 0)
				return 0; /* the root closed: not there */
		} else if (tok == TOK_PROP) {
			uint32_t vlen, off;
			int64_t n;
			if (p + 8 > end)
				return 0;
			vlen = be32(p);
			off = be32(p + 4);
			p += 8;
			if (vlen > (uint64_t)(end - p) || off >= (uint64_t)(strs_end - strs))
				return 0;
			n = str_in(strs + off, strs_end);
			if (n < 0)
				return 0;
			if (depth == want && matched == want && same((const char *)strs + off, (uint32_t)n, name, nlen)) {
				*len = vlen;
				return p;
			}
			p += pad4(vlen);
		} else if (tok == TOK_NOP) {
			continue;
		} else {
			return 0; /* TOK_END, or a token no tree has */
		}
	}
	return 0;
}

int cs_fdt_strlist_has(const void *val, uint32_t len, const char *s)
{
	const char *v = val;
	uint32_t slen = 0, i = 0;
	while (s[slen])
		slen++;
	while (i < len) {
		uint32_t n = 0;
		while (i + n < len && v[i + n])
			n++;
		if (i + n < len && same(v + i, n, s, slen))
			return 1; /* NUL-terminated within the value */
		i += n + 1;
	}
	return 0;
}
