/* emulated.h: whether the capture ran on an emulated processor, from the
 * evidence it holds (docs/emulators.md): the producer's conclusion or the
 * signature it recorded (common/emulator.h, read into struct cs_capture),
 * else what the clock kind timed (kinds/clock: a chain of dependent adds
 * against the counter). The summary, the geometry and the bandwidth kinds
 * ask it; it reduces nothing. Freestanding. */
#ifndef CS_EMULATED_H
#define CS_EMULATED_H

#include <stddef.h>
#include "../common/capture.h"

/* The refusal code of a figure an emulator's run cannot give (the geometry
 * kind's levels, the bandwidth kind's series and misses in flight), its
 * sentence naming the emulator. */
#define CS_R_EMULATED "emulated"

/* The emulator's name ("QEMU TCG"; "an unnamed emulator" where only the timing
 * says so), with the evidence in words in why (cap bytes), or 0 when the
 * capture shows none. */
const char *cs_emulated(const struct cs_capture *c, char *why, size_t cap);

#endif
