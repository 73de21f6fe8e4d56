/* user.c (x86_64): what a user process may read of the processor beyond
 * CPUID (arch.h): nothing. */
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
