/* cores.h: kinds of core. What one processor publishes about itself (read
 * on that processor by the arch layer, arch/arch.h cs_arch_proc_ident) and
 * the grouping of processors by it, so that each kind is swept once (the
 * engine's CORES kind, engine.h). Freestanding. */
#ifndef CS_CORES_H
#define CS_CORES_H

#include <stdint.h>

/* What one processor publishes about itself (x86: CPUID 0x1A core type and
 * a digest of the cache leaves; ARM: MIDR and a digest of CLIDR/CCSIDR). */
struct cs_proc_ident {
	uint32_t number;
	uint32_t core_type;  /* x86: CPUID.1A EAX[31:24] (0 when none); ARM: MIDR */
	uint32_t cache_sig;  /* digest of the cache description */
	int arm;             /* core_type is a MIDR */
};

struct cs_kind_group {
	char kind[32];
	uint32_t core_type, cache_sig;
	uint32_t n;
	uint32_t procs[64];
};

/* A digest of 32-bit words (FNV-1a), for cache_sig. */
uint32_t cs_ident_digest(const uint32_t *words, uint32_t n);
/* Groups processors with the same core type and cache digest, in order of
 * first appearance; names them (x86 0x40 "performance", 0x20 "efficiency";
 * a single group "all"; otherwise "type-0xNN" or "midr-0x..." with "-cN"
 * when only the caches differ). Returns the number of groups (at most cap;
 * processors past a full table or past 64 in a group are left out). */
uint32_t cs_group_kinds(const struct cs_proc_ident *p, uint32_t n,
			struct cs_kind_group *g, uint32_t cap);

#endif
