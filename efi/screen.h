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

#endif
