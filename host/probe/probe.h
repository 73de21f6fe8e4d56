/* probe.h: `cacheshape probe`, the firmware's measurement (the engine,
 * common/engine.h) run as a Linux program on one pinned CPU: clocks
 * (probe_timer.c), memory and pinning (probe_mem.c), what the CPU publishes
 * (probe_cpu.c, on sysfs.c), the flush (probe_flush.c), code memory
 * (probe_code.c), kinds of core (probe_kinds.c), competing threads
 * (probe_cpus.c), the engine's hooks (probe_run.c), the capture's own
 * members (probe_record.c), the command (probe_cli.c). The architecture
 * comes through arch/arch.h only. */
#ifndef CS_HOST_PROBE_H
#define CS_HOST_PROBE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <pthread.h>
#include "../../common/capture.h"
#include "../../decode/cpuid.h"
#include "../../common/jsonw.h"
#include "../../common/engine.h"
#include "../../common/probe.h"
#include "../../arch/arch.h"
#include "../../reduce/place.h"
#include "../../reduce/reduce.h"
#include "sysfs.h"

struct cs_probe_opts;

int cs_cmd_probe(int argc, char **argv);
void cs_usage_probe(FILE *f);

/* ---- clocks (probe_timer.c) ---- */
/* CS_HCLOCK_TSC is the architecture's counter (arch.h): the TSC, or the
 * generic timer's CNTVCT_EL0. */
enum cs_hclock_kind { CS_HCLOCK_TSC, CS_HCLOCK_MONOTONIC, CS_HCLOCK_COARSE };

/* A published counter rate (CNTFRQ_EL0) is used unless the rate measured
 * against CLOCK_MONOTONIC_RAW is further from it than this (firmware
 * that programs CNTFRQ wrongly exists); then the measured one, said so. */
#define CS_HZ_PUBLISHED_TOLERANCE 0.01

struct cs_hclock {
	enum cs_hclock_kind kind;
	const char *name;       /* "tsc", "cntvct", "monotonic", "monotonic-coarse" */
	double clamp_ns;        /* 0: no clamp */
	double hz;              /* the counter's rate, as used */
	double hz_published;    /* CNTFRQ_EL0; 0 when the architecture publishes none */
	double hz_measured;     /* against CLOCK_MONOTONIC_RAW */
	const char *hz_from;    /* "CNTFRQ_EL0" or "CLOCK_MONOTONIC_RAW" */
	double hz_interval_ms;
	double hz_cpuid;        /* tsc: CPUID 0x15/0x16 nominal, 0 if absent */
	double res_ns;          /* clock_getres, 0 for the tsc */
	/* Measured on the clock as the probe reads it (clamp included): */
	double raw_quantum_ns;  /* the unclamped clock's smallest step */
	double quantum_ns;      /* the smallest step of the readings used */
	double read_ns;         /* cost of one reading */
	uint64_t reads, steps;  /* reads taken, steps seen while measuring */
	uint64_t tsc_base;
	struct cs_probe_clock clk; /* what the kernels are given */
};
/* 0 on success; -1 with why[] filled when the clock cannot be used. */
int cs_hclock_open(struct cs_hclock *h, enum cs_hclock_kind kind,
		   double clamp_ns, char *why, size_t whylen);
void cs_hclock_json(struct cs_jsonw *j, const struct cs_hclock *h);
/* Seconds on CLOCK_MONOTONIC, for wall times and estimates. */
double cs_wall_s(void);

/* ---- memory and pinning (probe_mem.c) ---- */
enum cs_pages { CS_PAGES_4K, CS_PAGES_HUGE };

struct cs_pool {
	void *mem;              /* 2 MiB aligned */
	uint64_t bytes;
	void *map;              /* what munmap needs */
	size_t map_bytes;
	enum cs_pages requested;
	const char *used;       /* "4k", "huge", "mixed" */
	uint64_t huge_bytes;    /* AnonHugePages of the mapping (smaps) */
	char note[200];
};
int cs_pool_map(struct cs_pool *p, uint64_t bytes, enum cs_pages pages,
		char *why, size_t whylen);
void cs_pool_unmap(struct cs_pool *p);
void cs_pool_json(struct cs_jsonw *j, const struct cs_pool *p);
/* Pins the calling thread to cpu; -1 with why[] on failure. */
int cs_pin_cpu(int cpu, char *why, size_t whylen);
int cs_online_cpus(int *cpus, int max);   /* the mask before pinning */
uint64_t cs_peak_rss(void);                /* VmHWM, bytes; 0 unknown */
uint64_t cs_phys_bytes(void);

/* ---- the platform services (common/services.h) of this process ---- */
struct cs_cpuinfo;
#define CS_PROBE_GANG_MAX 1024 /* CPUs in a gang, the probe's included */
struct cs_probe_svc {
	struct cs_services s;
	int cpu, competitors;
	const struct cs_cpuinfo *ci;
	const struct cs_pool *pool; /* the probe's region */
	/* the counter (probe_services.c) */
	int fd;                 /* /dev/cpu/N/msr or the perf event; -1 none */
	uint32_t msr;           /* the MSR read through fd; 0: fd is perf's */
	/* memory of known physical address (probe_physmem.c) */
	struct cs_pool own;     /* huge pages of its own, when the region is not on them */
	int owned;
	/* aliases (probe_alias.c): VmHWM when the first was asked for (0: none
	 * asked for), and the largest alias's bytes: the kernel counts a shared
	 * frame once for each page it is mapped at, so an alias of N pages adds
	 * N x page size to the resident count, whatever few frames back it. */
	uint64_t peak_rss_before_alias, alias_bytes;
	/* the gang (probe_gang.c) */
	int others[CS_PROBE_GANG_MAX];
	int n_others;
	pthread_t th[CS_PROBE_GANG_MAX];
	uint32_t started;
	int unpinned;
	void (*fn)(void *arg, uint32_t k);
	void *arg;
};
/* The services into p->s for this process pinned to cpu, over the probe's
 * region; the gang is the caller alone while competitors stream. */
void cs_probe_services_init(struct cs_probe_svc *p, int cpu, const struct cs_cpuinfo *ci,
			    const struct cs_pool *pool, int competitors);
void cs_probe_services_close(struct cs_probe_svc *p);
void cs_probe_physmem_init(struct cs_probe_svc *p);
void cs_probe_alias_init(struct cs_probe_svc *p);
void cs_probe_gang_init(struct cs_probe_svc *p);
void cs_probe_code_init(struct cs_probe_svc *p);

/* The longest run of n /proc/self/pagemap entries whose pages are in
 * memory with frame numbers each one more than the last: physically
 * contiguous (docs/geometry.md s.1). Pure: the entries are the caller's. */
struct cs_pfn_run {
	uint64_t present;   /* entries of pages in memory */
	uint64_t with_pfn;  /* of those, with a frame number (0: hidden) */
	uint64_t start;     /* the run's first entry */
	uint64_t pages;     /* its length in pages (0: none) */
	uint64_t first_pfn; /* its first frame */
};
void cs_pfn_longest_run(const uint64_t *ent, uint64_t n, struct cs_pfn_run *r);
/* Where the run (of pages of pg bytes) is min_bytes or more and gives a
 * span over a 2 MiB huge page's (4 MiB or more): 1, the region it gives
 * (*off bytes into the entries' memory, *bytes long) and its physical span
 * (the largest power of two within it); else 0. */
int cs_pfn_span(const struct cs_pfn_run *r, uint64_t pg, uint64_t min_bytes, uint64_t *off, uint64_t *bytes,
		uint64_t *span);

/* ---- what the CPU publishes (probe_cpu.c) ---- */
struct cs_cpuinfo {
	int has_cpuid;
	struct cs_cpuid_dump dump;
	struct cs_cpu_ident id;
	uint32_t n_cpuid_caches;
	struct cs_cache cpuid_caches[CS_MAX_CACHES];
	const char *cpuid_source;
	int cpu;                /* the CPU whose sysfs was read */
	uint32_t n_sysfs;
	struct cs_sysfs_cache sysfs[CS_SYSFS_MAX];
	char brand[64];
	char short_name[32];
	char agreement[256];    /* how CPUID and sysfs compare, in words */
	const char *chosen;     /* "cpuid" or "sysfs" */
	/* What a user process reads of the processor (arch.h: CTR_EL0) */
	struct cs_arch_user user;
	/* MIDR_EL1 (arm64): from sysfs for cpu, else the kernel's EL0 read */
	int has_midr;
	uint64_t midr;
	char midr_from[96];
	/* The kernel describes another architecture's CPUs: a user-mode
	 * emulator (qemu-user) runs this process; timings are its own. */
	int emulated;
	char emulation[200];
	char platform[160];     /* device tree model or DMI vendor and product */
	char kinds[200];        /* the kinds of core here, in words (probe_kinds.c) */
};
/* Reads CPUID (x86) or MIDR and CTR (arm64) on the current CPU, and sysfs
 * for cpu, under root ("/sys"). */
void cs_cpuinfo_read(struct cs_cpuinfo *ci, int cpu);
void cs_cpuinfo_read_at(struct cs_cpuinfo *ci, const char *root, int cpu);
/* Published caches into the capture, from the chosen source. */
void cs_cpuinfo_publish(const struct cs_cpuinfo *ci, struct cs_capture *c);
void cs_cpuinfo_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci);
uint64_t cs_cpuinfo_largest(const struct cs_cpuinfo *ci);

/* ---- the flush for seed 003's experiments (probe_flush.c) ---- */
enum cs_flush_mode { CS_FLUSH_AUTO, CS_FLUSH_ARCH, CS_FLUSH_EVICT };
struct cs_flush {
	enum cs_flush_mode mode;
	const char *method;       /* the instruction's name, or "eviction" */
	const char *instruction;  /* the arch layer's ("clflush", "dc civac") */
	int arch_allowed;         /* it ran under the guard */
	int signal;               /* what stopped it, or 0 */
	uint64_t evict_bytes;     /* eviction's buffer; 0 when not used */
	char why[200];
	void (*fn)(const void *p, uint64_t bytes); /* the engine's flush hook */
};
/* The arch's instruction where allowed (AUTO, ARCH), else eviction over a
 * buffer sized from the largest published cache (AUTO, EVICT): 0; -1 and
 * why[] (ARCH refused, or no memory). */
int cs_flush_choose(struct cs_flush *f, enum cs_flush_mode mode, uint64_t largest,
		    char *why, size_t whylen);
/* The same with the trial given (the unit tests make it trap). */
int cs_flush_choose_with(struct cs_flush *f, enum cs_flush_mode mode, uint64_t largest,
			 void (*try_fn)(void *arg), char *why, size_t whylen);
void cs_flush_release(struct cs_flush *f);
/* Eviction's buffer for a largest published cache of this many bytes. */
uint64_t cs_flush_evict_bytes(uint64_t largest);
void cs_flush_json(struct cs_jsonw *j, const struct cs_flush *f);

/* ---- kinds of core (probe_kinds.c) ---- */
#define CS_MAX_CPU_KINDS 16
struct cs_cpu_kind {
	int cpu;                  /* the first CPU of the kind: the one measured */
	uint32_t n;               /* CPUs of the kind */
	uint64_t midr;            /* arm64; 0 elsewhere */
	char name[48];            /* "Cortex-A76", "performance", ... */
	char file_tag[40];        /* for file names: "cortex-a76-cpu4" */
};
struct cs_cpu_kinds {
	uint32_t n;
	struct cs_cpu_kind kind[CS_MAX_CPU_KINDS];
	const char *from;         /* "sysfs midr_el1", "MIDR_EL1 read on each CPU", ... */
	char why[160];            /* when every CPU could not be told apart */
};
/* Groups the CPUs (their MIDR and sysfs caches, under root) by kind, in
 * order of first CPU. Where sysfs has no MIDR, each CPU is asked in turn
 * (pinned: the calling thread's affinity is left on the last one). */
void cs_cpu_kinds_read(const char *root, const int *cpus, int n, struct cs_cpu_kinds *k);
/* "2 kinds of core: Cortex-A55 (CPUs 0-3: 4), Cortex-A76 (4)" */
void cs_cpu_kinds_text(char *out, size_t cap, const struct cs_cpu_kinds *k);
/* --all-kinds: one capture per kind, FILE-<tag>.json; the exit status. */
int cs_probe_all_kinds(struct cs_probe_opts *o, int argc, char **argv);
/* One capture on o->cpu into o->out (probe_cli.c): the exit status. */
int cs_probe_one(struct cs_probe_opts *o, int argc, char **argv);

/* ---- competitors (probe_cpus.c) ---- */
#define CS_MAX_COMPETITORS 64
struct cs_compete {
	int threads;
	uint64_t buffer_bytes;  /* each */
	int cpus[CS_MAX_COMPETITORS];
	double passes[CS_MAX_COMPETITORS]; /* buffer passes done, each */
	double seconds;
	void *impl;
};
/* Starts n streaming threads on the CPUs other than 'probe_cpu'. */
int cs_compete_start(struct cs_compete *k, int n, uint64_t buffer_bytes,
		     int probe_cpu, char *why, size_t whylen);
void cs_compete_stop(struct cs_compete *k);
void cs_compete_json(struct cs_jsonw *j, const struct cs_compete *k);

/* ---- the measurement (probe_run.c) ---- */
struct cs_probe_run {
	struct cs_engine e;     /* its plan is filled by the command */
	struct cs_probe_svc svc; /* the platform services (probe_services.c) */
	struct cs_place_ctx place;
	int quiet;
};
/* The engine's hooks for this process: hc's clock, the pool, the arch
 * flush, progress on stderr (none when quiet), placement on w and r. */
void cs_probe_run_init(struct cs_probe_run *run, const struct cs_hclock *hc,
		       const struct cs_pool *pool, const struct cs_flush *fl,
		       struct cs_work *w, struct cs_result *r, int quiet);

/* ---- the capture's producer members (probe_record.c) ---- */
struct cs_probe_opts {
	const char *out;
	int quick;
	uint64_t max_bytes;     /* 0: default */
	enum cs_pages pages;
	enum cs_hclock_kind clock;
	double clamp_ns;        /* 0: none */
	int competitors;
	int cpu;                /* -1: the last CPU allowed */
	const char *label;
	uint64_t seed;          /* 0: from the clock */
	uint32_t repeat;        /* the sweep this many times; 0: once */
	int quiet;
	int force;              /* replace an existing FILE; a clamp over an hour */
	int all_kinds;          /* one capture per kind of core */
	int brief;              /* the summary alone (docs/summary.md) */
	enum cs_flush_mode flush;
	/* each kind's settings (common/setting.h: --bandwidth), as
	 * plan.settings takes them */
	uint64_t kind[CS_KIND_COUNT][CS_KIND_SETTINGS_MAX];
};
struct cs_probe_record {
	const struct cs_probe_opts *o;
	const struct cs_cpuinfo *ci;
	const struct cs_hclock *hc;
	const struct cs_pool *pool;
	const struct cs_compete *k;
	const struct cs_flush *fl;
	const struct cs_plan *plan;
	const struct cs_capture *c;
	int cpu;
	double load_before[3], load_after[3];
	double total_s;
	uint64_t peak_rss;
	uint64_t peak_rss_before_tlb, tlb_window_bytes; /* struct cs_probe_svc's aliases */
	char started[32];       /* UTC, ISO 8601 */
	char argv[512];
};
void cs_probe_extra(struct cs_jsonw *j, void *ctx);

#endif
