/* clock.c: the core clock's hooks in the firmware (clock.h). The cycle
 * counter and the SMI count are opened once (arch.h cs_arch_cycles_open:
 * every MSR read under a #GP guard, so an emulator or hypervisor without
 * them costs a sentence, never the boot); the timed blocks run with
 * interrupts masked, and no scheduler runs here. */
#include "clock.h"
#include "console.h"
#include "../kinds/clock/clock_run.h"

static int cycles(void *ctx, uint64_t *v)
{
	return cs_arch_cycles_read(ctx, v);
}

static void mark(void *ctx, struct cs_clock_kind *q, int after)
{
	uint64_t v;
	if (cs_arch_smi_read(ctx, &v) != 0) {
		q->has_smi = 0;
		return;
	}
	if (!after) {
		q->smi0 = v;
		q->has_smi = 1;
		return;
	}
	q->has_smi = q->has_smi && v >= q->smi0;
	q->smi = q->has_smi ? v - q->smi0 : 0;
}

void cs_efi_clock_hooks(struct cs_clock_hooks *h, struct cs_arch_cycles *k,
			struct cs_arch_cpu *cpu, struct cs_core_clock *cc)
{
	cs_arch_cycles_open(cpu, k);
	cs_core_clock_init(cc);
	h->chain = cs_arch_add_chain;
	h->adds = CS_ARCH_CHAIN_ADDS;
	h->cycles = k->offered ? cycles : NULL;
	h->mark = mark;
	h->ctx = k;
	if (k->offered)
		cs_strlcpy(cc->cc_name, k->name, sizeof cc->cc_name);
	cs_strlcpy(cc->cc_why, k->why, sizeof cc->cc_why);
	cc->irq_masked = 1;
	cc->smi_countable = k->smi_countable;
	cs_strlcpy(cc->smi_why, k->smi_why, sizeof cc->smi_why);
	cs_strlcpy(cc->os_why, "no operating system: no governor, boost as the firmware set it, "
			       "no scheduler (context switches and migrations do not apply)",
		   sizeof cc->os_why);
	cc->hypervisor = cpu->hypervisor;
	cs_strlcpy(cc->hv_signature, cpu->hv_signature, sizeof cc->hv_signature);
	cs_con_puts("cycle counter: ");
	cs_con_puts(k->offered ? k->name : "none");
	cs_con_puts(" (");
	cs_con_puts(k->why);
	cs_con_puts("); SMIs: ");
	cs_con_puts(k->smi_why);
	cs_con_puts("\n");
}
