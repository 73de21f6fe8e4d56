/* emulated.c: an emulated processor, from the capture's evidence
 * (emulated.h, docs/emulators.md s.2). Freestanding. */
#include "emulated.h"
#include "../common/buf.h"
#include "../common/result.h" /* the clock kind's cs_clock_emulation */

const char *cs_emulated(const struct cs_capture *c, char *why, size_t cap)
{
	struct cs_buf b;
	cs_buf_init(&b, why, cap);
	if (c->emulator[0]) {
		cs_puts(&b, c->emulator_evidence[0] ? c->emulator_evidence : "the capture names it");
		return c->emulator;
	}
	if (cs_clock_emulation(c, &b))
		return "an unnamed emulator";
	if (cap)
		why[0] = '\0';
	return 0;
}
