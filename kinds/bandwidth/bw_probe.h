/* bw_probe.h: what the bandwidth kind's run (bw_run.c, docs/bandwidth.md)
 * needs of the program and the architecture: the streaming kernels
 * (arch/<arch>/bandwidth.c picks them, arch/arch.h), the vector state they
 * need on each processor that runs them, and every processor at once (the
 * firmware's MP services, the host's threads). Freestanding types only:
 * common/engine.h holds one struct cs_bw_hooks. */
#ifndef CS_BW_PROBE_H
#define CS_BW_PROBE_H

#include <stdint.h>
#include <stddef.h>

/* Every kernel moves a multiple of this many bytes (eight 64-byte vectors
 * a turn), from 64-byte aligned addresses. */
#define CS_BW_CHUNK 512u

/* The streaming kernels of one vector width. */
struct cs_bw_kernels {
	char name[16];          /* "avx512", "avx2", "sse2", "neon", "scalar" */
	uint32_t vector_bytes;  /* bytes one load or store moves */
	/* Loads every byte of [p, p + bytes), summed into a register that is
	 * returned, so no load can be left out. */
	uint64_t (*read)(const void *p, uint64_t bytes);
	/* Stores v over every byte. */
	void (*write)(void *p, uint64_t bytes, uint64_t v);
	/* dst <- src, bytes of each. */
	void (*copy)(void *dst, const void *src, uint64_t bytes);
	/* Stores v with non-temporal stores, fenced after (movnt* + sfence;
	 * stnp + dsb); NULL where the ISA has none. */
	void (*nt_write)(void *p, uint64_t bytes, uint64_t v);
	/* the vector state the kernels need (an x86 XCR0 mask; 0: none) */
	uint64_t state;
	/* how the state was had, or why a narrower kernel was taken */
	char note[256];
};

/* A processor's vector state before the kernels were let run there. */
struct cs_bw_saved {
	uint64_t a, b;
	int changed;
};

/* ---- the kernels of the architecture the build chose
 * (kinds/bandwidth/<arch>/bw_kernels.c: mk/ builds each kind's <arch> folder) ---- */

/* The widest kernels this processor offers and its vector state allows
 * (x86_64: AVX-512, AVX2 or SSE2 by CPUID, each only where XCR0 enables
 * its state, or where a privileged caller, the firmware, can enable it
 * through CR4.OSXSAVE and XSETBV; aarch64: NEON; wasm32: simd128 in the
 * SIMD module), or the narrower one want names ("scalar", "sse2", "avx2",
 * "avx512", "neon"; NULL or "": the widest); k->note says how the state
 * was had. 0, or -1 when want is not known or not offered here. */
int cs_bw_kernels_select(struct cs_bw_kernels *k, int privileged, const char *want);
/* The state k needs enabled on the calling processor (privileged: the
 * firmware, on each processor before it runs a kernel): 0 with *s to put
 * back, or -1 when it cannot be; and *s put back. */
int cs_bw_vector_enter(const struct cs_bw_kernels *k, struct cs_bw_saved *s);
void cs_bw_vector_leave(const struct cs_bw_saved *s);

/* The bandwidth kind's hooks (common/engine.h). kernels NULL: no bandwidth
 * kind here (the member is then null with why). */
struct cs_bw_hooks {
	const struct cs_bw_kernels *kernels;
	/* The kernels' vector state on the calling processor (the firmware
	 * sets CR4.OSXSAVE and XCR0 where they were not, arch.h), and that
	 * put back; NULL where the program has it already (a Linux process). */
	int (*enter)(const struct cs_bw_kernels *k, struct cs_bw_saved *s);
	void (*leave)(const struct cs_bw_saved *s);
	/* Every processor at once. How many processors can run, the caller's
	 * included (1: the caller alone), and why no more, in words. */
	uint32_t (*gang_count)(void *ctx, char *why, size_t whylen);
	/* Starts fn(arg, k) on processors k = 1 .. n - 1 (the caller is 0),
	 * not waiting for them: how many started (at most n - 1), why[] when
	 * fewer. fn returns when the caller tells it to (bw_run.c). */
	uint32_t (*gang_start)(void *ctx, uint32_t n, void (*fn)(void *arg, uint32_t k),
			       void *arg, char *why, size_t whylen);
	/* Waits (bounded) for every started one to return: 0 when all did. */
	int (*gang_join)(void *ctx);
	void *ctx;
	/* The most bytes a series sweeps to (0: the plan's sweep_max). */
	uint64_t max_bytes;
	/* The aggregate read takes every gang_every-th size of the grid (0 or
	 * 1: all): under emulation each of its blocks waits on the host's
	 * scheduler, so the firmware takes one an octave there. */
	uint32_t gang_every;
	/* Not measured at all here: why (the settings' bandwidth=off). */
	const char *off;
};

/* its member of struct cs_engine_hooks (scripts/kinds-h.sh) */
#define CS_HOOKS_MEMBER_BANDWIDTH struct cs_bw_hooks bw;

#endif
