/* clock.c (aarch64): the core clock's chain of dependent adds, and
 * PMCCNTR_EL0 as the cycle counter's reading in the firmware (arch.h).
 * There is no SMI on ARM, and no MSR for a user process. */
#include "a64.h"
#include "../../common/buf.h"

#define STR_(x) #x
#define STR(x) STR_(x)

uint64_t cs_arch_add_chain(uint64_t x)
{
	uint64_t one = 1, n = CS_ARCH_CHAIN_TURNS;
	__asm__ volatile("1:\n\t"
			 ".rept " STR(CS_ARCH_CHAIN_UNROLL) "\n\t"
			 "add %[x], %[x], %[one]\n\t"
			 ".endr\n\t"
			 "subs %[n], %[n], #1\n\t"
			 "b.ne 1b"
			 : [x] "+r"(x), [n] "+r"(n)
			 : [one] "r"(one)
			 : "cc");
	return x;
}

uint32_t cs_arch_msr_cycles(void)
{
	return 0;
}

uint32_t cs_arch_msr_smi(const char *vendor)
{
	(void)vendor;
	return 0;
}

static struct cs_arch_pmu *pmu_counting;

void cs_arch_cycles_open(struct cs_arch_cpu *c, struct cs_arch_cycles *k)
{
	cs_memset(k, 0, sizeof *k);
	k->name = "pmccntr";
	cs_strlcpy(k->smi_why, "not available: ARM has no system management interrupt count",
		   sizeof k->smi_why);
	if (cs_a64_pmu_count(&c->pmu) != 0) {
		cs_strlcpy(k->why, c->pmu.why, sizeof k->why);
		return;
	}
	pmu_counting = &c->pmu;
	k->offered = 1;
	cs_strlcpy(k->why, "PMCCNTR_EL0, enabled as the PMU check found it counting",
		   sizeof k->why);
}

int cs_arch_cycles_read(struct cs_arch_cycles *k, uint64_t *v)
{
	if (!k->offered || !pmu_counting)
		return -1;
	__asm__ volatile("isb\n\tmrs %0, pmccntr_el0\n\tisb" : "=r"(*v) : : "memory");
	return 0;
}

int cs_arch_smi_read(struct cs_arch_cycles *k, uint64_t *v)
{
	(void)k;
	(void)v;
	return -1;
}
