/* jsoncheck.c: strict JSON + UTF-8 validation (jsoncheck.h). A loop over
 * the bytes with the open containers kept as bits (1: object), no
 * recursion, so its stack use does not depend on the text. */
#include "jsoncheck.h"
#include "buf.h"

enum state {
	ST_VALUE,          /* a value must come */
	ST_VALUE_OR_CLOSE, /* just after '[' */
	ST_KEY_OR_CLOSE,   /* just after '{' */
	ST_KEY,            /* after ',' in an object */
	ST_COLON,          /* after a key */
	ST_AFTER,          /* after a value */
};

struct jc {
	const unsigned char *s;
	size_t n, i;
	uint32_t depth;
	uint64_t kind[CS_JSONCHECK_DEPTH / 64]; /* bit set: object */
	struct cs_jsoncheck *r;
};

static int fail(struct jc *c, enum cs_jc_code code, size_t at, const char *what)
{
	struct cs_jsoncheck *r = c->r;
	struct cs_buf b;
	uint32_t line = 1, col = 1;
	if (!r)
		return -1;
	for (size_t k = 0; k < at && k < c->n; k++) {
		if (c->s[k] == '\n') {
			line++;
			col = 1;
		} else if ((c->s[k] & 0xc0) != 0x80) {
			col++; /* columns count characters */
		}
	}
	r->code = code;
	r->offset = at;
	r->line = line;
	r->column = col;
	cs_buf_init(&b, r->why, sizeof r->why);
	cs_puts(&b, "line ");
	cs_put_u64(&b, line);
	cs_puts(&b, ", column ");
	cs_put_u64(&b, col);
	cs_puts(&b, " (byte ");
	cs_put_u64(&b, at);
	cs_puts(&b, "): ");
	cs_puts(&b, what);
	return -1;
}

static int is_ws(unsigned char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static int is_digit(unsigned char ch)
{
	return ch >= '0' && ch <= '9';
}

static int hexval(unsigned char ch)
{
	if (is_digit(ch))
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

/* Bytes shaped like UTF-8 (a lead byte and its continuations) that RFC 3629
 * still refuses: what yajl's check would let through. */
static int utf8_shape(const unsigned char *s, size_t n)
{
	size_t len = s[0] >= 0xf0 && s[0] <= 0xf7 ? 4 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
		   : s[0] >= 0xc0 && s[0] <= 0xdf ? 2 : 0;
	if (!len || n < len)
		return 0;
	for (size_t k = 1; k < len; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	return 1;
}

/* \uXXXX at c->i (the 'u'); 0 and the value, or -1. */
static int u_escape(struct jc *c, uint32_t *v)
{
	uint32_t x = 0;
	if (c->n - c->i < 5)
		return fail(c, CS_JC_TRUNCATED, c->n, "the text ends inside a \\u escape");
	for (int k = 1; k <= 4; k++) {
		int h = hexval(c->s[c->i + (size_t)k]);
		if (h < 0)
			return fail(c, CS_JC_SYNTAX, c->i + (size_t)k, "a \\u escape needs four hex digits");
		x = x << 4 | (uint32_t)h;
	}
	c->i += 5;
	*v = x;
	return 0;
}

static int escape(struct jc *c)
{
	size_t at = c->i - 1;
	uint32_t v, lo;
	if (c->i >= c->n)
		return fail(c, CS_JC_TRUNCATED, c->n, "the text ends inside an escape");
	switch (c->s[c->i]) {
	case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
		c->i++;
		return 0;
	case 'u':
		break;
	default:
		return fail(c, CS_JC_SYNTAX, c->i, "not an escape JSON knows");
	}
	if (u_escape(c, &v))
		return -1;
	if (v >= 0xdc00 && v <= 0xdfff)
		return fail(c, CS_JC_SURROGATE, at, "a low surrogate escape with no high one before it");
	if (v < 0xd800 || v > 0xdbff)
		return 0;
	if (c->n - c->i < 2 || c->s[c->i] != '\\' || c->s[c->i + 1] != 'u')
		return fail(c, CS_JC_SURROGATE, at, "a high surrogate escape with no low one after it");
	c->i++;
	if (u_escape(c, &lo))
		return -1;
	if (lo < 0xdc00 || lo > 0xdfff)
		return fail(c, CS_JC_SURROGATE, at, "a high surrogate escape with no low one after it");
	return 0;
}

static int string(struct jc *c)
{
	size_t start = c->i++;
	uint32_t cp;
	while (c->i < c->n) {
		unsigned char ch = c->s[c->i];
		if (ch == '"') {
			c->i++;
			return 0;
		}
		if (ch == '\\') {
			c->i++;
			if (escape(c))
				return -1;
		} else if (ch < 0x20) {
			return fail(c, CS_JC_CONTROL, c->i, "a control character inside a string (write it as an escape)");
		} else if (ch < 0x80) {
			c->i++;
		} else {
			size_t k = cs_utf8_next((const char *)c->s + c->i, c->n - c->i, &cp);
			if (!k)
				return utf8_shape(c->s + c->i, c->n - c->i)
					       ? fail(c, CS_JC_UTF8_STRICT, c->i, "not UTF-8 as RFC 3629 has it (overlong, surrogate or above U+10FFFF)")
					       : fail(c, CS_JC_UTF8, c->i, "a byte that is not UTF-8");
			c->i += k;
		}
	}
	return fail(c, CS_JC_TRUNCATED, start, "a string that is never closed");
}

static int digits(struct jc *c)
{
	size_t from = c->i;
	while (c->i < c->n && is_digit(c->s[c->i]))
		c->i++;
	if (c->i > from)
		return 0;
	return fail(c, c->i < c->n ? CS_JC_SYNTAX : CS_JC_TRUNCATED, c->i, "a digit must come here");
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int number(struct jc *c)
{
	if (c->s[c->i] == '-')
		c->i++;
	if (c->i < c->n && c->s[c->i] == '0')
		c->i++;
	else if (digits(c))
		return -1;
	if (c->i < c->n && c->s[c->i] == '.') {
		c->i++;
		if (digits(c))
			return -1;
	}
	if (c->i < c->n && (c->s[c->i] == 'e' || c->s[c->i] == 'E')) {
		c->i++;
		if (c->i < c->n && (c->s[c->i] == '+' || c->s[c->i] == '-'))
			c->i++;
		if (digits(c))
			return -1;
	}
	return 0;
}

static int literal(struct jc *c)
{
	static const char *const words[3] = { "true", "false", "null" };
	for (int w = 0; w < 3; w++) {
		const char *p = words[w];
		size_t k = 0;
		if ((unsigned char)p[0] != c->s[c->i])
			continue;
		while (p[k] && c->i + k < c->n && c->s[c->i + k] == (unsigned char)p[k])
			k++;
		if (!p[k]) {
			c->i += k;
			return 0;
		}
		return fail(c, c->i + k < c->n ? CS_JC_SYNTAX : CS_JC_TRUNCATED, c->i + k,
			    "not a value (true, false, null, a number, a string, [ or {)");
	}
	return fail(c, CS_JC_SYNTAX, c->i, "not a value (true, false, null, a number, a string, [ or {)");
}

static int open_(struct jc *c, int object)
{
	if (c->depth >= CS_JSONCHECK_DEPTH) {
		fail(c, CS_JC_DEPTH, c->i, "nested deeper than the levels this check follows, ");
		if (c->r) {
			struct cs_buf b;
			size_t used = cs_strlen(c->r->why);
			cs_buf_init(&b, c->r->why + used, sizeof c->r->why - used);
			cs_put_u64(&b, CS_JSONCHECK_DEPTH);
		}
		return -1;
	}
	uint64_t bit = 1ull << (c->depth % 64);
	if (object)
		c->kind[c->depth / 64] |= bit;
	else
		c->kind[c->depth / 64] &= ~bit;
	c->depth++;
	c->i++;
	return 0;
}

static int top_is_object(const struct jc *c)
{
	uint32_t d = c->depth - 1;
	return (int)(c->kind[d / 64] >> (d % 64) & 1);
}

/* A value starts at c->i: scalars are read whole, containers opened. */
static int value(struct jc *c, enum state *st)
{
	unsigned char ch = c->s[c->i];
	if (ch == '{') {
		*st = ST_KEY_OR_CLOSE;
		return open_(c, 1);
	}
	if (ch == '[') {
		*st = ST_VALUE_OR_CLOSE;
		return open_(c, 0);
	}
	*st = ST_AFTER;
	if (ch == '"')
		return string(c);
	if (ch == '-' || is_digit(ch))
		return number(c);
	return literal(c);
}

static int step(struct jc *c, enum state *st)
{
	unsigned char ch = c->s[c->i];
	switch (*st) {
	case ST_VALUE_OR_CLOSE:
		if (ch == ']') {
			c->depth--;
			c->i++;
			*st = ST_AFTER;
			return 0;
		}
		return value(c, st);
	case ST_VALUE:
		return value(c, st);
	case ST_KEY_OR_CLOSE:
		if (ch == '}') {
			c->depth--;
			c->i++;
			*st = ST_AFTER;
			return 0;
		}
		/* fall through */
	case ST_KEY:
		if (ch != '"')
			return fail(c, CS_JC_SYNTAX, c->i, "a key (a string) must come here");
		*st = ST_COLON;
		return string(c);
	case ST_COLON:
		if (ch != ':')
			return fail(c, CS_JC_SYNTAX, c->i, "':' must follow a key");
		c->i++;
		*st = ST_VALUE;
		return 0;
	case ST_AFTER:
		if (c->depth == 0)
			return fail(c, CS_JC_TRAILING, c->i, "more text after the value");
		if (ch == ',') {
			c->i++;
			*st = top_is_object(c) ? ST_KEY : ST_VALUE;
			return 0;
		}
		if (ch == (top_is_object(c) ? '}' : ']')) {
			c->depth--;
			c->i++;
			return 0;
		}
		return fail(c, CS_JC_SYNTAX, c->i, top_is_object(c) ? "',' or '}' must come here"
								       : "',' or ']' must come here");
	}
	return -1;
}

int cs_json_check(const char *text, size_t len, struct cs_jsoncheck *r)
{
	struct jc c;
	enum state st = ST_VALUE;
	int any = 0;

	cs_memset(&c, 0, sizeof c);
	c.s = (const unsigned char *)text;
	c.n = len;
	c.r = r;
	if (r) {
		r->code = CS_JC_OK;
		r->offset = 0;
		r->line = r->column = 0;
		r->why[0] = 0;
	}
	for (;;) {
		while (c.i < c.n && is_ws(c.s[c.i]))
			c.i++;
		if (c.i == c.n)
			break;
		if (c.s[c.i] == '\f' || c.s[c.i] == '\v')
			return fail(&c, CS_JC_SPACE, c.i, "a form feed or vertical tab: not white space in JSON");
		any = 1;
		if (step(&c, &st))
			return -1;
	}
	if (!any)
		return fail(&c, CS_JC_EMPTY, 0, "no JSON value, only white space");
	if (st != ST_AFTER || c.depth)
		return fail(&c, CS_JC_TRUNCATED, c.n, "the text ends inside a value");
	return 0;
}
