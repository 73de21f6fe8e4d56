/* buf.c: bounded text buffer and number formatting, freestanding. */
#include "buf.h"
#include "csmath.h"

void cs_buf_init(struct cs_buf *b, char *mem, size_t cap)
{
	b->p = mem;
	b->cap = cap;
	cs_buf_reset(b);
}

void cs_buf_reset(struct cs_buf *b)
{
	b->len = 0;
	b->overflow = 0;
	if (b->cap)
		b->p[0] = '\0';
}

/* Once a write did not fit, the buffer is full: nothing more is appended
 * (a cut made on a character boundary may leave a byte or two unused). */
void cs_putc(struct cs_buf *b, char c)
{
	if (b->overflow || b->len + 1 >= b->cap) {
		b->overflow = 1;
		return;
	}
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

/* What does not fit is cut on a UTF-8 character boundary: never half a
 * character (text cut here stays valid UTF-8 when it was). */
void cs_putn(struct cs_buf *b, const char *s, size_t n)
{
	size_t room;
	if (b->overflow || !b->cap) {
		b->overflow = 1;
		return;
	}
	room = b->cap - 1 - b->len;
	if (n > room) {
		n = cs_utf8_cut(s, room);
		b->overflow = 1;
	}
	for (size_t i = 0; i < n; i++)
		b->p[b->len++] = s[i];
	b->p[b->len] = '\0';
}

void cs_puts(struct cs_buf *b, const char *s)
{
	cs_putn(b, s, cs_strlen(s));
}

/* All of s or, when it does not fit, none of it (an escape is never cut). */
static void put_atom(struct cs_buf *b, const char *s, size_t n)
{
	if (b->overflow || b->len + n + 1 > b->cap) {
		b->overflow = 1;
		return;
	}
	cs_putn(b, s, n);
}

void cs_put_u64(struct cs_buf *b, uint64_t v)
{
	char tmp[21];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		cs_putc(b, tmp[--n]);
}

void cs_put_i64(struct cs_buf *b, int64_t v)
{
	if (v < 0) {
		cs_putc(b, '-');
		cs_put_u64(b, (uint64_t)0 - (uint64_t)v);
	} else {
		cs_put_u64(b, (uint64_t)v);
	}
}

void cs_put_hex(struct cs_buf *b, uint64_t v, int min_digits)
{
	static const char hx[] = "0123456789abcdef";
	char tmp[16];
	int n = 0;
	do {
		tmp[n++] = hx[v & 15];
		v >>= 4;
	} while (v);
	while (n < min_digits && n < 16)
		tmp[n++] = '0';
	cs_puts(b, "0x");
	while (n)
		cs_putc(b, tmp[--n]);
}

static const double pow10_tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};

const char *cs_nonfinite_words(double v)
{
	if (cs_isnan(v))
		return CS_WORDS_NAN;
	return v > 0 ? CS_WORDS_OVER : CS_WORDS_UNDER;
}

/* Non-finite values have no number form: text says so in words (JSON
 * writes null, common/jsonw.c). Never "inf", "nan", "null" or "?". */
static int put_nonfinite(struct cs_buf *b, double v)
{
	if (cs_isfinite(v))
		return 0;
	cs_puts(b, cs_nonfinite_words(v));
	return 1;
}

static void put_g_exp(struct cs_buf *b, double v, int sig, int add10);

/* Every finite v: integers of up to 18 digits, decimals as asked; from
 * 1e18 on, exponent form. Below 1.8e19 every scaled figure fits a u64, so
 * no conversion can overflow (tests/test_buf.c runs the extremes). */
void cs_put_fixed(struct cs_buf *b, double v, int decimals)
{
	if (put_nonfinite(b, v))
		return;
	if (decimals < 0)
		decimals = 0;
	if (decimals > 9)
		decimals = 9;
	if (v < 0) {
		v = -v;
		/* "-0.00" would read as a sign where there is none */
		if (v * pow10_tab[decimals] >= 0.5)
			cs_putc(b, '-');
	}
	if (v >= 1e18) { /* beyond integer range: exponent form */
		put_g_exp(b, v, 6, 0);
		return;
	}
	/* A double holds 16 or 17 significant digits: decimals past that
	 * are zeros, and dropping them keeps v * 10^d under 1e18. */
	int d = decimals;
	while (d > 0 && v * pow10_tab[d] >= 1e18)
		d--;
	uint64_t scale = (uint64_t)pow10_tab[d];
	uint64_t units = (uint64_t)(v * pow10_tab[d] + 0.5); /* < 1e18 + 1 */
	cs_put_u64(b, units / scale);
	if (decimals) {
		uint64_t frac = units % scale;
		char tmp[10];
		for (int i = decimals - 1; i >= 0; i--) {
			if (i < d) {
				tmp[i] = (char)('0' + frac % 10);
				frac /= 10;
			} else {
				tmp[i] = '0';
			}
		}
		cs_putc(b, '.');
		cs_putn(b, tmp, (size_t)decimals);
	}
}

/* v > 0 finite as m * 10^e with m in [1, 10), by exact powers of ten.
 * Subnormals are lifted into the normal range first (by 2^54, exactly), so
 * the scaling keeps its precision there too. */
static double normalise10(double v, int *e10)
{
	int e = 0;
	double m = v;
	if (m < 2.2250738585072014e-308) { /* subnormal: 10^16 * m is normal */
		m *= 1e16;
		e -= 16;
	}
	while (m >= 1e16) {
		m /= 1e16;
		e += 16;
	}
	while (m >= 10) {
		m /= 10;
		e++;
	}
	while (m < 1e-16) {
		m *= 1e16;
		e -= 16;
	}
	while (m < 1) {
		m *= 10;
		e--;
	}
	if (m >= 10) { /* the last step rounded up to 10 */
		m /= 10;
		e++;
	}
	*e10 = e;
	return m;
}

/* 'sig' significant digits of v * 10^add10 (add10 lets a caller scale a
 * figure that would overflow, as a percentage of DBL_MAX). */
static void put_g_exp(struct cs_buf *b, double v, int sig, int add10)
{
	if (put_nonfinite(b, v))
		return;
	if (sig < 1)
		sig = 1;
	if (sig > 17)
		sig = 17;
	if (v == 0) {
		cs_putc(b, '0');
		return;
	}
	if (v < 0) {
		cs_putc(b, '-');
		v = -v;
	}
	int e10;
	double m = normalise10(v, &e10);
	e10 += add10;
	/* sig digits as an integer, rounded: m * 10^16 + 0.5 < 1.1e17 */
	uint64_t digits = (uint64_t)(m * pow10_tab[sig - 1] + 0.5);
	if (digits >= (uint64_t)pow10_tab[sig]) { /* rounding carried: 9.99 -> 10.0 */
		digits /= 10;
		e10++;
	}
	char d[18];
	for (int i = sig - 1; i >= 0; i--) {
		d[i] = (char)('0' + digits % 10);
		digits /= 10;
	}
	int nd = sig;
	while (nd > 1 && d[nd - 1] == '0')
		nd--;
	if (e10 >= 15 || e10 < -5) {
		cs_putc(b, d[0]);
		if (nd > 1) {
			cs_putc(b, '.');
			cs_putn(b, d + 1, (size_t)(nd - 1));
		}
		cs_putc(b, 'e');
		cs_put_i64(b, e10);
		return;
	}
	if (e10 >= 0) {
		for (int i = 0; i <= e10; i++)
			cs_putc(b, i < nd ? d[i] : '0');
		if (nd > e10 + 1) {
			cs_putc(b, '.');
			cs_putn(b, d + e10 + 1, (size_t)(nd - e10 - 1));
		}
	} else {
		cs_puts(b, "0.");
		for (int i = 0; i < -e10 - 1; i++)
			cs_putc(b, '0');
		cs_putn(b, d, (size_t)nd);
	}
}

void cs_put_g(struct cs_buf *b, double v, int sig)
{
	put_g_exp(b, v, sig, 0);
}

void cs_put_size(struct cs_buf *b, double bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
					    "PiB", "EiB" };
	if (put_nonfinite(b, bytes)) {
		cs_puts(b, " B");
		return;
	}
	if (bytes < 0) { /* no size is negative, but say what there is */
		cs_putc(b, '-');
		bytes = -bytes;
	}
	if (bytes > 0 && bytes < 1) { /* a fraction of a byte: say it */
		cs_put_g(b, bytes, 3);
		cs_puts(b, " B");
		return;
	}
	int u = 0;
	while (bytes >= 1024 && u < 6) {
		bytes /= 1024;
		u++;
	}
	/* three significant figures at most, no trailing zeros; past EiB the
	 * figure goes to exponent form (cs_put_fixed) */
	int dec = u == 0 ? 0 : (bytes < 10 ? 2 : (bytes < 100 ? 1 : 0));
	char tmp[40];
	struct cs_buf t;
	cs_buf_init(&t, tmp, sizeof tmp);
	cs_put_fixed(&t, bytes, dec);
	size_t n = t.len;
	if (dec) {
		while (n && tmp[n - 1] == '0')
			n--;
		if (n && tmp[n - 1] == '.')
			n--;
	}
	cs_putn(b, tmp, n);
	cs_putc(b, ' ');
	cs_puts(b, unit[u]);
}

void cs_put_pct(struct cs_buf *b, double ratio)
{
	if (put_nonfinite(b, ratio))
		return;
	double a = cs_fabs(ratio);
	cs_putc(b, ratio < 0 ? '-' : '+');
	if (a >= 1e16) /* ratio * 100 may overflow: shift the exponent instead */
		put_g_exp(b, a, 3, 2);
	else
		cs_put_fixed(b, a * 100, 1);
	cs_puts(b, " %");
}

void cs_pad_to(struct cs_buf *b, size_t line_start, size_t col)
{
	while (b->len - line_start < col && !b->overflow)
		cs_putc(b, ' ');
}

size_t cs_strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int cs_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

void cs_strlcpy(char *dst, const char *src, size_t cap)
{
	size_t i = 0;
	if (!cap)
		return;
	for (; i + 1 < cap && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

/* The builtins become inline code or a call to memset/memcpy: the host's
 * libc, or efi/libc.c in the firmware (the only symbols the core may need,
 * tests/suite-freestanding.sh). */
void cs_memset(void *p, int v, size_t n)
{
	__builtin_memset(p, v, n);
}

void cs_memcpy(void *d, const void *s, size_t n)
{
	__builtin_memcpy(d, s, n);
}

/* Letters and digits, other runs folded to one '-', cut on a whole word:
 * safe in a file name on FAT and elsewhere (capture names). */
void cs_short_name(char *dst, size_t cap, const char *src)
{
	size_t n = 0;
	int dash = 0;
	for (; *src && n + 1 < cap; src++) {
		char ch = *src;
		int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			 (ch >= '0' && ch <= '9');
		if (ok) {
			if (dash && n)
				dst[n++] = '-';
			if (n + 1 < cap)
				dst[n++] = ch;
			dash = 0;
		} else {
			dash = 1;
		}
	}
	if ((*src >= 'a' && *src <= 'z') || (*src >= 'A' && *src <= 'Z') ||
	    (*src >= '0' && *src <= '9')) { /* cut mid-word: end on a whole one */
		size_t k = n;
		while (k && dst[k - 1] != '-')
			k--;
		if (k > 1)
			n = k;
	}
	while (n && dst[n - 1] == '-')
		n--;
	dst[n] = 0;
}


/* ---- UTF-8 (RFC 3629: no overlong forms, no surrogates, <= U+10FFFF) ---- */

size_t cs_utf8_next(const char *str, size_t n, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	uint32_t c;
	size_t len, i;
	unsigned char lo = 0x80, hi = 0xbf; /* range of the second byte */

	if (!n)
		return 0;
	c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		c &= 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		c &= 0x0f;
		if (s[0] == 0xe0)
			lo = 0xa0; /* overlong below U+0800 */
		else if (s[0] == 0xed)
			hi = 0x9f; /* U+D800..U+DFFF: surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		c &= 0x07;
		if (s[0] == 0xf0)
			lo = 0x90; /* overlong below U+10000 */
		else if (s[0] == 0xf4)
			hi = 0x8f; /* above U+10FFFF */
	} else {
		return 0; /* a continuation byte, C0, C1 or F5..FF */
	}
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	*cp = c;
	return len;
}

size_t cs_utf8_cut(const char *s, size_t max)
{
	size_t k = max, back = 0;
	while (k && back < 3 && ((unsigned char)s[k] & 0xc0) == 0x80) {
		k--;
		back++;
	}
	return back < 3 || ((unsigned char)s[k] & 0xc0) != 0x80 ? k : max;
}

size_t cs_utf8_prefix(const char *s, size_t n, size_t chars)
{
	size_t off = 0;
	uint32_t cp;
	while (chars && off < n) {
		size_t k = cs_utf8_next(s + off, n - off, &cp);
		off += k ? k : 1; /* an invalid byte counts as one character */
		chars--;
	}
	return off;
}

/* Code points a terminal acts on or that reorder what is shown: C1
 * controls, bidirectional overrides and isolates, line separators. */
static int unsafe_cp(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0x200e || cp == 0x200f ||
	       (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
	       cp == 0x2028 || cp == 0x2029;
}

static void put_esc_hex(struct cs_buf *b, const char *pre, uint32_t v, int digits)
{
	static const char hx[] = "0123456789abcdef";
	char t[10];
	size_t n = 0;
	while (*pre)
		t[n++] = *pre++;
	for (int i = digits - 1; i >= 0; i--)
		t[n++] = hx[(v >> (4 * i)) & 15];
	put_atom(b, t, n);
}

static void put_text(struct cs_buf *b, const char *s, size_t n, int field)
{
	size_t i = 0;
	while (i < n && !b->overflow) {
		unsigned char c = (unsigned char)s[i];
		uint32_t cp;
		size_t k;
		if (c >= 0x20 && c < 0x7f) {
			if (c == '\\' && field)
				put_atom(b, "\\\\", 2);
			else
				cs_putc(b, (char)c);
			i++;
			continue;
		}
		if (c < 0x80) {
			i++;
			if (c == '\n' && !field)
				cs_putc(b, '\n');
			else if (c == '\n')
				put_atom(b, "\\n", 2);
			else if (c == '\t')
				put_atom(b, "\\t", 2);
			else if (c == '\r')
				put_atom(b, "\\r", 2);
			else if (c == 0x1b)
				put_atom(b, "\\e", 2);
			else
				put_esc_hex(b, "\\x", c, 2);
			continue;
		}
		k = cs_utf8_next(s + i, n - i, &cp);
		if (!k) {
			put_esc_hex(b, "\\x", c, 2);
			i++;
		} else if (unsafe_cp(cp)) {
			put_esc_hex(b, "\\u", cp, 4);
			i += k;
		} else {
			put_atom(b, s + i, k);
			i += k;
		}
	}
}

void cs_put_textn(struct cs_buf *b, const char *s, size_t n)
{
	put_text(b, s, n, 1);
}

void cs_put_text(struct cs_buf *b, const char *s)
{
	put_text(b, s, cs_strlen(s), 1);
}

void cs_put_text_lines(struct cs_buf *b, const char *s)
{
	put_text(b, s, cs_strlen(s), 0);
}

size_t cs_put_utf8_char(struct cs_buf *b, const char *s, size_t n)
{
	uint32_t cp;
	size_t k = cs_utf8_next(s, n, &cp);
	if (k)
		put_atom(b, s, k);
	else
		put_atom(b, "\xef\xbf\xbd", 3); /* U+FFFD */
	return k ? k : 1;
}

void cs_put_utf8(struct cs_buf *b, const char *s)
{
	size_t n = cs_strlen(s), i = 0;
	while (i < n && !b->overflow)
		i += cs_put_utf8_char(b, s + i, n - i);
}
