/* csmath.c: sqrt, log, exp without libm (the reducer runs in firmware).
 * Doubles are taken apart through their IEEE-754 bits. */
#include "csmath.h"

union dbits {
	double d;
	uint64_t u;
};

static uint64_t bits(double x)
{
	union dbits v = { .d = x };
	return v.u;
}

static double from_bits(uint64_t u)
{
	union dbits v = { .u = u };
	return v.d;
}

int cs_isnan(double x)
{
	uint64_t u = bits(x);
	return (u & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL &&
	       (u & 0x000fffffffffffffULL) != 0;
}

int cs_isfinite(double x)
{
	return (bits(x) & 0x7ff0000000000000ULL) != 0x7ff0000000000000ULL;
}

double cs_fabs(double x)
{
	return from_bits(bits(x) & 0x7fffffffffffffffULL);
}

double cs_nan(void)
{
	return from_bits(0x7ff8000000000000ULL);
}

double cs_inf(void)
{
	return from_bits(0x7ff0000000000000ULL);
}

double cs_floor(double x)
{
	if (!cs_isfinite(x) || cs_fabs(x) >= 4503599627370496.0) /* 2^52: integral */
		return x;
	double t = (double)(int64_t)x;
	return t > x ? t - 1 : t;
}

/* Split x > 0 into m * 2^e with m in [1, 2). Subnormals are scaled first. */
static double frexp12(double x, int *e)
{
	int adj = 0;
	if (x < 2.2250738585072014e-308) {
		x *= 18014398509481984.0; /* 2^54 */
		adj = -54;
	}
	uint64_t u = bits(x);
	*e = (int)((u >> 52) & 0x7ff) - 1023 + adj;
	return from_bits((u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
}

double cs_sqrt(double x)
{
	if (cs_isnan(x) || x < 0)
		return cs_nan();
	if (x == 0 || !cs_isfinite(x))
		return x;
	int e;
	double m = frexp12(x, &e);
	if (e & 1) { /* make the exponent even so it halves exactly */
		m *= 2;
		e--;
	}
	/* m in [1, 4): a linear first guess, then Newton doubles the digits */
	double y = 0.5 + 0.25 * m + 0.25; /* within 20 % over [1, 4) */
	for (int i = 0; i < 6; i++)
		y = 0.5 * (y + m / y);
	/* scale by 2^(e/2) */
	int h = e / 2;
	return y * from_bits((uint64_t)(h + 1023) << 52);
}

#define LN2_HI 6.93147180369123816490e-01
#define LN2_LO 1.90821492927058770002e-10

double cs_log(double x)
{
	if (cs_isnan(x) || x < 0)
		return cs_nan();
	if (x == 0)
		return -cs_inf();
	if (!cs_isfinite(x))
		return x;
	int e;
	double m = frexp12(x, &e);
	if (m > 1.4142135623730951) { /* centre m on 1: [sqrt(1/2), sqrt(2)) */
		m *= 0.5;
		e++;
	}
	/* log m = 2 atanh(s), s = (m-1)/(m+1), |s| < 0.172 */
	double s = (m - 1) / (m + 1);
	double s2 = s * s;
	double term = s, sum = 0;
	for (int k = 1; k < 40; k += 2) {
		sum += term / k;
		term *= s2;
		if (term < 1e-20 && term > -1e-20)
			break;
	}
	return 2 * sum + e * LN2_LO + e * LN2_HI;
}

double cs_exp(double x)
{
	if (cs_isnan(x))
		return x;
	if (x > 709.782712893384)
		return cs_inf();
	if (x < -745.1332191019412)
		return 0;
	/* x = k ln2 + r, |r| <= ln2/2 */
	double kd = cs_floor(x / 0.6931471805599453 + 0.5);
	int k = (int)kd;
	double r = (x - kd * LN2_HI) - kd * LN2_LO;
	double term = 1, sum = 1;
	for (int n = 1; n < 30; n++) {
		term *= r / n;
		sum += term;
		if (term < 1e-18 && term > -1e-18)
			break;
	}
	/* 2^k, in two steps so that subnormal results survive */
	int k1 = k / 2, k2 = k - k1;
	return sum * from_bits((uint64_t)(k1 + 1023) << 52) *
	       from_bits((uint64_t)(k2 + 1023) << 52);
}
