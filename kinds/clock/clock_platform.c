/* clock_platform.c: the core clock's hooks made from the host's services
 * (common/services.h, docs/clock.md): the architecture's chain of adds,
 * the cycle counter where the host has one (or none and why), the counts
 * that disturb a kind (SMIs, context switches, migrations) read around
 * each kind, and the validity figures the host tells. The same code in the
 * firmware and the host probe. Freestanding. */
#include "clock_run.h"

static int cycles(void *ctx, uint64_t *v)
{
	const struct cs_services *s = ctx;
	return s->cycles(s->ctx, v);
}

/* One count around a kind: its value at the start, then the growth. */
static void around(int after, int has, uint64_t v, int *q_has, uint64_t *q0, uint64_t *q)
{
	if (!after) {
		*q_has = has;
		*q0 = has ? v : 0;
		return;
	}
	*q_has = *q_has && has && v >= *q0;
	*q = *q_has ? v - *q0 : 0;
}

static void mark(void *ctx, struct cs_clock_kind *q, int after)
{
	const struct cs_services *s = ctx;
	struct cs_svc_counts n;
	cs_memset(&n, 0, sizeof n);
	if (s->counts)
		s->counts(s->ctx, &n);
	around(after, n.has_smi, n.smi, &q->has_smi, &q->smi0, &q->smi);
	around(after, n.has_csw, n.csw, &q->has_csw, &q->csw0, &q->csw);
	around(after, n.has_migrations, n.migrations, &q->has_migrations, &q->migr0, &q->migrations);
}

void cs_clock_platform(struct cs_engine *e, struct cs_capture *c)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_clock_hooks *h = &e->hooks.clock;
	struct cs_core_clock *k = &c->cclock;
	struct cs_svc_validity v;
	if (!s || (!s->chain && !s->cycles_open && !s->validity))
		return; /* the host has no counter (a browser): the hooks stay its own */
	cs_core_clock_init(k);
	cs_memset(h, 0, sizeof *h);
	h->chain = s->chain;
	h->adds = s->adds;
	h->mark = mark;
	h->ctx = (void *)s;
	if (s->cycles && s->cycles_open &&
	    s->cycles_open(s->ctx, k->cc_name, sizeof k->cc_name, k->cc_why, sizeof k->cc_why) == 0)
		h->cycles = cycles;
	else
		k->cc_name[0] = '\0';
	cs_memset(&v, 0, sizeof v);
	v.irq_masked = v.smi_countable = v.boost = v.isolated = v.nohz_full = v.hypervisor = -1;
	if (s->validity)
		s->validity(s->ctx, &v);
	k->irq_masked = v.irq_masked;
	k->smi_countable = v.smi_countable;
	cs_strlcpy(k->smi_why, v.smi_why, sizeof k->smi_why);
	cs_strlcpy(k->governor, v.governor, sizeof k->governor);
	k->boost = v.boost;
	k->isolated = v.isolated;
	k->nohz_full = v.nohz_full;
	cs_strlcpy(k->os_why, v.os_why, sizeof k->os_why);
	k->hypervisor = v.hypervisor;
	cs_strlcpy(k->hv_signature, v.hv_signature, sizeof k->hv_signature);
}
