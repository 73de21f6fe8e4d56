/* mp_hooks.h: what the host offers the other processors' kinds (mp_run.c,
 * the bandwidth kind's gang), a member of struct cs_engine_hooks through
 * scripts/kinds-h.sh */
#ifndef CS_MP_HOOKS_H
#define CS_MP_HOOKS_H

#include <stddef.h>
#include <stdint.h>
#include "mp_capture.h"

/* Other processors, where the host's services can drive them
 * (mp_platform.c: the firmware's MP services); every hook may be NULL, and then the kinds that need it say
 * so or stay out of the capture. */
struct cs_mp_hooks {
	/* Lists the processors into mp (total, enabled, bsp, procs), or sets
	 * processors_null with the reason. */
	void (*list)(void *ctx, struct cs_mp *mp);
	/* What processor proc publishes about itself, read on it: 0, or -1. */
	int (*ident)(void *ctx, uint32_t proc, struct cs_proc_ident *out);
	/* Starts proc streaming through a buffer of its own of at most want
	 * bytes: 0 and *got, or -1 with why[] ("would not start: skipped"). */
	int (*stream_start)(void *ctx, uint32_t proc, uint64_t want, uint64_t *got,
			    char *why, size_t whylen);
	/* Waits (bounded) until every started processor streams. */
	void (*stream_wait)(void *ctx);
	/* Stops them all (a flag, a bounded wait): for each started one in
	 * order, its passes and whether it stopped. */
	void (*stream_stop)(void *ctx, uint64_t *passes, int *stopped);
	/* Runs fn(arg) on processor proc and waits (bounded): 0 when it ran. */
	int (*run_on)(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg);
	void *ctx;
};

/* The hooks from the engine's platform services (mp_platform.c), when the
 * first of the processors' kinds begins. */
struct cs_engine;
void cs_mp_platform(struct cs_engine *e);

/* its member of struct cs_engine_hooks (scripts/kinds-h.sh) */
#define CS_HOOKS_MEMBER_MP struct cs_mp_hooks mp;

#endif
