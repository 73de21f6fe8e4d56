/* menu.h: the boot menu. Before measuring, the firmware shows the run it
 * is about to do (the settings file's, or the defaults) with a countdown of
 * menu= seconds; a key opens a menu of every setting the file takes (the
 * program's and each kind's declarations, common/setting.h; its state is
 * menu_state.h's), Enter measures with the settings chosen. An unattended
 * run (after=shutdown, a network boot, under an emulator) has no countdown
 * unless the settings file says menu=N; menu=0 never has one. */
#ifndef CS_EFI_MENU_H
#define CS_EFI_MENU_H

#include <efi.h>
#include "settings.h"

/* After the settings (the volume's and the network's), before the clock
 * is calibrated: the countdown, the menu if a key is pressed; s->menu is
 * then the countdown as run, s->menu_opened and s->menu_changed what the
 * menu did (the capture's settings member records them). */
void cs_menu_boot(EFI_SYSTEM_TABLE *st, struct cs_settings *s, int netbooted, int emulated);

#endif
