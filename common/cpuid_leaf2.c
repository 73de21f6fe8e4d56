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
