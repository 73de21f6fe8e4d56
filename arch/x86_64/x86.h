/* x86.h: what the x86_64 files share among themselves (not part of the
 * arch interface): the CPUID instruction. */
#ifndef CS_ARCH_X86_H
#define CS_ARCH_X86_H

#include "../../decode/cpuid.h"

static inline void cs_x86_cpuid(uint32_t leaf, uint32_t subleaf, struct cs_cpuid_regs *o)
{
	__asm__ volatile("cpuid"
			 : "=a"(o->eax), "=b"(o->ebx), "=c"(o->ecx), "=d"(o->edx)
			 : "a"(leaf), "c"(subleaf));
}

#endif
