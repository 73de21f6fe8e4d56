/* platform.c: the firmware's services for the arch layer (platform.h). */
#include "platform.h"
#include "acpi.h"

static const uint8_t *acpi_table(void *ctx, const char sig[4], uint32_t *len)
{
	return cs_acpi_find(ctx, sig, len);
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
	pf->ctx = st;
}
