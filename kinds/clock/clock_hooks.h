/* clock_hooks.h: what a program offers the core clock kind (clock_run.c),
 * a member of struct cs_engine_hooks through scripts/kinds-h.sh */
#ifndef CS_CLOCK_HOOKS_H
#define CS_CLOCK_HOOKS_H

#include <stdint.h>
#include "clock_capture.h"

/* The core clock (kinds/clock/, docs/clock.md): a chain of 'adds'
 * dependent adds (arch.h cs_arch_add_chain) the engine times on clk before
 * and after each kind and after each of its steps; the cycle counter read
 * around some of those readings; and what the program counts around each
 * kind (SMIs, context switches, migrations) through mark (after 0: its
 * start, the counts into k's smi0/csw0/migr0; 1: its end, the differences
 * with their has_ flags). chain NULL: no core clock (the capture's
 * core_clock says why, as the program filled it); cycles, mark may be NULL. */
struct cs_clock_hooks {
	uint64_t (*chain)(uint64_t x);
	uint32_t adds;
	int (*cycles)(void *ctx, uint64_t *v);
	void (*mark)(void *ctx, struct cs_clock_kind *k, int after);
	void *ctx;
};

/* its member of struct cs_engine_hooks (scripts/kinds-h.sh) */
#define CS_HOOKS_MEMBER_CLOCK struct cs_clock_hooks clock;

#endif
