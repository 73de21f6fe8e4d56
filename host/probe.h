/* probe.h: `cacheshape probe`, the firmware's measurement (the engine,
 * common/engine.h) run as a Linux program on one pinned CPU: clocks
 * (probe_clock.c), memory and pinning (probe_mem.c), what the CPU publishes
 * (probe_cpu.c), competing threads (probe_compete.c), the engine's hooks
 * (probe_run.c), the capture's own members (probe_record.c), the command
 * (probe_cli.c). */
#ifndef CS_HOST_PROBE_H
#define CS_HOST_PROBE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include "../common/capture.h"
#include "../common/cpuid.h"
#include "../common/jsonw.h"
#include "../common/engine.h"
#include "../common/probe.h"
#include "../reduce/place.h"
#include "../reduce/reduce.h"

int cs_cmd_probe(int argc, char **argv);
void cs_usage_probe(FILE *f);

/* ---- clocks (probe_clock.c) ---- */
enum cs_hclock_kind { CS_HCLOCK_TSC, CS_HCLOCK_MONOTONIC, CS_HCLOCK_COARSE };

struct cs_hclock {
	enum cs_hclock_kind kind;
	const char *name;       /* "tsc", "monotonic", "monotonic-coarse" */
	double clamp_ns;        /* 0: no clamp */
	double hz;              /* tsc: measured against CLOCK_MONOTONIC_RAW */
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

/* ---- what the CPU publishes (probe_cpu.c) ---- */
#define CS_SYSFS_MAX 16
struct cs_sysfs_cache {
	uint32_t level;
	char type[16];          /* "Data", "Instruction", "Unified" */
	uint64_t size_bytes;
	uint32_t line_bytes;
	uint32_t ways, sets;
	char shared[64];
};
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
};
/* Reads CPUID (x86) on the current CPU and sysfs for cpu. */
void cs_cpuinfo_read(struct cs_cpuinfo *ci, int cpu);
/* Published caches into the capture, from the chosen source. */
void cs_cpuinfo_publish(const struct cs_cpuinfo *ci, struct cs_capture *c);
void cs_cpuinfo_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci);
uint64_t cs_cpuinfo_largest(const struct cs_cpuinfo *ci);

/* ---- competitors (probe_compete.c) ---- */
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
	struct cs_place_ctx place;
	int quiet;
};
/* The engine's hooks for this process: hc's clock, the pool, the arch
 * flush, progress on stderr (none when quiet), placement on w and r. */
void cs_probe_run_init(struct cs_probe_run *run, const struct cs_hclock *hc,
		       const struct cs_pool *pool, struct cs_work *w,
		       struct cs_result *r, int quiet);

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
	int quiet;
	int force;              /* replace an existing FILE; a clamp over an hour */
};
struct cs_probe_record {
	const struct cs_probe_opts *o;
	const struct cs_cpuinfo *ci;
	const struct cs_hclock *hc;
	const struct cs_pool *pool;
	const struct cs_compete *k;
	const struct cs_plan *plan;
	const struct cs_capture *c;
	int cpu;
	double load_before[3], load_after[3];
	double total_s;
	uint64_t peak_rss;
	char started[32];       /* UTC, ISO 8601 */
	char argv[512];
};
void cs_probe_extra(struct cs_jsonw *j, void *ctx);

#endif
