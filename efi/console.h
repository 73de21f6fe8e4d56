/* console.h: text from the core (cs_buf) to the firmware console, which
 * OVMF mirrors to the serial port. '\n' becomes "\r\n"; other control
 * characters are shown escaped (common/buf.h), UTF-8 becomes UCS-2. */
#ifndef CS_EFI_CONSOLE_H
#define CS_EFI_CONSOLE_H

#include <efi.h>
#include "../common/buf.h"

void cs_con_init(EFI_SYSTEM_TABLE *st);
void cs_con_puts(const char *s);
void cs_con_buf(const struct cs_buf *b);
/* Waits for a key press; returns at once when there is no input device. */
void cs_con_wait_key(void);

#endif
