/* outlier.c: a point far off its neighbours (outlier.h). Freestanding. */
#include "outlier.h"
#include "csmath.h"

struct series {
	const unsigned char *base;
	size_t stride, xoff, yoff;
	uint32_t n;
};

static double get(const struct series *s, uint32_t j, size_t off)
{
	return *(const double *)(const void *)(s->base + j * s->stride + off); /* a double member */
}

static int usable(const struct series *s, uint32_t j)
{
	double x = get(s, j, s->xoff), y = get(s, j, s->yoff);
	return x > 0 && y > 0 && cs_isfinite(x) && cs_isfinite(y);
}

/* The usable point nearest size x on one side (dir -1 below, +1 above),
 * not 'skip'; -1 when none. Linear: a series has at most
 * CS_MAX_SWEEP_POINTS points and they need not be sorted. */
static int32_t nearest(const struct series *s, double x, int dir, int32_t skip)
{
	int32_t best = -1;
	double bx = 0;
	for (uint32_t j = 0; j < s->n; j++) {
		double xj = get(s, j, s->xoff);
		if ((int32_t)j == skip || !usable(s, j) || (dir < 0 ? !(xj < x) : !(xj > x)))
			continue;
		if (best < 0 || (dir < 0 ? xj > bx : xj < bx)) {
			best = (int32_t)j;
			bx = xj;
		}
	}
	return best;
}

/* How far v stands off both a and b: above the larger, or below the
 * smaller; 1 when between them. */
static double off(double v, double a, double b)
{
	double hi = a > b ? a : b, lo = a < b ? a : b;
	return v > hi ? v / hi : v < lo ? lo / v : 1;
}

int cs_outlier_at(const void *base, size_t stride, size_t xoff, size_t yoff, uint32_t n, uint32_t i,
		  double *factor)
{
	const struct series s = { base, stride, xoff, yoff, n };
	double f = 1, limit = CS_OUTLIER_FACTOR;
	if (factor)
		*factor = 1;
	if (i >= n || !usable(&s, i))
		return 0;
	double x = get(&s, i, xoff), y = get(&s, i, yoff);
	int32_t lo = nearest(&s, x, -1, -1), hi = nearest(&s, x, 1, -1);
	if (lo >= 0 && hi >= 0) {
		f = off(y, get(&s, (uint32_t)lo, yoff), get(&s, (uint32_t)hi, yoff));
	} else if (lo >= 0 || hi >= 0) { /* an end: its neighbour and the next beyond */
		int32_t a = lo >= 0 ? lo : hi;
		int32_t b = nearest(&s, get(&s, (uint32_t)a, xoff), lo >= 0 ? -1 : 1, (int32_t)i);
		if (b < 0)
			return 0; /* two points: neither can be told off the other */
		f = off(y, get(&s, (uint32_t)a, yoff), get(&s, (uint32_t)b, yoff));
		limit = CS_OUTLIER_END_FACTOR;
	}
	if (factor)
		*factor = f;
	return f > limit;
}

int cs_point_outlier(const struct cs_point *p, uint32_t n, uint32_t i, double *factor)
{
	return cs_outlier_at(p, sizeof *p, offsetof(struct cs_point, bytes), offsetof(struct cs_point, ns), n,
			     i, factor);
}
