/* test_armcache: CTR_EL0, CLIDR/CCSIDR and MIDR decoding against recorded
 * register values. One row in 'cases' adds a core; where its values came
 * from is written above it. */
#include <string.h>
#include "check.h"
#include "../decode/armcache.h"

CS_TEST_MAIN_DEFS;

#define KIB 1024ull
#define MIB (1024ull * 1024ull)
#define CCIDX (1ull << 20) /* ID_AA64MMFR2_EL1.CCIDX = 1 */

/* CSSELR values: Level[3:1] = level - 1, InD[0]. */
#define SEL_D(l) (((l) - 1u) << 1)
#define SEL_I(l) ((((l) - 1u) << 1) | 1u)

struct want_cache {
	uint32_t level;
	enum cs_cache_type type;
	uint64_t size;
	uint32_t line;
};

#define WD(l, s, ln) { l, CS_CACHE_DATA, s, ln }
#define WI(l, s, ln) { l, CS_CACHE_INSTRUCTION, s, ln }
#define WU(l, s, ln) { l, CS_CACHE_UNIFIED, s, ln }

struct arm_case {
	const char *name;
	struct cs_arm_regs regs;
	uint32_t n_want;
	struct want_cache want[8];
	const char *implementer, *part;
};

static const struct arm_case cases[] = {
	/* QEMU 7.2 target/arm/cpu64.c aarch64_a57_initfn: CCSIDR 0x701fe00a
	 * (32 KiB L1D), 0x201fe012 (48 KiB L1I), 0x70ffe07a (2 MiB L2). */
	{ "QEMU cortex-a57",
	  { 0x411fd070, 0x8444c004, 0x0a200023, 0, 3,
	    { { SEL_D(1), 0x701fe00a }, { SEL_I(1), 0x201fe012 },
	      { SEL_D(2), 0x70ffe07a } } },
	  3, { WD(1, 32 * KIB, 64), WI(1, 48 * KIB, 64), WU(2, 2 * MIB, 64) },
	  "Arm", "Cortex-A57" },
	/* QEMU 7.2 aarch64_a72_initfn: same L1, L2 0x707fe07a (1 MiB). */
	{ "QEMU cortex-a72",
	  { 0x410fd083, 0x8444c004, 0x0a200023, 0, 3,
	    { { SEL_D(1), 0x701fe00a }, { SEL_I(1), 0x201fe012 },
	      { SEL_D(2), 0x707fe07a } } },
	  3, { WD(1, 32 * KIB, 64), WI(1, 48 * KIB, 64), WU(2, 1 * MIB, 64) },
	  "Arm", "Cortex-A72" },
	/* QEMU 7.2 -cpu max: aarch64_a57_initfn's caches, MIDR implementer 0
	 * part 'Q'. MMFR2 fields other than CCIDX (0) are approximate. */
	{ "QEMU max",
	  { 0x000f0510, 0x8444c004, 0x0a200023, 0x1221001110011011ull, 3,
	    { { SEL_D(1), 0x701fe00a }, { SEL_I(1), 0x201fe012 },
	      { SEL_D(2), 0x70ffe07a } } },
	  3, { WD(1, 32 * KIB, 64), WI(1, 48 * KIB, 64), WU(2, 2 * MIB, 64) },
	  "Software (QEMU)", "QEMU max" },
	/* Raspberry Pi 4, Cortex-A72 r0p3: the A72 TRM's reset values
	 * (2-way 32 KiB L1D, 3-way 48 KiB L1I, 16-way 1 MiB L2), which QEMU
	 * copies; to be replaced by a capture from a Pi. */
	{ "Raspberry Pi 4 (Cortex-A72 r0p3)",
	  { 0x410fd083, 0x8444c004, 0x0a200023, 0, 3,
	    { { SEL_I(1), 0x201fe012 }, { SEL_D(1), 0x701fe00a },
	      { SEL_D(2), 0x707fe07a } } },
	  3, { WD(1, 32 * KIB, 64), WI(1, 48 * KIB, 64), WU(2, 1 * MIB, 64) },
	  "Arm", "Cortex-A72" },
	/* Neoverse N1 r3p1 with the 1 MiB L2 of Graviton2/Altra: L1 values
	 * 0x701fe01a/0x201fe01a are the N1/A76 TRM's (as in QEMU); the L2
	 * 0x70ffe03a (8-way, 2048 sets) is built from the TRM's geometry. N1
	 * sets CTR_EL0.DIC and IDC. */
	{ "Neoverse N1 (1 MiB L2)",
	  { 0x413fd0c1, 0xb444c004, 0x82000023, 0, 3,
	    { { SEL_D(1), 0x701fe01a }, { SEL_I(1), 0x201fe01a },
	      { SEL_D(2), 0x70ffe03a } } },
	  3, { WD(1, 64 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 1 * MIB, 64) },
	  "Arm", "Neoverse N1" },
	/* Fujitsu A64FX: 256-byte lines; QEMU aarch64_a64fx_initfn values
	 * (CLIDR 0x80000023, L1 4-way 64 KiB, L2 16-way 8 MiB). */
	{ "Fujitsu A64FX",
	  { 0x461f0010, 0x86668006, 0x80000023, 0, 3,
	    { { SEL_D(1), 0x7007e01c }, { SEL_I(1), 0x2007e01c },
	      { SEL_D(2), 0x70ffe07c } } },
	  3, { WD(1, 64 * KIB, 256), WI(1, 64 * KIB, 256),
	       WU(2, 8 * MIB, 256) },
	  "Fujitsu", "A64FX" },
	/* FEAT_CCIDX, built by hand from the Arm ARM's layout (Assoc[23:3],
	 * NumSets[55:32]): 4-way 64 KiB L1s, 8-way 2 MiB L2, a 20-way
	 * 40 MiB L3 whose 32768 sets only fit the 64-bit format. */
	{ "CCIDX=1, three levels (hand-built)",
	  { 0x410fd4f0, 0x9444c004, 0x00000123, CCIDX, 4,
	    { { SEL_D(1), (255ull << 32) | (3u << 3) | 2u },
	      { SEL_I(1), (255ull << 32) | (3u << 3) | 2u },
	      { SEL_D(2), (4095ull << 32) | (7u << 3) | 2u },
	      { SEL_D(3), (32767ull << 32) | (19u << 3) | 2u } } },
	  4, { WD(1, 64 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 2 * MIB, 64),
	       WU(3, 40 * MIB, 64) },
	  "Arm", "Neoverse V2" },
	/* The same registers read without CCIDX: NumSets[27:13] is 0 there,
	 * so each level collapses to one set. The format bit matters. */
	{ "CCIDX registers read as CCIDX=0",
	  { 0x410fd4f0, 0x9444c004, 0x00000123, 0, 4,
	    { { SEL_D(1), (255ull << 32) | (3u << 3) | 2u },
	      { SEL_I(1), (255ull << 32) | (3u << 3) | 2u },
	      { SEL_D(2), (4095ull << 32) | (7u << 3) | 2u },
	      { SEL_D(3), (32767ull << 32) | (19u << 3) | 2u } } },
	  4, { WD(1, 256, 64), WI(1, 256, 64), WU(2, 512, 64),
	       WU(3, 1280, 64) },
	  "Arm", "Neoverse V2" },
	/* Edge cases, hand-built: L1 data-only (Ctype 2), L2 instruction-only
	 * (Ctype 1), L3 unified with no CCSIDR recorded (skipped), then a
	 * Ctype 0 that ends the walk before a stray Ctype at level 5. */
	{ "Ctype 2/1, missing CCSIDR, stop at 0",
	  { 0x51af0ff0, 0x8444c004, 0x0000310a, 0, 3,
	    { { SEL_D(1), 0x700fe01a }, { SEL_I(2), 0x201fe00a },
	      { SEL_D(5), 0x707fe07a } } },
	  2, { WD(1, 32 * KIB, 64), WI(2, 32 * KIB, 64) },
	  "Qualcomm", "unknown" },
};

static const char *type_name(enum cs_cache_type t)
{
	return t == CS_CACHE_DATA ? "data" :
	       t == CS_CACHE_INSTRUCTION ? "instruction" : "unified";
}

static void test_case(const struct arm_case *c)
{
	struct cs_cache got[CS_MAX_CACHES];
	uint32_t n, i, impl, part;

	n = cs_arm_caches(&c->regs, got, CS_MAX_CACHES);
	CHECK(n == c->n_want, "%s: %u caches, want %u", c->name, n, c->n_want);
	for (i = 0; i < n && i < c->n_want; i++)
		CHECK(got[i].level == c->want[i].level &&
			      got[i].type == c->want[i].type &&
			      got[i].size_bytes == c->want[i].size &&
			      got[i].line_bytes == c->want[i].line,
		      "%s: cache %u is L%u %s %llu B line %u, want L%u %s %llu B line %u",
		      c->name, i, got[i].level, type_name(got[i].type),
		      (unsigned long long)got[i].size_bytes, got[i].line_bytes,
		      c->want[i].level, type_name(c->want[i].type),
		      (unsigned long long)c->want[i].size, c->want[i].line);
	impl = cs_arm_midr_implementer(c->regs.midr);
	part = cs_arm_midr_part(c->regs.midr);
	CHECK(strcmp(cs_arm_implementer_name(impl), c->implementer) == 0,
	      "%s: implementer %#x is '%s'", c->name, impl,
	      cs_arm_implementer_name(impl));
	CHECK(strcmp(cs_arm_part_name(impl, part), c->part) == 0,
	      "%s: part %#x is '%s'", c->name, part,
	      cs_arm_part_name(impl, part));
}

static void test_ctr(void)
{
	static const struct {
		const char *name;
		uint64_t ctr;
		struct cs_arm_ctr want;
	} rows[] = {
		/* QEMU a57/a72/max, and the A72 TRM: 64-byte lines, PIPT. */
		{ "0x8444c004", 0x8444c004, { 64, 64, 64, 64, 0, 0, 3 } },
		/* Neoverse N1: DIC and IDC set. */
		{ "0xb444c004", 0xb444c004, { 64, 64, 64, 64, 1, 1, 3 } },
		/* QEMU cortex-a53: VIPT L1I. */
		{ "0x84448004", 0x84448004, { 64, 64, 64, 64, 0, 0, 2 } },
		/* A64FX: 256-byte lines. */
		{ "0x86668006", 0x86668006, { 256, 256, 256, 256, 0, 0, 2 } },
		/* QEMU user mode: 32-byte lines, no CWG/ERG given. */
		{ "0x80038003", 0x80038003, { 32, 32, 0, 0, 0, 0, 2 } },
		/* IDC without DIC (bit 28 only). */
		{ "0x9444c004", 0x9444c004, { 64, 64, 64, 64, 0, 1, 3 } },
	};
	size_t i;
	struct cs_arm_ctr got;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct cs_arm_ctr *w = &rows[i].want;

		cs_arm_ctr_decode(rows[i].ctr, &got);
		CHECK(got.imin_line_bytes == w->imin_line_bytes &&
			      got.dmin_line_bytes == w->dmin_line_bytes,
		      "CTR %s: I %u D %u", rows[i].name, got.imin_line_bytes,
		      got.dmin_line_bytes);
		CHECK(got.cwg_bytes == w->cwg_bytes && got.erg_bytes == w->erg_bytes,
		      "CTR %s: CWG %u ERG %u", rows[i].name, got.cwg_bytes,
		      got.erg_bytes);
		CHECK(got.dic == w->dic && got.idc == w->idc,
		      "CTR %s: DIC %d IDC %d", rows[i].name, got.dic, got.idc);
		CHECK(got.l1ip == w->l1ip, "CTR %s: L1Ip %u", rows[i].name,
		      got.l1ip);
	}
}

static void test_names(void)
{
	static const struct {
		uint32_t impl, part;
		const char *impl_name, *part_name;
	} rows[] = {
		{ 0x41, 0xd03, "Arm", "Cortex-A53" },
		{ 0x41, 0xd0c, "Arm", "Neoverse N1" },
		{ 0x41, 0xd40, "Arm", "Neoverse V1" },
		{ 0x41, 0xd49, "Arm", "Neoverse N2" },
		{ 0x41, 0xd44, "Arm", "Cortex-X1" },
		{ 0x61, 0x023, "Apple", "M1 Firestorm" },
		{ 0x51, 0xc00, "Qualcomm", "Falkor" },
		{ 0xc0, 0xac3, "Ampere", "Ampere-1" },
		{ 0x48, 0xd01, "HiSilicon", "TSV110" },
		{ 0x41, 0xfff, "Arm", "unknown" },
		{ 0x99, 0xd03, "unknown", "unknown" },
		/* The part table keys on both: ARM's 0xd01 is not HiSilicon's. */
		{ 0x41, 0xd01, "Arm", "unknown" },
	};
	size_t i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		CHECK(strcmp(cs_arm_implementer_name(rows[i].impl),
			     rows[i].impl_name) == 0,
		      "implementer %#x: '%s'", rows[i].impl,
		      cs_arm_implementer_name(rows[i].impl));
		CHECK(strcmp(cs_arm_part_name(rows[i].impl, rows[i].part),
			     rows[i].part_name) == 0,
		      "part %#x/%#x: '%s'", rows[i].impl, rows[i].part,
		      cs_arm_part_name(rows[i].impl, rows[i].part));
	}
	CHECK(cs_arm_midr_implementer(0x413fd0c1) == 0x41 &&
		      cs_arm_midr_variant(0x413fd0c1) == 3 &&
		      cs_arm_midr_part(0x413fd0c1) == 0xd0c &&
		      cs_arm_midr_revision(0x413fd0c1) == 1,
	      "MIDR fields of 0x413fd0c1");
	CHECK(cs_arm_csselr(1, 0) == 0 && cs_arm_csselr(1, 1) == 1 &&
		      cs_arm_csselr(3, 0) == 4,
	      "CSSELR encoding");
}

/* Fewer slots than caches: the first ones, no overrun. */
static void test_truncation(void)
{
	struct cs_cache got[3];
	uint32_t n;

	got[2].level = 99;
	n = cs_arm_caches(&cases[0].regs, got, 2);
	CHECK(n == 2 && got[0].type == CS_CACHE_DATA &&
		      got[1].type == CS_CACHE_INSTRUCTION && got[2].level == 99,
	      "truncated to 2: n %u", n);
}

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		test_case(&cases[i]);
	test_ctr();
	test_names();
	test_truncation();
	return cs_test_summary("armcache");
}
