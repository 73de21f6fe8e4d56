/* number.c: a JSON number's text to a double, freestanding and correctly
 * rounded (number.h). The common case (at most 19 significant digits, a
 * mantissa below 2^53 and a power of ten up to 1e22) is one exact
 * operation; anything else goes through a decimal of up to 800 digits
 * shifted by powers of two (the classic slow path, as in Go's strconv),
 * which rounds half to even on the exact value. */
#include "number.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

#define DEC_DIGITS 800
#define MAX_SHIFT 60 /* bits a shift step takes: 64 minus 4 for a digit */

struct decimal {
	unsigned char d[DEC_DIGITS]; /* digits 0..9, most significant first */
	int nd;    /* digits used */
	int dp;    /* the point is after d[dp - 1] */
	int trunc; /* nonzero digits were dropped past DEC_DIGITS */
};

static void trim(struct decimal *a)
{
	while (a->nd > 0 && a->d[a->nd - 1] == 0)
		a->nd--;
	if (a->nd == 0)
		a->dp = 0;
}

/* a /= 2^k, k <= MAX_SHIFT. */
static void right_shift(struct decimal *a, unsigned k)
{
	int r = 0, w = 0;
	uint64_t n = 0, mask = ((uint64_t)1 << k) - 1;

	for (; (n >> k) == 0; r++) {
		if (r >= a->nd) {
			if (n == 0) {
				a->nd = 0;
				return;
			}
			while ((n >> k) == 0) {
				n *= 10;
				r++;
			}
			break;
		}
		n = n * 10 + a->d[r];
	}
	a->dp -= r - 1;
	for (; r < a->nd; r++) {
		unsigned char c = a->d[r];
		a->d[w++] = (unsigned char)(n >> k);
		n = (n & mask) * 10 + c;
	}
	while (n > 0) {
		unsigned char dig = (unsigned char)(n >> k);
		n &= mask;
		if (w < DEC_DIGITS)
			a->d[w++] = dig;
		else if (dig > 0)
			a->trunc = 1;
		n *= 10;
	}
	a->nd = w;
	trim(a);
}

/* a *= 2^k, k <= MAX_SHIFT: from the last digit up, into a scratch copy
 * (the result has at most 19 more digits). */
static void left_shift(struct decimal *a, unsigned k)
{
	unsigned char t[DEC_DIGITS + 20];
	int r, w = DEC_DIGITS + 20, nd;
	uint64_t n = 0;

	for (r = a->nd - 1; r >= 0; r--) {
		n += (uint64_t)a->d[r] << k;
		t[--w] = (unsigned char)(n % 10);
		n /= 10;
	}
	while (n > 0) {
		t[--w] = (unsigned char)(n % 10);
		n /= 10;
	}
	nd = DEC_DIGITS + 20 - w;
	a->dp += nd - a->nd;
	if (nd > DEC_DIGITS) {
		for (r = DEC_DIGITS; r < nd; r++)
			if (t[w + r])
				a->trunc = 1;
		nd = DEC_DIGITS;
	}
	for (r = 0; r < nd; r++)
		a->d[r] = t[w + r];
	a->nd = nd;
	trim(a);
}

static void shift(struct decimal *a, int k)
{
	if (a->nd == 0)
		return;
	for (; k > MAX_SHIFT; k -= MAX_SHIFT)
		left_shift(a, MAX_SHIFT);
	for (; k < -MAX_SHIFT; k += MAX_SHIFT)
		right_shift(a, MAX_SHIFT);
	if (k > 0)
		left_shift(a, (unsigned)k);
	else if (k < 0)
		right_shift(a, (unsigned)-k);
}

static int round_up(const struct decimal *a, int nd)
{
	if (nd < 0 || nd >= a->nd)
		return 0;
	if (a->d[nd] == 5 && nd + 1 == a->nd) /* exactly half: to even */
		return a->trunc || (nd > 0 && a->d[nd - 1] % 2 == 1);
	return a->d[nd] >= 5;
}

static uint64_t rounded_integer(const struct decimal *a)
{
	uint64_t n = 0;
	int i;

	if (a->dp > 20)
		return ~(uint64_t)0;
	for (i = 0; i < a->dp && i < a->nd; i++)
		n = n * 10 + a->d[i];
	for (; i < a->dp; i++)
		n *= 10;
	return n + (uint64_t)round_up(a, a->dp);
}

static double from_bits(uint64_t bits)
{
	union {
		uint64_t u;
		double d;
	} v;
	v.u = bits;
	return v.d;
}

#define MANT_BITS 52
#define EXP_BIAS (-1023)
static const int powtab[] = { 1, 3, 6, 9, 13, 16, 19, 23, 26 };
#define POWTAB_N ((int)(sizeof(powtab) / sizeof(powtab[0])))

/* The nearest double to a (ties to even); *overflow when it has none. */
static uint64_t decimal_bits(struct decimal *a, int *overflow)
{
	int exp = 0, n;
	uint64_t mant;

	if (a->nd == 0 || a->dp < -330)
		return 0;
	if (a->dp > 310)
		goto over;
	while (a->dp > 0) {
		n = a->dp >= POWTAB_N ? 27 : powtab[a->dp];
		shift(a, -n);
		exp += n;
	}
	while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
		n = -a->dp >= POWTAB_N ? 27 : powtab[-a->dp];
		shift(a, n);
		exp -= n;
	}
	exp--; /* now in [1, 2) */
	if (exp < EXP_BIAS + 1) {
		n = EXP_BIAS + 1 - exp;
		shift(a, -n);
		exp += n;
	}
	if (exp - EXP_BIAS >= (1 << 11) - 1)
		goto over;
	shift(a, 1 + MANT_BITS);
	mant = rounded_integer(a);
	if (mant == (uint64_t)2 << MANT_BITS) {
		mant >>= 1;
		if (++exp - EXP_BIAS >= (1 << 11) - 1)
			goto over;
	}
	if (!(mant & ((uint64_t)1 << MANT_BITS)))
		exp = EXP_BIAS; /* subnormal */
	return (mant & (((uint64_t)1 << MANT_BITS) - 1)) |
	       ((uint64_t)((exp - EXP_BIAS) & ((1 << 11) - 1)) << MANT_BITS);
over:
	*overflow = 1;
	return (uint64_t)0x7FF << MANT_BITS;
}

/* The digits of a number (its grammar checked) into a decimal. */
static void to_decimal(const char *s, size_t n, struct decimal *a)
{
	size_t i = 0;
	long e = 0;
	int seen_point = 0, eneg = 0;

	a->nd = a->dp = a->trunc = 0;
	if (s[i] == '-')
		i++;
	for (; i < n && (is_digit(s[i]) || s[i] == '.'); i++) {
		if (s[i] == '.') {
			seen_point = 1;
			continue;
		}
		if (!seen_point)
			a->dp++;
		if (s[i] == '0' && a->nd == 0) {
			a->dp--; /* a leading zero is no digit */
			continue;
		}
		if (a->nd < DEC_DIGITS)
			a->d[a->nd++] = (unsigned char)(s[i] - '0');
		else if (s[i] != '0')
			a->trunc = 1;
	}
	if (i < n) { /* 'e' or 'E' */
		i++;
		if (s[i] == '+' || s[i] == '-')
			eneg = s[i++] == '-';
		for (; i < n; i++)
			if (e < 100000)
				e = e * 10 + (s[i] - '0');
	}
	a->dp += (int)(eneg ? -e : e);
	trim(a);
}

static const double pow10_exact[] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,
				      1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
				      1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
				      1e18, 1e19, 1e20, 1e21, 1e22 };

static size_t digit_run(const char *s, size_t i, size_t n, uint64_t *m,
			size_t *digits, long *kept)
{
	for (; i < n && is_digit(s[i]); i++, (*digits)++)
		if (*digits < 19) {
			*m = *m * 10 + (uint64_t)(s[i] - '0');
			(*kept)++;
		}
	return i;
}

/* One pass over s[0..n): RFC 8259's grammar,
 * -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, checked exactly, and on
 * the way the sign, the first 19 digits (*m; *digits counts them all) and
 * the power of ten of the last kept. -1 when s is no JSON number. */
static int scan(const char *s, size_t n, struct cs_num *out, uint64_t *m,
		size_t *digits, long *e10)
{
	size_t i = 0;
	long frac = 0, x = 0, ignored = 0;
	int xneg = 0;

	*m = 0;
	*digits = 0;
	out->is_int = 1;
	out->neg = n > 0 && s[0] == '-';
	i = (size_t)out->neg;
	if (i >= n || !is_digit(s[i]))
		return -1;
	if (s[i] == '0') {
		i++;
		(*digits)++;
	} else {
		i = digit_run(s, i, n, m, digits, &ignored);
	}
	if (i < n && s[i] == '.') {
		out->is_int = 0;
		if (++i >= n || !is_digit(s[i]))
			return -1;
		i = digit_run(s, i, n, m, digits, &frac);
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		out->is_int = 0;
		if (++i < n && (s[i] == '+' || s[i] == '-'))
			xneg = s[i++] == '-';
		if (i >= n || !is_digit(s[i]))
			return -1;
		for (; i < n && is_digit(s[i]); i++)
			if (x < 100000)
				x = x * 10 + (s[i] - '0');
	}
	*e10 = (xneg ? -x : x) - frac;
	return i == n ? 0 : -1;
}

int cs_num_parse(const char *s, size_t n, struct cs_num *out)
{
	struct decimal a;
	uint64_t m, bits;
	size_t digits;
	long e10;
	int overflow = 0;

	out->int_fits = 0;
	out->i = 0;
	if (scan(s, n, out, &m, &digits, &e10))
		return -1;
	if (out->is_int && (digits < 19 ||
			    (digits == 19 && m <= (uint64_t)INT64_MAX + (uint64_t)out->neg))) {
		out->int_fits = 1;
		out->i = out->neg ? (int64_t)(0 - m) : (int64_t)m;
	}
	/* one rounding: a mantissa below 2^53 times an exact power of ten */
	if (digits <= 19 && m <= ((uint64_t)1 << 53) && e10 >= -22 && e10 <= 22) {
		double d = (double)m;
		d = e10 < 0 ? d / pow10_exact[-e10] : d * pow10_exact[e10];
		out->d = out->neg ? -d : d;
		out->finite = 1;
		return 0;
	}
	to_decimal(s, n, &a);
	bits = decimal_bits(&a, &overflow);
	out->d = from_bits(bits | ((uint64_t)out->neg << 63));
	out->finite = !overflow;
	return 0;
}
