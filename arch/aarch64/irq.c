/* irq.c (aarch64): IRQ and FIQ masked around a timed block through DAIF
 * (arch.h). EL1 and above: the firmware only. */
#include "a64.h"

static uint64_t saved_daif;

/* Mask IRQ and FIQ (DAIF.I, DAIF.F: daifset #3) for a timed block. */
void cs_arch_irq_off(void)
{
	__asm__ volatile("mrs %0, daif\n\tmsr daifset, #3" : "=r"(saved_daif) : : "memory");
}

/* Unmask only what was unmasked: firmware may call us with them masked. */
void cs_arch_irq_on(void)
{
	if (!(saved_daif & (3u << 6)))
		__asm__ volatile("msr daifclr, #3" : : : "memory");
	else if (!(saved_daif & (1u << 7)))
		__asm__ volatile("msr daifclr, #2" : : : "memory");
	else if (!(saved_daif & (1u << 6)))
		__asm__ volatile("msr daifclr, #1" : : : "memory");
}
