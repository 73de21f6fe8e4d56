/* platform.h: the firmware's services as the arch layer asks for them
 * (arch/arch.h struct cs_platform): ACPI tables, Stall(), the device tree. */
#ifndef CS_EFI_PLATFORM_H
#define CS_EFI_PLATFORM_H

#include <efi.h>
#include "../arch/arch.h"

/* Fills pf for this system table (kept as its context). */
void cs_platform_init(struct cs_platform *pf, EFI_SYSTEM_TABLE *st);

#endif
