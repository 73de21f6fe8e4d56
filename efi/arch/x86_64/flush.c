/* flush.c (x86_64): evict a range from every cache level (efi/experiments.h). */
#include "../../experiments.h"

void cs_arch_flush(const void *p, uint64_t bytes)
{
	const char *c = p;
	for (uint64_t i = 0; i < bytes; i += 64)
		__asm__ volatile("clflush (%0)" : : "r"(c + i) : "memory");
	__asm__ volatile("mfence" : : : "memory");
}
