/* flush.c (aarch64): clean and invalidate a range to the point of coherency
 * (arch.h), one CTR_EL0 smallest data line at a time. EL0 may do both under
 * Linux, so the host probe uses it too. */
#include "a64.h"

void cs_arch_flush(const void *p, uint64_t bytes)
{
	uint64_t ctr, line;
	const char *c = p;
	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	line = 4u << ((ctr >> 16) & 15);
	for (uint64_t i = 0; i < bytes; i += line)
		__asm__ volatile("dc civac, %0" : : "r"(c + i) : "memory");
	__asm__ volatile("dsb sy" : : : "memory");
}
