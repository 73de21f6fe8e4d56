/* cpuid_leaf2.c: Intel's CPUID leaf 2 cache descriptors.
 * From the descriptor table of the Intel SDM vol. 2A (CPUID, table 3-12),
 * cross-checked against QEMU's cpuid2_cache_descriptors and Linux's
 * intel_cacheinfo.c; 0x39-0x3F come from older SDM editions. TLB, prefetch
 * and trace-cache descriptors are left out on purpose: the instrument
 * compares data-side caches. Sectored caches report their line, not their
 * sector. */
#include <stddef.h>
#include "cpuid.h"

#define KIB 1u
#define MIB 1024u

enum { D = CS_CACHE_DATA, I = CS_CACHE_INSTRUCTION, U = CS_CACHE_UNIFIED };

struct leaf2_desc {
	uint8_t desc;
	uint8_t level;
	uint8_t type;
	uint8_t line;     /* bytes */
	uint32_t size_kib;
};

static const struct leaf2_desc leaf2_table[] = {
	{ 0x06, 1, I, 32, 8 * KIB },    { 0x08, 1, I, 32, 16 * KIB },
	{ 0x09, 1, I, 64, 32 * KIB },   { 0x0a, 1, D, 32, 8 * KIB },
	{ 0x0c, 1, D, 32, 16 * KIB },   { 0x0d, 1, D, 64, 16 * KIB },
	{ 0x0e, 1, D, 64, 24 * KIB },   { 0x1d, 2, U, 64, 128 * KIB },
	{ 0x21, 2, U, 64, 256 * KIB },  { 0x22, 3, U, 64, 512 * KIB },
	{ 0x23, 3, U, 64, 1 * MIB },    { 0x24, 2, U, 64, 1 * MIB },
	{ 0x25, 3, U, 64, 2 * MIB },    { 0x29, 3, U, 64, 4 * MIB },
	{ 0x2c, 1, D, 64, 32 * KIB },   { 0x30, 1, I, 64, 32 * KIB },
	{ 0x39, 2, U, 64, 128 * KIB },  { 0x3a, 2, U, 64, 192 * KIB },
	{ 0x3b, 2, U, 64, 128 * KIB },  { 0x3c, 2, U, 64, 256 * KIB },
	{ 0x3d, 2, U, 64, 384 * KIB },  { 0x3e, 2, U, 64, 512 * KIB },
	{ 0x3f, 2, U, 64, 256 * KIB },  { 0x41, 2, U, 32, 128 * KIB },
	{ 0x42, 2, U, 32, 256 * KIB },  { 0x43, 2, U, 32, 512 * KIB },
	{ 0x44, 2, U, 32, 1 * MIB },    { 0x45, 2, U, 32, 2 * MIB },
	{ 0x46, 3, U, 64, 4 * MIB },    { 0x47, 3, U, 64, 8 * MIB },
	{ 0x48, 2, U, 64, 3 * MIB },    { 0x49, 2, U, 64, 4 * MIB },
	{ 0x4a, 3, U, 64, 6 * MIB },    { 0x4b, 3, U, 64, 8 * MIB },
	{ 0x4c, 3, U, 64, 12 * MIB },   { 0x4d, 3, U, 64, 16 * MIB },
	{ 0x4e, 2, U, 64, 6 * MIB },    { 0x60, 1, D, 64, 16 * KIB },
	{ 0x66, 1, D, 64, 8 * KIB },    { 0x67, 1, D, 64, 16 * KIB },
	{ 0x68, 1, D, 64, 32 * KIB },   { 0x78, 2, U, 64, 1 * MIB },
	{ 0x79, 2, U, 64, 128 * KIB },  { 0x7a, 2, U, 64, 256 * KIB },
	{ 0x7b, 2, U, 64, 512 * KIB },  { 0x7c, 2, U, 64, 1 * MIB },
	{ 0x7d, 2, U, 64, 2 * MIB },    { 0x7f, 2, U, 64, 512 * KIB },
	{ 0x80, 2, U, 64, 512 * KIB },  { 0x82, 2, U, 32, 256 * KIB },
	{ 0x83, 2, U, 32, 512 * KIB },  { 0x84, 2, U, 32, 1 * MIB },
	{ 0x85, 2, U, 32, 2 * MIB },    { 0x86, 2, U, 64, 512 * KIB },
	{ 0x87, 2, U, 64, 1 * MIB },    { 0xd0, 3, U, 64, 512 * KIB },
	{ 0xd1, 3, U, 64, 1 * MIB },    { 0xd2, 3, U, 64, 2 * MIB },
	{ 0xd6, 3, U, 64, 1 * MIB },    { 0xd7, 3, U, 64, 2 * MIB },
	{ 0xd8, 3, U, 64, 4 * MIB },    { 0xdc, 3, U, 64, 1536 * KIB },
	{ 0xdd, 3, U, 64, 3 * MIB },    { 0xde, 3, U, 64, 6 * MIB },
	{ 0xe2, 3, U, 64, 2 * MIB },    { 0xe3, 3, U, 64, 4 * MIB },
	{ 0xe4, 3, U, 64, 8 * MIB },    { 0xea, 3, U, 64, 12 * MIB },
	{ 0xeb, 3, U, 64, 18 * MIB },   { 0xec, 3, U, 64, 24 * MIB },
};

int cs_cpuid_leaf2_descriptor(uint8_t desc, uint32_t family, uint32_t model,
			      struct cs_cache *out)
{
	size_t i;

	for (i = 0; i < sizeof(leaf2_table) / sizeof(leaf2_table[0]); i++) {
		const struct leaf2_desc *t = &leaf2_table[i];

		if (t->desc != desc)
			continue;
		out->level = t->level;
		/* 0x49 is the L3 of the Xeon MP family 0xF model 6 only. */
		if (desc == 0x49 && family == 0xf && model == 6)
			out->level = 3;
		out->type = (enum cs_cache_type)t->type;
		out->size_bytes = (uint64_t)t->size_kib * 1024u;
		out->line_bytes = t->line;
		return 1;
	}
	return 0;
}

/* ---- Leaf 2's TLB descriptors ----
 * From the same table of the SDM (vol. 2A, table 3-12). Leaf 2 names no
 * levels: a descriptor the manual calls DTLB0, uTLB, DTLB or ITLB is level 1,
 * DTLB1 and the shared second-level TLB (STLB) level 2. "2M/4M" arrays are
 * listed for 2 MiB pages (the page size of long mode and PAE); arrays for
 * 4 MiB pages alone are listed for 4 MiB. A byte naming two arrays (0x63,
 * 0xB1, 0xC3) has two rows. */
#define P4K 1u
#define P2M 2u
#define P4M 4u
#define P1G 8u
#define FULL 0xffffu /* fully associative: ways = entries */

struct leaf2_tlb {
	uint8_t desc;
	uint8_t level;
	uint8_t type;
	uint8_t pages;    /* P4K | P2M | P4M | P1G */
	uint16_t ways;    /* 0: not published; FULL */
	uint16_t entries;
};

static const struct leaf2_tlb leaf2_tlbs[] = {
	{ 0x01, 1, I, P4K, 4, 32 },          { 0x02, 1, I, P4M, FULL, 2 },
	{ 0x03, 1, D, P4K, 4, 64 },          { 0x04, 1, D, P4M, 4, 8 },
	{ 0x05, 2, D, P4M, 4, 32 },          { 0x0b, 1, I, P4M, 4, 4 },
	{ 0x4f, 1, I, P4K, 0, 32 },          { 0x50, 1, I, P4K | P2M, 0, 64 },
	{ 0x51, 1, I, P4K | P2M, 0, 128 },   { 0x52, 1, I, P4K | P2M, 0, 256 },
	{ 0x55, 1, I, P2M, FULL, 7 },        { 0x56, 1, D, P4M, 4, 16 },
	{ 0x57, 1, D, P4K, 4, 16 },          { 0x59, 1, D, P4K, FULL, 16 },
	{ 0x5a, 1, D, P2M, 4, 32 },          { 0x5b, 1, D, P4K | P4M, 0, 64 },
	{ 0x5c, 1, D, P4K | P4M, 0, 128 },   { 0x5d, 1, D, P4K | P4M, 0, 256 },
	{ 0x61, 1, I, P4K, FULL, 48 },       { 0x63, 1, D, P2M, 4, 32 },
	{ 0x63, 1, D, P1G, 4, 4 },           { 0x64, 1, D, P4K, 4, 512 },
	{ 0x6a, 1, D, P4K, 8, 64 },          { 0x6b, 1, D, P4K, 8, 256 },
	{ 0x6c, 1, D, P2M, 8, 128 },         { 0x6d, 1, D, P1G, FULL, 16 },
	{ 0x76, 1, I, P2M, FULL, 8 },        { 0xa0, 1, D, P4K, FULL, 32 },
	{ 0xb0, 1, I, P4K, 4, 128 },         { 0xb1, 1, I, P2M, 4, 8 },
	{ 0xb1, 1, I, P4M, 4, 4 },           { 0xb2, 1, I, P4K, 4, 64 },
	{ 0xb3, 1, D, P4K, 4, 128 },         { 0xb4, 2, D, P4K, 4, 256 },
	{ 0xb5, 1, I, P4K, 8, 64 },          { 0xb6, 1, I, P4K, 8, 128 },
	{ 0xba, 2, D, P4K, 4, 64 },          { 0xc0, 1, D, P4K | P4M, 4, 8 },
	{ 0xc1, 2, U, P4K | P2M, 8, 1024 },  { 0xc2, 1, D, P4K | P2M, 4, 16 },
	{ 0xc3, 2, U, P4K | P2M, 6, 1536 },  { 0xc3, 2, U, P1G, 4, 16 },
	{ 0xc4, 1, D, P2M, 4, 32 },          { 0xca, 2, U, P4K, 4, 512 },
};

static uint64_t page_of(uint32_t bit)
{
	return bit == P4K ? 4096ull : bit == P2M ? 2ull << 20 :
	       bit == P4M ? 4ull << 20 : 1ull << 30;
}

uint32_t cs_cpuid_leaf2_tlb(uint8_t desc, struct cs_tlb *out, uint32_t max)
{
	uint32_t n = 0;

	for (size_t i = 0; i < sizeof(leaf2_tlbs) / sizeof(leaf2_tlbs[0]); i++) {
		const struct leaf2_tlb *t = &leaf2_tlbs[i];
		if (t->desc != desc)
			continue;
		for (uint32_t bit = P4K; bit <= P1G; bit <<= 1) {
			if (!(t->pages & bit) || n >= max)
				continue;
			out[n].level = t->level;
			out[n].type = (enum cs_cache_type)t->type;
			out[n].page_bytes = page_of(bit);
			out[n].entries = t->entries;
			out[n].ways = t->ways == FULL ? t->entries : t->ways;
			n++;
		}
	}
	return n;
}
