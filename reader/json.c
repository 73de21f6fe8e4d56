/* json.c: the strict JSON layer on jsmn (json.h). jsmn (strict mode,
 * parent links: closing a container costs its depth, not the file) cuts
 * the text into tokens: strings, "primitives", and the opening brackets of
 * containers. This file walks those tokens in text order with a small
 * automaton that also reads every byte between them (white space, ':',
 * ',', the closing brackets), so nothing jsmn lets pass is taken on trust:
 * the grammar, numbers, literals, strings and nesting are checked here, as
 * the tree is built. Values are bumped up from the arena (after jsmn's
 * tokens), decoded strings down from its end; the two meeting is "arena
 * full". A jsmn error is reported at its place once the walk has checked
 * everything before it, so the first fault in the text is the one named. */
#include "json.h"
#include "fmt.h"
#include "number.h"

#define JSMN_STATIC
#define JSMN_STRICT
#define JSMN_PARENT_LINKS
#include <jsmn.h>

#define JD_DEPTH_MAX 64
#define DUP_LINEAR 16 /* members checked one by one; more: sorted at '}' */

/* The reader sizes its arena by this (reader.h). */
_Static_assert(sizeof(struct cs_jd) <= 56, "a value is at most 56 bytes");

/* Where the walk is: what may come next. */
enum {
	S_START, /* the text's one value */
	S_FIRST, /* just inside '{' or '[' */
	S_KEY,   /* after ',' in an object */
	S_COLON, /* after a key */
	S_VALUE, /* after ':', or ',' in an array */
	S_NEXT,  /* after a value inside a container */
	S_END,   /* after the top-level value: white space only */
};

struct bld {
	const char *text;
	size_t len;
	char *lo, *hi; /* the free part of the arena */
	size_t arena_size;
	size_t nodes;
	const struct cs_jd_limits *lim;
	int depth, state;
	struct cs_jd *stack[JD_DEPTH_MAX + 1]; /* open containers */
	const char *key; /* the key of the member whose value comes next */
	uint32_t klen;
	struct cs_jd *root;
	char *err;
	size_t errlen;
	int failed;
};

static int is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int same(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Line and column (1-based) of the byte before offset 'off'. */
static void place(const struct bld *b, size_t off, size_t *line, size_t *col)
{
	size_t i, l = 1, start = 0;

	if (off > b->len)
		off = b->len;
	for (i = 0; i < off; i++)
		if (b->text[i] == '\n') {
			l++;
			start = i + 1;
		}
	*line = l;
	*col = off > start ? off - start : 1;
}

static int fail(struct bld *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail(struct bld *b, const char *fmt, ...)
{
	va_list ap;

	if (b->failed)
		return -1;
	b->failed = 1;
	if (b->err && b->errlen) {
		va_start(ap, fmt);
		cs_vfmt(b->err, b->errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* A syntax error at the byte before offset 'off'. */
static int fail_syntax(struct bld *b, size_t off, const char *why)
{
	size_t line, col;

	place(b, off, &line, &col);
	return fail(b, "JSON syntax error at line %zu, column %zu: %s", line,
		    col, why);
}

static int fail_arena(struct bld *b, size_t off)
{
	size_t line, col;

	place(b, off, &line, &col);
	return fail(b, "at line %zu, column %zu: the parsed JSON needs more "
		    "than the %zu bytes this reader holds", line, col,
		    b->arena_size);
}

static void append(char *out, size_t cap, size_t *o, const char *s, size_t n)
{
	if (*o + 1 >= cap)
		return;
	if (n > cap - 1 - *o)
		n = cap - 1 - *o;
	for (size_t i = 0; i < n; i++)
		out[*o + i] = s[i];
	*o += n;
	out[*o] = '\0';
}

static void append_idx(char *out, size_t cap, size_t *o, size_t i)
{
	char t[32];
	size_t n = cs_fmt(t, sizeof(t), "[%zu]", i);
	append(out, cap, o, t, n);
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

/* A new value at the walk's place; 'end' is just past its text. */
static struct cs_jd *add(struct bld *b, int kind, size_t end)
{
	struct cs_jd *n, *p;

	if (b->nodes >= b->lim->max_values) {
		size_t line, col;
		place(b, end, &line, &col);
		fail(b, "at line %zu, column %zu: more than the %zu JSON values "
		     "this reader accepts", line, col, b->lim->max_values);
		return NULL;
	}
	if ((size_t)(b->hi - b->lo) < sizeof(*n)) {
		fail_arena(b, end);
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

/* ---- strings ---- */

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

/* A string's raw bytes up to its closing quote (or n): the offset of that
 * quote, or of the first fault with *why set. *esc: it holds escapes (their
 * syntax checked here; their values when decoded). */
static size_t scan_string(const unsigned char *s, size_t n, int *esc,
			  const char **why)
{
	size_t i = 0, k;

	*esc = 0;
	*why = NULL;
	while (i < n) {
		/* ASCII that needs no look, eight bytes at a time */
		while (i + 8 <= n) {
			/* the mask is 64 bits in every build: a size_t
			 * (32 bits on wasm32) would drop bytes 4-7 */
			uint64_t w, t, m;
			__builtin_memcpy(&w, s + i, 8);
			t = w ^ 0x2222222222222222ull;   /* '"' -> 0 */
			m = (((w & 0x8080808080808080ull) |
				      ((w - 0x2020202020202020ull) & ~w) |
				      ((t - 0x0101010101010101ull) & ~t) |
				      (((w ^ 0x5C5C5C5C5C5C5C5Cull) - 0x0101010101010101ull) &
				       ~(w ^ 0x5C5C5C5C5C5C5C5Cull))) &
				     0x8080808080808080ull);
			if (m)
				break;
			i += 8;
		}
		if (i >= n)
			break;
		if (s[i] == '"')
			return i;
		if (s[i] < 0x20) {
			*why = s[i] ? "a control character (below U+0020) in a string"
				    : "a NUL byte in a string";
			return i;
		}
		if (s[i] == '\\') {
			*esc = 1;
			if (i + 1 >= n)
				break;
			switch (s[i + 1]) {
			case '"': case '\\': case '/': case 'b': case 'f':
			case 'n': case 'r': case 't':
				i += 2;
				continue;
			case 'u':
				for (k = 2; k < 6; k++)
					if (i + k >= n || !((s[i + k] >= '0' && s[i + k] <= '9') ||
							    ((s[i + k] | 0x20) >= 'a' && (s[i + k] | 0x20) <= 'f')))
						break;
				if (k == 6) {
					i += 6;
					continue;
				}
				/* fall through */
			default:
				*why = "invalid escape in a string";
				return i;
			}
		}
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if (!(k = utf8_seq(s + i, n - i))) {
			*why = "invalid UTF-8 in a string";
			return i;
		}
		i += k;
	}
	*why = "premature EOF in a string";
	return n;
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

/* One \u escape at s[*i] (its syntax checked): its code point, strictly;
 * 0 with *why set when it is not one. */
static unsigned decode_u(const char *s, size_t n, size_t *i, const char **why)
{
	unsigned cp = hex4(s + *i + 2), lo;

	*i += 6;
	if (cp == 0) {
		*why = "\\u0000 (a NUL character) in a string";
		return 0;
	}
	if (cp >= 0xDC00 && cp <= 0xDFFF) {
		*why = "a lone low surrogate (\\udc00-\\udfff) in a string";
		return 0;
	}
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (*i + 6 > n || s[*i] != '\\' || s[*i + 1] != 'u' ||
		    (lo = hex4(s + *i + 2)) < 0xDC00 || lo > 0xDFFF) {
			*why = "a high surrogate (\\ud800-\\udbff) not followed "
			       "by a low one in a string";
			return 0;
		}
		*i += 6;
		cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
	}
	return cp;
}

/* Decode a string's raw text (checked by scan_string) into out, strictly.
 * Returns the length, or -1 with *why set. */
static long decode_escaped(char *out, const char *s, size_t n,
			   const char **why)
{
	static const char simple[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	size_t i = 0, o = 0, j;
	unsigned cp;

	while (i < n) {
		if (s[i] != '\\') {
			out[o++] = s[i++];
			continue;
		}
		for (j = 0; simple[j] && simple[j] != s[i + 1]; j += 2)
			;
		if (simple[j]) {
			out[o++] = simple[j + 1];
			i += 2;
			continue;
		}
		if (!(cp = decode_u(s, n, &i, why)))
			return -1;
		o += put_utf8(out + o, cp);
	}
	return (long)o;
}

/* The string whose raw text is text[beg..end) (between its quotes): a
 * pointer into the text when it has no escape, else its decoding in the
 * arena. NULL on a fault. */
static const char *take_string(struct bld *b, size_t beg, size_t end,
			       size_t *outlen)
{
	const char *why;
	int esc;
	size_t at = scan_string((const unsigned char *)b->text + beg,
				end - beg, &esc, &why);
	char *out;
	long got;

	if (at < end - beg) { /* a fault before jsmn's end of the string */
		fail_syntax(b, beg + at + 1, why);
		return NULL;
	}
	*outlen = end - beg;
	if (!esc)
		return b->text + beg;
	/* The decoding is never longer than the raw text. */
	if ((size_t)(b->hi - b->lo) < end - beg) {
		fail_arena(b, end + 1);
		return NULL;
	}
	out = b->hi - (end - beg);
	got = decode_escaped(out, b->text + beg, end - beg, &why);
	if (got < 0) {
		fail_syntax(b, end + 1, why);
		return NULL;
	}
	/* keep what the decoding used, at the top */
	for (long k = got - 1; k >= 0; k--)
		out[(end - beg) - (size_t)got + (size_t)k] = out[k];
	b->hi -= (size_t)got;
	*outlen = (size_t)got;
	return b->hi;
}

/* ---- duplicate keys ---- */

static int key_cmp(const struct cs_jd *a, const struct cs_jd *c)
{
	if (a->klen != c->klen)
		return a->klen < c->klen ? -1 : 1;
	for (uint32_t i = 0; i < a->klen; i++)
		if (a->key[i] != c->key[i])
			return (unsigned char)a->key[i] < (unsigned char)c->key[i] ? -1 : 1;
	return 0;
}

static void sift(struct cs_jd **v, size_t i, size_t n)
{
	for (;;) {
		size_t c = 2 * i + 1;
		struct cs_jd *t;
		if (c >= n)
			return;
		if (c + 1 < n && key_cmp(v[c], v[c + 1]) < 0)
			c++;
		if (key_cmp(v[i], v[c]) >= 0)
			return;
		t = v[i];
		v[i] = v[c];
		v[c] = t;
		i = c;
	}
}

/* Heapsort: bounded time and no memory beyond v. */
static void sort_members(struct cs_jd **v, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift(v, i, n);
	for (size_t e = n; e-- > 1;) {
		struct cs_jd *t = v[0];
		v[0] = v[e];
		v[e] = t;
		sift(v, 0, e);
	}
}

static int fail_dup(struct bld *b, const char *key, size_t klen, size_t end)
{
	char where[192];
	size_t line, col;

	path(b, 0, where, sizeof(where));
	place(b, end, &line, &col);
	return fail(b, "%s: duplicate key \"%.*s\" (line %zu, column %zu)",
		    where, klen > 60 ? 60 : (int)klen, key, line, col);
}

/* A large object's keys, sorted in the free part of the arena (given
 * back at once); 'end' is just past its '}'. */
static int check_large(struct bld *b, struct cs_jd *obj, size_t end)
{
	size_t n = obj->u.kids.n, i, pad;
	struct cs_jd *m, **v;

	pad = (size_t)(-(uintptr_t)b->lo & (sizeof(void *) - 1));
	if ((size_t)(b->hi - b->lo) < pad + n * sizeof(*v))
		return fail_arena(b, end);
	v = (struct cs_jd **)(void *)(b->lo + pad);
	for (i = 0, m = obj->u.kids.first; m; m = m->next)
		v[i++] = m;
	sort_members(v, n);
	for (i = 1; i < n; i++)
		if (key_cmp(v[i - 1], v[i]) == 0)
			return fail_dup(b, v[i]->key, v[i]->klen, end);
	return 0;
}

/* ---- the walk ---- */

static void after_value(struct bld *b)
{
	b->state = b->depth ? S_NEXT : S_END;
}

/* What the walk wanted, for a syntax error. */
static const char *expected(const struct bld *b)
{
	int obj = b->depth && b->stack[b->depth - 1]->kind == CS_JD_OBJECT;

	switch (b->state) {
	case S_FIRST: return obj ? "expected a key or '}'" : "expected a value or ']'";
	case S_KEY: return "expected a key (a string)";
	case S_COLON: return "expected ':' after a key";
	case S_NEXT: return obj ? "expected ',' or '}'" : "expected ',' or ']'";
	case S_END: return "trailing garbage";
	default: return "expected a value";
	}
}

static int close_container(struct bld *b, char c, size_t at)
{
	struct cs_jd *top;

	if (!b->depth || (b->state != S_NEXT && b->state != S_FIRST))
		return fail_syntax(b, at + 1, expected(b));
	top = b->stack[b->depth - 1];
	if ((c == '}') != (top->kind == CS_JD_OBJECT))
		return fail_syntax(b, at + 1, expected(b));
	if (top->kind == CS_JD_OBJECT && top->u.kids.n > DUP_LINEAR &&
	    check_large(b, top, at + 1))
		return -1;
	b->depth--;
	after_value(b);
	return 0;
}

/* The bytes text[p..q) between two tokens. */
static int gap(struct bld *b, size_t p, size_t q)
{
	for (size_t i = p; i < q; i++) {
		char c = b->text[i];
		if (is_ws(c))
			continue;
		if (c == ':' && b->state == S_COLON) {
			b->state = S_VALUE;
		} else if (c == ',' && b->state == S_NEXT) {
			b->state = b->stack[b->depth - 1]->kind == CS_JD_OBJECT ? S_KEY : S_VALUE;
		} else if (c == '}' || c == ']') {
			if (close_container(b, c, i))
				return -1;
		} else if (b->state == S_END) {
			return fail_syntax(b, i + 1, "trailing garbage");
		} else {
			return fail_syntax(b, i + 1, c ? expected(b)
						       : "a NUL byte in the text");
		}
	}
	return 0;
}

static int wants_value(const struct bld *b)
{
	return b->state == S_START || b->state == S_VALUE ||
	       (b->state == S_FIRST && b->stack[b->depth - 1]->kind == CS_JD_ARRAY);
}

static int wants_key(const struct bld *b)
{
	return b->state == S_KEY ||
	       (b->state == S_FIRST && b->stack[b->depth - 1]->kind == CS_JD_OBJECT);
}

static int open_container(struct bld *b, int kind, size_t at)
{
	struct cs_jd *v;

	if (b->depth >= b->lim->max_depth) {
		size_t line, col;
		place(b, at + 1, &line, &col);
		return fail(b, "nesting deeper than %d levels at line %zu, "
			    "column %zu", b->lim->max_depth, line, col);
	}
	if (!(v = add(b, kind, at + 1)))
		return -1;
	v->u.kids.first = v->u.kids.last = NULL;
	v->u.kids.n = 0;
	b->stack[b->depth++] = v;
	b->state = S_FIRST;
	return 0;
}

static int on_key(struct bld *b, size_t beg, size_t end)
{
	struct cs_jd *obj = b->stack[b->depth - 1], *m;
	const char *k;
	size_t len;

	if (!(k = take_string(b, beg, end, &len)))
		return -1;
	if (len > UINT32_MAX)
		return fail_syntax(b, end + 1, "a key longer than 4 GiB");
	if (obj->u.kids.n < DUP_LINEAR)
		for (m = obj->u.kids.first; m; m = m->next)
			if (m->klen == len && same(m->key, k, len))
				return fail_dup(b, k, len, end + 1);
	b->key = k;
	b->klen = (uint32_t)len;
	b->state = S_COLON;
	return 0;
}

static int on_string(struct bld *b, size_t beg, size_t end)
{
	const char *t;
	size_t len;
	struct cs_jd *v;

	if (!(t = take_string(b, beg, end, &len)) ||
	    !(v = add(b, CS_JD_STRING, end + 1)))
		return -1;
	v->u.str.s = t;
	v->u.str.len = len;
	after_value(b);
	return 0;
}

/* A primitive text[beg..end): a literal or a number. */
static int on_primitive(struct bld *b, size_t beg, size_t end)
{
	const char *s = b->text + beg;
	size_t n = end - beg;
	struct cs_num num = { .finite = 1 };
	struct cs_jd *v;
	int kind = CS_JD_NUMBER;

	if (s[0] == 'n' && n == 4 && same(s, "null", 4))
		kind = CS_JD_NULL;
	else if (s[0] == 't' && n == 4 && same(s, "true", 4))
		kind = CS_JD_TRUE;
	else if (s[0] == 'f' && n == 5 && same(s, "false", 5))
		kind = CS_JD_FALSE;
	else if (cs_num_parse(s, n, &num))
		return fail_syntax(b, beg + 1, "invalid number or literal");
	if (kind == CS_JD_NUMBER && !num.finite) {
		char where[192];
		size_t line, col;
		path(b, 1, where, sizeof(where));
		place(b, end, &line, &col);
		return fail(b, "%s: number %.*s%s is out of range (line %zu, "
			    "column %zu)", where, n > 40 ? 40 : (int)n, s,
			    n > 40 ? "..." : "", line, col);
	}
	if (!(v = add(b, kind, end)))
		return -1;
	if (kind == CS_JD_NUMBER) {
		v->u.num.d = num.d;
		v->u.num.raw = s;
		v->u.num.rawlen = n;
		v->u.num.i = num.i;
		v->int_text = (uint8_t)num.is_int;
		v->int_fits = (uint8_t)num.int_fits;
	}
	after_value(b);
	return 0;
}

/* One token of jsmn's; *p moves past what it covers. */
static int token(struct bld *b, const jsmntok_t *t, size_t *p)
{
	size_t beg = (size_t)t->start, end = (size_t)t->end;

	if (t->type == JSMN_STRING) {
		if (gap(b, *p, beg - 1))
			return -1;
		*p = end + 1;
		if (wants_key(b))
			return on_key(b, beg, end);
		if (!wants_value(b))
			return fail_syntax(b, beg, expected(b));
		return on_string(b, beg, end);
	}
	if (gap(b, *p, beg))
		return -1;
	if (!wants_value(b))
		return fail_syntax(b, beg + 1, expected(b));
	if (t->type == JSMN_PRIMITIVE) {
		*p = end;
		return on_primitive(b, beg, end);
	}
	*p = beg + 1;
	return open_container(b, t->type == JSMN_OBJECT ? CS_JD_OBJECT : CS_JD_ARRAY, beg);
}

static int primitive_start(char c)
{
	return c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n';
}

/* jsmn stopped at 'at' with rc < 0, the tokens before it checked (p is
 * just past the last): name the fault there. */
static int jsmn_fault(struct bld *b, int rc, size_t at, size_t p)
{
	const char *why;
	int esc;
	size_t k, e;

	if (at >= b->len || !b->text[at]) {
		if (gap(b, p, b->len))
			return -1;
		return fail_syntax(b, b->len, "premature EOF");
	}
	if (rc == JSMN_ERROR_NOMEM)
		return fail_arena(b, at + 1);
	if (gap(b, p, at))
		return -1;
	if (b->state == S_END) /* an open string after the value included */
		return fail_syntax(b, at + 1, "trailing garbage");
	if (b->text[at] == '"') {
		k = scan_string((const unsigned char *)b->text + at + 1,
				b->len - at - 1, &esc, &why);
		return fail_syntax(b, at + 1 + k + (k < b->len - at - 1),
				   why ? why : expected(b));
	}
	if (!primitive_start(b->text[at])) /* a bracket or a stray byte */
		return gap(b, at, at + 1) ? -1 : fail_syntax(b, at + 1, expected(b));
	/* strict jsmn wants a primitive followed by a separator: one that
	 * runs to the end of the text is the whole text's value */
	for (e = at; e < b->len && b->text[e] && !is_ws(b->text[e]) &&
		     b->text[e] != ',' && b->text[e] != ']' && b->text[e] != '}'; e++)
		;
	if (rc == JSMN_ERROR_PART && b->state == S_START) {
		if (on_primitive(b, at, e))
			return -1;
		return gap(b, e, b->len);
	}
	if (rc == JSMN_ERROR_PART && e >= b->len && wants_value(b))
		return on_primitive(b, at, e) ? -1 : fail_syntax(b, b->len, "premature EOF");
	return fail_syntax(b, at + 1, wants_value(b) ? "invalid number or literal"
						     : expected(b));
}

/* The arena per token: jsmn's token, and the tree's node and sort slot
 * it may become (a value; a key needs less). Decoded text needs at most
 * the text's length more. */
#define PER_TOKEN (sizeof(jsmntok_t) + sizeof(struct cs_jd) + sizeof(void *))

size_t cs_jd_arena_need(size_t len, const struct cs_jd_limits *lim)
{
	/* a token of valid JSON takes two bytes (itself and a separator,
	 * or a container's two brackets), but for the last in a container */
	size_t tokens = len / 2 + 2 + JD_DEPTH_MAX;

	if (tokens > 2 * lim->max_values + 2)
		tokens = 2 * lim->max_values + 2;
	return 16 + tokens * PER_TOKEN + len;
}

/* jsmn is given its tokens JD_BATCH at a time, and the walk checks each
 * batch before jsmn goes on (jsmn resumes after running out of tokens).
 * jsmn closes a bracket by walking up from its last token, which costs the
 * nesting so far: given a file of 200,000 '[' and as many ']' at once it
 * took minutes. A batch can nest at most JD_BATCH deeper before the walk
 * refuses past max_depth, so that cost stays under JD_BATCH squared, once;
 * a capture of a few thousand tokens is one call. */
#define JD_BATCH 4096u

static int walk(struct bld *b, jsmntok_t *tok, unsigned ntok)
{
	jsmn_parser jp;
	unsigned i = 0, room;
	size_t p = 0;
	int rc;

	jsmn_init(&jp);
	do {
		room = ntok - jp.toknext > JD_BATCH ? jp.toknext + JD_BATCH : ntok;
		rc = jsmn_parse(&jp, b->text, b->len, tok, room);
		for (; i < jp.toknext; i++)
			if (tok[i].start >= 0 && token(b, &tok[i], &p))
				return -1;
	} while (rc == JSMN_ERROR_NOMEM && room < ntok);
	if (rc < 0)
		return jsmn_fault(b, rc, jp.pos, p);
	if (gap(b, p, b->len))
		return -1;
	if (jp.pos < b->len) /* jsmn stops at a NUL */
		return fail_syntax(b, jp.pos + 1, "a NUL byte in the text");
	if (b->state != S_END)
		return fail_syntax(b, b->len, "premature EOF");
	return 0;
}

struct cs_jd *cs_jd_parse(const char *text, size_t len, void *arena,
			  size_t arena_size, const struct cs_jd_limits *lim,
			  char *err, size_t errlen)
{
	struct bld b;
	size_t pad = (size_t)(-(uintptr_t)arena & 15), avail, ntok;
	jsmntok_t *tok;

	__builtin_memset(&b, 0, sizeof(b));
	b.text = text;
	b.len = len;
	b.arena_size = arena_size;
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
	if (len > 0x7fffffff) {
		fail(&b, "%zu bytes: more than jsmn's int offsets hold", len);
		return NULL;
	}
	avail = arena_size > pad + len ? arena_size - pad - len : 0;
	ntok = avail / PER_TOKEN;
	if (ntok > 2 * lim->max_values + 2)
		ntok = 2 * lim->max_values + 2;
	if (ntok > 0x7fffffff)
		ntok = 0x7fffffff;
	tok = (jsmntok_t *)(void *)((char *)arena + pad);
	/* the tree after the tokens, aligned for its nodes (a token is 20
	 * bytes): PER_TOKEN's sort slot covers the padding */
	b.lo = (char *)(tok + ntok);
	b.lo += -(uintptr_t)b.lo & (sizeof(double) - 1);
	b.hi = (char *)arena + arena_size;
	if (b.lo > b.hi)
		b.lo = b.hi;
	if (walk(&b, tok, (unsigned)ntok))
		return NULL;
	return b.root;
}

struct cs_jd *cs_jd_get(const struct cs_jd *obj, const char *key, size_t klen)
{
	struct cs_jd *m;

	for (m = obj->u.kids.first; m; m = m->next)
		if (m->klen == klen && same(m->key, key, klen))
			return m;
	return NULL;
}
