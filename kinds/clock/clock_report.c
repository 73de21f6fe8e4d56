/* clock_report.c: the core clock's lines of the text report (the report
 * column of common/kinds.h): the measured core clock and the cycle
 * counter's reading with their disagreement, the run's validity, the
 * reference verdict with every failed condition, and the clock's
 * refusals. The firmware's screen and `cacheshape reduce` print these. */
#include "../../reduce/kinds.h"
#include "rules_clock.h"

static void ghz(struct cs_buf *b, double hz)
{
	cs_put_fixed(b, hz / 1e9, 3);
	cs_puts(b, " GHz");
}

static void tri(struct cs_buf *b, const char *what, int v)
{
	cs_puts(b, what);
	cs_puts(b, v < 0 ? " unsaid" : v ? " yes" : " no");
}

static void counts(struct cs_buf *b, const struct cs_core_clock *k)
{
	uint64_t s[3] = { 0, 0, 0 };
	int any[3] = { 0, 0, 0 };
	static const char *const name[3] = { "SMIs ", "context switches ", "migrations " };
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++) {
		const struct cs_clock_kind *q = &k->kinds[i];
		any[0] |= q->has_smi, s[0] += q->smi;
		any[1] |= q->has_csw, s[1] += q->csw;
		any[2] |= q->has_migrations, s[2] += q->migrations;
	}
	for (int i = 0; i < 3; i++) {
		cs_puts(b, i ? ", " : "  counted: ");
		cs_puts(b, name[i]);
		if (any[i])
			cs_put_u64(b, s[i]);
		else
			cs_puts(b, "not counted");
	}
	cs_putc(b, '\n');
}

static void validity(struct cs_buf *b, const struct cs_core_clock *k)
{
	tri(b, "  validity: interrupts masked", k->irq_masked);
	cs_puts(b, "; SMIs: ");
	cs_puts(b, k->smi_why[0] ? k->smi_why : k->smi_countable > 0 ? "counted" : "unsaid");
	cs_putc(b, '\n');
	counts(b, k);
	cs_puts(b, "  governor ");
	cs_puts(b, k->governor[0] ? k->governor : "unsaid");
	tri(b, ", boost", k->boost);
	tri(b, ", isolcpus", k->isolated);
	tri(b, ", nohz_full", k->nohz_full);
	tri(b, ", virtual machine", k->hypervisor);
	if (k->hv_signature[0]) {
		cs_puts(b, " (");
		cs_puts(b, k->hv_signature);
		cs_putc(b, ')');
	}
	cs_putc(b, '\n');
	if (k->os_why[0]) {
		cs_puts(b, "  not read: ");
		cs_puts(b, k->os_why);
		cs_putc(b, '\n');
	}
}

void cs_clock_report(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_core_clock *k = &c->cclock;
	const struct cs_clock_result *o = &r->clock;
	cs_puts(b, "core clock: ");
	if (!o->present) {
		cs_puts(b, "not in this capture (no chain of adds was timed)\n");
	} else if (o->has_core_hz) {
		ghz(b, o->core_hz);
		cs_puts(b, " measured (the median of ");
		cs_put_u64(b, o->n_readings);
		cs_puts(b, " readings of ");
		cs_put_u64(b, k->adds);
		cs_puts(b, " dependent adds)");
		cs_puts(b, o->stable ? "; figures in cycles at this rate\n"
				     : "; not stable: no figure in cycles\n");
		cs_puts(b, "  cycle counter: ");
		if (o->has_cc_hz) {
			cs_puts(b, k->cc_name);
			cs_puts(b, " ");
			ghz(b, o->cc_hz);
			cs_puts(b, ", ");
			cs_put_fixed(b, 100 * o->disagreement, 1);
			cs_puts(b, " % from the chain\n");
		} else {
			cs_puts(b, "none (");
			cs_puts(b, k->cc_why[0] ? k->cc_why : "not read");
			cs_puts(b, ")\n");
		}
	} else {
		cs_puts(b, "not measured\n");
	}
	if (o->present)
		validity(b, k);
	cs_puts(b, "reference: ");
	cs_puts(b, o->ref.is_reference ? "yes: every condition holds\n" : "no\n");
	for (uint32_t i = 0; i < o->ref.n_reasons; i++) {
		cs_puts(b, "  ");
		cs_puts(b, o->ref.reasons[i].code);
		cs_puts(b, ": ");
		cs_puts(b, o->ref.reasons[i].reason);
		cs_putc(b, '\n');
	}
	for (uint32_t i = 0; i < o->n_refusals; i++) {
		cs_puts(b, "  ");
		cs_puts(b, o->refusals[i].code);
		cs_puts(b, ": ");
		cs_puts(b, o->refusals[i].reason);
		cs_putc(b, '\n');
	}
}
