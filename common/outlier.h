/* outlier.h: a point far off its neighbours in a series (docs/reduction.md
 * s.1, "Outliers"): the sweep's, a bandwidth series', a TLB series'. Such a
 * point is kept in the capture, left out of the reduction's fit with a note
 * (reduce/sweep.c, kinds/tlb/), and never stretches a picture's axes
 * (chart/draw.c). One rule for all of them, here so that the reducer and the
 * chart (both above common/) read it alike. Freestanding. */
#ifndef CS_OUTLIER_H
#define CS_OUTLIER_H

#include <stdint.h>
#include "capture.h"

/* s.1: a point between two neighbours is an outlier when its figure is more
 * than this factor above the larger of them or below the smaller of them
 * divided by it: a step of a staircase rises from one neighbour to the
 * other, it is never above (or below) both; a spike is (issue 39: one
 * 2-thread read at 732 ns/byte, 500x its neighbours, while other work ran) */
#define CS_OUTLIER_FACTOR 4.0
/* s.1: the first or the last point, with one neighbour, is an outlier only
 * beyond this factor against both of its two nearest points: a real step
 * may stand at the end of a sweep, but no step between adjacent levels
 * grows 32x between two sizes of a grid (L1 to memory is about 100x over
 * many sizes) */
#define CS_OUTLIER_END_FACTOR 32.0

#include <stddef.h>

/* 1 when point i of n is an outlier by the rules above: the points are
 * records 'stride' bytes apart from base, x (size) and y (figure) doubles at
 * offsets xoff and yoff, in any order; a point whose x or y is not a
 * positive finite number is neither an outlier nor a neighbour. *factor,
 * when not NULL, the ratio by which it stands off (above 1 for both a high
 * and a low point). A figure and its reciprocal (ns per byte, GB/s) give
 * the same answer. */
int cs_outlier_at(const void *base, size_t stride, size_t xoff, size_t yoff, uint32_t n, uint32_t i,
		  double *factor);
/* The same on the sweep's points (bytes, ns). */
int cs_point_outlier(const struct cs_point *p, uint32_t n, uint32_t i, double *factor);

#endif
