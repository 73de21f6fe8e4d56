/* icache_kernel.c (x86_64): seed 001 has nothing to find here: x86 keeps
 * instruction fetch coherent with stores in hardware, so the experiment is
 * said, not run (icache.h), in the firmware and the host probe alike. */
#include "../icache.h"
#include "../../../common/buf.h"

#define CS_X86_ICACHE_COHERENT \
	CS_ICACHE_COHERENT " (x86 keeps instruction fetch coherent with stores in hardware)"

int cs_icache_kernel(struct cs_icache_views *v, struct cs_icache_obs *o, char *why, size_t whylen)
{
	(void)v;
	cs_memset(o, 0, sizeof *o);
	cs_strlcpy(why, CS_X86_ICACHE_COHERENT, whylen);
	return 1;
}

void cs_icache_kernel_method(struct cs_buf *b, const struct cs_icache_views *v)
{
	(void)v;
	cs_puts(b, "not run");
}
