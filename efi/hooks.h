/* hooks.h: the engine (common/engine.h) as the firmware runs it: the arch
 * counter with interrupts masked around each timed block, seconds on that
 * counter, the pool, the arch flush, progress on the console and the live
 * chart, the reducer's placement rule, and the platform services
 * (services.h: the other processors among them). The plan is main.c's. */
#ifndef CS_EFI_HOOKS_H
#define CS_EFI_HOOKS_H

#include <efi.h>
#include "calib.h"
#include "services.h"
#include "../common/engine.h"
#include "../reduce/place.h"

struct cs_efi_run {
	struct cs_engine e;
	struct cs_place_ctx place;
	struct cs_efi_svc svc; /* the platform services every kind measures through */
	double hz;
};

void cs_efi_run_init(struct cs_efi_run *run, EFI_SYSTEM_TABLE *st, struct cs_arch_cpu *cpu,
		     const struct cs_calib *calib, void *pool, uint64_t pool_bytes,
		     struct cs_work *w, struct cs_result *r);

#endif
