/* jdom.h: a small JSON tree built from yajl's streaming (SAX) parser into a
 * caller-supplied fixed arena: no allocation per value, every input bounded
 * (arena bytes, value count, nesting), every rejection one line naming where.
 * Strict: UTF-8 checked (no overlong forms, no surrogates), escapes decoded
 * strictly (no lone surrogate, no \u0000), no NaN/Infinity/comments, no
 * duplicate keys, no non-finite numbers, nothing after the top-level value,
 * and the top level is an object. Host only. */
#ifndef CS_JDOM_H
#define CS_JDOM_H

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
