/* clock_result.h: the core clock reduced (clock_reduce.c) and the
 * reference verdict (clock_reference.c), members of struct cs_result. */
#ifndef CS_CLOCK_RESULT_H
#define CS_CLOCK_RESULT_H

#include <stdint.h>

struct cs_clock_kind_result {
	char kind[32];
	uint32_t n, marked;      /* readings, and those past CS_CLOCK_DRIFT_MAX */
	double worst;            /* the largest |rate / median - 1| */
	int refused;             /* clock-drift */
};

#define CS_REF_MAX_REASONS 16
struct cs_reference {
	int is_reference;
	uint32_t n_reasons;      /* the conditions that failed, in the table's order */
	struct cs_refusal reasons[CS_REF_MAX_REASONS];
};

struct cs_clock_result {
	int present;             /* the capture has a core_clock member */
	int has_core_hz;
	double core_hz;          /* the median of every reading */
	uint32_t n_readings;
	int has_cc_hz;
	double cc_hz;            /* the cycle counter's median */
	double disagreement;     /* cc_hz / core_hz - 1, when both */
	int stable;              /* a core clock and no kind refused: cycles given */
	uint32_t n_kinds;
	struct cs_clock_kind_result kinds[16];
	uint32_t n_refusals;
	struct cs_refusal refusals[18];
	struct cs_reference ref;
};

/* Core cycles per ns when the clock is stable (r->clock), else 0: every
 * figure in cycles is refused then, the clock's refusals say why. */
struct cs_result;
double cs_clock_cycles_per_ns(const struct cs_result *r);

/* docs/emulators.md s.3: whether the capture's chain of dependent adds,
 * timed by its counter, ran at a rate no core has (an emulator's
 * translation), said in words into b; 0 when it did not, or the capture
 * has no reading. From the capture alone: the kinds that reduce before
 * the clock (geometry, bandwidth) ask it too. */
struct cs_capture;
struct cs_buf;
int cs_clock_emulation(const struct cs_capture *c, struct cs_buf *b);
/* Both are lent to the others through the kind's query column
 * (clock_reduce.c cs_clock_query; reduce/query.h: cs_cycles_per_ns,
 * and cs_emulated asks it). */

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_CLOCK struct cs_clock_result clock; /* the core clock, the reference verdict */

#endif
