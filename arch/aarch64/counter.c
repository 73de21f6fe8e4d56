/* counter.c (aarch64): the generic timer's virtual count, or PMCCNTR_EL0
 * once chosen, with their ordering; and the reference-clock question
 * (arch.h). */
#include "a64.h"
#include "../../common/buf.h"

/* One clock a run: the generic timer unless PMCCNTR_EL0 was chosen before
 * calibration (cs_arch_counter_select). */
static int use_pmccntr;

const char *cs_arch_name(void)
{
	return "aarch64";
}

const char *cs_arch_counter_name(void)
{
	return use_pmccntr ? "pmccntr" : "cntvct";
}

int cs_arch_counter_select(struct cs_arch_cpu *c, const char *name, char *why,
			  size_t whylen)
{
	if (cs_streq(name, "cntvct")) {
		use_pmccntr = 0;
		return 0;
	}
	if (!cs_streq(name, "pmccntr")) {
		cs_strlcpy(why, "unknown clock (cntvct, pmccntr)", whylen);
		return -1;
	}
	if (cs_a64_pmu_use(&c->pmu, why, whylen) != 0)
		return -1;
	use_pmccntr = 1;
	/* Core cycles: the rate follows the core's clock, unlike the timer. */
	c->invariant_clock = 0;
	cs_strlcpy(c->clock_note, "PMCCNTR_EL0 counts core cycles: its rate changes with "
				  "the core's frequency", sizeof c->clock_note);
	return 0;
}

/* The system-register read may happen out of order with the instructions
 * around it. dsb ishld: every earlier load has completed (the analogue of
 * lfence on x86: the last load of a timed chain is counted in); isb: the
 * read is not taken early; the isb after: later instructions do not start
 * before it. */
uint64_t cs_arch_counter(void)
{
	uint64_t v;
	if (use_pmccntr)
		__asm__ volatile("dsb ishld\n\tisb\n\tmrs %0, pmccntr_el0\n\tisb" : "=r"(v) : : "memory");
	else
		__asm__ volatile("dsb ishld\n\tisb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
	return v;
}

void cs_arch_order(void)
{
	__asm__ volatile("dsb ishld\n\tisb" : : : "memory");
}

/* CNTFRQ_EL0 is written by the firmware at boot (62.5 MHz under QEMU); the
 * architecture makes it the counter's rate, so it is used as published. */
uint64_t cs_arch_counter_published_hz(void)
{
	uint64_t v;
	if (use_pmccntr)
		return 0; /* the cycle rate is measured, against the generic timer */
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(v));
	return v & 0xffffffffu;
}

static uint32_t cntvct_read(const struct cs_ref_clock *r)
{
	uint64_t v;
	(void)r;
	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
	return (uint32_t)v;
}

/* There is no ACPI PM timer on ARM; the generic timer is the architected
 * reference, and Stall() on AAVMF is itself built on it: calibrating the
 * generic timer against either would compare it with itself. When
 * PMCCNTR_EL0 times the run, the generic timer is its reference. */
int cs_arch_ref_clock(const struct cs_platform *pf, struct cs_ref_clock *r,
		      char *why, size_t whylen)
{
	uint64_t hz;
	(void)pf;
	if (!use_pmccntr) {
		cs_strlcpy(why, "on AArch64 the generic timer is itself the architected "
				"reference (CNTFRQ_EL0 published)", whylen);
		return -1;
	}
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(hz));
	r->name = "generic-timer";
	r->title = "the generic timer";
	r->hz = (double)(hz & 0xffffffffu);
	r->bits = 32;
	r->port = 0;
	r->read = cntvct_read;
	return 0;
}
