/* screen.h: what the firmware tells the person in front of it, apart from
 * the progress lines (the engine's, common/engine.h) and the reduction
 * (reduce/report.h): the banner, the settings in force, the clock, the
 * sweep plan. */
#ifndef CS_EFI_SCREEN_H
#define CS_EFI_SCREEN_H

#include <efi.h>
#include "../arch/arch.h"
#include "calib.h"
#include "../common/engine.h"
#include "settings.h"

void cs_screen_banner(EFI_SYSTEM_TABLE *st, const struct cs_arch_cpu *cpu);
void cs_screen_settings(const struct cs_settings *s);
void cs_screen_clock(const struct cs_calib *c);
void cs_screen_plan(const struct cs_plan *p, int memory_limited);
/* What the firmware lacks of the services the run uses, each said once, in
 * one line with what follows (U-Boot's UEFI: MP services, graphics
 * output), and into rec (producer.firmware_lacks); nothing when it lacks
 * none. gop: cs_gop_init found graphics output. The file protocol's
 * rename is asked when the capture is written (save.c). */
struct cs_record;
void cs_screen_lacks(EFI_SYSTEM_TABLE *st, struct cs_record *rec, int gop);

#endif
