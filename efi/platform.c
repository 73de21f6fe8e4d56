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

/* EfiLoaderCode: the type the firmware maps executable. */
static void *code_pages(void *ctx, uint64_t bytes)
{
	EFI_SYSTEM_TABLE *st = ctx;
	EFI_PHYSICAL_ADDRESS a = 0;
	if (EFI_ERROR(st->BootServices->AllocatePages(AllocateAnyPages, EfiLoaderCode,
						      (bytes + 4095) / 4096, &a)))
		return NULL;
	return (void *)(uintptr_t)a;
}

static void free_code_pages(void *ctx, void *p, uint64_t bytes)
{
	EFI_SYSTEM_TABLE *st = ctx;
	st->BootServices->FreePages((EFI_PHYSICAL_ADDRESS)(uintptr_t)p, (bytes + 4095) / 4096);
}

void cs_platform_init(struct cs_platform *pf, EFI_SYSTEM_TABLE *st)
{
	pf->acpi_table = acpi_table;
	pf->delay_us = delay_us;
	pf->code_pages = code_pages;
	pf->free_code_pages = free_code_pages;
	pf->ctx = st;
}
