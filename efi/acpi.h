/* acpi.h: find an ACPI table through the firmware's configuration table
 * (RSDP, then XSDT or RSDT). Used for the FADT's PM timer. */
#ifndef CS_EFI_ACPI_H
#define CS_EFI_ACPI_H

#include <efi.h>
#include <stdint.h>

/* The first table with this 4-character signature, checksum verified;
 * NULL when there is none. *len gets the table's length. */
const uint8_t *cs_acpi_find(EFI_SYSTEM_TABLE *st, const char sig[4],
			    uint32_t *len);

#endif
