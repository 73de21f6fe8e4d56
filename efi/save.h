/* save.h: the capture as JSON onto the boot volume, with the outcome on the
 * screen in words: where it went, or why it could not go (read-only, full,
 * no file system), leaving the result on screen either way. */
#ifndef CS_EFI_SAVE_H
#define CS_EFI_SAVE_H

#include <efi.h>
#include "record.h"
#include "volume.h"

/* vol may be NULL (no usable volume). First asks the volume whether its
 * file protocol renames (cs_volume_rename_probe) and puts the answer in
 * rec (producer.capture_write), then writes the capture that way. Returns
 * the firmware's status. */
EFI_STATUS cs_save_capture(EFI_SYSTEM_TABLE *st, struct cs_volume *vol,
			   struct cs_record *rec);

#endif
