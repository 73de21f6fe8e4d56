/* user.c (aarch64): what a user process (EL0) may read of the processor
 * (arch.h): CTR_EL0, which Linux lets EL0 read (SCTLR_EL1.UCT) or traps
 * and emulates with the system-wide safe value; MIDR_EL1, which Linux
 * emulates at EL0 for the CPU the process runs on (HWCAP_CPUID). */
#include "a64.h"

void cs_arch_user_read(struct cs_arch_user *u)
{
	cs_memset(u, 0, sizeof *u);
	u->ctr = CS_A64_MRS(ctr_el0);
	u->has_ctr = 1;
	cs_arm_ctr_decode(u->ctr, &u->ctr_fields);
}

int cs_arch_user_midr(uint64_t *midr)
{
	*midr = CS_A64_MRS(midr_el1);
	return 0;
}

const char *cs_arch_flush_name(void)
{
	return "dc civac";
}
