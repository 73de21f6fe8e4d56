/* math.h for the firmware selftest. What has an instruction, an exact
 * algorithm, or folds at compile time (fabs, fmin, fmax, floor, fmod,
 * ldexp, pow of constants), and log2 for building inputs. sqrt, log and exp
 * are deliberately absent: the tests use libm's as the oracle for
 * common/csmath.c, and in the firmware the only implementation is the one
 * under test. */
#ifndef CS_ST_MATH_H
#define CS_ST_MATH_H

#define NAN (__builtin_nan(""))
#define INFINITY (__builtin_inf())
#define HUGE_VAL (__builtin_huge_val())
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf(x)
#define isfinite(x) __builtin_isfinite(x)

static inline double fabs(double x)
{
	return __builtin_fabs(x);
}

/* C99 F.10.9.2/3: a NaN argument loses to a number. */
static inline double fmax(double a, double b)
{
	return a != a ? b : b != b ? a : a > b ? a : b;
}

static inline double fmin(double a, double b)
{
	return a != a ? b : b != b ? a : a < b ? a : b;
}

double floor(double x);
double fmod(double x, double y);
/* Exact while the result is a normal number. */
double ldexp(double x, int e);
/* Through the core's log: for a logarithm used as a distance or to build an
 * input, never to check common/csmath.c (test_math does that against
 * recorded values). */
double log2(double x);
/* pow of constants folds at compile time (gcc computes it exactly); a pow
 * left to run time is selftest/libc.c's, fit for building test inputs only. */
double pow(double x, double y);
#define pow(x, y) __builtin_pow(x, y)

#endif
