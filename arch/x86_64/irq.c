/* irq.c (x86_64): interrupts masked around a timed block (arch.h). cli and
 * sti need ring 0: the firmware only. */
#include "../arch.h"

static uint64_t saved_flags;

void cs_arch_irq_off(void)
{
	__asm__ volatile("pushfq\n\tpopq %0\n\tcli" : "=r"(saved_flags) : : "memory");
}

/* Re-enable only if they were on: firmware may call us with them masked. */
void cs_arch_irq_on(void)
{
	if (saved_flags & (1u << 9))
		__asm__ volatile("sti" : : : "memory");
}
