/* json.h: the reader's strict JSON layer: a small JSON tree built from
 * jsmn's tokens (Debian's libjsmn-dev, jsmn.h) into a caller-supplied fixed
 * arena: no allocation, every input bounded (arena bytes, value count,
 * nesting), every rejection one line naming where. jsmn finds the tokens;
 * this layer checks everything jsmn does not: the grammar between tokens
 * (separators, brackets, one value only, nothing after it), numbers
 * (RFC 8259's grammar, finite, correctly rounded: number.h), strings
 * (UTF-8 with no overlong forms, no surrogates, no control bytes; escapes
 * decoded strictly: no lone surrogate, no \u0000), literals, no
 * duplicate keys. Freestanding: built for the host, the firmware and the
 * page (wasm32) from this one source. */
#ifndef CS_READER_JSON_H
#define CS_READER_JSON_H

#include <stddef.h>
#include <stdint.h>

enum cs_jd_kind {
	CS_JD_NULL,
	CS_JD_FALSE,
	CS_JD_TRUE,
	CS_JD_NUMBER,
	CS_JD_STRING,
	CS_JD_ARRAY,
	CS_JD_OBJECT,
};

struct cs_jd {
	uint8_t kind;     /* enum cs_jd_kind */
	uint8_t int_text; /* number: written as an integer (no '.', no 'e') */
	uint8_t int_fits; /* ... and it fits an int64_t: u.num.i holds it */
	uint32_t klen;    /* object member: length of its key */
	const char *key;  /* object member: its key (not terminated) */
	struct cs_jd *next; /* the next element or member; NULL at the end */
	union {
		struct {
			double d;        /* finite */
			int64_t i;       /* when int_fits */
			const char *raw; /* the text as written (not terminated) */
			size_t rawlen;
		} num;
		struct {
			const char *s; /* not terminated; holds no NUL */
			size_t len;
		} str;
		struct {
			struct cs_jd *first; /* elements, or members in order */
			struct cs_jd *last;
			size_t n;
		} kids;
	} u;
};

/* Bounds of one parse. */
struct cs_jd_limits {
	size_t max_values; /* values (nodes) in the tree */
	int max_depth;     /* nesting of objects and arrays, at most 64 */
};

/* The arena a parse of len bytes needs at most under lim (jsmn's tokens,
 * the tree, decoded strings), whatever the text. */
size_t cs_jd_arena_need(size_t len, const struct cs_jd_limits *lim);

/* Parse text[0..len) into a tree inside arena[0..arena_size): the root
 * object, or NULL with err holding one line ("JSON syntax error at line L,
 * column C: ...", "nesting deeper than ...", "PATH: duplicate key ...").
 * The tree lives in the arena and points into text (strings without
 * escapes, numbers): keep both while using it. The next parse into the
 * same arena replaces it. */
struct cs_jd *cs_jd_parse(const char *text, size_t len, void *arena,
			  size_t arena_size, const struct cs_jd_limits *lim,
			  char *err, size_t errlen);

/* Access. */
static inline struct cs_jd *cs_jd_first(const struct cs_jd *v)
{
	return v->u.kids.first;
}
static inline size_t cs_jd_count(const struct cs_jd *v)
{
	return v->u.kids.n;
}
/* The member 'key' (of length klen) of an object, or NULL. */
struct cs_jd *cs_jd_get(const struct cs_jd *obj, const char *key,
			size_t klen);

#endif
