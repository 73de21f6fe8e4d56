/* geom_published.c: the ways and sets the processor publishes for each
 * cache (docs/geometry.md s.6), decoded from the registers decode/ holds:
 * x86's deterministic cache leaves (leaf 4 on Intel, 0x8000001D on AMD with
 * TOPOEXT: EAX type[4:0] level[7:5], EBX ways[31:22] partitions[21:12]
 * line[11:0], ECX sets, each minus one; else AMD's 0x80000005/6) and ARM's CCSIDR_EL1 per CLIDR
 * level (Associativity and NumSets, value minus one, in the format
 * ID_AA64MMFR2_EL1.CCIDX chooses). Freestanding. */
#include "geom_kind.h"
#include "../../decode/cpuid.h"
#include "../../decode/armcache.h"

#define LEAF_MAX_SUB 16

static void add(struct cs_geom_capture *g, uint32_t level, enum cs_cache_type type, uint32_t ways,
		uint32_t sets, uint32_t line)
{
	if (g->n_published >= CS_GEOM_MAX_PUBLISHED || !level || !ways || !sets)
		return;
	g->published[g->n_published++] = (struct cs_geom_pub){ level, type, ways, sets, line };
}

/* AMD's legacy leaves where no deterministic leaf is: 0x80000005 ECX (L1
 * data: size KiB [31:24], ways [23:16], 0xFF fully, line [7:0]) and
 * 0x80000006 ECX / EDX (L2 size KiB [31:16], L3 size [31:18] x 512 KiB;
 * ways encoded [15:12]; line [7:0]); sets = size / (ways x line). */
static uint32_t legacy_ways(uint32_t code)
{
	static const uint8_t ways[16] = { 0, 1, 2, 3, 4, 6, 8, 0, 16, 0, 32, 48, 64, 96, 128, 0 };
	return ways[code & 0xf];
}

static void legacy_add(struct cs_geom_capture *g, uint32_t level, enum cs_cache_type t, uint64_t size,
		       uint32_t ways, uint32_t line)
{
	if (ways && line && size / ((uint64_t)ways * line))
		add(g, level, t, ways, (uint32_t)(size / ((uint64_t)ways * line)), line);
}

static uint32_t legacy(const struct cs_cpuid_dump *d, struct cs_geom_capture *g)
{
	const struct cs_cpuid_regs *r5 = cs_cpuid_find(d, 0x80000005u, 0), *r6 = cs_cpuid_find(d, 0x80000006u, 0);
	g->n_published = 0;
	if (r5 && ((r5->ecx >> 16) & 0xff) != 0xff)
		legacy_add(g, 1, CS_CACHE_DATA, (uint64_t)(r5->ecx >> 24) << 10, (r5->ecx >> 16) & 0xff, r5->ecx & 0xff);
	if (r6) {
		legacy_add(g, 2, CS_CACHE_UNIFIED, (uint64_t)(r6->ecx >> 16) << 10, legacy_ways(r6->ecx >> 12),
			   r6->ecx & 0xff);
		legacy_add(g, 3, CS_CACHE_UNIFIED, (uint64_t)(r6->edx >> 18) << 19, legacy_ways(r6->edx >> 12),
			   r6->edx & 0xff);
	}
	g->has_published = g->n_published > 0;
	cs_strlcpy(g->published_source, "cpuid-0x80000005/6", sizeof g->published_source);
	return g->n_published;
}

uint32_t cs_geom_published_cpuid(const struct cs_cpuid_dump *d, struct cs_geom_capture *g)
{
	const struct cs_cpuid_regs *ext = cs_cpuid_find(d, 0x80000001u, 0);
	uint32_t leaf = ext && ((ext->ecx >> 22) & 1) && cs_cpuid_find(d, 0x8000001du, 0) ? 0x8000001du : 4;
	g->n_published = 0;
	for (uint32_t sub = 0; sub < LEAF_MAX_SUB; sub++) {
		const struct cs_cpuid_regs *r = cs_cpuid_find(d, leaf, sub);
		uint32_t type;
		if (!r || (type = r->eax & 0x1f) == 0)
			break;
		if (type > 3)
			continue; /* reserved */
		add(g, (r->eax >> 5) & 7, (enum cs_cache_type)(type - 1), (r->ebx >> 22) + 1, r->ecx + 1,
		    (r->ebx & 0xfff) + 1);
	}
	g->has_published = g->n_published > 0;
	cs_strlcpy(g->published_source, leaf == 4 ? "cpuid-leaf4" : "cpuid-0x8000001d",
		   sizeof g->published_source);
	return g->n_published ? g->n_published : legacy(d, g);
}

static void arm_level(const struct cs_arm_regs *r, struct cs_geom_capture *g, uint32_t level, int ins,
		      enum cs_cache_type type)
{
	uint32_t sel = cs_arm_csselr(level, ins);
	int ccidx = ((r->mmfr2 >> 20) & 0xf) == 1;
	for (uint32_t i = 0; i < r->n_ccsidr && i < CS_ARM_MAX_CCSIDR; i++) {
		uint64_t v = r->ccsidr[i].ccsidr;
		if (r->ccsidr[i].csselr != sel)
			continue;
		if (ccidx)
			add(g, level, type, (uint32_t)((v >> 3) & 0x1fffff) + 1,
			    (uint32_t)((v >> 32) & 0xffffff) + 1, 16u << (v & 7));
		else
			add(g, level, type, (uint32_t)((v >> 3) & 0x3ff) + 1,
			    (uint32_t)((v >> 13) & 0x7fff) + 1, 16u << (v & 7));
		return;
	}
}

uint32_t cs_geom_published_arm(const struct cs_arm_regs *r, struct cs_geom_capture *g)
{
	g->n_published = 0;
	for (uint32_t level = 1; level <= 7; level++) {
		uint32_t ctype = (uint32_t)(r->clidr >> (3 * (level - 1))) & 7;
		if (ctype == 0)
			break;
		if (ctype == 2 || ctype == 3)
			arm_level(r, g, level, 0, CS_CACHE_DATA);
		if (ctype == 1 || ctype == 3)
			arm_level(r, g, level, 1, CS_CACHE_INSTRUCTION);
		if (ctype == 4)
			arm_level(r, g, level, 0, CS_CACHE_UNIFIED);
	}
	g->has_published = g->n_published > 0;
	cs_strlcpy(g->published_source, "ccsidr", sizeof g->published_source);
	return g->n_published;
}

const struct cs_geom_pub *cs_geom_pub_find(const struct cs_geom_capture *g, uint32_t level)
{
	for (uint32_t i = 0; i < g->n_published && i < CS_GEOM_MAX_PUBLISHED; i++)
		if (g->published[i].level == level && g->published[i].type != CS_CACHE_INSTRUCTION)
			return &g->published[i];
	return 0;
}
