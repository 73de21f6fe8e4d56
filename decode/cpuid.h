/* cpuid.h: x86 CPUID, captured once into a dump and decoded from it.
 * The firmware supplies the instruction through a callback; everything else
 * (ident, published caches) reads the dump, so host tests feed recorded
 * register values to the same code the firmware runs. */
#ifndef CS_CPUID_H
#define CS_CPUID_H

#include <stdint.h>
#include "../common/capture.h"
#include "../common/jsonw.h"

struct cs_cpuid_regs {
	uint32_t eax, ebx, ecx, edx;
};

/* Runs CPUID(leaf, subleaf) into *out; ctx is the caller's. */
typedef void (*cs_cpuid_fn)(uint32_t leaf, uint32_t subleaf,
			    struct cs_cpuid_regs *out, void *ctx);

#define CS_CPUID_DUMP_MAX 96

struct cs_cpuid_entry {
	uint32_t leaf, subleaf;
	struct cs_cpuid_regs r;
};

struct cs_cpuid_dump {
	uint32_t n;
	struct cs_cpuid_entry e[CS_CPUID_DUMP_MAX];
};

/* Leaves 0, 1, 2, 4.* (until type 0), 6, 7.0, 0x18.* (up to its EAX),
 * 0x80000000-0x80000008, 0x80000019, 0x8000001D.* when TOPOEXT,
 * 0x40000000 when the hypervisor bit is set;
 * each only when within the max basic/extended leaf. Further leaf 2
 * iterations (AL > 1, none seen) are stored as subleaf 1, 2, ... d->n is
 * reset first; entries beyond CS_CPUID_DUMP_MAX are dropped. */
void cs_cpuid_collect(cs_cpuid_fn fn, void *ctx, struct cs_cpuid_dump *d);

/* Appends one entry (for tests and recorded dumps); -1 when full. */
int cs_cpuid_add(struct cs_cpuid_dump *d, uint32_t leaf, uint32_t subleaf,
		 uint32_t eax, uint32_t ebx, uint32_t ecx, uint32_t edx);

/* NULL if absent. */
const struct cs_cpuid_regs *cs_cpuid_find(const struct cs_cpuid_dump *d,
					  uint32_t leaf, uint32_t subleaf);

struct cs_cpu_ident {
	char vendor[13];       /* "GenuineIntel", "AuthenticAMD", "" if absent */
	char brand[49];        /* spaces trimmed both ends, "" if absent */
	uint32_t family, model, stepping; /* with extended family/model */
	int hypervisor;        /* leaf 1 ECX bit 31 */
	char hv_signature[13]; /* leaf 0x40000000 EBX:ECX:EDX, "" if absent */
	int invariant_tsc;     /* 0x80000007 EDX bit 8 */
	int has_rdtscp;        /* 0x80000001 EDX bit 27 */
};

void cs_cpuid_ident(const struct cs_cpuid_dump *d, struct cs_cpu_ident *id);
/* Its members inside an open capture object "cpu" (vendor, brand, family,
 * model, stepping, hypervisor, hv_signature, invariant_tsc), written alike
 * by the firmware and the host probe. */
void cs_cpuid_ident_json(struct cs_jsonw *j, const struct cs_cpu_ident *id);

/* The decoders behind cs_cpuid_caches, one per source, for tests and for
 * showing what each source says when they disagree. */
enum cs_cpuid_cache_source {
	CS_CPUID_SRC_LEAF4,     /* Intel deterministic cache parameters */
	CS_CPUID_SRC_8000001D,  /* AMD cache topology (needs TOPOEXT) */
	CS_CPUID_SRC_80000005,  /* AMD legacy L1 (0x80000005) + L2/L3 (0x80000006) */
	CS_CPUID_SRC_LEAF2,     /* Intel descriptor bytes */
};
const char *cs_cpuid_source_name(enum cs_cpuid_cache_source src);
uint32_t cs_cpuid_caches_from(const struct cs_cpuid_dump *d,
			      enum cs_cpuid_cache_source src,
			      struct cs_cache *out, uint32_t max);

/* One leaf 2 descriptor byte: 1 and *out set when it names a data,
 * instruction or unified cache; 0 for TLBs, prefetch, trace caches, null and
 * unknown bytes. family/model settle descriptor 0x49 (L3 on family 0xF
 * model 6, L2 elsewhere). The table is in cpuid_leaf2.c. */
int cs_cpuid_leaf2_descriptor(uint8_t desc, uint32_t family, uint32_t model,
			      struct cs_cache *out);

/* Published caches, at most max written to out; returns the number written.
 * Sources in order: leaf 4, 0x8000001D, 0x80000005/6, leaf 2; the first that
 * yields a cache wins. On AuthenticAMD/HygonGenuine the AMD leaves go first,
 * because hypervisors may show AMD guests Intel-style leaf 4 values.
 * Output is sorted by level, then data, instruction, unified.
 * *source (may be NULL) gets "cpuid-leaf4", "cpuid-8000001d",
 * "cpuid-80000005", "cpuid-leaf2", or "" when nothing was found. */
uint32_t cs_cpuid_caches(const struct cs_cpuid_dump *d, struct cs_cache *out,
			 uint32_t max, const char **source);

/* ---- Published TLBs (cpuid_tlb.c) ----
 * Every TLB descriptor the processor publishes, one struct cs_tlb per page
 * size it covers (kinds/tlb/tlb_capture.h): leaf 0x18 (deterministic address
 * translation: a load-only TLB is data; a store-only TLB is left out, the
 * sweep only loads), AMD 0x80000005/6 (L1 and L2, 4 KiB and 2 MiB pages;
 * their "2M/4M" counts are for 2 MiB pages) with 0x80000019 (1 GiB), and
 * leaf 2's TLB descriptor bytes ("2M/4M" as 2 MiB; 4 MiB-only arrays as
 * 4 MiB). Sorted by page size, level, type. */
enum cs_cpuid_tlb_source {
	CS_CPUID_TLB_LEAF18,
	CS_CPUID_TLB_AMD,      /* 0x80000005, 0x80000006, 0x80000019 */
	CS_CPUID_TLB_LEAF2,
};
const char *cs_cpuid_tlb_source_name(enum cs_cpuid_tlb_source src);
uint32_t cs_cpuid_tlbs_from(const struct cs_cpuid_dump *d,
			    enum cs_cpuid_tlb_source src, struct cs_tlb *out,
			    uint32_t max);
/* The first source that yields a TLB: AMD's leaves first on AuthenticAMD
 * and HygonGenuine, else leaf 0x18, then leaf 2 (whose byte 0xFE defers to
 * 0x18). *source gets "cpuid-leaf18", "cpuid-80000005" (with 6 and 0x19),
 * "cpuid-leaf2", or "" when none says anything. */
uint32_t cs_cpuid_tlbs(const struct cs_cpuid_dump *d, struct cs_tlb *out,
		       uint32_t max, const char **source);
/* Why cs_cpuid_tlbs found nothing: one sentence for the capture's
 * "tlbs_reason", naming leaf 2's deferral to an empty leaf 0x18 where it
 * has one. */
void cs_cpuid_tlbs_why(const struct cs_cpuid_dump *d, char *out, size_t len);
/* One leaf 2 byte: the TLB arrays it names (up to max, at most 3), 0 for
 * caches, prefetch and unknown bytes. The table is in cpuid_leaf2.c. */
uint32_t cs_cpuid_leaf2_tlb(uint8_t desc, struct cs_tlb *out, uint32_t max);

/* Every register of the dump as the capture member "cpuid": one object a
 * leaf, registers as hex strings (firmware and host probe alike). */
void cs_cpuid_json(struct cs_jsonw *j, const struct cs_cpuid_dump *d);

#endif
