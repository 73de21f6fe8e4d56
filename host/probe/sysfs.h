/* sysfs.h: what Linux publishes about each CPU under ROOT/devices/system/cpu
 * (ROOT is "/sys" on a machine, a recorded tree in the tests): its caches
 * (cpuN/cache/indexM/), its MIDR_EL1 on arm64
 * (cpuN/regs/identification/midr_el1) and lists of CPUs ("0-3,6"). The
 * parsers take a file's text; the readers walk a tree. */
#ifndef CS_HOST_SYSFS_H
#define CS_HOST_SYSFS_H

#include <stdint.h>
#include "../../common/capture.h"

#define CS_SYSFS_ROOT "/sys"
#define CS_SYSFS_MAX 16       /* cache indexes kept per CPU */
#define CS_SYSFS_MAX_INDEX 32 /* cache indexes looked for per CPU */

struct cs_sysfs_cache {
	uint32_t level;
	char type[16];          /* "Data", "Instruction", "Unified", as written */
	uint64_t size_bytes;    /* 0: the file is absent or unreadable */
	uint32_t line_bytes;    /* coherency_line_size */
	uint32_t ways, sets;
	char shared[64];        /* shared_cpu_list, as written */
};

/* A size as cacheinfo writes it: decimal digits and a K (or M, G: binary
 * units; no suffix: bytes), then at most a newline. 0 and *out; -1. */
int cs_sysfs_parse_size(const char *text, uint64_t *out);
/* A decimal count: digits, then at most a newline. 0 and *out; -1. */
int cs_sysfs_parse_u32(const char *text, uint32_t *out);
/* midr_el1's text, "0x" and 16 hex digits (any count from 1 to 16 taken),
 * then at most a newline: 0 and *midr; -1. */
int cs_sysfs_parse_midr(const char *text, uint64_t *midr);
/* "0-3,6,8-9": the CPUs in the order written, at most max: the count, or
 * -1 when malformed (a descending range, an empty item) or longer. */
int cs_sysfs_parse_cpulist(const char *text, int *cpus, int max);
/* "Data", "Instruction", "Unified": 0 and *t; -1. */
int cs_sysfs_cache_type(const char *text, enum cs_cache_type *t);

/* Every ROOT/devices/system/cpu/cpuN/cache/indexM (M from 0 to
 * CS_SYSFS_MAX_INDEX - 1, absent ones skipped) that has a level: the
 * count, at most max. A field whose file is absent or malformed is 0. */
uint32_t cs_sysfs_read_caches(const char *root, int cpu, struct cs_sysfs_cache *out,
			      uint32_t max);
/* cpuN's MIDR_EL1: 0 and *midr; -1 when the file is absent (not arm64,
 * or a kernel before 4.11) or malformed. */
int cs_sysfs_read_midr(const char *root, int cpu, uint64_t *midr);
/* A file's first line under root into out, without its newline and cut
 * to cap - 1 bytes (a long line's head: modalias): 0; -1. */
int cs_sysfs_read_line(const char *root, const char *rel, char *out, size_t cap);

#endif
