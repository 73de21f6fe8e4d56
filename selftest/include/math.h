/* math.h for the firmware selftest. Only what has an instruction, an exact
 * algorithm, or folds at compile time: fabs, fmin, fmax, floor, fmod, and
 * pow of constants. sqrt, log and exp are deliberately absent: the tests use
 * libm's as the oracle for common/csmath.c, and in the firmware the only
 * implementation is the one under test. */
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
/* pow of constants folds at compile time (gcc computes it exactly); a pow
 * left to run time is selftest/libc.c's, fit for building test inputs only. */
double pow(double x, double y);
#define pow(x, y) __builtin_pow(x, y)

#endif
