/* counter.c (x86_64): the TSC and its ordering (arch.h). */
#include "../arch.h"
#include "../../common/buf.h"

const char *cs_arch_name(void)
{
	return "x86_64";
}

const char *cs_arch_counter_name(void)
{
	return "tsc";
}

int cs_arch_counter_select(struct cs_arch_cpu *c, const char *name, char *why,
			   size_t whylen)
{
	(void)c;
	if (cs_streq(name, "tsc"))
		return 0;
	cs_strlcpy(why, "unknown clock on x86_64 (tsc)", whylen);
	return -1;
}

/* lfence before: earlier loads have completed before the read; lfence after:
 * later loads do not start before it. (On AMD, lfence is dispatch
 * serialising on every Zen part; rdtscp alone would not fence what follows.) */
uint64_t cs_arch_counter(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

void cs_arch_order(void)
{
	__asm__ volatile("lfence" : : : "memory");
}

/* Leaves 0x15/0x16 give a nominal rate on some Intel parts only, and not in
 * QEMU: the TSC is always measured. */
uint64_t cs_arch_counter_published_hz(void)
{
	return 0;
}
