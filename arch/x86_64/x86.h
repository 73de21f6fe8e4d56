/* x86.h: what the x86_64 files share among themselves (not part of the
 * arch interface): the CPUID instruction. */
#ifndef CS_ARCH_X86_H
#define CS_ARCH_X86_H

#include "../../decode/cpuid.h"
#include "../../kinds/icache/icache.h"

/* Seed 001's answer on x86, said rather than run (firmware and host). */
#define CS_X86_ICACHE_COHERENT \
	CS_ICACHE_COHERENT " (x86 keeps instruction fetch coherent with stores in hardware)"

static inline void cs_x86_cpuid(uint32_t leaf, uint32_t subleaf, struct cs_cpuid_regs *o)
{
	__asm__ volatile("cpuid"
			 : "=a"(o->eax), "=b"(o->ebx), "=c"(o->ecx), "=d"(o->edx)
			 : "a"(leaf), "c"(subleaf));
}

#endif
