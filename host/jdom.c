/* jdom.c: a JSON tree from yajl's SAX callbacks, in a fixed arena.
 * Values are bumped up from the arena's start, text (keys, strings, numbers
 * as written) down from its end; the two meeting is "arena full". yajl
 * lexes, checks the grammar and validates UTF-8 roughly; this file adds what
 * strictness needs beyond that: overlong forms and surrogates in UTF-8, a
 * strict decoding of escapes (yajl turns a lone \ud800 into '?' and pairs a
 * high surrogate with anything), no NUL, finite numbers, unique keys, and
 * the nesting bound, counted as the callbacks arrive. */
#include "jdom.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#define JD_DEPTH_MAX 64

/* The reader sizes its arena by this (reader.h). */
_Static_assert(sizeof(struct cs_jd) <= 56, "a value is at most 56 bytes");
#define DUP_LINEAR 16 /* members checked one by one; more: sorted at '}' */

struct bld {
	const char *text;
	size_t len;
	char *lo, *hi; /* the free part of the arena */
	size_t arena_size;
	size_t nodes;
	const struct cs_jd_limits *lim;
	int depth;
	size_t root_end; /* just past the root container's close: 0 until then */
	struct cs_jd *stack[JD_DEPTH_MAX + 1]; /* open containers */
	const char *key; /* the key of the member whose value comes next */
	uint32_t klen;
	struct cs_jd *root;
	yajl_handle h;
	char *err;
	size_t errlen;
	int failed;
};

/* Line and column (1-based) of the byte before offset 'off'. */
static void place(const char *text, size_t off, size_t *line, size_t *col)
{
	size_t i, l = 1, start = 0;

	for (i = 0; i < off; i++)
		if (text[i] == '\n') {
			l++;
			start = i + 1;
		}
	*line = l;
	*col = off > start ? off - start : 1;
}

static size_t here(const struct bld *b)
{
	size_t off = yajl_get_bytes_consumed(b->h);
	return off > b->len ? b->len : off;
}

static void append(char *out, size_t cap, size_t *o, const char *s, size_t n)
{
	if (*o + 1 >= cap)
		return;
	if (n > cap - 1 - *o)
		n = cap - 1 - *o;
	memcpy(out + *o, s, n);
	*o += n;
	out[*o] = '\0';
}

static void append_idx(char *out, size_t cap, size_t *o, size_t i)
{
	char t[32];
	int n = snprintf(t, sizeof(t), "[%zu]", i);
	append(out, cap, o, t, (size_t)n);
}

static void append_key(char *out, size_t cap, size_t *o, const char *k,
		       size_t n)
{
	if (*o)
		append(out, cap, o, ".", 1);
	append(out, cap, o, k, n);
}

/* The field path ("sweep.points[3].ns") of the open container at the top,
 * and with 'value', of the value that comes next in it; "capture" when
 * empty. */
static void path(const struct bld *b, int value, char *out, size_t cap)
{
	size_t o = 0;
	int d;

	out[0] = '\0';
	for (d = 1; d < b->depth; d++) {
		const struct cs_jd *p = b->stack[d - 1], *c = b->stack[d];
		if (p->kind == CS_JD_OBJECT)
			append_key(out, cap, &o, c->key, c->klen);
		else
			append_idx(out, cap, &o, p->u.kids.n - 1);
	}
	if (value && b->depth > 0) {
		const struct cs_jd *p = b->stack[b->depth - 1];
		if (p->kind == CS_JD_OBJECT)
			append_key(out, cap, &o, b->key, b->klen);
		else
			append_idx(out, cap, &o, p->u.kids.n);
	}
	if (!o)
		append(out, cap, &o, "capture", 7);
}

static int fail(struct bld *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(struct bld *b, const char *fmt, ...)
{
	va_list ap;

	if (b->failed)
		return 0;
	b->failed = 1;
	if (b->err && b->errlen) {
		va_start(ap, fmt);
		vsnprintf(b->err, b->errlen, fmt, ap);
		va_end(ap);
	}
	return 0;
}

/* A syntax error at the current token. */
static int fail_syntax(struct bld *b, const char *why)
{
	size_t line, col;

	place(b->text, here(b), &line, &col);
	return fail(b, "JSON syntax error at line %zu, column %zu: %s", line,
		    col, why);
}

static int fail_arena(struct bld *b)
{
	size_t line, col;

	place(b->text, here(b), &line, &col);
	return fail(b, "at line %zu, column %zu: the parsed JSON needs more "
		    "than the %zu bytes this reader holds", line, col,
		    b->arena_size);
}

static struct cs_jd *add(struct bld *b, int kind)
{
	struct cs_jd *n, *p;

	if (b->nodes >= b->lim->max_values) {
		size_t line, col;
		place(b->text, here(b), &line, &col);
		fail(b, "at line %zu, column %zu: more than the %zu JSON values "
		     "this reader accepts", line, col, b->lim->max_values);
		return NULL;
	}
	if ((size_t)(b->hi - b->lo) < sizeof(*n)) {
		fail_arena(b);
		return NULL;
	}
	n = (struct cs_jd *)(void *)b->lo;
	b->lo += sizeof(*n);
	b->nodes++;
	n->kind = (uint8_t)kind;
	n->int_text = 0;
	n->int_fits = 0;
	n->klen = 0;
	n->key = NULL;
	n->next = NULL;
	if (b->depth == 0) {
		b->root = n;
		return n;
	}
	p = b->stack[b->depth - 1];
	if (p->kind == CS_JD_OBJECT) {
		n->key = b->key;
		n->klen = b->klen;
	}
	if (p->u.kids.last)
		p->u.kids.last->next = n;
	else
		p->u.kids.first = n;
	p->u.kids.last = n;
	p->u.kids.n++;
	return n;
}

/* n bytes from the top of the arena; NULL when full. */
static char *take_text(struct bld *b, size_t n)
{
	if ((size_t)(b->hi - b->lo) < n) {
		fail_arena(b);
		return NULL;
	}
	b->hi -= n;
	return b->hi;
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0: no overlong forms,
 * no surrogates, nothing past U+10FFFF. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	unsigned c = s[0];

	if (c < 0x80)
		return 1;
	if (c < 0xC2)
		return 0;
	if (c < 0xE0)
		return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
	if (c < 0xF0) {
		if (n < 3 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 ||
		    (c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0))
			return 0;
		return 3;
	}
	if (c < 0xF5) {
		if (n < 4 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 ||
		    (s[3] & 0xC0) != 0x80 || (c == 0xF0 && s[1] < 0x90) ||
		    (c == 0xF4 && s[1] >= 0x90))
			return 0;
		return 4;
	}
	return 0;
}

/* Raw string bytes (no escapes): -1 unless valid UTF-8. */
static int check_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		/* ASCII eight bytes at a time */
		while (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, s + i, 8);
			if (w & 0x8080808080808080ull)
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		k = utf8_seq(s + i, n - i);
		if (!k)
			return -1;
		i += k;
	}
	return 0;
}

static unsigned hex4(const char *p)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v = v * 16 + (unsigned)(c <= '9' ? c - '0'
				       : (c | 0x20) - 'a' + 10);
	}
	return v;
}

/* Code point cp as UTF-8 at out; its length. */
static size_t put_utf8(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Decode the raw text of a string token with escapes (between its quotes;
 * yajl has checked the escapes' syntax) into out, strictly. Returns the
 * length, or -1 with *why set. */
static long decode_escaped(char *out, const char *s, size_t n,
			   const char **why)
{
	size_t i = 0, o = 0, k;
	unsigned cp, lo;

	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c != '\\') {
			if (c < 0x80) {
				out[o++] = (char)c;
				i++;
				continue;
			}
			k = utf8_seq((const unsigned char *)s + i, n - i);
			if (!k) {
				*why = "invalid UTF-8 in a string";
				return -1;
			}
			memcpy(out + o, s + i, k);
			i += k;
			o += k;
			continue;
		}
		if (i + 1 >= n) {
			*why = "invalid escape in a string";
			return -1;
		}
		switch (s[i + 1]) {
		case '"': out[o++] = '"'; i += 2; continue;
		case '\\': out[o++] = '\\'; i += 2; continue;
		case '/': out[o++] = '/'; i += 2; continue;
		case 'b': out[o++] = '\b'; i += 2; continue;
		case 'f': out[o++] = '\f'; i += 2; continue;
		case 'n': out[o++] = '\n'; i += 2; continue;
		case 'r': out[o++] = '\r'; i += 2; continue;
		case 't': out[o++] = '\t'; i += 2; continue;
		case 'u': break;
		default:
			*why = "invalid escape in a string";
			return -1;
		}
		if (i + 6 > n) {
			*why = "invalid escape in a string";
			return -1;
		}
		cp = hex4(s + i + 2);
		i += 6;
		if (cp == 0) {
			*why = "\\u0000 (a NUL character) in a string";
			return -1;
		}
		if (cp >= 0xDC00 && cp <= 0xDFFF) {
			*why = "a lone low surrogate (\\udc00-\\udfff) in a "
			       "string";
			return -1;
		}
		if (cp >= 0xD800 && cp <= 0xDBFF) {
			if (i + 6 > n || s[i] != '\\' || s[i + 1] != 'u' ||
			    (lo = hex4(s + i + 2)) < 0xDC00 || lo > 0xDFFF) {
				*why = "a high surrogate (\\ud800-\\udbff) not "
				       "followed by a low one in a string";
				return -1;
			}
			i += 6;
			cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
		}
		o += put_utf8(out + o, cp);
	}
	return (long)o;
}

/* A string or key from yajl. yajl hands over a pointer into the text when
 * the token has no escape (one chunk is parsed, so no token straddles two):
 * that is kept, once its UTF-8 is checked. Else yajl hands over its own
 * decoding, which is not strict enough: then the raw token is decoded here
 * again, into the arena. */
static const char *take_string(struct bld *b, const unsigned char *s,
			       size_t n, size_t *outlen)
{
	const char *p = (const char *)s;
	char *out;

	if (p >= b->text && p + n <= b->text + b->len) {
		/* No escape: the text itself, checked. */
		if (check_utf8(s, n)) {
			fail_syntax(b, "invalid UTF-8 in a string");
			return NULL;
		}
		*outlen = n;
		return p;
	} else {
		/* The raw token ends just before what yajl has consumed:
		 * its closing quote; the opening one is the first quote
		 * before it that no backslash escapes. */
		size_t end = here(b), beg, nb;
		const char *why = "invalid string";
		long got;

		if (end == 0 || b->text[end - 1] != '"') {
			fail_syntax(b, "string not where it was lexed");
			return NULL;
		}
		end--;
		beg = end;
		for (;;) {
			if (beg == 0) {
				fail_syntax(b, "string not where it was lexed");
				return NULL;
			}
			beg--;
			if (b->text[beg] != '"')
				continue;
			for (nb = 0; beg > nb && b->text[beg - 1 - nb] == '\\';
			     nb++)
				;
			if (nb % 2 == 0)
				break;
		}
		beg++;
		/* The decoding is never longer than the raw text. */
		if (!(out = take_text(b, end - beg)))
			return NULL;
		got = decode_escaped(out, b->text + beg, end - beg, &why);
		if (got < 0) {
			fail_syntax(b, why);
			return NULL;
		}
		/* give back what the decoding did not use */
		memmove(out + (end - beg) - (size_t)got, out, (size_t)got);
		b->hi += (end - beg) - (size_t)got;
		out = b->hi;
		*outlen = (size_t)got;
		return out;
	}
}

static int on_null(void *ctx)
{
	return add(ctx, CS_JD_NULL) != NULL;
}

static int on_bool(void *ctx, int v)
{
	return add(ctx, v ? CS_JD_TRUE : CS_JD_FALSE) != NULL;
}

static const double pow10_exact[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
				      1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
				      1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
				      1e18, 1e19, 1e20, 1e21, 1e22 };

/* A number's text as sign, up to 19 significant digits (*m, *digits in
 * all), whether it is an integer, and its power of ten. */
static void split_number(const char *s, size_t n, uint64_t *m, size_t *digits,
			 int *neg, int *is_int, long *e10)
{
	size_t i = 0;
	int frac = 0;
	*m = 0;
	*digits = 0;
	*neg = 0;
	*is_int = 1;
	*e10 = 0;
	if (i < n && s[i] == '-') {
		*neg = 1;
		i++;
	}
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, (*digits)++)
		if (*digits < 19)
			*m = *m * 10 + (uint64_t)(s[i] - '0');
	if (i < n && s[i] == '.') {
		*is_int = 0;
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++, (*digits)++)
			if (*digits < 19) {
				*m = *m * 10 + (uint64_t)(s[i] - '0');
				frac++;
			}
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		long x = 0;
		int xneg = 0;
		*is_int = 0;
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			xneg = s[i++] == '-';
		for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if (x < 100000)
				x = x * 10 + (s[i] - '0');
		*e10 = xneg ? -x : x;
	}
	*e10 -= frac;
}

/* The number as written (yajl has checked the grammar). Integers and short
 * decimals are converted exactly by hand (a mantissa below 2^53 and a power
 * of ten up to 1e22 are both exact, so one operation rounds correctly);
 * anything else by strtod. */
static int on_number(void *ctx, const char *s, size_t n)
{
	struct bld *b = ctx;
	uint64_t m;
	size_t digits;
	int neg, is_int;
	long e10;
	double d;
	const char *raw;
	char *t, small[128];
	struct cs_jd *v;

	if (s >= b->text && s + n <= b->text + b->len) {
		raw = s;
	} else {
		if (!(t = take_text(b, n)))
			return 0;
		memcpy(t, s, n);
		raw = t;
	}
	split_number(s, n, &m, &digits, &neg, &is_int, &e10);
	if (digits <= 19 && m <= (1ull << 53) && e10 >= -22 && e10 <= 22) {
		d = (double)m;
		d = e10 < 0 ? d / pow10_exact[-e10] : d * pow10_exact[e10];
		if (neg)
			d = -d;
	} else {
		/* strtod wants a terminated string */
		if (n < sizeof(small)) {
			t = small;
		} else if (!(t = take_text(b, n + 1))) {
			return 0;
		}
		memcpy(t, s, n);
		t[n] = '\0';
		d = strtod(t, NULL);
	}
	if (!isfinite(d)) {
		char where[192];
		size_t line, col;
		path(b, 1, where, sizeof(where));
		place(b->text, here(b), &line, &col);
		return fail(b, "%s: number %.*s%s is out of range (line %zu, "
			    "column %zu)", where, n > 40 ? 40 : (int)n, raw,
			    n > 40 ? "..." : "", line, col);
	}
	if (!(v = add(b, CS_JD_NUMBER)))
		return 0;
	v->u.num.d = d;
	v->u.num.raw = raw;
	v->u.num.rawlen = n;
	v->u.num.i = 0;
	v->int_text = (uint8_t)is_int;
	if (is_int && (digits < 19 ||
		       (digits == 19 && m <= (uint64_t)INT64_MAX + neg))) {
		v->int_fits = 1;
		v->u.num.i = neg ? (int64_t)(0 - m) : (int64_t)m;
	}
	return 1;
}

static int on_string(void *ctx, const unsigned char *s, size_t n)
{
	struct bld *b = ctx;
	const char *t;
	size_t len;
	struct cs_jd *v;

	if (!(t = take_string(b, s, n, &len)) || !(v = add(b, CS_JD_STRING)))
		return 0;
	v->u.str.s = t;
	v->u.str.len = len;
	return 1;
}

static int open_container(struct bld *b, int kind)
{
	struct cs_jd *v;

	if (b->depth >= b->lim->max_depth) {
		size_t line, col;
		place(b->text, here(b), &line, &col);
		return fail(b, "nesting deeper than %d levels at line %zu, "
			    "column %zu", b->lim->max_depth, line, col);
	}
	if (!(v = add(b, kind)))
		return 0;
	v->u.kids.first = v->u.kids.last = NULL;
	v->u.kids.n = 0;
	b->stack[b->depth++] = v;
	return 1;
}

static int on_start_map(void *ctx)
{
	return open_container(ctx, CS_JD_OBJECT);
}

static int on_start_array(void *ctx)
{
	return open_container(ctx, CS_JD_ARRAY);
}

static int fail_dup(struct bld *b, const char *key, size_t klen)
{
	char where[192];
	size_t line, col;

	path(b, 0, where, sizeof(where));
	place(b->text, here(b), &line, &col);
	return fail(b, "%s: duplicate key \"%.*s\" (line %zu, column %zu)",
		    where, klen > 60 ? 60 : (int)klen, key, line, col);
}

static int on_key(void *ctx, const unsigned char *s, size_t n)
{
	struct bld *b = ctx;
	struct cs_jd *obj = b->stack[b->depth - 1], *m;
	const char *k;
	size_t len;

	if (!(k = take_string(b, s, n, &len)))
		return 0;
	if (len > UINT32_MAX) {
		fail_syntax(b, "a key longer than 4 GiB");
		return 0;
	}
	if (obj->u.kids.n < DUP_LINEAR) {
		for (m = obj->u.kids.first; m; m = m->next)
			if (m->klen == len && memcmp(m->key, k, len) == 0)
				return fail_dup(b, k, len);
	}
	b->key = k;
	b->klen = (uint32_t)len;
	return 1;
}

static int cmp_member(const void *pa, const void *pb)
{
	const struct cs_jd *a = *(const struct cs_jd *const *)pa;
	const struct cs_jd *c = *(const struct cs_jd *const *)pb;

	if (a->klen != c->klen)
		return a->klen < c->klen ? -1 : 1;
	return memcmp(a->key, c->key, a->klen);
}

static int on_end_map(void *ctx)
{
	struct bld *b = ctx;
	struct cs_jd *obj = b->stack[b->depth - 1], *m, **v;
	size_t n = obj->u.kids.n, i, pad;

	if (n > DUP_LINEAR) {
		/* Pointers to the members, sorted by key, in the free part of
		 * the arena (given back at once). */
		pad = (size_t)(-(uintptr_t)b->lo & (sizeof(void *) - 1));
		if ((size_t)(b->hi - b->lo) < pad + n * sizeof(*v))
			return fail_arena(b);
		v = (struct cs_jd **)(void *)(b->lo + pad);
		for (i = 0, m = obj->u.kids.first; m; m = m->next)
			v[i++] = m;
		qsort(v, n, sizeof(*v), cmp_member);
		for (i = 1; i < n; i++)
			if (cmp_member(&v[i - 1], &v[i]) == 0)
				return fail_dup(b, v[i]->key, v[i]->klen);
	}
	if (--b->depth == 0)
		b->root_end = here(b);
	return 1;
}

static int on_end_array(void *ctx)
{
	struct bld *b = ctx;
	if (--b->depth == 0)
		b->root_end = here(b);
	return 1;
}

/* yajl, having ended the value, lexes what follows; a string still open at
 * the end of the text is to it a token waiting for more, not garbage, and
 * the parse is called complete: '{...} "abc' passed. Only white space may
 * follow the root (JSON's four characters). */
static size_t trailing(const struct bld *b)
{
	for (size_t i = b->root_end; b->root_end && i < b->len; i++)
		if (b->text[i] != ' ' && b->text[i] != '\t' && b->text[i] != '\n' && b->text[i] != '\r')
			return i + 1;
	return 0;
}

static const yajl_callbacks callbacks = {
	on_null,     on_bool,        NULL,         NULL,
	on_number,   on_string,      on_start_map, on_key,
	on_end_map,  on_start_array, on_end_array,
};

struct cs_jd *cs_jd_get(const struct cs_jd *obj, const char *key, size_t klen)
{
	struct cs_jd *m;

	for (m = obj->u.kids.first; m; m = m->next)
		if (m->klen == klen && memcmp(m->key, key, klen) == 0)
			return m;
	return NULL;
}

/* yajl's short reason, without its "lexical error: " or "parse error: "
 * and its trailing newline. */
static void reason(yajl_handle h, const char *text, size_t len, char *out,
		   size_t cap)
{
	unsigned char *e = yajl_get_error(h, 0, (const unsigned char *)text,
					  len);
	const char *s = e ? (const char *)e : "invalid JSON";
	size_t n;

	if (!strncmp(s, "lexical error: ", 15))
		s += 15;
	else if (!strncmp(s, "parse error: ", 13))
		s += 13;
	n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '.'))
		n--;
	snprintf(out, cap, "%.*s", (int)n, s);
	if (e)
		yajl_free_error(h, e);
}

struct cs_jd *cs_jd_parse(const char *text, size_t len, void *arena,
			  size_t arena_size, const struct cs_jd_limits *lim,
			  char *err, size_t errlen)
{
	struct bld b;
	yajl_status st;
	size_t pad = (size_t)(-(uintptr_t)arena & 15);
	int at_end = 0;

	memset(&b, 0, sizeof(b));
	b.text = text;
	b.len = len;
	b.arena_size = arena_size;
	b.lo = (char *)arena + (pad < arena_size ? pad : arena_size);
	b.hi = (char *)arena + arena_size;
	b.lim = lim;
	b.err = err;
	b.errlen = errlen;
	if (err && errlen)
		err[0] = '\0';
	if (lim->max_depth > JD_DEPTH_MAX || lim->max_depth < 1) {
		fail(&b, "nesting bound %d outside 1..%d", lim->max_depth,
		     JD_DEPTH_MAX);
		return NULL;
	}
	b.h = yajl_alloc(&callbacks, NULL, &b);
	if (!b.h) {
		fail(&b, "out of memory");
		return NULL;
	}
	/* The defaults, said: no comments, UTF-8 checked, one value only,
	 * nothing after it, no partial value at the end. */
	yajl_config(b.h, yajl_allow_comments, 0);
	yajl_config(b.h, yajl_dont_validate_strings, 0);
	yajl_config(b.h, yajl_allow_trailing_garbage, 0);
	yajl_config(b.h, yajl_allow_multiple_values, 0);
	yajl_config(b.h, yajl_allow_partial_values, 0);
	st = yajl_parse(b.h, (const unsigned char *)text, len);
	if (st == yajl_status_ok) {
		at_end = 1;
		st = yajl_complete_parse(b.h);
	}
	size_t junk = st == yajl_status_ok && b.root ? trailing(&b) : 0;
	if (junk) {
		size_t line, col;
		place(text, junk - 1, &line, &col);
		fail(&b, "JSON syntax error at line %zu, column %zu: trailing garbage", line, col);
		yajl_free(b.h);
		return NULL;
	}
	if (st != yajl_status_ok || !b.root) {
		if (!b.failed) {
			char why[128];
			size_t line, col;
			reason(b.h, text, len, why, sizeof(why));
			place(text, at_end ? len : here(&b), &line, &col);
			fail(&b, "JSON syntax error at line %zu, column %zu: %s",
			     line, col, why);
		}
		yajl_free(b.h);
		return NULL;
	}
	yajl_free(b.h);
	return b.root;
}
