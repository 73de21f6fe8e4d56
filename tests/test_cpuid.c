/* test_cpuid: the CPUID decoders against recorded register dumps.
 * One static array per dump plus one row in 'cases' adds a processor: the
 * row says which source must win, the caches it must give, and what the
 * identification must read. Where a dump came from is written above it. */
#include <string.h>
#include "check.h"
#include "../decode/cpuid.h"

CS_TEST_MAIN_DEFS;

struct reg_row {
	uint32_t leaf, sub, eax, ebx, ecx, edx;
};

#define KIB 1024ull
#define MIB (1024ull * 1024ull)
#define ROWS(a) (a), (uint32_t)(sizeof(a) / sizeof((a)[0]))

/* ---- Recorded dumps ---- */

/* This machine (AMD EPYC "Genoa" family 0x19 model 0x11 under KVM), read
 * with the cpuid instruction on 2026-11-30. The legacy leaf's L3 field is
 * 0x280 x 512 KiB = 320 MiB (the host's, summed over its CCDs, it seems),
 * 0x8000001D says 32 MiB per L3: kept as recorded. */
static const struct reg_row epyc_kvm_host[] = {
	{ 0x00000000, 0, 0x0000001c, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00a10f11, 0x01020800, 0xfffa3203, 0x178bfbff },
	{ 0x00000002, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000004, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000006, 0, 0x00000004, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000007, 0, 0x00000001, 0xf1bf07ab, 0x00405fc6, 0x00000010 },
	{ 0x40000000, 0, 0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d },
	{ 0x80000000, 0, 0x80000021, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000001, 0, 0x00a10f11, 0x40000000, 0x004003f3, 0x2fd3fbff },
	{ 0x80000002, 0, 0x20444d41, 0x43595045, 0x00000000, 0x00000000 },
	{ 0x80000003, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000004, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000005, 0, 0xff48ff40, 0xff48ff40, 0x20080140, 0x20080140 },
	{ 0x80000006, 0, 0x5c002200, 0x6c004200, 0x04006140, 0x0a009140 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
	{ 0x80000008, 0, 0x00303030, 0x50020005, 0x00007001, 0x00000000 },
	{ 0x8000001d, 0, 0x00000121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 1, 0x00000122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 2, 0x00000143, 0x01c0003f, 0x000007ff, 0x00000002 },
	{ 0x8000001d, 3, 0x00004163, 0x03c0003f, 0x00007fff, 0x00000001 },
	{ 0x8000001d, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
};

/* Intel client: Pentium G4600 (Kaby Lake desktop, 06_9E stepping 9), an
 * InstLatx64-format dump quoted in google/EXEgesis cpuid_dump_test.cc.
 * The dump has no 0x80000004, so no brand can be read. */
static const struct reg_row kabylake_g4600[] = {
	{ 0x00000000, 0, 0x00000016, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000906e9, 0x00100800, 0x4ffaebbf, 0xbfebfbff },
	{ 0x00000002, 0, 0x76036301, 0x00f0b5ff, 0x00000000, 0x00c30000 },
	{ 0x00000004, 0, 0x1c004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0x1c004122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 2, 0x1c004143, 0x00c0003f, 0x000003ff, 0x00000000 },
	{ 0x00000004, 3, 0x1c03c163, 0x02c0003f, 0x00000fff, 0x00000006 },
	{ 0x00000004, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000121, 0x2c100000 },
	{ 0x80000002, 0, 0x65746e49, 0x2952286c, 0x6e655020, 0x6d756974 },
	{ 0x80000003, 0, 0x20295228, 0x20555043, 0x30363447, 0x20402030 },
	{ 0x80000008, 0, 0x00003027, 0x00000000, 0x00000000, 0x00000000 },
};

/* Intel client: Core i7-4770 (Haswell desktop, 06_3C stepping 3). Leaves
 * 2, 4, 0x80000006/7 from bochs cpu/cpudb/intel/corei7_haswell_4770.cc;
 * leaf 1 EAX is the part's signature 0x306C3; brand from the same file. */
static const struct reg_row haswell_4770[] = {
	{ 0x00000000, 0, 0x0000000d, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000306c3, 0x00100800, 0x7ffafbff, 0xbfebfbff },
	{ 0x00000004, 0, 0x1c004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0x1c004122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 2, 0x1c004143, 0x01c0003f, 0x000001ff, 0x00000000 },
	{ 0x00000004, 3, 0x1c03c163, 0x03c0003f, 0x00001fff, 0x00000006 },
	{ 0x00000004, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000021, 0x2c100800 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x01006040, 0x00000000 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
};

/* Intel server core: Core i7-7800X, the Skylake-SP die (06_55 stepping 4),
 * from bochs cpu/cpudb/intel/corei7_skylake-x.cc: L2 1 MiB 16-way, L3
 * 11-way x 12288 sets = 8.25 MiB. */
static const struct reg_row skylake_sp_7800x[] = {
	{ 0x00000000, 0, 0x00000016, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x00050654, 0x00100800, 0x7ffefbff, 0xbfebfbff },
	{ 0x00000002, 0, 0x76036301, 0x00f0b5ff, 0x00000000, 0x00c30000 },
	{ 0x00000004, 0, 0x1c004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0x1c004122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 2, 0x1c004143, 0x03c0003f, 0x000003ff, 0x00000000 },
	{ 0x00000004, 3, 0x1c03c163, 0x0280003f, 0x00002fff, 0x00000004 },
	{ 0x00000004, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000121, 0x2c100800 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x01006040, 0x00000000 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
};

/* Intel Nehalem-EP (06_1A stepping 2): InstLatx64
 * GenuineIntel00106A2_Nehalem-EP_CPUID.txt as quoted in felix86
 * src/felix86/hle/cpuid.cpp. Leaf 2 and leaf 4 agree here (both L3 8 MiB). */
static const struct reg_row nehalem_ep[] = {
	{ 0x00000000, 0, 0x0000000b, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000106a2, 0x00100800, 0x00bce3bd, 0xbfebfbff },
	{ 0x00000002, 0, 0x55035a01, 0x00f0b2e4, 0x00000000, 0x09ca212c },
	{ 0x00000004, 0, 0x1c004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0x1c004122, 0x00c0003f, 0x0000007f, 0x00000000 },
	{ 0x00000004, 2, 0x1c004143, 0x01c0003f, 0x000001ff, 0x00000000 },
	{ 0x00000004, 3, 0x1c03c163, 0x03c0003f, 0x00001fff, 0x00000002 },
	{ 0x00000004, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
};

/* Intel Atom/Celeron J1900 (Silvermont, 06_37 stepping 3), no L3: InstLatx64
 * GenuineIntel0030673_Silvermont3_CPUID.txt via google/cpu_features
 * test/cpuinfo_x86_test.cc. Its brand has leading spaces. */
static const struct reg_row silvermont_j1900[] = {
	{ 0x00000000, 0, 0x0000000b, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x00030673, 0x00100800, 0x41d8e3bf, 0xbfebfbff },
	{ 0x00000002, 0, 0x61b3a001, 0x0000ffc2, 0x00000000, 0x00000000 },
	{ 0x00000004, 0, 0x1c000121, 0x0140003f, 0x0000003f, 0x00000001 },
	{ 0x00000004, 1, 0x1c000122, 0x01c0003f, 0x0000003f, 0x00000001 },
	{ 0x00000004, 2, 0x1c00c143, 0x03c0003f, 0x000003ff, 0x00000001 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000101, 0x28100000 },
	{ 0x80000002, 0, 0x20202020, 0x6e492020, 0x286c6574, 0x43202952 },
	{ 0x80000003, 0, 0x72656c65, 0x52286e6f, 0x50432029, 0x4a202055 },
	{ 0x80000004, 0, 0x30303931, 0x20402020, 0x39392e31, 0x007a4847 },
	{ 0x80000005, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x04008040, 0x00000000 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
	{ 0x80000008, 0, 0x00003024, 0x00000000, 0x00000000, 0x00000000 },
};

/* Old Intel, leaf 2 only: Pentium III (06_07 stepping 3), from
 * google/EXEgesis cpuid_dump_test.cc. Descriptors 0x43 (L2 512 KiB, 32 B),
 * 0x08 (L1I 16 KiB), 0x0C (L1D 16 KiB); 0x01-0x04 are TLBs. */
static const struct reg_row pentium3[] = {
	{ 0x00000000, 0, 0x00000003, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x00000673, 0x00000000, 0x00000000, 0x0387f9ff },
	{ 0x00000002, 0, 0x03020101, 0x00000000, 0x00000000, 0x0c040843 },
	{ 0x00000003, 0, 0x00000000, 0x00000000, 0x8ef18aee, 0x0000d043 },
};

/* Old Intel, leaf 2 only: Pentium 4 (0F_00 stepping 0xA), the worked
 * example of the Intel SDM's CPUID section, as in google/cpu_features
 * (P4_CacheInfo). 0x66 L1D 8 KiB, 0x7A L2 256 KiB; 0x70 is the trace cache
 * and 0x50/0x5B are TLBs, none of them reported. */
static const struct reg_row pentium4[] = {
	{ 0x00000000, 0, 0x00000002, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x00000f0a, 0x00010808, 0x00000000, 0x3febfbff },
	{ 0x00000002, 0, 0x665b5001, 0x00000000, 0x00000000, 0x007a7000 },
};

/* AMD Zen 3: Ryzen 9 5900X (19_21 stepping 0). Leaves 0, 1, 7, 0x80000000-4
 * are InstLatx64 AuthenticAMD0A20F10_K19_Vermeer2_CPUID.txt as quoted in
 * google/cpu_features; 0x8000001D are Zen 3's published values (L3 EAX
 * 0x0003C163 is what qemu-devel quotes from a real EPYC 7713). */
static const struct reg_row zen3_5900x[] = {
	{ 0x00000000, 0, 0x00000010, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00a20f10, 0x01180800, 0x7ed8320b, 0x178bfbff },
	{ 0x00000007, 0, 0x00000000, 0x219c97a9, 0x0040068c, 0x00000000 },
	{ 0x80000000, 0, 0x80000023, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000001, 0, 0x00a20f10, 0x20000000, 0x75c237ff, 0x2fd3fbff },
	{ 0x80000002, 0, 0x20444d41, 0x657a7952, 0x2039206e, 0x30303935 },
	{ 0x80000003, 0, 0x32312058, 0x726f432d, 0x72502065, 0x7365636f },
	{ 0x80000004, 0, 0x20726f73, 0x20202020, 0x20202020, 0x00202020 },
	{ 0x8000001d, 0, 0x00004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 1, 0x00004122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 2, 0x00004143, 0x01c0003f, 0x000003ff, 0x00000002 },
	{ 0x8000001d, 3, 0x0003c163, 0x03c0003f, 0x00007fff, 0x00000001 },
	{ 0x8000001d, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
};

/* Hygon Dhyana (Zen 1, 18_00 stepping 2): InstLatx64
 * HygonGenuine0900F02_Hygon_CPUID.txt via google/cpu_features. */
static const struct reg_row hygon_dhyana[] = {
	{ 0x00000000, 0, 0x0000000d, 0x6f677948, 0x656e6975, 0x6e65476e },
	{ 0x00000001, 0, 0x00900f02, 0x00100800, 0x74d83209, 0x178bfbff },
	{ 0x80000000, 0, 0x8000001f, 0x6f677948, 0x656e6975, 0x6e65476e },
	{ 0x80000001, 0, 0x00900f02, 0x60000000, 0x35c233ff, 0x2fd3fbff },
	{ 0x8000001d, 0, 0x00004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 1, 0x00004122, 0x00c0003f, 0x000000ff, 0x00000000 },
	{ 0x8000001d, 2, 0x00004143, 0x01c0003f, 0x000003ff, 0x00000002 },
	{ 0x8000001d, 3, 0x0001c163, 0x03c0003f, 0x00001fff, 0x00000001 },
};

/* AMD Piledriver Opteron 6376 (15_02): InstLatx64
 * AuthenticAMD0600F20_K15_AbuDhabi_CPUID0.txt via google/cpu_features; a
 * 48-way L3 of 6 MiB. No type-0 terminator was recorded. */
static const struct reg_row piledriver_6376[] = {
	{ 0x00000000, 0, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00600f20, 0x00100800, 0x3e98320b, 0x178bfbff },
	{ 0x80000000, 0, 0x8000001e, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000001, 0, 0x00600f20, 0x30000000, 0x01ebbfff, 0x2fd3fbff },
	{ 0x8000001d, 0, 0x00000121, 0x00c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 1, 0x00004122, 0x0040003f, 0x000001ff, 0x00000000 },
	{ 0x8000001d, 2, 0x00004143, 0x03c0003f, 0x000007ff, 0x00000001 },
	{ 0x8000001d, 3, 0x0001c163, 0x0bc0003f, 0x000007ff, 0x00000001 },
};

/* ---- QEMU 7.2 TCG models, rebuilt from target/i386/cpu.c ----
 * Encoded with QEMU's own rules (encode_cache_cpuid4/8000001d/80000005/6,
 * one vCPU, l3-cache on) from its legacy_* and epyc_cache_info tables.
 * Feature words other than the bits the decoders read are approximate.
 * Replace each with a dump captured from the firmware when one exists. */

/* Default model (qemu64) and TCG 'max': AMD, leaf 4 all zero (vendor-only
 * CPUID), no TOPOEXT, legacy leaves L1D/L1I 64 KiB 2-way, L2 512 KiB,
 * L3 16 MiB; hypervisor signature TCGTCGTCGTCG; invariant TSC clear. */
static const struct reg_row qemu_default[] = {
	{ 0x00000000, 0, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00060fb1, 0x00000800, 0x80002001, 0x078bfbfd },
	{ 0x00000002, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000004, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x40000000, 0, 0x40000001, 0x54474354, 0x43544743, 0x47435447 },
	{ 0x80000000, 0, 0x8000000a, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000001, 0, 0x00060fb1, 0x00000000, 0x00000005, 0x20100800 },
	{ 0x80000005, 0, 0x01ff01ff, 0x01ff01ff, 0x40020140, 0x40020140 },
	{ 0x80000006, 0, 0x00000000, 0x42004200, 0x02008140, 0x00808140 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000008, 0, 0x00003028, 0x00000000, 0x00000000, 0x00000000 },
};

/* -cpu Skylake-Client-v1 (06_5E stepping 3): leaf 4 from the legacy Intel
 * tables (L2 4 MiB, L3 16 MiB); leaf 2 from legacy_l2_cache_cpuid2 (0x7D,
 * 2 MiB: QEMU's own FIXME); 0x80000005/6 still carry the AMD legacy values
 * in 7.2, which is why leaf 4 must win on Intel. */
static const struct reg_row qemu_skylake_client[] = {
	{ 0x00000000, 0, 0x0000000d, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000506e3, 0x00000800, 0xfffa3203, 0x0f8bfbff },
	{ 0x00000002, 0, 0x00000001, 0x00000000, 0x0000004d, 0x002c307d },
	{ 0x00000004, 0, 0x00000121, 0x01c0003f, 0x0000003f, 0x00000001 },
	{ 0x00000004, 1, 0x00000122, 0x01c0003f, 0x0000003f, 0x00000001 },
	{ 0x00000004, 2, 0x00000143, 0x03c0003f, 0x00000fff, 0x00000001 },
	{ 0x00000004, 3, 0x00000163, 0x03c0003f, 0x00003fff, 0x00000006 },
	{ 0x00000004, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x40000000, 0, 0x40000001, 0x54474354, 0x43544743, 0x47435447 },
	{ 0x80000000, 0, 0x80000008, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000121, 0x2c100800 },
	{ 0x80000005, 0, 0x01ff01ff, 0x01ff01ff, 0x40020140, 0x40020140 },
	{ 0x80000006, 0, 0x00000000, 0x42004200, 0x02008140, 0x00808140 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
};

/* -cpu EPYC-v1 (17_01 stepping 2): epyc_cache_info through 0x8000001D
 * (L1D 32 KiB, L1I 64 KiB, L2 512 KiB, L3 8 MiB) and the legacy leaves. */
static const struct reg_row qemu_epyc_v1[] = {
	{ 0x00000000, 0, 0x0000000d, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00800f12, 0x00000800, 0xfed83203, 0x078bfbff },
	{ 0x00000004, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x40000000, 0, 0x40000001, 0x54474354, 0x43544743, 0x47435447 },
	{ 0x80000000, 0, 0x8000001e, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000001, 0, 0x00800f12, 0x00000000, 0x004003f5, 0x2fd3fbff },
	{ 0x80000005, 0, 0x01ff01ff, 0x01ff01ff, 0x20080140, 0x40040140 },
	{ 0x80000006, 0, 0x00000000, 0x42004200, 0x02006140, 0x00408140 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x8000001d, 0, 0x00000121, 0x01c0003f, 0x0000003f, 0x00000001 },
	{ 0x8000001d, 1, 0x00000122, 0x00c0003f, 0x000000ff, 0x00000001 },
	{ 0x8000001d, 2, 0x00000043, 0x01c0003f, 0x000003ff, 0x00000000 },
	{ 0x8000001d, 3, 0x00000163, 0x03c0003f, 0x00001fff, 0x00000006 },
	{ 0x8000001d, 4, 0x00000000, 0x00000000, 0x00000000, 0x00000000 },
};

/* ---- The table ---- */

struct want_cache {
	uint32_t level;
	enum cs_cache_type type;
	uint64_t size;
	uint32_t line;
};

#define WD(l, s, ln) { l, CS_CACHE_DATA, s, ln }
#define WI(l, s, ln) { l, CS_CACHE_INSTRUCTION, s, ln }
#define WU(l, s, ln) { l, CS_CACHE_UNIFIED, s, ln }
#define NO_CHECK (-1)

struct dump_case {
	const char *name;
	const struct reg_row *regs;
	uint32_t n_regs;
	const char *brand_text; /* added as 0x80000002-4 when the source gave text */
	const char *source;
	uint32_t n_want;
	struct want_cache want[6];
	/* identification */
	const char *vendor, *brand;
	uint32_t family, model, stepping;
	int hypervisor;
	const char *hv_signature;
	int invariant_tsc, rdtscp; /* NO_CHECK to skip */
};

static const struct dump_case cases[] = {
	{ "this host: EPYC Genoa under KVM", ROWS(epyc_kvm_host), NULL,
	  "cpuid-8000001d", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 1 * MIB, 64),
	    WU(3, 32 * MIB, 64) },
	  "AuthenticAMD", "AMD EPYC", 0x19, 0x11, 1, 1, "KVMKVMKVM", 1, 1 },
	{ "Kaby Lake Pentium G4600", ROWS(kabylake_g4600), NULL,
	  "cpuid-leaf4", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 256 * KIB, 64),
	    WU(3, 3 * MIB, 64) },
	  "GenuineIntel", "", 6, 0x9e, 9, 0, "", NO_CHECK, 1 },
	{ "Haswell i7-4770", ROWS(haswell_4770),
	  "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz", "cpuid-leaf4", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 256 * KIB, 64),
	    WU(3, 8 * MIB, 64) },
	  "GenuineIntel", "Intel(R) Core(TM) i7-4770 CPU @ 3.40GHz", 6, 0x3c,
	  3, 0, "", 1, 1 },
	{ "Skylake-SP die, i7-7800X", ROWS(skylake_sp_7800x),
	  "Intel(R) Core(TM) i7-7800X CPU @ 3.50GHz", "cpuid-leaf4", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 1 * MIB, 64),
	    WU(3, 8448 * KIB, 64) },
	  "GenuineIntel", "Intel(R) Core(TM) i7-7800X CPU @ 3.50GHz", 6, 0x55,
	  4, 0, "", 1, 1 },
	{ "Nehalem-EP", ROWS(nehalem_ep), NULL, "cpuid-leaf4", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 256 * KIB, 64),
	    WU(3, 8 * MIB, 64) },
	  "GenuineIntel", "", 6, 0x1a, 2, 0, "", NO_CHECK, NO_CHECK },
	{ "Silvermont J1900", ROWS(silvermont_j1900), NULL, "cpuid-leaf4", 3,
	  { WD(1, 24 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 1 * MIB, 64) },
	  "GenuineIntel", "Intel(R) Celeron(R) CPU  J1900  @ 1.99GHz", 6, 0x37,
	  3, 0, "", 1, 1 },
	{ "Pentium III", ROWS(pentium3), NULL, "cpuid-leaf2", 3,
	  { WD(1, 16 * KIB, 32), WI(1, 16 * KIB, 32), WU(2, 512 * KIB, 32) },
	  "GenuineIntel", "", 6, 7, 3, 0, "", NO_CHECK, NO_CHECK },
	{ "Pentium 4 (SDM example)", ROWS(pentium4), NULL, "cpuid-leaf2", 2,
	  { WD(1, 8 * KIB, 64), WU(2, 256 * KIB, 64) },
	  "GenuineIntel", "", 0xf, 0, 0xa, 0, "", NO_CHECK, NO_CHECK },
	{ "Zen 3 Ryzen 9 5900X", ROWS(zen3_5900x), NULL, "cpuid-8000001d", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 512 * KIB, 64),
	    WU(3, 32 * MIB, 64) },
	  "AuthenticAMD", "AMD Ryzen 9 5900X 12-Core Processor", 0x19, 0x21, 0,
	  0, "", NO_CHECK, 1 },
	{ "Hygon Dhyana", ROWS(hygon_dhyana), NULL, "cpuid-8000001d", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 512 * KIB, 64),
	    WU(3, 8 * MIB, 64) },
	  "HygonGenuine", "", 0x18, 0, 2, 0, "", NO_CHECK, 1 },
	{ "Piledriver Opteron 6376", ROWS(piledriver_6376), NULL,
	  "cpuid-8000001d", 4,
	  { WD(1, 16 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 2 * MIB, 64),
	    WU(3, 6 * MIB, 64) },
	  "AuthenticAMD", "", 0x15, 2, 0, 0, "", NO_CHECK, 1 },
	{ "QEMU default/max (qemu64)", ROWS(qemu_default), NULL,
	  "cpuid-80000005", 4,
	  { WD(1, 64 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 512 * KIB, 64),
	    WU(3, 16 * MIB, 64) },
	  "AuthenticAMD", "", 0xf, 0x6b, 1, 1, "TCGTCGTCGTCG", 0, 0 },
	{ "QEMU Skylake-Client-v1", ROWS(qemu_skylake_client), NULL,
	  "cpuid-leaf4", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 4 * MIB, 64),
	    WU(3, 16 * MIB, 64) },
	  "GenuineIntel", "", 6, 0x5e, 3, 1, "TCGTCGTCGTCG", 0, 1 },
	{ "QEMU EPYC-v1", ROWS(qemu_epyc_v1), NULL, "cpuid-8000001d", 4,
	  { WD(1, 32 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 512 * KIB, 64),
	    WU(3, 8 * MIB, 64) },
	  "AuthenticAMD", "", 0x17, 1, 2, 1, "TCGTCGTCGTCG", 0, 1 },
};

/* ---- Helpers ---- */

static uint32_t text_reg(const char *s, size_t n, size_t at)
{
	uint32_t v = 0;
	size_t i;

	for (i = 0; i < 4; i++)
		if (at + i < n)
			v |= (uint32_t)(unsigned char)s[at + i] << (8 * i);
	return v;
}

static void load(const struct dump_case *c, struct cs_cpuid_dump *d)
{
	uint32_t i;
	size_t n;

	d->n = 0;
	for (i = 0; i < c->n_regs; i++)
		CHECK(cs_cpuid_add(d, c->regs[i].leaf, c->regs[i].sub,
				   c->regs[i].eax, c->regs[i].ebx,
				   c->regs[i].ecx, c->regs[i].edx) == 0,
		      "%s: dump full at row %u", c->name, i);
	if (!c->brand_text)
		return;
	n = strlen(c->brand_text);
	for (i = 0; i < 3; i++)
		cs_cpuid_add(d, 0x80000002u + i, 0,
			     text_reg(c->brand_text, n, 16 * i),
			     text_reg(c->brand_text, n, 16 * i + 4),
			     text_reg(c->brand_text, n, 16 * i + 8),
			     text_reg(c->brand_text, n, 16 * i + 12));
}

static const char *type_name(enum cs_cache_type t)
{
	return t == CS_CACHE_DATA ? "data" :
	       t == CS_CACHE_INSTRUCTION ? "instruction" : "unified";
}

static void check_caches(const char *name, const struct cs_cache *got,
			 uint32_t n, const struct want_cache *want,
			 uint32_t n_want)
{
	uint32_t i;

	CHECK(n == n_want, "%s: %u caches, want %u", name, n, n_want);
	for (i = 0; i < n && i < n_want; i++)
		CHECK(got[i].level == want[i].level &&
			      got[i].type == want[i].type &&
			      got[i].size_bytes == want[i].size &&
			      got[i].line_bytes == want[i].line,
		      "%s: cache %u is L%u %s %llu B line %u, want L%u %s %llu B line %u",
		      name, i, got[i].level, type_name(got[i].type),
		      (unsigned long long)got[i].size_bytes, got[i].line_bytes,
		      want[i].level, type_name(want[i].type),
		      (unsigned long long)want[i].size, want[i].line);
}

static void test_case(const struct dump_case *c)
{
	struct cs_cpuid_dump d;
	struct cs_cache got[CS_MAX_CACHES];
	struct cs_cpu_ident id;
	const char *src = NULL;
	uint32_t n;

	load(c, &d);
	n = cs_cpuid_caches(&d, got, CS_MAX_CACHES, &src);
	CHECK(src && strcmp(src, c->source) == 0, "%s: source %s, want %s",
	      c->name, src ? src : "(null)", c->source);
	check_caches(c->name, got, n, c->want, c->n_want);

	cs_cpuid_ident(&d, &id);
	CHECK(strcmp(id.vendor, c->vendor) == 0, "%s: vendor '%s'", c->name,
	      id.vendor);
	CHECK(strcmp(id.brand, c->brand) == 0, "%s: brand '%s', want '%s'",
	      c->name, id.brand, c->brand);
	CHECK(id.family == c->family && id.model == c->model &&
		      id.stepping == c->stepping,
	      "%s: family %#x model %#x stepping %u, want %#x %#x %u", c->name,
	      id.family, id.model, id.stepping, c->family, c->model,
	      c->stepping);
	CHECK(id.hypervisor == c->hypervisor, "%s: hypervisor %d", c->name,
	      id.hypervisor);
	CHECK(strcmp(id.hv_signature, c->hv_signature) == 0,
	      "%s: hv signature '%s'", c->name, id.hv_signature);
	if (c->invariant_tsc != NO_CHECK)
		CHECK(id.invariant_tsc == c->invariant_tsc,
		      "%s: invariant tsc %d", c->name, id.invariant_tsc);
	if (c->rdtscp != NO_CHECK)
		CHECK(id.has_rdtscp == c->rdtscp, "%s: rdtscp %d", c->name,
		      id.has_rdtscp);
}

/* ---- Single-source checks ---- */

static const struct dump_case *find_case(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (strcmp(cases[i].name, name) == 0)
			return &cases[i];
	return NULL;
}

struct source_check {
	const char *dump;
	enum cs_cpuid_cache_source src;
	uint32_t n_want;
	struct want_cache want[6];
};

/* What the other sources of a dump say, including where they disagree. */
static const struct source_check source_checks[] = {
	/* Nehalem: leaf 2 bytes 0x2C 0x21 0xE4 0x09 agree with leaf 4. */
	{ "Nehalem-EP", CS_CPUID_SRC_LEAF2, 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 256 * KIB, 64),
	    WU(3, 8 * MIB, 64) } },
	/* The KVM host's legacy L3 field: 0x280 x 512 KiB = 320 MiB. */
	{ "this host: EPYC Genoa under KVM", CS_CPUID_SRC_80000005, 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 1 * MIB, 64),
	    WU(3, 320 * MIB, 64) } },
	/* QEMU's leaf 2 L2 (2 MiB) disagrees with its leaf 4 (4 MiB). */
	{ "QEMU Skylake-Client-v1", CS_CPUID_SRC_LEAF2, 4,
	  { WD(1, 32 * KIB, 64), WI(1, 32 * KIB, 64), WU(2, 2 * MIB, 64),
	    WU(3, 16 * MIB, 64) } },
	{ "QEMU EPYC-v1", CS_CPUID_SRC_80000005, 4,
	  { WD(1, 32 * KIB, 64), WI(1, 64 * KIB, 64), WU(2, 512 * KIB, 64),
	    WU(3, 8 * MIB, 64) } },
	/* Leaf 4 all zero and no TOPOEXT: these sources give nothing. */
	{ "QEMU default/max (qemu64)", CS_CPUID_SRC_LEAF4, 0, { WD(0, 0, 0) } },
	{ "QEMU default/max (qemu64)", CS_CPUID_SRC_8000001D, 0, { WD(0, 0, 0) } },
	/* Intel's 0x80000005 is zero: the legacy source must stay silent. */
	{ "Silvermont J1900", CS_CPUID_SRC_80000005, 0, { WD(0, 0, 0) } },
	/* Leaf 2 of a leaf-4 part is 0xFF ("see leaf 4") plus TLB bytes. */
	{ "Skylake-SP die, i7-7800X", CS_CPUID_SRC_LEAF2, 0, { WD(0, 0, 0) } },
};

static void test_sources(void)
{
	size_t i;
	struct cs_cpuid_dump d;
	struct cs_cache got[CS_MAX_CACHES];
	char name[128];

	for (i = 0; i < sizeof(source_checks) / sizeof(source_checks[0]); i++) {
		const struct source_check *s = &source_checks[i];
		const struct dump_case *c = find_case(s->dump);

		CHECK(c != NULL, "no dump named %s", s->dump);
		if (!c)
			continue;
		load(c, &d);
		snprintf(name, sizeof(name), "%s via %s", s->dump,
			 cs_cpuid_source_name(s->src));
		check_caches(name,
			     got, cs_cpuid_caches_from(&d, s->src, got, CS_MAX_CACHES),
			     s->want, s->n_want);
	}
}

/* ---- Leaf 2 descriptor bytes ---- */

static void test_descriptors(void)
{
	static const struct {
		uint8_t desc;
		uint32_t family, model;
		int known;
		struct want_cache want;
	} rows[] = {
		{ 0x2c, 6, 0x1a, 1, WD(1, 32 * KIB, 64) },
		{ 0x30, 6, 0x1a, 1, WI(1, 32 * KIB, 64) },
		{ 0x0a, 6, 7, 1, WD(1, 8 * KIB, 32) },
		{ 0x7d, 6, 0xf, 1, WU(2, 2 * MIB, 64) },
		{ 0xdc, 6, 0x2c, 1, WU(3, 1536 * KIB, 64) },
		{ 0xec, 6, 0x2d, 1, WU(3, 24 * MIB, 64) },
		{ 0x49, 0xf, 6, 1, WU(3, 4 * MIB, 64) }, /* Xeon MP: L3 */
		{ 0x49, 6, 0xf, 1, WU(2, 4 * MIB, 64) }, /* Core 2: L2 */
		{ 0x00, 6, 0xf, 0, WD(0, 0, 0) },        /* null */
		{ 0xff, 6, 0x5e, 0, WD(0, 0, 0) },       /* see leaf 4 */
		{ 0x70, 0xf, 2, 0, WD(0, 0, 0) },        /* trace cache */
		{ 0x5b, 0xf, 2, 0, WD(0, 0, 0) },        /* TLB */
		{ 0xf0, 6, 0x1a, 0, WD(0, 0, 0) },       /* prefetch */
	};
	size_t i;
	struct cs_cache c;
	char name[64];

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int known = cs_cpuid_leaf2_descriptor(rows[i].desc, rows[i].family,
						      rows[i].model, &c);

		snprintf(name, sizeof(name), "descriptor %#04x", rows[i].desc);
		CHECK(known == rows[i].known, "%s: known %d", name, known);
		if (known && rows[i].known)
			check_caches(name, &c, 1, &rows[i].want, 1);
	}
}

/* ---- Collection from a fake CPUID ---- */

struct fake_cpu {
	struct cs_cpuid_dump src;
	uint32_t calls;
	uint32_t bad_calls; /* leaves beyond what the CPU advertises */
	uint32_t max_basic, max_ext;
};

static void fake_cpuid(uint32_t leaf, uint32_t subleaf,
		       struct cs_cpuid_regs *out, void *ctx)
{
	struct fake_cpu *f = ctx;
	const struct cs_cpuid_regs *r;

	f->calls++;
	if ((leaf < 0x40000000u && leaf > f->max_basic) ||
	    (leaf > 0x80000000u && leaf > f->max_ext))
		f->bad_calls++;
	/* Cache lists end in zeros past the recorded subleaves; other leaves
	 * ignore ECX, as real CPUs do. */
	r = cs_cpuid_find(&f->src, leaf, subleaf);
	if (!r && leaf != 4 && leaf != 0x8000001du)
		r = cs_cpuid_find(&f->src, leaf, 0);
	if (r) {
		*out = *r;
	} else {
		out->eax = out->ebx = out->ecx = out->edx = 0;
	}
}

static void test_collect(const struct dump_case *c)
{
	struct fake_cpu f;
	struct cs_cpuid_dump d;
	struct cs_cache a[CS_MAX_CACHES], b[CS_MAX_CACHES];
	const char *sa = NULL, *sb = NULL;
	const struct cs_cpuid_regs *r;
	uint32_t na, nb, i;

	load(c, &f.src);
	f.calls = f.bad_calls = 0;
	r = cs_cpuid_find(&f.src, 0, 0);
	f.max_basic = r ? r->eax : 0;
	r = cs_cpuid_find(&f.src, 0x80000000u, 0);
	f.max_ext = r ? r->eax : 0;
	cs_cpuid_collect(fake_cpuid, &f, &d);
	CHECK(f.bad_calls == 0, "%s: %u calls beyond the max leaves", c->name,
	      f.bad_calls);
	CHECK(d.n == f.calls && d.n <= CS_CPUID_DUMP_MAX,
	      "%s: %u entries for %u calls", c->name, d.n, f.calls);
	/* The collected dump decodes the same as the recorded one. */
	na = cs_cpuid_caches(&f.src, a, CS_MAX_CACHES, &sa);
	nb = cs_cpuid_caches(&d, b, CS_MAX_CACHES, &sb);
	CHECK(na == nb && strcmp(sa, sb) == 0, "%s: collected dump gives %u via %s, recorded %u via %s",
	      c->name, nb, sb, na, sa);
	for (i = 0; i < na && i < nb; i++)
		CHECK(a[i].level == b[i].level && a[i].type == b[i].type &&
			      a[i].size_bytes == b[i].size_bytes &&
			      a[i].line_bytes == b[i].line_bytes,
		      "%s: collected cache %u differs", c->name, i);
	/* Leaves that must be there when the CPU has them. */
	if (f.max_ext >= 0x80000004u && cs_cpuid_find(&f.src, 0x80000004u, 0))
		CHECK(cs_cpuid_find(&d, 0x80000004u, 0) != NULL,
		      "%s: brand leaves not collected", c->name);
}

static void test_collect_limits(void)
{
	struct cs_cpuid_dump d;
	uint32_t i;
	int rc = 0;

	d.n = 0;
	for (i = 0; i < CS_CPUID_DUMP_MAX; i++)
		rc |= cs_cpuid_add(&d, i, 0, i, 0, 0, 0);
	CHECK(rc == 0 && d.n == CS_CPUID_DUMP_MAX, "filling the dump");
	CHECK(cs_cpuid_add(&d, 999, 0, 0, 0, 0, 0) == -1 &&
		      d.n == CS_CPUID_DUMP_MAX,
	      "adding to a full dump must fail");
	CHECK(cs_cpuid_find(&d, 5, 0) && cs_cpuid_find(&d, 5, 0)->eax == 5,
	      "find leaf 5");
	CHECK(cs_cpuid_find(&d, 5, 1) == NULL, "absent subleaf is NULL");
}

/* Fewer slots than caches: the first ones, in order, and no overrun. */
static void test_truncation(void)
{
	struct cs_cpuid_dump d;
	struct cs_cache got[3];
	const char *src;
	uint32_t n;

	load(find_case("Haswell i7-4770"), &d);
	got[2].level = 99;
	n = cs_cpuid_caches(&d, got, 2, &src);
	CHECK(n == 2 && got[0].level == 1 && got[1].level == 1 &&
		      got[2].level == 99,
	      "truncated to 2: n %u", n);
	d.n = 0;
	n = cs_cpuid_caches(&d, got, 3, &src);
	CHECK(n == 0 && strcmp(src, "") == 0, "empty dump: n %u source '%s'",
	      n, src);
}

int main(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		test_case(&cases[i]);
		test_collect(&cases[i]);
	}
	test_sources();
	test_descriptors();
	test_collect_limits();
	test_truncation();
	return cs_test_summary("cpuid");
}
