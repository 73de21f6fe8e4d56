/* save.h: the capture as JSON onto the boot volume, with the outcome on the
 * screen in words: where it went, or why it could not go (read-only, full,
 * no file system), leaving the result on screen either way. */
#ifndef CS_EFI_SAVE_H
#define CS_EFI_SAVE_H

#include <efi.h>
#include "record.h"
#include "volume.h"

/* vol may be NULL (no usable volume). Returns the firmware's status. */
EFI_STATUS cs_save_capture(EFI_SYSTEM_TABLE *st, struct cs_volume *vol,
			   const struct cs_record *rec);

#endif
