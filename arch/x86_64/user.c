/* user.c (x86_64): what a user process may read of the processor beyond
 * CPUID (arch.h): nothing; and seed 001, which has nothing to find here. */
#include "../arch.h"
#include "x86.h"
#include "../../common/buf.h"

void cs_arch_user_read(struct cs_arch_user *u)
{
	cs_memset(u, 0, sizeof *u);
}

int cs_arch_user_midr(uint64_t *midr)
{
	*midr = 0;
	return -1;
}

const char *cs_arch_flush_name(void)
{
	return "clflush";
}

/* x86 keeps instruction fetch coherent with stores in hardware: the
 * experiment is said, not run (as the firmware's capture says it). */
int cs_arch_icache_views(struct cs_icache_views *v, struct cs_icache_obs *o,
			 char *why, size_t whylen)
{
	(void)v;
	cs_memset(o, 0, sizeof *o);
	cs_strlcpy(why, CS_X86_ICACHE_COHERENT, whylen);
	return 1;
}
