/* services.h: what a host offers the kinds to measure through (issue 38,
 * docs/layers.md "Platform services"). A kind measures through these, not
 * through a platform: each host fills one struct cs_services once (the
 * firmware efi/services.c, the Linux probe host/probe/probe_services.c, the
 * page web/wasm/measure.c, which refuses what a browser cannot do) and
 * hands it to the engine (common/engine.h, struct cs_engine_hooks svc); each
 * kind's <name>_platform.c makes the kind's own hooks from it when its run
 * begins. No service names a kind: a host holds no file per kind.
 *
 * A service a host does not have is NULL, and the kind says so in its
 * capture (refused, with the reason the host gives where it gives one).
 * Every text a service writes is a C string, cut to the length given.
 * Freestanding types only. */
#ifndef CS_SERVICES_H
#define CS_SERVICES_H

#include <stddef.h>
#include <stdint.h>
#include "core_types.h"

/* ---- the counter's neighbours: what disturbed a stretch of the run ---- */

/* Counts that only grow, read now; has_X 0 where the host cannot read X. */
struct cs_svc_counts {
	int has_smi, has_csw, has_migrations;
	uint64_t smi;        /* system management interrupts on this processor */
	uint64_t csw;        /* context switches of this thread (both kinds) */
	uint64_t migrations; /* moves of this thread to another processor */
};

/* What the host tells of the processor the run is pinned to, for judging a
 * reading (-1: unsaid, 0 no, 1 yes). */
struct cs_svc_validity {
	int irq_masked;          /* the timed blocks run with interrupts masked */
	int smi_countable;
	char smi_why[256];
	char governor[32];       /* the frequency governor; "" unsaid */
	int boost, isolated, nohz_full;
	char os_why[256];        /* what could not be read, in words; "" */
	int hypervisor;
	char hv_signature[32];
};

/* ---- page tables: pages of one size mapped onto a few frames ---- */

/* An aliased mapping: `pages` virtual pages of `page` bytes from `base`,
 * page i on frame frame_of(arg, i) of `frames` zeroed frames of that size,
 * of which the first `used` bytes from line_base on are what the kind
 * reads. The host fills base, pages (fewer when it stopped short), line_base,
 * tables ("own": page tables of the program's own; "os": the operating
 * system's mappings) and how, in words; priv is the host's. */
struct cs_svc_alias {
	uint64_t page, pages, frames, used;
	uint64_t (*frame_of)(const void *arg, uint64_t i);
	const void *arg;
	unsigned char *base;
	uint64_t line_base;
	char tables[16];
	char how[256];
	void *priv;
	uint64_t priv_bytes;
};

/* ---- what the host reads of the caches ---- */

/* A cache as the operating system lists it (Linux's sysfs): type is
 * common/capture.h's enum cs_cache_type. */
struct cs_svc_cache {
	uint32_t level;
	int type;
	uint32_t ways, sets, line_bytes;
};

struct cs_cpuid_dump; /* decode/cpuid.h */
struct cs_arm_regs;   /* decode/armcache.h */

/* ---- the processors, one by one ---- */

/* A processor as the host lists it. */
struct cs_svc_proc {
	uint32_t number;               /* the host's number for it */
	uint32_t package, core, thread;
	int bsp, enabled;              /* the caller's (boot) processor; enabled */
};

/* ---- code the program writes and runs ---- */

/* Pages written through w and run through x: the same address where the
 * host maps them writable and executable at once (the firmware), two
 * mappings of the same pages where it may not (a user process); how they
 * were made, in words ("" for one view), and the pages in the words of a
 * method (" in EfiLoaderCode"). priv is the host's. */
struct cs_svc_code {
	void *w, *x;
	uint64_t bytes;
	char how[300];
	char where[96];
	long priv;
};

/* ---- the services ---- */

struct cs_services {
	void *ctx;
	/* The host's own page tables, as a capture names them: "firmware",
	 * "os", "" (none). */
	const char *tables;
	/* 1 where the program runs privileged (the firmware): the kernels may
	 * enable vector state themselves (arch.h). */
	int privileged;
	/* 1 where the program knows it runs under an emulator (QEMU TCG): its
	 * timings are the host's through the translator, so a kind may keep
	 * its run short (the bandwidth kind's, kinds/bandwidth/bw_platform.c). */
	int emulated;

	/* -- what the processor publishes, as the host reads it -- */
	const struct cs_cpuid_dump *cpuid; /* CPUID's leaves; NULL: none */
	const struct cs_arm_regs *arm;     /* the ARM cache registers; NULL: none */
	/* The caches the operating system lists: how many into out (at most
	 * max), their source's name into source ("linux-sysfs"). */
	uint32_t (*caches)(void *ctx, struct cs_svc_cache *out, uint32_t max, char *source, size_t source_len);

	/* -- memory -- */
	/* The page size that backs the engine's region: 0 with *page and how
	 * it was found; -1 when it cannot be told. */
	int (*pool_pages)(void *ctx, uint64_t *page, char *how, size_t how_len);
	/* Memory whose physical addresses are known, up to max_bytes: 0 and
	 * *mem (64-byte aligned), its *bytes, *span (address bits below log2
	 * span are physical: the whole region where it is contiguous), the
	 * memory's name ("identity", "huge-page", "pagemap") and how that is
	 * known; a contiguous run shorter than want_run is not taken as one.
	 * -1 and why. */
	int (*phys_mem)(void *ctx, uint64_t max_bytes, uint64_t want_run, void **mem, uint64_t *bytes,
			uint64_t *span, char *name, size_t name_len, char *how, size_t how_len, char *why,
			size_t why_len);
	void (*phys_release)(void *ctx, void *mem, uint64_t bytes);

	/* -- page tables (map and unmap with a page size) -- */
	/* Which page sizes the processor maps: bit k for 4 KiB << 9k. */
	uint32_t (*page_sizes)(void *ctx);
	/* Maps a (cs_svc_alias): 0, or -1 and why. */
	int (*alias)(void *ctx, struct cs_svc_alias *a, char *why, size_t why_len);
	void (*unalias)(void *ctx, struct cs_svc_alias *a);
	/* Into the tables the aliases live in (interrupts masked) and back;
	 * NULL where they are the program's own already. */
	int (*tables_enter)(void *ctx);
	void (*tables_leave)(void *ctx);
	/* [mem, mem + bytes) again, on the largest pages the processor maps,
	 * in the tables of the aliases: 0 and its address and page size; -1
	 * and why. */
	int (*remap_large)(void *ctx, void *mem, uint64_t bytes, void **at, uint64_t *page, char *why,
			   size_t why_len);
	/* The host's tables in place again and the aliases' memory given back:
	 * 1 when the root in use is the host's own again. May be NULL. */
	int (*tables_done)(void *ctx);

	/* -- the counter -- */
	/* The architecture's chain of `adds` dependent adds (arch.h). */
	uint64_t (*chain)(uint64_t x);
	uint32_t adds;
	/* The cycle counter: 0 with its name and how it is read; -1 and why. */
	int (*cycles_open)(void *ctx, char *name, size_t name_len, char *why, size_t why_len);
	int (*cycles)(void *ctx, uint64_t *v);
	void (*counts)(void *ctx, struct cs_svc_counts *n);
	void (*validity)(void *ctx, struct cs_svc_validity *v);

	/* -- the processors: a gang running one function at once -- */
	/* How many processors can run, the caller's included (1: the caller
	 * alone), and why no more, in words. */
	uint32_t (*gang_count)(void *ctx, char *why, size_t why_len);
	/* Starts fn(arg, k) on processors k = 1 .. n - 1 (the caller is 0), not
	 * waiting: how many started, why when fewer. */
	uint32_t (*gang_start)(void *ctx, uint32_t n, void (*fn)(void *arg, uint32_t k), void *arg,
			       char *why, size_t why_len);
	/* Waits (bounded) for every started one to return: 0 when all did. */
	int (*gang_join)(void *ctx);

	/* -- code memory -- */
	/* At least bytes of pages to write code into and run (the instruction
	 * cache is the caller's to maintain): 0 and *c; -1 and why. */
	int (*code_map)(void *ctx, uint64_t bytes, struct cs_svc_code *c, char *why, size_t why_len);
	/* The executable view mapped anew (c->x replaced): 0, or -1. May be
	 * NULL (one view). */
	int (*code_remap)(void *ctx, struct cs_svc_code *c);
	void (*code_unmap)(void *ctx, struct cs_svc_code *c);

	/* -- the processors, one by one -- */
	/* The processors: 0 with *total and *enabled as the host counts them,
	 * the caller's number *self and up to max of them into out (*n); -1
	 * and why (the caller measures alone). */
	int (*procs)(void *ctx, struct cs_svc_proc *out, uint32_t max, uint32_t *n, uint32_t *total,
		     uint32_t *enabled, uint32_t *self, char *why, size_t why_len);
	/* What processor proc publishes of itself (common/core_types.h), read
	 * on it, bounded: 0, or -1. out->number is left as it was. */
	int (*proc_ident)(void *ctx, uint32_t proc, struct cs_proc_ident *out);
	/* Runs fn(arg) on processor proc, waiting at most timeout_us: 0 when
	 * it returned. */
	int (*run_on)(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg, uint64_t timeout_us);
	/* Starts fn(arg) on processor proc, not waiting (timeout_us the host's
	 * own backstop): 0 and *slot, or -1. */
	int (*start_on)(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg, uint64_t timeout_us,
			uint32_t *slot);
	/* 1 once the fn started in slot has returned (the slot is then given
	 * back), 0 while it runs. */
	int (*returned)(void *ctx, uint32_t slot);
	/* Pages of a processor's own, bytes a multiple of 4 KiB: NULL when
	 * none; and given back. */
	void *(*pages)(void *ctx, uint64_t bytes);
	void (*pages_free)(void *ctx, void *p, uint64_t bytes);
	/* Waits us microseconds. */
	void (*stall)(void *ctx, uint32_t us);
};

#endif
