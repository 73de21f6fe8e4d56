/* platform.c: the firmware's services for the arch layer (platform.h). */
#include "platform.h"
#include "acpi.h"
#include "libc.h"

static const uint8_t *acpi_table(void *ctx, const char sig[4], uint32_t *len)
{
	return cs_acpi_find(ctx, sig, len);
}

/* The device tree's configuration table (the UEFI specification's
 * EFI_DTB_TABLE_GUID), as U-Boot installs it; EDK II on QEMU gives ACPI
 * instead. */
static const void *device_tree(void *ctx)
{
	static EFI_GUID dtb = { 0xb1b621d5, 0xf19c, 0x41a5, { 0x83, 0x0b, 0xd9, 0x15, 0x2c, 0x69, 0xaa, 0xe0 } };
	EFI_SYSTEM_TABLE *st = ctx;
	for (UINTN i = 0; i < st->NumberOfTableEntries; i++) {
		const EFI_GUID *g = &st->ConfigurationTable[i].VendorGuid;
		if (memcmp(g, &dtb, sizeof dtb) == 0)
			return st->ConfigurationTable[i].VendorTable;
	}
	return NULL;
}

static void delay_us(void *ctx, uint64_t us)
{
	EFI_SYSTEM_TABLE *st = ctx;
	st->BootServices->Stall((UINTN)us);
}

void cs_platform_init(struct cs_platform *pf, EFI_SYSTEM_TABLE *st)
{
	pf->acpi_table = acpi_table;
	pf->delay_us = delay_us;
	pf->device_tree = device_tree;
	pf->ctx = st;
}
