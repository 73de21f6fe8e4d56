/* csmath.h: the small maths the reducer needs, without libm.
 * Accurate to a few ulp over the ranges a capture uses; tested against libm
 * on the host (tests/test_math.c). */
#ifndef CS_MATH_H
#define CS_MATH_H

#include <stdint.h>

int cs_isnan(double x);
int cs_isfinite(double x);
double cs_fabs(double x);
double cs_sqrt(double x); /* x < 0 or NaN: NaN */
double cs_log(double x);  /* x <= 0: -inf (0) or NaN (< 0) */
double cs_exp(double x);
double cs_nan(void);
double cs_inf(void);
double cs_floor(double x);

#endif
