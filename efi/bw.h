/* bw.h: the bandwidth kind's hooks in the firmware
 * (kinds/bandwidth/bw_probe.h): the arch layer's widest kernels, with the
 * vector state enabled where it was not (CR4.OSXSAVE and XSETBV, on each
 * processor, put back after: arch.h), and every enabled processor at once
 * through MP services (each started on its own, not waiting, an event
 * each; every wait bounded). */
#ifndef CS_EFI_BW_H
#define CS_EFI_BW_H

#include <efi.h>
#include "mp.h"
#include "../common/engine.h"

/* bandwidth=N's default under emulation (QEMU TCG): the kind's largest
 * buffer, so that the test boots stay short; TCG's figures are fiction. */
#define CS_EFI_BW_EMULATED_MAX (256ull << 10)
/* ... and the aggregate read's sizes, one an octave (struct cs_bw_hooks
 * gang_every): each of its blocks waits on the host's scheduler there. */
#define CS_EFI_BW_EMULATED_EVERY 4

struct cs_efi_bw;
struct cs_efi_bw_job {
	struct cs_efi_bw *b;
	uint32_t k;
};

struct cs_efi_bw {
	struct cs_bw_kernels k;
	struct cs_efi_mp *mp;
	EFI_SYSTEM_TABLE *st;
	uint32_t n;                       /* processors started */
	UINTN procs[CS_MP_MAX_PROCS];     /* the enabled APs, in order */
	uint32_t n_procs;
	EFI_EVENT ev[CS_MP_MAX_PROCS];
	int done[CS_MP_MAX_PROCS];
	void (*fn)(void *arg, uint32_t k);
	void *arg;
	struct cs_efi_bw_job jobs[CS_MP_MAX_PROCS];
	char note[160];
};

/* Fills h: off (with why) when off is given, max_bytes (0: the plan's),
 * the aggregate's sizes sparse when emulated. */
void cs_efi_bw_hooks(struct cs_bw_hooks *h, struct cs_efi_bw *b, EFI_SYSTEM_TABLE *st,
		     struct cs_efi_mp *mp, uint64_t max_bytes, int emulated, const char *off);

#endif
