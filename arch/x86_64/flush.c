/* flush.c (x86_64): evict a range from every cache level (arch.h). */
#include "../arch.h"

/* clflush every line, then mfence: the lines are out of every cache level
 * before the first timed access. */
void cs_arch_flush(const void *p, uint64_t bytes)
{
	const char *c = p;
	for (uint64_t i = 0; i < bytes; i += 64)
		__asm__ volatile("clflush (%0)" : : "r"(c + i) : "memory");
	__asm__ volatile("mfence" : : : "memory");
}
