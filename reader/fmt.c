/* fmt.c: the reader's messages, freestanding (fmt.h). The conversions the
 * reader's sentences use, printed as C's printf prints them: %g from the
 * exact decimal value of the double, rounded half to even, so a message
 * reads the same on the host, in the firmware and in the page; but a
 * non-finite one in words (common/buf.h cs_nonfinite_words), not "inf". */
#include "fmt.h"
#include "../common/buf.h"
#include "../common/csmath.h"

struct out {
	char *p;
	size_t cap, len; /* len counts what would have been written */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->cap)
		o->p[o->len] = c;
	o->len++;
}

static void puts_n(struct out *o, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++)
		put(o, s[i]);
}

static void put_u(struct out *o, unsigned long long v)
{
	char t[24];
	int n = 0;

	do
		t[n++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (n)
		put(o, t[--n]);
}

static void put_i(struct out *o, long long v)
{
	if (v < 0) {
		put(o, '-');
		put_u(o, 0 - (unsigned long long)v);
	} else {
		put_u(o, (unsigned long long)v);
	}
}

#define LIMBS 90           /* base 1e9: 5^1074 * 2^53 has 767 digits */
#define DIGITS (LIMBS * 9) /* decimal digits of the exact value, at most */

/* big *= f (f < 2^32 / 4), little-endian base-1e9 limbs. */
static void big_mul(uint32_t *big, int *n, uint32_t f)
{
	uint64_t carry = 0;

	for (int i = 0; i < *n; i++) {
		uint64_t t = (uint64_t)big[i] * f + carry;
		big[i] = (uint32_t)(t % 1000000000u);
		carry = t / 1000000000u;
	}
	while (carry) {
		big[(*n)++] = (uint32_t)(carry % 1000000000u);
		carry /= 1000000000u;
	}
}

/* Every digit of v > 0 finite, most significant first ('0'..'9'); the
 * count, and in *e10 the power of ten of the first. */
static int exact_digits(double v, char *dig, int *e10)
{
	union {
		double d;
		uint64_t u;
	} b = { v };
	uint64_t m = b.u & (((uint64_t)1 << 52) - 1);
	int e = (int)((b.u >> 52) & 0x7FF), n = 0, nd = 0, k;
	uint32_t big[LIMBS];

	if (e)
		m |= (uint64_t)1 << 52;
	else
		e = 1;
	e -= 1075; /* v = m * 2^e */
	big[n++] = (uint32_t)(m % 1000000000u);
	if (m / 1000000000u) {
		big[n++] = (uint32_t)(m / 1000000000u % 1000000000u);
		if (m / 1000000000000000000u)
			big[n++] = (uint32_t)(m / 1000000000000000000u);
	}
	for (k = e; k > 0; k -= k > 29 ? 29 : k)
		big_mul(big, &n, (uint32_t)1 << (k > 29 ? 29 : k));
	for (k = -e; k > 0; k -= k > 13 ? 13 : k) {
		uint32_t f = 1;
		for (int i = 0; i < (k > 13 ? 13 : k); i++)
			f *= 5;
		big_mul(big, &n, f);
	}
	for (int i = n - 1; i >= 0; i--) {
		char t[9];
		uint32_t x = big[i];
		for (int j = 8; j >= 0; j--, x /= 10)
			t[j] = (char)('0' + x % 10);
		for (int j = 0; j < 9; j++)
			if (nd || t[j] != '0' || (i == 0 && j == 8))
				dig[nd++] = t[j];
	}
	*e10 = nd - 1 + (e < 0 ? e : 0);
	return nd;
}

/* dig[0..nd) rounded half to even to p digits (nd may be less); the
 * carry out of the first digit moves *e10. */
static void round_digits(char *dig, int nd, int p, int *e10)
{
	int up, i;

	if (nd <= p) {
		for (i = nd; i < p; i++)
			dig[i] = '0';
		return;
	}
	up = dig[p] > '5';
	if (dig[p] == '5') {
		for (i = p + 1; i < nd && dig[i] == '0'; i++)
			;
		up = i < nd || (p > 0 && (dig[p - 1] - '0') % 2 == 1);
	}
	for (i = p - 1; up && i >= 0; i--) {
		if (dig[i] != '9') {
			dig[i]++;
			up = 0;
		} else {
			dig[i] = '0';
		}
	}
	if (up) { /* 99.. -> 100.. */
		dig[0] = '1';
		(*e10)++;
	}
}

/* %.<p>g */
static void put_g(struct out *o, double v, int p)
{
	char dig[DIGITS + 1];
	int nd, x, i, last;

	if (p == 0)
		p = 1;
	/* no digits for a non-finite figure: the words every number writer
	 * prints for it (common/buf.h), never "nan" or "inf" */
	if (v != v || v > 1.7976931348623157e308 || v < -1.7976931348623157e308) {
		const char *w = cs_nonfinite_words(v);
		puts_n(o, w, cs_strlen(w));
		return;
	}
	if (v < 0 || (v == 0 && 1 / v < 0)) {
		put(o, '-');
		v = -v;
	}
	if (v == 0) {
		put(o, '0');
		return;
	}
	if (p > DIGITS)
		p = DIGITS;
	nd = exact_digits(v, dig, &x);
	round_digits(dig, nd, p, &x);
	for (last = p - 1; last > 0 && dig[last] == '0'; last--)
		;
	if (x < -4 || x >= p) {
		put(o, dig[0]);
		if (last > 0)
			put(o, '.');
		for (i = 1; i <= last; i++)
			put(o, dig[i]);
		put(o, 'e');
		put(o, x < 0 ? '-' : '+');
		if ((x < 0 ? -x : x) < 10)
			put(o, '0');
		put_u(o, (unsigned long long)(x < 0 ? -x : x));
		return;
	}
	if (x < 0) {
		puts_n(o, "0.", 2);
		for (i = -1; i > x; i--)
			put(o, '0');
		for (i = 0; i <= last; i++)
			put(o, dig[i]);
		return;
	}
	for (i = 0; i <= x; i++)
		put(o, dig[i]);
	if (last > x)
		put(o, '.');
	for (; i <= last; i++)
		put(o, dig[i]);
}

/* %.0f: the nearest integer, halves to even, as C prints it (a negative
 * figure that rounds to 0 keeps its sign: "-0"); one of 2^63 or more in
 * magnitude, or not finite, as %.17g prints it. */
static void put_f0(struct out *o, double v)
{
	double f, d;

	if (v != v || v >= 9223372036854775807.0 || v <= -9223372036854775807.0) {
		put_g(o, v, 17);
		return;
	}
	f = cs_floor(v);
	d = v - f;
	if (d > 0.5 || (d == 0.5 && cs_floor(f / 2) * 2 != f))
		f += 1;
	if (f == 0 && (v < 0 || (v == 0 && 1 / v < 0)))
		put(o, '-');
	put_i(o, (long long)f);
}

/* One conversion after '%' (and its flags, already past): the length
 * modifiers this reader uses, then the letter. */
static const char *conv(struct out *o, const char *f, int prec, va_list *ap)
{
	int l = 0, z = 0;

	for (; *f == 'l'; f++)
		l++;
	if (*f == 'z') {
		z = 1;
		f++;
	}
	switch (*f) {
	case 'd':
		put_i(o, l > 1 ? va_arg(*ap, long long) : l ? va_arg(*ap, long) : va_arg(*ap, int));
		break;
	case 'u':
		put_u(o, z ? va_arg(*ap, size_t) : l > 1 ? va_arg(*ap, unsigned long long)
			 : l ? va_arg(*ap, unsigned long) : va_arg(*ap, unsigned));
		break;
	case 'g':
		put_g(o, va_arg(*ap, double), prec < 0 ? 6 : prec);
		break;
	case 'f': /* %.0f alone: an integer's digits (expectations' counts) */
		put_f0(o, va_arg(*ap, double));
		break;
	case 'c':
		put(o, (char)va_arg(*ap, int));
		break;
	case 's': {
		const char *s = va_arg(*ap, const char *);
		puts_n(o, s, prec < 0 ? (size_t)-1 : (size_t)prec);
		break;
	}
	default: /* '%' and anything else: as written */
		put(o, *f);
	}
	return *f ? f + 1 : f;
}

size_t cs_vfmt(char *out, size_t cap, const char *f, va_list ap)
{
	struct out o = { out, cap, 0 };
	va_list a;

	va_copy(a, ap);
	while (*f) {
		int prec = -1;
		if (*f != '%') {
			put(&o, *f++);
			continue;
		}
		f++;
		if (*f == '.') {
			f++;
			if (*f == '*') {
				prec = va_arg(a, int);
				f++;
			} else {
				for (prec = 0; *f >= '0' && *f <= '9'; f++)
					prec = prec * 10 + (*f - '0');
			}
		}
		f = conv(&o, f, prec, &a);
	}
	va_end(a);
	if (cap)
		out[o.len < cap ? o.len : cap - 1] = '\0';
	return o.len;
}

size_t cs_fmt(char *out, size_t cap, const char *f, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, f);
	n = cs_vfmt(out, cap, f, ap);
	va_end(ap);
	return n;
}
