/* acpi.c: ACPI table lookup (acpi.h). ACPI 2.0 first: its XSDT has 64-bit
 * pointers; the 1.0 RSDT is the fallback on old firmware. */
#include "acpi.h"

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static int sum_ok(const uint8_t *p, uint32_t len)
{
	uint8_t s = 0;
	while (len--)
		s = (uint8_t)(s + *p++);
	return s == 0;
}

static int guid_eq(const EFI_GUID *a, const EFI_GUID *b)
{
	const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
	for (int i = 0; i < 16; i++)
		if (x[i] != y[i])
			return 0;
	return 1;
}

static const uint8_t *find_rsdp(EFI_SYSTEM_TABLE *st, int want20)
{
	static EFI_GUID g20 = ACPI_20_TABLE_GUID, g10 = ACPI_TABLE_GUID;
	for (UINTN i = 0; i < st->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *t = &st->ConfigurationTable[i];
		if (guid_eq(&t->VendorGuid, want20 ? &g20 : &g10))
			return t->VendorTable;
	}
	return NULL;
}

static int sig_eq(const uint8_t *p, const char sig[4])
{
	return p[0] == sig[0] && p[1] == sig[1] && p[2] == sig[2] && p[3] == sig[3];
}

const uint8_t *cs_acpi_find(EFI_SYSTEM_TABLE *st, const char sig[4],
			    uint32_t *len)
{
	const uint8_t *rsdp = find_rsdp(st, 1), *sdt;
	int wide = 0;
	uint32_t sdt_len, n, i;

	if (rsdp && rsdp[15] >= 2 && rd64(rsdp + 24)) {
		sdt = (const uint8_t *)(uintptr_t)rd64(rsdp + 24);
		wide = 1;
	} else {
		if (!rsdp)
			rsdp = find_rsdp(st, 0);
		if (!rsdp || !sig_eq(rsdp, "RSD "))
			return NULL;
		sdt = (const uint8_t *)(uintptr_t)rd32(rsdp + 16);
	}
	if (!sdt)
		return NULL;
	sdt_len = rd32(sdt + 4);
	if (sdt_len < 36 || !sum_ok(sdt, sdt_len))
		return NULL;
	n = (sdt_len - 36) / (wide ? 8 : 4);
	for (i = 0; i < n; i++) {
		const uint8_t *e = sdt + 36 + i * (wide ? 8 : 4);
		const uint8_t *t = (const uint8_t *)(uintptr_t)(wide ? rd64(e) : rd32(e));
		uint32_t tl;
		if (!t || !sig_eq(t, sig))
			continue;
		tl = rd32(t + 4);
		if (tl < 36 || !sum_ok(t, tl))
			continue;
		*len = tl;
		return t;
	}
	return NULL;
}
