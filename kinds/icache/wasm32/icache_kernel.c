/* icache_kernel.c (wasm32): a page cannot write code and run it (a wasm
 * module's code is fixed when it is compiled), so there is no experiment
 * to run (icache.h); the page offers no code memory, and never asks. */
#include "../icache.h"
#include "../../../common/buf.h"

int cs_icache_kernel(struct cs_icache_views *v, struct cs_icache_obs *o, char *why, size_t whylen)
{
	(void)v;
	cs_memset(o, 0, sizeof *o);
	cs_strlcpy(why, "a wasm module cannot write code and run it", whylen);
	return -1;
}

void cs_icache_kernel_method(struct cs_buf *b, const struct cs_icache_views *v)
{
	(void)v;
	cs_puts(b, "not run");
}
