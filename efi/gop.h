/* gop.h: the staircase on screen through the Graphics Output Protocol, in a
 * region at the top right (chart/draw.c draws it): live as the sweep runs,
 * then whole with levels, knees and ramps. Through the linear framebuffer
 * when the mode has one, else through Blt (QEMU's virtio-gpu); without GOP,
 * the text alone, said once by the line of what the firmware lacks
 * (screen.h cs_screen_lacks). The serial console is never touched. */
#ifndef CS_EFI_GOP_H
#define CS_EFI_GOP_H

#include <efi.h>
#include "../common/capture.h"
#include "../common/result.h"

/* The region, for the screendump test (tests/qemu/screendump.py):
 * width W/2, height H*5/8, left edge W - W/2, top 0. */
int cs_gop_init(EFI_SYSTEM_TABLE *st); /* 0: the firmware has no GOP */
/* The x axis of the live chart: the planned sweep. */
void cs_gop_live_begin(double first_bytes, double last_bytes);
/* After each sweep point: the points so far. */
void cs_gop_live(const struct cs_capture *c);
/* The whole chart; kept, so cs_gop_redraw() can put it back after the
 * console has scrolled it. */
void cs_gop_final(const struct cs_capture *c, const struct cs_result *r);
void cs_gop_redraw(void);
/* Frees the canvas; nothing is drawn after. */
void cs_gop_done(void);

#endif
