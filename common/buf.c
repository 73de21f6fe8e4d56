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

void cs_putc(struct cs_buf *b, char c)
{
	if (b->len + 1 >= b->cap) {
		b->overflow = 1;
		return;
	}
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

void cs_putn(struct cs_buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		cs_putc(b, s[i]);
}

void cs_puts(struct cs_buf *b, const char *s)
{
	while (*s)
		cs_putc(b, *s++);
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

/* Non-finite values have no number form: the writer's callers emit null. */
static int put_nonfinite(struct cs_buf *b, double v)
{
	if (cs_isfinite(v))
		return 0;
	cs_puts(b, cs_isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"));
	return 1;
}

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
		cs_put_g(b, v, 6);
		return;
	}
	double scaled = v * pow10_tab[decimals] + 0.5;
	uint64_t units = (uint64_t)scaled;
	uint64_t scale = (uint64_t)pow10_tab[decimals];
	if (scaled >= 1.8e19) { /* too many digits for u64 with this scale */
		cs_put_u64(b, (uint64_t)(v + 0.5));
		return;
	}
	cs_put_u64(b, units / scale);
	if (decimals) {
		uint64_t frac = units % scale;
		char tmp[10];
		for (int i = decimals - 1; i >= 0; i--) {
			tmp[i] = (char)('0' + frac % 10);
			frac /= 10;
		}
		cs_putc(b, '.');
		cs_putn(b, tmp, (size_t)decimals);
	}
}

/* Decimal exponent e and digits such that v ~= 0.d1d2.. * 10^e, computed by
 * scaling with exact powers of ten; good to ~15 significant digits. */
void cs_put_g(struct cs_buf *b, double v, int sig)
{
	if (!cs_isfinite(v)) {
		cs_puts(b, "null");
		return;
	}
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
	/* normalise to [1, 10) */
	int e10 = 0;
	double m = v;
	while (m >= 1e16) {
		m /= 1e16;
		e10 += 16;
	}
	while (m >= 10) {
		m /= 10;
		e10++;
	}
	while (m < 1e-16) {
		m *= 1e16;
		e10 -= 16;
	}
	while (m < 1) {
		m *= 10;
		e10--;
	}
	/* sig digits as an integer, rounded */
	double scaled = m * pow10_tab[sig - 1] + 0.5;
	uint64_t digits = (uint64_t)scaled;
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

void cs_put_size(struct cs_buf *b, double bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	if (!cs_isfinite(bytes) || bytes < 0) {
		cs_puts(b, "?");
		return;
	}
	int u = 0;
	while (bytes >= 1024 && u < 4) {
		bytes /= 1024;
		u++;
	}
	/* three significant figures at most, no trailing zeros */
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
	if (!cs_isfinite(ratio)) {
		cs_puts(b, "?");
		return;
	}
	double pct = ratio * 100;
	cs_putc(b, pct < 0 ? '-' : '+');
	cs_put_fixed(b, cs_fabs(pct), 1);
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

