/* emulated.c: an emulated processor, from the capture's evidence
 * (emulated.h, docs/emulators.md s.2). Freestanding. */
#include "emulated.h"
#include "../common/buf.h"
#include "query.h" /* the clock kind's timing, asked of the table */

const char *cs_emulated(const struct cs_capture *c, char *why, size_t cap)
{
	struct cs_buf b;
	cs_buf_init(&b, why, cap);
	if (c->emulator[0]) {
		cs_puts(&b, c->emulator_evidence[0] ? c->emulator_evidence : "the capture names it");
		return c->emulator;
	}
	struct cs_query q = { CS_Q_EMULATION, 0, { 0 }, &b };
	if (cs_ask(&q, c, 0))
		return "an unnamed emulator";
	if (cap)
		why[0] = '\0';
	return 0;
}
