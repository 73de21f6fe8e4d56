/* clock_capture.h: what a capture says about the core clock and the run's
 * validity (issue 25, docs/clock.md): the core clock measured by a chain
 * of dependent adds (arch.h cs_arch_add_chain) timed by the run's counter
 * before and after each kind and after each of its steps (a block), the
 * architectural cycle counter as a second reading, and what may have
 * disturbed the run (SMIs, context switches, migrations, the frequency
 * governor, boost, isolation, a hypervisor). Written as the capture's
 * "core_clock" member (clock_write.c), read back by clock_read.c, which
 * refuses more than these capacities. Every figure has a has_ flag or a
 * -1 "unsaid": absent is never zero. */
#ifndef CS_CLOCK_CAPTURE_H
#define CS_CLOCK_CAPTURE_H

#include <stdint.h>

#define CS_CLOCK_MAX_KINDS 16   /* kinds with readings */
#define CS_CLOCK_MAX_BLOCKS 1024 /* readings after a kind's steps, in all */
#define CS_CLOCK_HZ_MAX 1e12    /* the reader's bound on any rate */

struct cs_clock_kind {
	char kind[32];           /* the table's name: "sweep", "tlb" ... */
	double hz[2];            /* the chain's core clock before, after; 0 not measured */
	double cc_hz[2];         /* the cycle counter's rate across the same; 0 none */
	uint32_t first_block, n_blocks; /* into block_hz */
	int has_smi;
	uint64_t smi;            /* SMIs during the kind */
	int has_csw;
	uint64_t csw;            /* context switches during it (both kinds) */
	int has_migrations;
	uint64_t migrations;     /* moves to another CPU during it */
	uint64_t smi0, csw0, migr0; /* at its start (the producer's, not written) */
};

struct cs_core_clock {
	int present;
	uint32_t adds;           /* dependent adds a reading times */
	uint32_t runs;           /* readings of the chain, the fastest kept */
	double reading_ns;       /* how long one timed chain lasted, about */
	char not_measured[256];  /* why there is no core clock reading; "" when there is */
	/* the cycle counter ("aperf", "perf-cycles", "pmccntr"), or none and why */
	char cc_name[32];
	char cc_why[256];
	uint32_t n_kinds;
	struct cs_clock_kind kinds[CS_CLOCK_MAX_KINDS];
	uint32_t n_blocks;
	double block_hz[CS_CLOCK_MAX_BLOCKS];
	/* validity: -1 unsaid, 0 no, 1 yes */
	int irq_masked;          /* the timed blocks ran with interrupts masked */
	int smi_countable;
	char smi_why[256];
	char governor[32];       /* the pinned CPU's cpufreq governor; "" unsaid */
	int boost;               /* frequency boost on */
	int isolated;            /* the pinned CPU is in isolcpus */
	int nohz_full;           /* ... and in nohz_full */
	char os_why[256];        /* what could not be read, in words; "" */
	int hypervisor;          /* CPUID hypervisor bit (or what stands for it) */
	char hv_signature[32];
};

/* its member of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_CLOCK struct cs_core_clock cclock; /* the core clock, the run's validity */

#endif
