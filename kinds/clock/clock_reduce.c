/* clock_reduce.c: the core clock reduced (clock_result.h, docs/clock.md
 * s.2-3), the reduce column of common/kinds.h: the run's core clock is the
 * median of every reading; a reading further than CS_CLOCK_DRIFT_MAX from
 * it is marked, a kind with more than CS_CLOCK_DRIFT_SHARE marked is
 * refused clock-drift, and then no figure is given in cycles; the cycle
 * counter's median beside it, and their disagreement. Freestanding. */
#include "../../reduce/kinds.h"
#include "../../reduce/internal.h"
#include "../../reduce/query.h"
#include "rules_clock.h"

static double v_[CS_CLOCK_MAX_BLOCKS + 2 * CS_CLOCK_MAX_KINDS];

static double median(double *v, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++) /* insertion sort: n is small */
		for (uint32_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	if (!n)
		return 0;
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* A kind's readings into out: its before, its blocks, its after. */
static uint32_t readings(const struct cs_core_clock *k, const struct cs_clock_kind *q, double *out)
{
	uint32_t n = 0;
	if (q->hz[0] > 0)
		out[n++] = q->hz[0];
	for (uint32_t b = 0; b < q->n_blocks && q->first_block + b < k->n_blocks; b++)
		out[n++] = k->block_hz[q->first_block + b];
	if (q->hz[1] > 0)
		out[n++] = q->hz[1];
	return n;
}

static struct cs_refusal *refuse(struct cs_clock_result *o, const char *code, struct cs_buf *b)
{
	uint32_t cap = sizeof o->refusals / sizeof o->refusals[0];
	struct cs_refusal *f = &o->refusals[o->n_refusals < cap ? o->n_refusals++ : cap - 1];
	cs_refusal_set(f, code, b);
	return f;
}

static void drift(struct cs_clock_result *o, struct cs_clock_kind_result *q)
{
	struct cs_buf b;
	refuse(o, "clock-drift", &b);
	cs_puts(&b, "core clock during '");
	cs_puts(&b, q->kind);
	cs_puts(&b, "': ");
	cs_put_u64(&b, q->marked);
	cs_puts(&b, " of ");
	cs_put_u64(&b, q->n);
	cs_puts(&b, " readings depart from the run's median ");
	cs_put_g(&b, o->core_hz / 1e9, 4);
	cs_puts(&b, " GHz by more than CS_CLOCK_DRIFT_MAX ");
	cs_put_g(&b, CS_CLOCK_DRIFT_MAX, 3);
	cs_puts(&b, " (worst ");
	cs_put_g(&b, q->worst, 3);
	cs_puts(&b, "), over CS_CLOCK_DRIFT_SHARE ");
	cs_put_g(&b, CS_CLOCK_DRIFT_SHARE, 3);
	cs_puts(&b, " of them: the clock was not stable, no figure is given in cycles");
}

static void kinds(const struct cs_core_clock *k, struct cs_clock_result *o)
{
	static double one[CS_CLOCK_MAX_BLOCKS + 2];
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++) {
		struct cs_clock_kind_result *q = &o->kinds[o->n_kinds++];
		uint32_t n = readings(k, &k->kinds[i], one);
		cs_strlcpy(q->kind, k->kinds[i].kind, sizeof q->kind);
		q->n = n;
		for (uint32_t j = 0; j < n; j++) {
			double d = one[j] / o->core_hz - 1;
			d = d < 0 ? -d : d;
			if (d > q->worst)
				q->worst = d;
			q->marked += d > CS_CLOCK_DRIFT_MAX;
		}
		q->refused = n && (double)q->marked > CS_CLOCK_DRIFT_SHARE * (double)n;
		if (q->refused) {
			o->stable = 0;
			drift(o, q);
		}
	}
}

static void cycle_counter(const struct cs_core_clock *k, struct cs_clock_result *o)
{
	uint32_t n = 0;
	struct cs_buf b;
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++)
		for (int a = 0; a < 2; a++)
			if (k->kinds[i].cc_hz[a] > 0)
				v_[n++] = k->kinds[i].cc_hz[a];
	if (!n)
		return;
	o->has_cc_hz = 1;
	o->cc_hz = median(v_, n);
	o->disagreement = o->cc_hz / o->core_hz - 1;
	if (o->disagreement <= CS_CLOCK_CC_AGREE && o->disagreement >= -CS_CLOCK_CC_AGREE)
		return;
	refuse(o, "cycle-counter-disagrees", &b);
	cs_puts(&b, "the cycle counter (");
	cs_puts(&b, k->cc_name[0] ? k->cc_name : "unnamed");
	cs_puts(&b, ") runs at ");
	cs_put_g(&b, o->cc_hz / 1e9, 4);
	cs_puts(&b, " GHz, the chain of adds at ");
	cs_put_g(&b, o->core_hz / 1e9, 4);
	cs_puts(&b, " GHz: they differ by ");
	cs_put_g(&b, o->disagreement, 3);
	cs_puts(&b, ", more than CS_CLOCK_CC_AGREE ");
	cs_put_g(&b, CS_CLOCK_CC_AGREE, 3);
	cs_puts(&b, " (an emulator's or a hypervisor's counter, or a chain an add a cycle does "
		    "not describe); the chain's figure is the one used");
}

int cs_clock_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r,
		    char *err, size_t errlen)
{
	const struct cs_core_clock *k = &c->cclock;
	struct cs_clock_result *o = &r->clock;
	uint32_t n = 0;
	struct cs_buf b;
	(void)w;
	(void)err;
	(void)errlen;
	cs_memset(o, 0, sizeof *o);
	o->present = k->present || k->not_measured[0];
	if (!o->present)
		return 0;
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++)
		n += readings(k, &k->kinds[i], v_ + n);
	if (!k->present || !n) {
		refuse(o, "no-core-clock", &b);
		cs_puts(&b, "the capture has no reading of the core clock");
		if (k->not_measured[0]) {
			cs_puts(&b, ": ");
			cs_puts(&b, k->not_measured);
		}
		cs_puts(&b, "; no figure is given in cycles");
		return 0;
	}
	o->n_readings = n;
	o->has_core_hz = 1;
	o->core_hz = median(v_, n);
	o->stable = 1;
	kinds(k, o);
	cycle_counter(k, o);
	return 0;
}

double cs_clock_cycles_per_ns(const struct cs_result *r)
{
	return r->clock.stable && r->clock.has_core_hz ? r->clock.core_hz / 1e9 : 0;
}

/* docs/emulators.md s.3: the chain of dependent adds is one add a cycle on
 * every core (docs/clock.md s.1), so the cycle counter, where there is one,
 * counts at least one cycle an add. A chain that runs over
 * CS_CLOCK_EMULATED_RATIO times the cycle counter's rate did more than one
 * dependent add a counted cycle, which no core does: an emulator whose
 * "cycle counter" is a timer of its own (QEMU TCG's PMCCNTR_EL0 counts
 * 1 GHz of host time while its translated adds run at the host's rate). */
int cs_clock_emulation(const struct cs_capture *c, struct cs_buf *b)
{
	const struct cs_core_clock *k = &c->cclock;
	uint32_t n = 0, m = 0;
	if (!k->present)
		return 0;
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++)
		n += readings(k, &k->kinds[i], v_ + n);
	if (!n)
		return 0;
	double hz = median(v_, n);
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++)
		for (int a = 0; a < 2; a++)
			if (k->kinds[i].cc_hz[a] > 0)
				v_[m++] = k->kinds[i].cc_hz[a];
	double cc = median(v_, m);
	if (!m || !(hz > CS_CLOCK_EMULATED_RATIO * cc))
		return 0;
	cs_puts(b, "the chain of dependent adds ran at ");
	cs_put_g(b, hz / 1e9, 4);
	cs_puts(b, " G adds a second, the cycle counter (");
	cs_puts(b, k->cc_name[0] ? k->cc_name : "unnamed");
	cs_puts(b, ") at ");
	cs_put_g(b, cc / 1e9, 4);
	cs_puts(b, " GHz: more than CS_CLOCK_EMULATED_RATIO ");
	cs_put_g(b, CS_CLOCK_EMULATED_RATIO, 3);
	cs_puts(b, " dependent adds a counted cycle, which no core does");
	return 1;
}

/* The query column (reduce/query.h): what the clock lends the others,
 * its cycles per ns and its timing of an emulator. */
int cs_clock_query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r)
{
	if (q->what == CS_Q_CYCLES_PER_NS) {
		q->v[0] = cs_clock_cycles_per_ns(r);
		return 1;
	}
	if (q->what == CS_Q_EMULATION)
		return cs_clock_emulation(c, q->b);
	return 0;
}
