/* calib.c: counter calibration (calib.h). */
#include "calib.h"
#include "../arch/arch.h"
#include "../common/buf.h"

/* Spins on the reference are bounded twice over: by the counter (this many
 * times the interval at the rate Stall() gave it) and by a count of reads,
 * so a reference that stops, or a counter that does, cannot hang the run. */
#define CS_REF_BOUND 4
#define CS_REF_MAX_READS (1u << 22)

/* Waits for the reference's next edge, returns its value; -1 past the bound. */
static int64_t ref_edge(const struct cs_ref_clock *r, uint32_t mask, uint64_t t_end)
{
	uint32_t v0 = r->read(r) & mask, v;
	for (uint32_t n = 0; n < CS_REF_MAX_READS; n++) {
		v = r->read(r) & mask;
		if (v != v0)
			return v;
		if (cs_arch_counter() > t_end)
			break;
	}
	return -1;
}

/* Counts the reference over at least 'ticks' of it, from one of its edges,
 * and returns the counter ticks it took (*ref_ticks: what it counted); 0
 * with why[] filled when the reference does not move within budget counter
 * ticks (the interval at Stall()'s rate, CS_REF_BOUND times over). */
static uint64_t against_ref(const struct cs_ref_clock *r, uint64_t ticks,
			    uint64_t budget, uint64_t *ref_ticks, char *why,
			    size_t whylen)
{
	uint32_t mask = r->bits >= 32 ? 0xffffffffu : (1u << r->bits) - 1;
	uint64_t t0 = cs_arch_counter(), t1, acc = 0, reads = 0, limit;
	int64_t e = ref_edge(r, mask, t0 + budget);
	uint32_t v0, v;
	struct cs_buf b;

	cs_buf_init(&b, why, whylen);
	if (e < 0) {
		cs_puts(&b, r->title);
		cs_puts(&b, " does not move: calibrating by Stall() alone");
		return 0;
	}
	/* start on an edge so the first partial tick is not lost */
	t0 = cs_arch_counter();
	v0 = (uint32_t)e;
	limit = 4 * ticks + CS_REF_MAX_READS;
	while (acc < ticks && reads++ < limit && cs_arch_counter() - t0 <= budget) {
		v = r->read(r) & mask;
		acc += (v - v0) & mask; /* wraps at 2^bits */
		v0 = v;
	}
	t1 = cs_arch_counter();
	if (acc < ticks) {
		cs_puts(&b, r->title);
		cs_puts(&b, " stopped before its interval was over: calibrating by Stall() alone");
		return 0;
	}
	*ref_ticks = acc;
	return t1 - t0;
}

/* Back-to-back reads: the smallest non-zero step and the mean cost. */
#define CS_QUANTUM_READS 20000
static void quantum(struct cs_calib *c)
{
	uint64_t first = cs_arch_counter(), prev = first, min = 0, t = first;
	uint32_t zeros = 0;
	for (int i = 0; i < CS_QUANTUM_READS; i++) {
		t = cs_arch_counter();
		if (t == prev)
			zeros++;
		else if (!min || t - prev < min)
			min = t - prev;
		prev = t;
	}
	c->quantum_ticks = min;
	c->zero_steps = zeros;
	c->read_ns = (double)(t - first) / CS_QUANTUM_READS * 1e9 / c->hz;
	c->quantum_ns = (double)min * 1e9 / c->hz;
}

/* The counter against the reference clock r: c->hz and its record, or
 * c->ref_why when r does not move. */
static void by_reference(struct cs_calib *c, const struct cs_ref_clock *r,
			 double interval_ms)
{
	uint64_t want = (uint64_t)(r->hz * interval_ms * 1e-3), got = 0;
	uint64_t budget = (uint64_t)(c->hz_stall * interval_ms * 1e-3 * CS_REF_BOUND);
	uint64_t dt = against_ref(r, want, budget, &got, c->ref_why, sizeof c->ref_why);
	if (!dt || !got)
		return;
	c->has_ref = 1;
	c->ref_name = r->name;
	c->ref_hz = r->hz;
	c->ref_port = r->port;
	c->ref_bits = r->bits;
	c->hz_ref = (double)dt * r->hz / (double)got;
	c->disagreement = c->hz_stall / c->hz_ref - 1.0;
	c->hz = c->hz_ref;
	c->hz_from = r->name;
}

int cs_calibrate(EFI_SYSTEM_TABLE *st, const struct cs_platform *pf,
		 double interval_ms, int invariant, struct cs_calib *c)
{
	struct cs_ref_clock r;
	uint64_t t0, t1, pub;

	cs_memset(c, 0, sizeof *c);
	c->counter = cs_arch_counter_name();
	c->interval_ms = interval_ms;
	c->invariant = invariant;

	/* Stall is the firmware's own timer (on OVMF itself the PM timer), so
	 * it is the fallback and a cross-check, not a second witness. */
	t0 = cs_arch_counter();
	st->BootServices->Stall((UINTN)(interval_ms * 1000.0));
	t1 = cs_arch_counter();
	c->hz_stall = (double)(t1 - t0) / (interval_ms * 1e-3);
	c->hz = c->hz_stall;
	c->hz_from = "stall";

	if (c->hz_stall > 0 && cs_arch_ref_clock(pf, &r, c->ref_why, sizeof c->ref_why) == 0)
		by_reference(c, &r, interval_ms);
	pub = cs_arch_counter_published_hz();
	if (pub) {
		c->hz = (double)pub;
		c->hz_from = "published";
	}
	if (!(c->hz > 0))
		return -1;
	quantum(c);
	return c->quantum_ticks ? 0 : -1;
}

void cs_calib_json(struct cs_jsonw *j, const struct cs_calib *c)
{
	cs_jsonw_key(j, "calibration");
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "counter", c->counter);
	cs_jsonw_key_numsig(j, "hz", c->hz, 10);
	cs_jsonw_key_str(j, "hz_from", c->hz_from);
	cs_jsonw_key(j, "reference");
	if (c->has_ref) {
		cs_jsonw_obj(j);
		cs_jsonw_key_str(j, "name", c->ref_name);
		cs_jsonw_key(j, "nominal_hz");
		cs_jsonw_num(j, c->ref_hz);
		cs_jsonw_key(j, "port");
		cs_jsonw_hex(j, c->ref_port);
		cs_jsonw_key_u64(j, "bits", c->ref_bits);
		cs_jsonw_key_numsig(j, "counter_hz", c->hz_ref, 10);
		cs_jsonw_obj_end(j);
	} else {
		cs_jsonw_null(j);
		cs_jsonw_key_str(j, "reference_absent", c->ref_why);
	}
	cs_jsonw_key_numsig(j, "stall_hz", c->hz_stall, 10);
	cs_jsonw_key(j, "disagreement");
	if (c->has_ref)
		cs_jsonw_numsig(j, c->disagreement, 6);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "interval_ms");
	cs_jsonw_num(j, c->interval_ms);
	cs_jsonw_key_u64(j, "quantum_ticks", c->quantum_ticks);
	cs_jsonw_key_numsig(j, "quantum_ns", c->quantum_ns, 6);
	cs_jsonw_key_numsig(j, "read_ns", c->read_ns, 6);
	cs_jsonw_key_u64(j, "zero_steps", c->zero_steps);
	cs_jsonw_key_bool(j, "invariant", c->invariant);
	cs_jsonw_obj_end(j);
}
