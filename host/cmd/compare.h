/* compare.h: `cacheshape compare A B` (docs/repeats.md s.5): two captures
 * of one processor (one CPUID signature, or --force) level by level, each
 * difference weighed against the two captures' own spreads over their
 * repeats. Host only. */
#ifndef CS_CMD_COMPARE_H
#define CS_CMD_COMPARE_H

#include <stdio.h>

/* s.5: two knees agree when their spreads lie at most this many steps of
 * the size grid apart, counted on each capture's own sizes (not as a ratio
 * of rounded sizes): the resolution a knee is read at, so a curve moved by
 * one size is not a difference. Beyond it, a difference is claimed only
 * where a capture has repeats (a spread); else "cannot tell" */
#define CS_COMPARE_KNEE_STEPS 1.0
/* s.5: two floors agree when their spreads, widened by this factor, overlap:
 * 2 %, the order at which two programs' calibrations of one counter differ
 * (the firmware's and the Linux probe's), however narrow the spreads */
#define CS_COMPARE_FLOOR_SLACK 1.02
/* s.5: two floors in core cycles agree when their spreads (the floor's in ns
 * times each capture's own core clock), widened by this factor, overlap: the
 * floor's 2 % and the drift a stable clock may show between its readings
 * (CS_CLOCK_DRIFT_MAX, 5 %, kinds/clock/rules_clock.h) */
#define CS_COMPARE_CYCLES_SLACK 1.071 /* 1.02 x 1.05 */
/* s.5: two read bandwidths of a level (GB/s, the read on one thread) agree
 * when they are within this factor: a bandwidth has no spread over repeats,
 * and one run to the next moves a cache level's read by some percent (DRAM's
 * by more under another tenant); 15 % is a difference worth a sentence */
#define CS_COMPARE_BW_SLACK 1.15
/* s.5: geometry (ways, sets, size) is counted, not timed: two captures of
 * one processor agree only when the counts are equal */
#define CS_COMPARE_GEOM_SLACK 1.0

int cs_cmd_compare(int argc, char **argv);
void cs_usage_compare(FILE *f);

/* The verdict on two figures with their spreads [alo, ahi] and [blo, bhi]
 * (a figure without repeats: its own value at both ends), widened by
 * slack: 1 agree within noise, 0 differ. Exported for the unit tests. */
int cs_compare_agree(double alo, double ahi, double blo, double bhi, double slack);
/* How many steps of the size grid lie between two knees' spreads [alo, ahi]
 * and [blo, bhi] (0 when they overlap), counted on each capture's own
 * sizes (cs_grid_steps, reduce/repeat.h), the fewer of the two; two knees
 * agree at most CS_COMPARE_KNEE_STEPS (+ CS_GRID_EPS) apart. */
struct cs_capture;
double cs_compare_knee_steps(const struct cs_capture *ca, const struct cs_capture *cb, double alo, double ahi,
			     double blo, double bhi);

#endif
