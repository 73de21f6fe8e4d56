/* secureboot.h: the firmware's Secure Boot state read with GetVariable
 * (SecureBoot, SetupMode, the sizes of db and dbx), shown on the screen
 * and kept for the capture (record.c, producer.secure_boot). */
#ifndef CS_EFI_SECUREBOOT_H
#define CS_EFI_SECUREBOOT_H

#include <efi.h>
#include "../common/secureboot.h"

void cs_efi_secure_boot_read(EFI_SYSTEM_TABLE *st, struct cs_secure_boot *s);
/* The line of common/secureboot.h on the console. */
void cs_efi_secure_boot_show(const struct cs_secure_boot *s);

#endif
