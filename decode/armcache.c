/* armcache.c: CTR_EL0, CLIDR_EL1/CCSIDR_EL1 and MIDR_EL1 decoding.
 * Field layouts from the Arm ARM (D19 system registers) and Linux's
 * arch/arm64 cacheinfo.c and cputype.h. The architecture warns that
 * CCSIDR need not describe the real cache; the caller says so. */
#include <stddef.h>
#include "armcache.h"

void cs_arm_ctr_decode(uint64_t ctr, struct cs_arm_ctr *out)
{
	uint32_t erg = (uint32_t)(ctr >> 20) & 0xf;
	uint32_t cwg = (uint32_t)(ctr >> 24) & 0xf;

	/* Line fields count log2 of 4-byte words; ERG/CWG 0 = not given. */
	out->imin_line_bytes = 4u << (ctr & 0xf);
	out->dmin_line_bytes = 4u << ((ctr >> 16) & 0xf);
	out->erg_bytes = erg ? 4u << erg : 0;
	out->cwg_bytes = cwg ? 4u << cwg : 0;
	out->idc = (int)((ctr >> 28) & 1);
	out->dic = (int)((ctr >> 29) & 1);
	out->l1ip = (uint32_t)(ctr >> 14) & 3;
}

uint32_t cs_arm_csselr(uint32_t level, int instruction)
{
	return ((level - 1) << 1) | (instruction ? 1u : 0u);
}

static const uint64_t *find_ccsidr(const struct cs_arm_regs *r,
				   uint32_t csselr)
{
	uint32_t i;

	for (i = 0; i < r->n_ccsidr && i < CS_ARM_MAX_CCSIDR; i++)
		if (r->ccsidr[i].csselr == csselr)
			return &r->ccsidr[i].ccsidr;
	return NULL;
}

/* CCSIDR_EL1: LineSize[2:0] = log2(bytes) - 4 in both formats; without
 * FEAT_CCIDX Associativity[12:3] and NumSets[27:13], with it
 * Associativity[23:3] and NumSets[55:32]; both fields hold value - 1. */
static void decode_ccsidr(uint64_t v, int ccidx, uint64_t *size,
			  uint32_t *line)
{
	uint64_t ways, sets;

	*line = 16u << (v & 7);
	if (ccidx) {
		ways = ((v >> 3) & 0x1fffff) + 1;
		sets = ((v >> 32) & 0xffffff) + 1;
	} else {
		ways = ((v >> 3) & 0x3ff) + 1;
		sets = ((v >> 13) & 0x7fff) + 1;
	}
	*size = ways * sets * *line;
}

struct arm_list {
	struct cs_cache *out;
	uint32_t max, n;
};

static void add_level(const struct cs_arm_regs *r, struct arm_list *l,
		      uint32_t level, int instruction, enum cs_cache_type type)
{
	const uint64_t *v = find_ccsidr(r, cs_arm_csselr(level, instruction));
	int ccidx = ((r->mmfr2 >> 20) & 0xf) == 1;
	uint64_t size;
	uint32_t line;

	if (!v || l->n >= l->max)
		return;
	decode_ccsidr(*v, ccidx, &size, &line);
	l->out[l->n].level = level;
	l->out[l->n].type = type;
	l->out[l->n].size_bytes = size;
	l->out[l->n].line_bytes = line;
	l->n++;
}

uint32_t cs_arm_caches(const struct cs_arm_regs *r, struct cs_cache *out,
		       uint32_t max)
{
	struct arm_list l;
	uint32_t level, ctype;

	l.out = out;
	l.max = max;
	l.n = 0;
	/* Ctype<n> at CLIDR[3n-1:3n-3]; the first 0 ends the hierarchy. */
	for (level = 1; level <= 7; level++) {
		ctype = (uint32_t)(r->clidr >> (3 * (level - 1))) & 7;
		if (ctype == 0)
			break;
		if (ctype == 2 || ctype == 3)
			add_level(r, &l, level, 0, CS_CACHE_DATA);
		if (ctype == 1 || ctype == 3)
			add_level(r, &l, level, 1, CS_CACHE_INSTRUCTION);
		if (ctype == 4)
			add_level(r, &l, level, 0, CS_CACHE_UNIFIED);
	}
	return l.n;
}

struct arm_name {
	uint32_t id;
	const char *name;
};

static const struct arm_name implementers[] = {
	{ 0x00, "Software (QEMU)" }, { 0x41, "Arm" },
	{ 0x42, "Broadcom" },        { 0x43, "Cavium" },
	{ 0x46, "Fujitsu" },         { 0x48, "HiSilicon" },
	{ 0x4e, "NVIDIA" },          { 0x50, "Applied Micro" },
	{ 0x51, "Qualcomm" },        { 0x53, "Samsung" },
	{ 0x61, "Apple" },           { 0x6d, "Microsoft" },
	{ 0x70, "Phytium" },         { 0xc0, "Ampere" },
};

/* (implementer << 12) | part, from Linux arch/arm64/include/asm/cputype.h. */
#define P(impl, part) (((uint32_t)(impl) << 12) | (part))
static const struct arm_name parts[] = {
	{ P(0x00, 0x051), "QEMU max" },
	{ P(0x41, 0xd02), "Cortex-A34" },      { P(0x41, 0xd03), "Cortex-A53" },
	{ P(0x41, 0xd04), "Cortex-A35" },      { P(0x41, 0xd05), "Cortex-A55" },
	{ P(0x41, 0xd06), "Cortex-A65" },      { P(0x41, 0xd07), "Cortex-A57" },
	{ P(0x41, 0xd08), "Cortex-A72" },      { P(0x41, 0xd09), "Cortex-A73" },
	{ P(0x41, 0xd0a), "Cortex-A75" },      { P(0x41, 0xd0b), "Cortex-A76" },
	{ P(0x41, 0xd0c), "Neoverse N1" },     { P(0x41, 0xd0d), "Cortex-A77" },
	{ P(0x41, 0xd0e), "Cortex-A76AE" },    { P(0x41, 0xd40), "Neoverse V1" },
	{ P(0x41, 0xd41), "Cortex-A78" },      { P(0x41, 0xd42), "Cortex-A78AE" },
	{ P(0x41, 0xd44), "Cortex-X1" },       { P(0x41, 0xd46), "Cortex-A510" },
	{ P(0x41, 0xd47), "Cortex-A710" },     { P(0x41, 0xd48), "Cortex-X2" },
	{ P(0x41, 0xd49), "Neoverse N2" },     { P(0x41, 0xd4a), "Neoverse E1" },
	{ P(0x41, 0xd4b), "Cortex-A78C" },     { P(0x41, 0xd4c), "Cortex-X1C" },
	{ P(0x41, 0xd4d), "Cortex-A715" },     { P(0x41, 0xd4e), "Cortex-X3" },
	{ P(0x41, 0xd4f), "Neoverse V2" },     { P(0x41, 0xd80), "Cortex-A520" },
	{ P(0x41, 0xd81), "Cortex-A720" },     { P(0x41, 0xd82), "Cortex-X4" },
	{ P(0x41, 0xd84), "Neoverse V3" },     { P(0x41, 0xd85), "Cortex-X925" },
	{ P(0x41, 0xd87), "Cortex-A725" },     { P(0x41, 0xd8e), "Neoverse N3" },
	{ P(0x43, 0x0a1), "ThunderX" },        { P(0x43, 0x0af), "ThunderX2" },
	{ P(0x46, 0x001), "A64FX" },           { P(0x48, 0xd01), "TSV110" },
	{ P(0x4e, 0x003), "Denver 2" },        { P(0x4e, 0x004), "Carmel" },
	{ P(0x51, 0x800), "Kryo 2xx Gold" },   { P(0x51, 0x801), "Kryo 2xx Silver" },
	{ P(0x51, 0x802), "Kryo 3xx Gold" },   { P(0x51, 0x803), "Kryo 3xx Silver" },
	{ P(0x51, 0x804), "Kryo 4xx Gold" },   { P(0x51, 0x805), "Kryo 4xx Silver" },
	{ P(0x51, 0xc00), "Falkor" },          { P(0x51, 0x001), "Oryon" },
	{ P(0x61, 0x022), "M1 Icestorm" },     { P(0x61, 0x023), "M1 Firestorm" },
	{ P(0x61, 0x024), "M1 Pro Icestorm" }, { P(0x61, 0x025), "M1 Pro Firestorm" },
	{ P(0x61, 0x028), "M1 Max Icestorm" }, { P(0x61, 0x029), "M1 Max Firestorm" },
	{ P(0x61, 0x032), "M2 Blizzard" },     { P(0x61, 0x033), "M2 Avalanche" },
	{ P(0xc0, 0xac3), "Ampere-1" },        { P(0xc0, 0xac4), "Ampere-1a" },
};
#undef P

static const char *lookup(const struct arm_name *t, size_t n, uint32_t id)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].id == id)
			return t[i].name;
	return "unknown";
}

const char *cs_arm_implementer_name(uint32_t implementer)
{
	return lookup(implementers, sizeof(implementers) / sizeof(implementers[0]),
		      implementer);
}

const char *cs_arm_part_name(uint32_t implementer, uint32_t part)
{
	return lookup(parts, sizeof(parts) / sizeof(parts[0]),
		      ((implementer & 0xff) << 12) | (part & 0xfff));
}

void cs_arm_ctr_json(struct cs_jsonw *j, const struct cs_arm_ctr *ctr)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "ctr");
	cs_jsonw_obj(j);
	j->pretty = 0;
	cs_jsonw_key(j, "imin_line_bytes");
	cs_jsonw_u64(j, ctr->imin_line_bytes);
	cs_jsonw_key(j, "dmin_line_bytes");
	cs_jsonw_u64(j, ctr->dmin_line_bytes);
	cs_jsonw_key(j, "cwg_bytes");
	cs_jsonw_u64(j, ctr->cwg_bytes);
	cs_jsonw_key(j, "erg_bytes");
	cs_jsonw_u64(j, ctr->erg_bytes);
	cs_jsonw_key(j, "dic");
	cs_jsonw_bool(j, ctr->dic);
	cs_jsonw_key(j, "idc");
	cs_jsonw_bool(j, ctr->idc);
	cs_jsonw_key(j, "l1ip");
	cs_jsonw_u64(j, ctr->l1ip);
	cs_jsonw_obj_end(j);
	j->pretty = pretty;
}

void cs_arm_midr_json(struct cs_jsonw *j, uint64_t midr)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "midr_fields");
	cs_jsonw_obj(j);
	j->pretty = 0;
	cs_jsonw_key(j, "implementer");
	cs_jsonw_hex(j, cs_arm_midr_implementer(midr));
	cs_jsonw_key(j, "variant");
	cs_jsonw_u64(j, cs_arm_midr_variant(midr));
	cs_jsonw_key(j, "part");
	cs_jsonw_hex(j, cs_arm_midr_part(midr));
	cs_jsonw_key(j, "revision");
	cs_jsonw_u64(j, cs_arm_midr_revision(midr));
	cs_jsonw_obj_end(j);
	j->pretty = pretty;
}
