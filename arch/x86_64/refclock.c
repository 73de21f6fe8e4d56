/* refclock.c (x86_64): the ACPI PM timer as the reference clock (arch.h),
 * found through the FADT the program hands over; read with inl (ring 0,
 * or an I/O-privileged process). */
#include "../arch.h"
#include "../../common/buf.h"

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
int cs_arch_ref_clock(const struct cs_platform *pf, struct cs_ref_clock *r,
		      char *why, size_t whylen)
{
	uint32_t len = 0, port = 0;
	const uint8_t *f = pf && pf->acpi_table ? pf->acpi_table(pf->ctx, "FACP", &len) : 0;

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
	r->title = "the ACPI PM timer";
	r->hz = 3579545.0; /* fixed by the ACPI specification */
	r->bits = (len >= 116 && (rd32(f + 112) & (1u << 8))) ? 32 : 24;
	r->port = port;
	r->read = pm_read;
	return 0;
}
