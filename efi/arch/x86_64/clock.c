/* clock.c (x86_64): the TSC, interrupt masking and the ACPI PM timer. */
#include "../../arch.h"
#include "../../acpi.h"
#include "../../../common/buf.h"

const char *cs_arch_name(void)
{
	return "x86_64";
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

const char *cs_arch_counter_name(void)
{
	return "tsc";
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

/* Leaves 0x15/0x16 give a nominal rate on some Intel parts only, and not in
 * QEMU: the TSC is always measured here. */
uint64_t cs_arch_counter_published_hz(void)
{
	return 0;
}

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

static uint32_t pm_read(const struct cs_ref_clock *r)
{
	uint32_t v;
	uint16_t port = (uint16_t)r->port;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* FADT fields (ACPI 6.x table 5.9): PM_TMR_BLK at 76, PM_TMR_LEN at 91,
 * Flags at 112 (bit 8 TMR_VAL_EXT: 32-bit counter), X_PM_TMR_BLK at 208. */
int cs_arch_ref_clock(EFI_SYSTEM_TABLE *st, struct cs_ref_clock *r,
		      char *why, size_t whylen)
{
	uint32_t len = 0, port = 0;
	const uint8_t *f = cs_acpi_find(st, "FACP", &len);

	if (!f) {
		cs_strlcpy(why, "no ACPI FADT in the firmware's tables", whylen);
		return -1;
	}
	if (len >= 220 && f[208] == 1 && rd32(f + 212) && !rd32(f + 216))
		port = rd32(f + 212);
	else if (len >= 92 && f[91] == 4)
		port = rd32(f + 76);
	if (len >= 220 && f[208] == 0 && rd32(f + 212)) {
		cs_strlcpy(why, "the PM timer is memory-mapped (not supported here)", whylen);
		return -1;
	}
	if (!port || port > 0xfffc) {
		cs_strlcpy(why, "the FADT names no PM timer", whylen);
		return -1;
	}
	r->name = "acpi-pm-timer";
	r->hz = 3579545.0; /* fixed by the ACPI specification */
	r->bits = (len >= 116 && (rd32(f + 112) & (1u << 8))) ? 32 : 24;
	r->port = port;
	r->read = pm_read;
	return 0;
}
