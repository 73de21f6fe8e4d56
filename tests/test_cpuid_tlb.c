/* test_cpuid_tlb: the published-TLB decoders (decode/cpuid_tlb.c) against
 * recorded register values. Each dump holds the leaves the decoders read;
 * where it came from is written above it, and each row of 'cases' says
 * which source must win and every TLB it must give, in order (page size,
 * level, type). */
#include <string.h>
#include "check.h"
#include "../decode/cpuid.h"

CS_TEST_MAIN_DEFS;

struct reg_row {
	uint32_t leaf, sub, eax, ebx, ecx, edx;
};

#define ROWS(a) (a), (uint32_t)(sizeof(a) / sizeof((a)[0]))
#define K4 4096ull
#define M2 (2ull << 20)
#define M4 (4ull << 20)
#define G1 (1ull << 30)

/* This machine (AMD EPYC "Genoa", family 0x19 model 0x11, under KVM), read
 * with the cpuid instruction on 2026-12-01: 0x80000005 L1 TLBs of 72 data
 * and 64 instruction entries, fully associative, for 4 KiB and 2 MiB pages;
 * 0x80000006 L2 TLBs of 3072 data (8-way for 4 KiB, 6-way for 2 MiB) and
 * 512 instruction entries; 0x80000019 all zero (KVM publishes no 1 GiB
 * TLB); leaf 0x18 all zero. */
static const struct reg_row epyc_kvm_host[] = {
	{ 0x00000000, 0, 0x0000001c, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00a10f11, 0x01020800, 0xfffa3203, 0x178bfbff },
	{ 0x00000002, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000018, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000021, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000005, 0, 0xff48ff40, 0xff48ff40, 0x20080140, 0x20080140 },
	{ 0x80000006, 0, 0x5c002200, 0x6c004200, 0x04006140, 0x0a009140 },
	{ 0x80000019, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
};

/* Kaby Lake Pentium G4600 (06_9E): leaf 2 as in test_cpuid.c (InstLatx64
 * via google/EXEgesis). Bytes 0x63 (DTLB 2M/4M 32 4-way, and 1G 4 4-way),
 * 0x03 (DTLB 4K 64 4-way), 0x76 (ITLB 2M/4M 8 fully), 0xB5 (ITLB 4K 64
 * 8-way), 0xC3 (STLB 4K/2M 1536 6-way, and 1G 16 4-way). */
static const struct reg_row kabylake_g4600[] = {
	{ 0x00000000, 0, 0x00000016, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000906e9, 0x00100800, 0x4ffaebbf, 0xbfebfbff },
	{ 0x00000002, 0, 0x76036301, 0x00f0b5ff, 0x00000000, 0x00c30000 },
};

/* Intel Xeon w9-3475X (Sapphire Rapids, 06_8F stepping 8): leaf 2 says
 * 0xFE (see leaf 0x18), and leaf 0x18's nine subleaves as bochs
 * cpu/cpudb/intel/sapphire_rapids.cc records them: ITLB 4K 256 8-way,
 * ITLB 2M/4M 32 8-way, a store-only TLB (left out), load-only DTLB 4K 64
 * 4-way, 2M/4M 32 4-way, 1G 8 fully, and two second-level arrays of 1024,
 * 8-way (4K/2M/4M, and 4K/1G). */
static const struct reg_row sapphire_rapids[] = {
	{ 0x00000000, 0, 0x00000020, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000806f8, 0x00100800, 0x7ffefbff, 0xbfebfbff },
	{ 0x00000002, 0, 0x00feff01, 0x000000f0, 0x00000000, 0x00000000 },
	{ 0x00000018, 0, 0x00000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000018, 1, 0x00000000, 0x00080001, 0x00000020, 0x00004022 },
	{ 0x00000018, 2, 0x00000000, 0x00080006, 0x00000004, 0x00004022 },
	{ 0x00000018, 3, 0x00000000, 0x0010000f, 0x00000001, 0x00004125 },
	{ 0x00000018, 4, 0x00000000, 0x00040001, 0x00000010, 0x00004024 },
	{ 0x00000018, 5, 0x00000000, 0x00040006, 0x00000008, 0x00004024 },
	{ 0x00000018, 6, 0x00000000, 0x00080008, 0x00000001, 0x00004124 },
	{ 0x00000018, 7, 0x00000000, 0x00080007, 0x00000080, 0x00004043 },
	{ 0x00000018, 8, 0x00000000, 0x00080009, 0x00000080, 0x00004043 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x08007040, 0x00000000 },
};

/* Nehalem-EP (06_1A): leaf 2 as in test_cpuid.c. 0x5A (DTLB0 2M/4M 32
 * 4-way), 0x03, 0x55 (ITLB 2M/4M 7 fully), 0xB2 (ITLB 4K 64 4-way), 0xCA
 * (STLB 4K 512 4-way); 0xE4, 0x09, 0x21, 0x2C are caches. */
static const struct reg_row nehalem_ep[] = {
	{ 0x00000000, 0, 0x0000000b, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000106a2, 0x00100800, 0x00bce3bd, 0xbfebfbff },
	{ 0x00000002, 0, 0x55035a01, 0x00f0b2e4, 0x00000000, 0x09ca212c },
};

/* Pentium 4, the SDM's worked example (as in test_cpuid.c): 0x50 (ITLB
 * 4K and 2M/4M, 64 entries, ways not given), 0x5B (DTLB 4K and 4M, 64). */
static const struct reg_row pentium4[] = {
	{ 0x00000000, 0, 0x00000002, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x00000f0a, 0x00010808, 0x00000000, 0x3febfbff },
	{ 0x00000002, 0, 0x665b5001, 0x00000000, 0x00000000, 0x007a7000 },
};

/* QEMU 7.2's default model (qemu64), its legacy leaves as target/i386/cpu.c
 * encodes them (test_cpuid.c): L1 TLBs of 255 entries, direct mapped, for
 * 4 KiB and 2 MiB pages; an L2 TLB of 512 4-way for 4 KiB pages only. */
static const struct reg_row qemu_default[] = {
	{ 0x00000000, 0, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00060fb1, 0x00000800, 0x80002001, 0x078bfbfd },
	{ 0x80000000, 0, 0x8000000a, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000005, 0, 0x01ff01ff, 0x01ff01ff, 0x40020140, 0x40020140 },
	{ 0x80000006, 0, 0x00000000, 0x42004200, 0x02008140, 0x00808140 },
};

/* AMD's 1 GiB leaf, built from the APM's layout (vol. 3, 0x80000019: EAX
 * the L1 TLBs, EBX the L2, data [31:28] ways encoded and [27:16] entries,
 * instruction [15:12] and [11:0]): an L1 data TLB of 64 fully associative,
 * an L1 instruction TLB of 64 fully, an L2 data TLB of 2048 8-way, and an
 * L2 instruction field disabled (ways 0). Values chosen to exercise the
 * fields, not a recorded part. */
static const struct reg_row amd_1g[] = {
	{ 0x00000000, 0, 0x00000010, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000000, 0, 0x80000020, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000019, 0, 0xf040f040, 0x68000000, 0x00000000, 0x00000000 },
};

struct want {
	uint64_t page;
	uint32_t level;
	enum cs_cache_type type;
	uint32_t entries, ways;
};

#define D_ CS_CACHE_DATA
#define I_ CS_CACHE_INSTRUCTION
#define U_ CS_CACHE_UNIFIED

struct tlb_case {
	const char *name;
	const struct reg_row *regs;
	uint32_t n_regs;
	const char *source;
	uint32_t n_want;
	struct want want[16];
};

static const struct tlb_case cases[] = {
	{ "this host: EPYC Genoa under KVM", ROWS(epyc_kvm_host), "cpuid-80000005", 8,
	  { { K4, 1, D_, 72, 72 }, { K4, 1, I_, 64, 64 }, { K4, 2, D_, 3072, 8 },
	    { K4, 2, I_, 512, 4 }, { M2, 1, D_, 72, 72 }, { M2, 1, I_, 64, 64 },
	    { M2, 2, D_, 3072, 6 }, { M2, 2, I_, 512, 2 } } },
	{ "Kaby Lake Pentium G4600", ROWS(kabylake_g4600), "cpuid-leaf2", 8,
	  { { K4, 1, D_, 64, 4 }, { K4, 1, I_, 64, 8 }, { K4, 2, U_, 1536, 6 },
	    { M2, 1, D_, 32, 4 }, { M2, 1, I_, 8, 8 }, { M2, 2, U_, 1536, 6 },
	    { G1, 1, D_, 4, 4 }, { G1, 2, U_, 16, 4 } } },
	{ "Sapphire Rapids w9-3475X", ROWS(sapphire_rapids), "cpuid-leaf18", 12,
	  { { K4, 1, D_, 64, 4 }, { K4, 1, I_, 256, 8 }, { K4, 2, U_, 1024, 8 },
	    { K4, 2, U_, 1024, 8 }, { M2, 1, D_, 32, 4 }, { M2, 1, I_, 32, 8 },
	    { M2, 2, U_, 1024, 8 }, { M4, 1, D_, 32, 4 }, { M4, 1, I_, 32, 8 },
	    { M4, 2, U_, 1024, 8 }, { G1, 1, D_, 8, 8 }, { G1, 2, U_, 1024, 8 } } },
	{ "Nehalem-EP", ROWS(nehalem_ep), "cpuid-leaf2", 5,
	  { { K4, 1, D_, 64, 4 }, { K4, 1, I_, 64, 4 }, { K4, 2, U_, 512, 4 },
	    { M2, 1, D_, 32, 4 }, { M2, 1, I_, 7, 7 } } },
	{ "Pentium 4 (SDM example)", ROWS(pentium4), "cpuid-leaf2", 4,
	  { { K4, 1, D_, 64, 0 }, { K4, 1, I_, 64, 0 }, { M2, 1, I_, 64, 0 },
	    { M4, 1, D_, 64, 0 } } },
	{ "QEMU default (qemu64)", ROWS(qemu_default), "cpuid-80000005", 6,
	  { { K4, 1, D_, 255, 1 }, { K4, 1, I_, 255, 1 }, { K4, 2, D_, 512, 4 },
	    { K4, 2, I_, 512, 4 }, { M2, 1, D_, 255, 1 }, { M2, 1, I_, 255, 1 } } },
	{ "AMD 1 GiB leaf (APM layout)", ROWS(amd_1g), "cpuid-80000005", 3,
	  { { G1, 1, D_, 64, 64 }, { G1, 1, I_, 64, 64 }, { G1, 2, D_, 2048, 8 } } },
};

static void load(const struct tlb_case *c, struct cs_cpuid_dump *d)
{
	d->n = 0;
	for (uint32_t i = 0; i < c->n_regs; i++)
		cs_cpuid_add(d, c->regs[i].leaf, c->regs[i].sub, c->regs[i].eax,
			     c->regs[i].ebx, c->regs[i].ecx, c->regs[i].edx);
}

static void test_case(const struct tlb_case *c)
{
	struct cs_cpuid_dump d;
	struct cs_tlb got[CS_MAX_TLBS];
	const char *src = NULL;
	uint32_t n;

	load(c, &d);
	n = cs_cpuid_tlbs(&d, got, CS_MAX_TLBS, &src);
	CHECK(src && strcmp(src, c->source) == 0, "%s: source %s, want %s", c->name,
	      src ? src : "(null)", c->source);
	CHECK(n == c->n_want, "%s: %u TLBs, want %u", c->name, n, c->n_want);
	for (uint32_t i = 0; i < n && i < c->n_want; i++) {
		const struct want *w = &c->want[i];
		CHECK(got[i].page_bytes == w->page && got[i].level == w->level &&
			      got[i].type == w->type && got[i].entries == w->entries &&
			      got[i].ways == w->ways,
		      "%s: TLB %u is %llu B L%u type %d %u entries %u ways, want %llu B L%u type %d %u %u",
		      c->name, i, (unsigned long long)got[i].page_bytes, got[i].level,
		      (int)got[i].type, got[i].entries, got[i].ways,
		      (unsigned long long)w->page, w->level, (int)w->type, w->entries, w->ways);
	}
}

/* Every source alone, where a dump has more than one. */
static void test_sources(void)
{
	struct cs_cpuid_dump d;
	struct cs_tlb got[CS_MAX_TLBS];

	load(&cases[2], &d); /* Sapphire Rapids: leaf 2 says only 0xFE */
	CHECK(cs_cpuid_tlbs_from(&d, CS_CPUID_TLB_LEAF2, got, CS_MAX_TLBS) == 0,
	      "0xFE and 0xFF name no TLB");
	CHECK(cs_cpuid_tlbs_from(&d, CS_CPUID_TLB_AMD, got, CS_MAX_TLBS) == 0,
	      "Intel's 0x80000006 names no TLB");
	load(&cases[0], &d); /* this host: leaf 0x18 is all zero */
	CHECK(cs_cpuid_tlbs_from(&d, CS_CPUID_TLB_LEAF18, got, CS_MAX_TLBS) == 0,
	      "a zero leaf 0x18 names no TLB");
	d.n = 0;
	const char *src = "x";
	CHECK(cs_cpuid_tlbs(&d, got, CS_MAX_TLBS, &src) == 0 && strcmp(src, "") == 0,
	      "an empty dump: no TLB, no source");
	CHECK(strcmp(cs_cpuid_tlb_source_name(CS_CPUID_TLB_LEAF18), "cpuid-leaf18") == 0 &&
		      strcmp(cs_cpuid_tlb_source_name(CS_CPUID_TLB_AMD), "cpuid-80000005") == 0 &&
		      strcmp(cs_cpuid_tlb_source_name(CS_CPUID_TLB_LEAF2), "cpuid-leaf2") == 0,
	      "source names");
}

/* This machine since 2026-12-01 (a KVM guest: "Intel(R) Xeon(R)
 * Processor", family 6 model 0xA7, leaf 4: 48 KiB L1d, 2 MiB L2, 105 MiB
 * L3): leaf 2 says 0xFF and 0xFE (see leaves 4 and 0x18), leaf 0x18 is all
 * zero, 0x80000006 gives the L2 only in ECX. No TLB, and the reason says
 * leaf 2 pointed at an empty leaf 0x18. */
static const struct reg_row xeon_kvm_host[] = {
	{ 0x00000000, 0, 0x00000020, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000a0678, 0x01020800, 0xfffa3203, 0x1f8bfbff },
	{ 0x00000002, 0, 0x00feff01, 0x000000f0, 0x00000000, 0x00000000 },
	{ 0x00000018, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000005, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x08007040, 0x00000000 },
};

static void test_why(void)
{
	static const struct tlb_case xeon = { "Xeon under KVM", ROWS(xeon_kvm_host), "", 0, { { 0 } } };
	struct cs_cpuid_dump d;
	struct cs_tlb got[CS_MAX_TLBS];
	const char *src = "x";
	char why[256];

	load(&xeon, &d);
	CHECK(cs_cpuid_tlbs(&d, got, CS_MAX_TLBS, &src) == 0 && strcmp(src, "") == 0,
	      "this Xeon guest publishes no TLB");
	cs_cpuid_tlbs_why(&d, why, sizeof why);
	CHECK(strstr(why, "leaf 2 defers to leaf 0x18 (descriptor 0xFE)") && strstr(why, "0x18 names none"),
	      "the reason names leaf 2's deferral: %s", why);
	load(&cases[0], &d); /* leaf 2 all zero */
	cs_cpuid_tlbs_why(&d, why, sizeof why);
	CHECK(strstr(why, "leaf 2 are empty") && !strstr(why, "0xFE"), "no 0xFE: %s", why);
	cs_cpuid_tlbs_why(&d, why, 20);
	CHECK(strlen(why) < 20, "cut to its room: %s", why);
}

/* Fewer slots than TLBs: the first ones, in order, and nothing past them. */
static void test_truncation(void)
{
	struct cs_cpuid_dump d;
	struct cs_tlb got[4];
	uint32_t n;

	load(&cases[1], &d);
	got[3].entries = 99;
	n = cs_cpuid_tlbs(&d, got, 3, NULL);
	CHECK(n == 3 && got[0].entries == 64 && got[2].entries == 1536 && got[3].entries == 99,
	      "truncated to 3: n %u", n);
}

/* The leaf 2 table by itself: bytes naming two arrays, 4 MiB-only arrays,
 * and bytes that name caches or nothing. */
static void test_leaf2_bytes(void)
{
	struct cs_tlb t[3];

	CHECK(cs_cpuid_leaf2_tlb(0xc3, t, 3) == 3 && t[0].page_bytes == K4 &&
		      t[1].page_bytes == M2 && t[2].page_bytes == G1 && t[2].entries == 16 &&
		      t[0].level == 2 && t[0].type == CS_CACHE_UNIFIED,
	      "0xC3: STLB 4K/2M 1536 and 1G 16");
	CHECK(cs_cpuid_leaf2_tlb(0xb1, t, 3) == 2 && t[0].page_bytes == M2 &&
		      t[0].entries == 8 && t[1].page_bytes == M4 && t[1].entries == 4,
	      "0xB1: ITLB 2M 8 or 4M 4");
	CHECK(cs_cpuid_leaf2_tlb(0x04, t, 3) == 1 && t[0].page_bytes == M4 && t[0].entries == 8,
	      "0x04: DTLB 4M only");
	CHECK(cs_cpuid_leaf2_tlb(0xb4, t, 3) == 1 && t[0].level == 2 && t[0].type == CS_CACHE_DATA,
	      "0xB4: DTLB1 is level 2");
	CHECK(cs_cpuid_leaf2_tlb(0x59, t, 3) == 1 && t[0].ways == 16,
	      "0x59: fully associative, ways = entries");
	CHECK(cs_cpuid_leaf2_tlb(0x2c, t, 3) == 0 && cs_cpuid_leaf2_tlb(0xff, t, 3) == 0 &&
		      cs_cpuid_leaf2_tlb(0xfe, t, 3) == 0 && cs_cpuid_leaf2_tlb(0x00, t, 3) == 0,
	      "caches, 0xFE, 0xFF and null name no TLB");
	CHECK(cs_cpuid_leaf2_tlb(0xc3, t, 1) == 1, "0xC3 into one slot: one");
}

/* 0x80000006's associativity codes (APM vol. 3): each code's ways. */
static void test_amd_ways(void)
{
	static const uint32_t want[16] = { 0, 1, 2, 3, 4, 6, 8, 0, 16, 0, 32, 48, 64, 96, 128, 100 };
	struct cs_cpuid_dump d;
	struct cs_tlb got[4];

	for (uint32_t code = 1; code < 16; code++) {
		d.n = 0;
		cs_cpuid_add(&d, 0x80000006u, 0, 0, (code << 28) | (100u << 16), 0, 0);
		uint32_t n = cs_cpuid_tlbs_from(&d, CS_CPUID_TLB_AMD, got, 4);
		CHECK(n == 1 && got[0].entries == 100 && got[0].ways == want[code] &&
			      got[0].level == 2 && got[0].page_bytes == K4,
		      "code %u: n %u ways %u, want %u", code, n, n ? got[0].ways : 0, want[code]);
	}
	d.n = 0;
	cs_cpuid_add(&d, 0x80000006u, 0, 0, 100u << 16, 0, 0);
	CHECK(cs_cpuid_tlbs_from(&d, CS_CPUID_TLB_AMD, got, 4) == 0,
	      "code 0: the TLB is disabled, not listed");
}

/* cs_cpuid_collect reads leaf 0x18 up to subleaf 0's EAX and 0x80000019:
 * a CPU that answers from a dump gives the same TLBs collected. */
static void fake_cpuid(uint32_t leaf, uint32_t subleaf, struct cs_cpuid_regs *out, void *ctx)
{
	const struct cs_cpuid_regs *r = cs_cpuid_find(ctx, leaf, leaf == 0x18 ? subleaf : 0);
	if (r)
		*out = *r;
	else
		out->eax = out->ebx = out->ecx = out->edx = 0;
}

static void test_collect(void)
{
	static const size_t pick[] = { 0, 2 }; /* AMD leaves; leaf 0x18 */
	for (size_t k = 0; k < 2; k++) {
		const struct tlb_case *c = &cases[pick[k]];
		struct cs_cpuid_dump rec, got;
		struct cs_tlb a[CS_MAX_TLBS], b[CS_MAX_TLBS];
		load(c, &rec);
		cs_cpuid_collect(fake_cpuid, &rec, &got);
		uint32_t na = cs_cpuid_tlbs(&rec, a, CS_MAX_TLBS, NULL);
		uint32_t nb = cs_cpuid_tlbs(&got, b, CS_MAX_TLBS, NULL);
		CHECK(na == nb && memcmp(a, b, na * sizeof a[0]) == 0,
		      "%s: collected %u TLBs, recorded %u", c->name, nb, na);
	}
}

int main(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		test_case(&cases[i]);
	test_sources();
	test_why();
	test_truncation();
	test_leaf2_bytes();
	test_amd_ways();
	test_collect();
	return cs_test_summary("cpuid_tlb");
}
