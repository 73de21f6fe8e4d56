/* clock.h: the core clock's hooks in the firmware (engine.h struct
 * cs_clock_hooks, docs/clock.md): the arch layer's chain of adds, its
 * cycle counter (APERF or PMCCNTR_EL0, read under a fault guard) and the
 * SMI count around each kind; and the capture's validity figures. */
#ifndef CS_EFI_CLOCK_H
#define CS_EFI_CLOCK_H

#include "../arch/arch.h"
#include "../common/engine.h"

void cs_efi_clock_hooks(struct cs_clock_hooks *h, struct cs_arch_cycles *k,
			struct cs_arch_cpu *cpu, struct cs_core_clock *cc);

#endif
