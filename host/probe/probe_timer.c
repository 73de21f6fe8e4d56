/* probe_timer.c: the host probe's timers, the clock the engine reads (probe.h). The architecture's
 * counter (arch/arch.h: the TSC, rated against CLOCK_MONOTONIC_RAW; the
 * generic timer's virtual count, at CNTFRQ_EL0 checked against it),
 * CLOCK_MONOTONIC and CLOCK_MONOTONIC_COARSE, each optionally clamped: every reading rounded down to a multiple of the
 * clamp, as a browser blunts performance.now(). Each clock's quantum (the
 * smallest step seen, clamp included) and read cost are measured here. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../arch/arch.h"
#include "../../common/buf.h"

#include <math.h>
#include <string.h>
#include <time.h>


static uint64_t ts_ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

double cs_wall_s(void)
{
	return (double)ts_ns(CLOCK_MONOTONIC) * 1e-9;
}

/* ---- readings as the kernels take them ---- */

static uint64_t now_tsc(void *ctx)
{
	(void)ctx;
	return cs_arch_counter();
}

/* clock_gettime is fenced like the counter: the block's loads are done
 * before the reading, and nothing after it starts early. */
static uint64_t now_mono(void *ctx)
{
	uint64_t t;
	(void)ctx;
	cs_arch_order();
	t = ts_ns(CLOCK_MONOTONIC);
	cs_arch_order();
	return t;
}

static uint64_t now_coarse(void *ctx)
{
	uint64_t t;
	(void)ctx;
	cs_arch_order();
	t = ts_ns(CLOCK_MONOTONIC_COARSE);
	cs_arch_order();
	return t;
}

/* Clamped: nanoseconds since the clock was opened, rounded down to a
 * multiple of the clamp. */
static uint64_t raw_ns(const struct cs_hclock *h)
{
	switch (h->kind) {
	case CS_HCLOCK_TSC:
		return (uint64_t)((double)(cs_arch_counter() - h->tsc_base) * 1e9 / h->hz);
	case CS_HCLOCK_MONOTONIC:
		return now_mono(NULL) - h->tsc_base;
	default:
		return now_coarse(NULL) - h->tsc_base;
	}
}

static uint64_t now_clamped(void *ctx)
{
	const struct cs_hclock *h = ctx;
	uint64_t c = (uint64_t)h->clamp_ns;
	return raw_ns(h) / c * c;
}

/* ---- calibration ---- */

/* Every wait on a clock here is bounded by a count of reads as well: a
 * clock that stands still (CLOCK_MONOTONIC_RAW itself, or the one being
 * measured) ends the wait with a message, never a hang. About 25 ns a read:
 * a few seconds at most. */
#define CS_CLOCK_MAX_READS (1ull << 27)

/* The counter against CLOCK_MONOTONIC_RAW over interval_ms, each end taken
 * as the tightest of a few bracketing pairs; 0 when RAW does not move. */
static double tsc_hz(double interval_ms)
{
	uint64_t reads = 0;
	uint64_t c0 = 0, c1 = 0, n0 = 0, n1 = 0, best = ~0ull;
	for (int i = 0; i < 8; i++) {
		uint64_t a = ts_ns(CLOCK_MONOTONIC_RAW), t = cs_arch_counter(), b = ts_ns(CLOCK_MONOTONIC_RAW);
		if (b - a < best) {
			best = b - a;
			c0 = t;
			n0 = a + (b - a) / 2;
		}
	}
	while (ts_ns(CLOCK_MONOTONIC_RAW) - n0 < (uint64_t)(interval_ms * 1e6))
		if (++reads > CS_CLOCK_MAX_READS)
			return 0;
	best = ~0ull;
	for (int i = 0; i < 8; i++) {
		uint64_t a = ts_ns(CLOCK_MONOTONIC_RAW), t = cs_arch_counter(), b = ts_ns(CLOCK_MONOTONIC_RAW);
		if (b - a < best) {
			best = b - a;
			c1 = t;
			n1 = a + (b - a) / 2;
		}
	}
	return n1 > n0 ? (double)(c1 - c0) * 1e9 / (double)(n1 - n0) : 0;
}

/* Back-to-back readings: the smallest non-zero step and the cost of one.
 * Reads until 64 steps were seen (a coarse clock moves every few ms) or
 * 300 ms passed (or CS_CLOCK_MAX_READS were taken), and at least 20000
 * times. A clock seen never to step has a quantum of 0: refused. */
#define CS_Q_MIN_READS 20000
#define CS_Q_STEPS 64
#define CS_Q_MAX_NS 300000000ull
static void quantum(const struct cs_probe_clock *clk, double *q_ns,
		    double *read_ns, uint64_t *reads, uint64_t *steps)
{
	uint64_t w0 = ts_ns(CLOCK_MONOTONIC_RAW), prev = clk->now(clk->ctx);
	uint64_t n = 0, s = 0, min = 0, w = w0;
	while (n < CS_Q_MIN_READS ||
	       (s < CS_Q_STEPS && w - w0 < CS_Q_MAX_NS && n < CS_CLOCK_MAX_READS)) {
		uint64_t t = clk->now(clk->ctx);
		if (t != prev) {
			if (!min || t - prev < min)
				min = t - prev;
			s++;
		}
		prev = t;
		n++;
		if ((n & 255) == 0)
			w = ts_ns(CLOCK_MONOTONIC_RAW);
	}
	w = ts_ns(CLOCK_MONOTONIC_RAW);
	*q_ns = (double)min * clk->ns_per_tick;
	*read_ns = (double)(w - w0) / (double)n;
	*reads = n;
	*steps = s;
}

/* The counter's rate: the one the architecture publishes (CNTFRQ_EL0),
 * checked against CLOCK_MONOTONIC_RAW; or, where none is published (the
 * TSC) or the check fails by more than CS_HZ_PUBLISHED_TOLERANCE, the
 * measured one. */
static int counter_rate(struct cs_hclock *h, char *why, size_t whylen)
{
	h->name = cs_arch_counter_name();
	h->hz_interval_ms = 100.0;
	h->hz_published = (double)cs_arch_counter_published_hz();
	h->hz_measured = tsc_hz(h->hz_interval_ms);
	if (!(h->hz_measured > 0)) {
		cs_strlcpy(why, "the counter, or CLOCK_MONOTONIC_RAW, did not move over the "
			   "calibration interval", whylen);
		return -1;
	}
	if (h->hz_published > 0 &&
	    fabs(h->hz_measured / h->hz_published - 1.0) <= CS_HZ_PUBLISHED_TOLERANCE) {
		h->hz = h->hz_published;
		h->hz_from = "CNTFRQ_EL0";
	} else {
		h->hz = h->hz_measured;
		h->hz_from = "CLOCK_MONOTONIC_RAW";
	}
	return 0;
}

static double getres_ns(clockid_t id)
{
	struct timespec ts;
	if (clock_getres(id, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int cs_hclock_open(struct cs_hclock *h, enum cs_hclock_kind kind,
		   double clamp_ns, char *why, size_t whylen)
{
	double rd;
	uint64_t n, s;

	memset(h, 0, sizeof *h);
	h->kind = kind;
	h->clamp_ns = clamp_ns;
	h->clk.ns_per_tick = 1.0;
	switch (kind) {
	case CS_HCLOCK_TSC:
		if (counter_rate(h, why, whylen) != 0)
			return -1;
		h->clk.now = now_tsc;
		h->clk.ns_per_tick = 1e9 / h->hz;
		break;
	case CS_HCLOCK_MONOTONIC:
		h->name = "monotonic";
		h->res_ns = getres_ns(CLOCK_MONOTONIC);
		h->clk.now = now_mono;
		break;
	default:
		h->name = "monotonic-coarse";
		h->res_ns = getres_ns(CLOCK_MONOTONIC_COARSE);
		h->clk.now = now_coarse;
		break;
	}
	quantum(&h->clk, &h->raw_quantum_ns, &rd, &n, &s);
	h->read_ns = rd;
	h->quantum_ns = h->raw_quantum_ns;
	h->reads = n;
	h->steps = s;
	if (clamp_ns > 0) {
		h->tsc_base = kind == CS_HCLOCK_TSC ? cs_arch_counter()
			    : kind == CS_HCLOCK_MONOTONIC ? now_mono(NULL) : now_coarse(NULL);
		h->clk.now = now_clamped;
		h->clk.ctx = h;
		h->clk.ns_per_tick = 1.0;
		quantum(&h->clk, &h->quantum_ns, &h->read_ns, &h->reads, &h->steps);
	}
	if (!(h->quantum_ns > 0)) {
		cs_strlcpy(why, "the clock was not seen to move", whylen);
		return -1;
	}
	h->clk.quantum_ns = h->quantum_ns;
	return 0;
}

void cs_hclock_json(struct cs_jsonw *j, const struct cs_hclock *h)
{
	cs_jsonw_key(j, "calibration");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "clock");
	cs_jsonw_str(j, h->name);
	if (h->kind == CS_HCLOCK_TSC) {
		cs_jsonw_key(j, "hz");
		cs_jsonw_numsig(j, h->hz, 10);
		cs_jsonw_key(j, "hz_from");
		cs_jsonw_str(j, h->hz_from);
		cs_jsonw_key(j, "hz_published");
		if (h->hz_published > 0)
			cs_jsonw_numsig(j, h->hz_published, 10);
		else
			cs_jsonw_null(j);
		cs_jsonw_key(j, "hz_measured");
		cs_jsonw_numsig(j, h->hz_measured, 10);
		cs_jsonw_key(j, "hz_measured_against");
		cs_jsonw_str(j, "CLOCK_MONOTONIC_RAW");
		cs_jsonw_key(j, "interval_ms");
		cs_jsonw_num(j, h->hz_interval_ms);
		if (h->hz_published > 0) {
			cs_jsonw_key(j, "published_tolerance");
			cs_jsonw_num(j, CS_HZ_PUBLISHED_TOLERANCE);
		}
	} else {
		cs_jsonw_key(j, "clock_getres_ns");
		cs_jsonw_num(j, h->res_ns);
	}
	cs_jsonw_key(j, "unclamped_quantum_ns");
	cs_jsonw_numsig(j, h->raw_quantum_ns, 6);
	cs_jsonw_key(j, "clamp_ns");
	if (h->clamp_ns > 0)
		cs_jsonw_num(j, h->clamp_ns);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "quantum_ns");
	cs_jsonw_numsig(j, h->quantum_ns, 6);
	cs_jsonw_key(j, "quantum_is");
	cs_jsonw_str(j, "smallest non-zero step between back-to-back readings, as the probe reads the clock (clamp included)");
	cs_jsonw_key(j, "read_ns");
	cs_jsonw_numsig(j, h->read_ns, 6);
	cs_jsonw_key(j, "reads");
	cs_jsonw_u64(j, h->reads);
	cs_jsonw_key(j, "steps_seen");
	cs_jsonw_u64(j, h->steps);
	cs_jsonw_obj_end(j);
}
