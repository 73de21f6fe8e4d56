/* arch.h: what cacheshape needs from the processor architecture, one header
 * for every program that needs it (the firmware and the host probe). Each
 * architecture implements it in arch/<arch>/ (x86_64, aarch64) and names its
 * files and toolchain in mk/arch-<arch>.mk; nothing outside arch/ tests the
 * architecture. Freestanding: no firmware or libc types. What only the
 * firmware may do (mask interrupts, read EL1 registers, find ACPI tables)
 * says so; what the arch code asks of the program it runs in comes through
 * struct cs_platform. */
#ifndef CS_ARCH_H
#define CS_ARCH_H

#include <stddef.h>
#include <stdint.h>
#include "../decode/armcache.h"
#include "../common/capture.h"
#include "../common/core_types.h"
#include "../decode/cpuid.h"
#include "../common/jsonw.h"
#include "../common/pagetable.h"

/* Name as the capture spells it: "x86_64", "aarch64". */
const char *cs_arch_name(void);

/* ---- the counter, and its ordering ---- */

/* The counter ("tsc", "cntvct", or "pmccntr" once chosen), read so that
 * every load before it has completed and none after it starts early. */
const char *cs_arch_counter_name(void);
uint64_t cs_arch_counter(void);
/* That ordering alone (lfence; dsb ishld + isb), to fence another clock's
 * reading (the host probe's clock_gettime) like the counter. */
void cs_arch_order(void);
/* Its published frequency (CNTFRQ_EL0), or 0 when it must be measured. */
uint64_t cs_arch_counter_published_hz(void);

/* ---- caches and interrupts ---- */

/* Evict [p, p + bytes) from every cache level and wait for it to finish
 * (clflush + mfence; dc civac + dsb sy). Allowed in user space on both. */
void cs_arch_flush(const void *p, uint64_t bytes);
/* Interrupts masked around a timed block, put back as they were after.
 * Privileged: the firmware only (the host probe leaves these hooks out). */
void cs_arch_irq_off(void);
void cs_arch_irq_on(void);

/* ---- what the program offers the arch code ---- */

/* Services of the program the arch code runs in; any may be NULL. */
struct cs_platform {
	/* The ACPI table with this signature (checksum verified), or NULL. */
	const uint8_t *(*acpi_table)(void *ctx, const char sig[4], uint32_t *len);
	/* Waits about this many microseconds (the firmware's Stall()). */
	void (*delay_us)(void *ctx, uint64_t us);
	/* The flattened device tree the firmware hands over (U-Boot's UEFI:
	 * an EFI configuration table), unchecked (decode/fdt.h checks it), or
	 * NULL when there is none. */
	const void *(*device_tree)(void *ctx);
	void *ctx;
};

/* ---- what the processor publishes ---- */

/* x86's CPUID, every leaf the decoders read (decode/cpuid.h); 0, or -1 with
 * d->n 0 where the architecture has no such instruction. */
int cs_arch_cpuid(struct cs_cpuid_dump *d);

/* aarch64's PMCCNTR_EL0 as found at this EL (a finer clock than the timer). */
struct cs_arch_pmu {
	int offered;       /* could be enabled and was seen to count */
	int used;          /* chosen: every series of the run timed by it */
	char why[128];
	uint64_t pmcr, ticks, cntvct_ticks;
	uint32_t el;
};

/* The processor as it describes itself, read once by cs_arch_cpu_read(),
 * with every raw register it read (each architecture fills its own part),
 * so that cs_arch_cpu_json() writes the capture from this alone. */
struct cs_arch_cpu {
	char vendor[32];
	char brand[64];
	char model[64];        /* "family 6 model 94 stepping 3" or MIDR fields */
	char short_name[32];   /* for file names: letters, digits and '-' */
	int hypervisor;        /* a hypervisor or emulator is present */
	char hv_signature[16]; /* as the CPU names it (x86 CPUID 0x40000000); "" when none */
	int emulated;          /* QEMU TCG: timings are the host's, caches fiction */
	char virt[128];        /* how that was told, in words, for the banner */
	int invariant_clock;   /* the counter ticks at one rate in every state */
	char clock_note[96];   /* why the counter may not be trusted, or "" */
	uint32_t n_caches;
	struct cs_cache caches[CS_MAX_CACHES];
	char cache_source[CS_WORD_MAX];
	/* The TLBs it publishes (x86: decode/cpuid.h cs_cpuid_tlbs), or none
	 * with the reason (tlbs_null: ARM has no register that gives them). */
	uint32_t n_tlbs;
	struct cs_tlb tlbs[CS_MAX_TLBS];
	char tlb_source[CS_WORD_MAX];
	int tlbs_null;
	char tlbs_reason[CS_TEXT_MAX];
	/* x86_64: every CPUID register read, and what it says */
	struct cs_cpuid_dump cpuid;
	struct cs_cpu_ident ident;
	/* aarch64: the system registers, the PMU */
	struct cs_arm_regs arm;
	struct cs_arm_ctr ctr;
	uint64_t dfr0, cntfrq;
	uint32_t el;
	char hv_evidence[96];
	struct cs_arch_pmu pmu;
};
/* Privileged on aarch64 (EL1 registers): the firmware. */
void cs_arch_cpu_read(struct cs_arch_cpu *c, const struct cs_platform *pf);
/* Top-level capture members ("cpu", "cpuid" or "arm_registers", ...). */
void cs_arch_cpu_json(struct cs_jsonw *j, const struct cs_arch_cpu *c);

/* Choose the counter by name ("tsc"; "cntvct" or "pmccntr" on ARM) before
 * calibration; one counter times the whole run, never two. 0, or -1 with
 * why[] filled (not known here, or cannot be enabled at this EL); c's
 * invariant_clock and clock_note follow the choice. */
int cs_arch_counter_select(struct cs_arch_cpu *c, const char *name, char *why,
			   size_t whylen);

/* What this processor publishes about itself (core type, cache digest),
 * for the grouping by kind of core (common/core_types.h). Runs on the processor
 * it describes and touches no service: an application processor calls it.
 * out->number is left 0. */
void cs_arch_proc_ident(struct cs_proc_ident *out);

/* ---- in a user process (the Linux host probe: EL0, ring 3) ---- */

/* What a user process may read of the processor itself with no privileged
 * instruction: aarch64's CTR_EL0 (Linux lets EL0 read it, or traps and
 * emulates it); nothing on x86_64, whose CPUID is cs_arch_cpuid(). */
struct cs_arch_user {
	int has_ctr;
	uint64_t ctr;
	struct cs_arm_ctr ctr_fields;
};
void cs_arch_user_read(struct cs_arch_user *u);
/* MIDR_EL1 of the CPU this runs on, as Linux emulates the read at EL0
 * (HWCAP_CPUID, since 4.11): 0 and *midr; -1 where the architecture has
 * no such register. On a kernel without the emulation the instruction
 * traps (SIGILL): the caller runs it under a guard. */
int cs_arch_user_midr(uint64_t *midr);
/* The flush's instruction, for the record ("clflush", "dc civac"). Linux
 * lets user space run both; a kernel may not (SCTLR_EL1.UCI clear): the
 * caller tries it under a guard first. */
const char *cs_arch_flush_name(void);

/* ---- page tables of our own (the TLB kind: docs/tlb.md) ---- */

/* This architecture's table format as the firmware set it up
 * (common/pagetable.h) and the root of the firmware's tables: 0, or -1 with
 * why[] when our tables cannot follow its configuration (x86: 5-level
 * paging; aarch64: a granule other than 4 KiB, an EL other than 1 or 2,
 * VHE). Privileged: the firmware. */
int cs_arch_pt_format(const struct cs_pt_format **f, uint64_t *root, char *why, size_t whylen);
/* The leaf levels the processor maps: bit L for a leaf at level L (1:
 * 1 GiB, 2: 2 MiB, 3: 4 KiB); and why 1 GiB pages are not among them. */
uint32_t cs_arch_pt_leaves(void);
const char *cs_arch_pt_no_1g(void);
/* Tables just written made visible to the walker (aarch64 cleans them to
 * the point of coherency; x86's walks snoop). */
void cs_arch_pt_publish(const void *p, uint64_t bytes);
/* Our tables (root) loaded, interrupts masked, old translations gone; and
 * the firmware's put back, interrupts as they were (leave is a no-op when
 * not entered). Privileged. */
void cs_arch_pt_enter(uint64_t root);
void cs_arch_pt_leave(void);
/* The root of the tables in use. */
uint64_t cs_arch_pt_current(void);

/* ---- a reference clock to calibrate the counter against ---- */

struct cs_ref_clock {
	const char *name;      /* "acpi-pm-timer", "generic-timer" */
	const char *title;     /* in a sentence: "the ACPI PM timer" */
	double hz;
	uint32_t bits;         /* counter width: it wraps at 2^bits */
	uint32_t port;         /* where it was found, for the record */
	uint32_t (*read)(const struct cs_ref_clock *r);
};
/* 0 and *r filled when there is one (found through pf's tables); -1 with
 * why[] filled when not. Privileged on x86_64 (an I/O port). */
int cs_arch_ref_clock(const struct cs_platform *pf, struct cs_ref_clock *r,
		      char *why, size_t whylen);

/* ---- the core clock and the cycle counter (issue 25, docs/clock.md) ---- */

/* CS_ARCH_CHAIN_ADDS dependent register-register adds (x86 add r64, r64;
 * aarch64 add xd, xd, xm: one cycle of latency on every core of both, and
 * no core folds a register add at rename), unrolled CS_ARCH_CHAIN_UNROLL
 * a turn, CS_ARCH_CHAIN_TURNS turns; the loop's own counter runs beside
 * the chain, off its path. Returns the chain's value (so it is kept). */
#define CS_ARCH_CHAIN_UNROLL 128
#define CS_ARCH_CHAIN_TURNS 128
#define CS_ARCH_CHAIN_ADDS (CS_ARCH_CHAIN_UNROLL * CS_ARCH_CHAIN_TURNS)
uint64_t cs_arch_add_chain(uint64_t x);

/* The architectural cycle counter and the SMI count as the firmware reads
 * them: x86_64 APERF (MSR 0xE8, where CPUID 6 ECX[0] says it exists) and
 * MSR_SMI_COUNT (0x34, Intel only), every MSR read guarded so that a #GP
 * (an emulator or hypervisor that has no such MSR) is caught, said, and
 * never fatal; aarch64 PMCCNTR_EL0 where the PMU check found it counting
 * (no SMIs on ARM). Privileged: the firmware. */
struct cs_arch_cycles {
	int offered;            /* the counter can be read */
	const char *name;       /* "aperf", "pmccntr" */
	char why[160];          /* how, or why not */
	int guard;              /* x86: the guard caught a test fault (ud2) */
	int faults;             /* reads that faulted and were caught */
	int smi_countable;
	char smi_why[160];
};
void cs_arch_cycles_open(struct cs_arch_cpu *c, struct cs_arch_cycles *k);
/* 0 and *v, or -1 (not offered, or this read faulted: k->why says). */
int cs_arch_cycles_read(struct cs_arch_cycles *k, uint64_t *v);
int cs_arch_smi_read(struct cs_arch_cycles *k, uint64_t *v);
/* In a user process (Linux /dev/cpu/N/msr): the cycle counter's MSR
 * (APERF, 0xE8) and the SMI count's (0x34 where the vendor is Intel), 0
 * where the architecture has none. */
uint32_t cs_arch_msr_cycles(void);
uint32_t cs_arch_msr_smi(const char *vendor);

#endif
