/* clock_reference.c: the reference verdict (clock_reference.h, docs/clock.md
 * s.4), the clock kind's phase after every row of the table (its after
 * column, reduce/kinds.c): a
 * table of conditions on the capture and its reduction. The repeats'
 * conditions (N repeats, knee spreads) join the table from reduce/repeat.c
 * with the same signature. Freestanding. */
#include "clock_reference.h"
#include "../../reduce/repeat.h" /* the repeats' two conditions (docs/repeats.md s.4) */
#include "../../common/buf.h"

static void say(char *code, size_t codelen, const char *c, struct cs_buf *b, char *why,
		size_t whylen)
{
	cs_strlcpy(code, c, codelen);
	cs_buf_init(b, why, whylen);
}

/* Not a virtual machine: a hypervisor's scheduling, timer and cache
 * sharing are not the processor's. Unsaid fails too: a reference says. */
static int not_vm(const struct cs_capture *c, const struct cs_result *r, char *code,
		  size_t codelen, char *why, size_t whylen)
{
	const struct cs_core_clock *k = &c->cclock;
	int vm = k->hypervisor >= 0 ? k->hypervisor : c->vm;
	struct cs_buf b;
	(void)r;
	if (vm == 0)
		return 1;
	if (vm < 0) {
		say(code, codelen, "vm-unsaid", &b, why, whylen);
		cs_puts(&b, "the capture does not say whether it ran in a virtual machine");
		return 0;
	}
	say(code, codelen, "virtual-machine", &b, why, whylen);
	cs_puts(&b, "it ran in a virtual machine (hypervisor bit set");
	if (k->hv_signature[0]) {
		cs_puts(&b, ", signature ");
		cs_puts(&b, k->hv_signature);
	}
	cs_puts(&b, "): a virtual machine's capture is never a reference");
	return 0;
}

static int core_clock(const struct cs_capture *c, const struct cs_result *r, char *code,
		      size_t codelen, char *why, size_t whylen)
{
	struct cs_buf b;
	(void)c;
	if (r->clock.has_core_hz)
		return 1;
	say(code, codelen, "no-core-clock", &b, why, whylen);
	cs_puts(&b, "the core clock was not measured, so no figure is in cycles");
	return 0;
}

static int no_drift(const struct cs_capture *c, const struct cs_result *r, char *code,
		    size_t codelen, char *why, size_t whylen)
{
	struct cs_buf b;
	uint32_t n = 0;
	(void)c;
	if (!r->clock.has_core_hz || r->clock.stable)
		return 1; /* no clock: core_clock says it */
	for (uint32_t i = 0; i < r->clock.n_kinds; i++)
		n += r->clock.kinds[i].refused;
	say(code, codelen, "clock-drift", &b, why, whylen);
	cs_put_u64(&b, n);
	cs_puts(&b, n == 1 ? " kind was" : " kinds were");
	cs_puts(&b, " refused for clock drift (the clock's refusals say which)");
	return 0;
}

/* The sum of one count over the kinds, and whether any kind had it. */
static uint64_t total(const struct cs_core_clock *k, int which, int *any)
{
	uint64_t s = 0;
	*any = 0;
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++) {
		const struct cs_clock_kind *q = &k->kinds[i];
		int has = which == 0 ? q->has_smi : which == 1 ? q->has_csw : q->has_migrations;
		uint64_t v = which == 0 ? q->smi : which == 1 ? q->csw : q->migrations;
		if (has) {
			*any = 1;
			s += v;
		}
	}
	return s;
}

static int count_zero(const struct cs_capture *c, int which, const char *cd, const char *what,
		      char *code, size_t codelen, char *why, size_t whylen)
{
	int any;
	uint64_t n = total(&c->cclock, which, &any);
	struct cs_buf b;
	if (!any || !n)
		return 1; /* none seen, where countable */
	say(code, codelen, cd, &b, why, whylen);
	cs_put_u64(&b, n);
	cs_puts(&b, " ");
	cs_puts(&b, what);
	cs_puts(&b, " during the measured kinds (a reference has none)");
	return 0;
}

static int no_smi(const struct cs_capture *c, const struct cs_result *r, char *code,
		  size_t codelen, char *why, size_t whylen)
{
	(void)r;
	return count_zero(c, 0, "smi", "system management interrupts (MSR_SMI_COUNT)", code,
			  codelen, why, whylen);
}

static int no_switch(const struct cs_capture *c, const struct cs_result *r, char *code,
		     size_t codelen, char *why, size_t whylen)
{
	(void)r;
	return count_zero(c, 1, "context-switches", "context switches", code, codelen, why,
			  whylen);
}

static int no_migration(const struct cs_capture *c, const struct cs_result *r, char *code,
			size_t codelen, char *why, size_t whylen)
{
	(void)r;
	return count_zero(c, 2, "migrations", "migrations to another CPU", code, codelen, why,
			  whylen);
}

/* The conditions, in the order the reasons are given. */
static const cs_ref_cond conditions[] = {
	not_vm, core_clock, no_drift, no_smi, no_switch, no_migration,
	cs_ref_repeats, cs_ref_knee_spread,
};

void cs_clock_reference(const struct cs_capture *c, struct cs_result *r)
{
	struct cs_reference *v = &r->clock.ref;
	cs_memset(v, 0, sizeof *v);
	for (size_t i = 0; i < sizeof conditions / sizeof conditions[0]; i++) {
		struct cs_refusal f;
		cs_memset(&f, 0, sizeof f);
		if (conditions[i](c, r, f.code, sizeof f.code, f.reason, sizeof f.reason))
			continue;
		if (v->n_reasons < CS_REF_MAX_REASONS)
			v->reasons[v->n_reasons++] = f;
	}
	v->is_reference = v->n_reasons == 0;
}
