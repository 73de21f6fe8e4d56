/* test_pagetable.c: page tables of our own (kinds/tlb/pagetable.c) over a block
 * of memory standing for physical memory, in an x86-like format (4 levels,
 * the lower half for windows) and an ARM-like one (3 levels, 8 top
 * entries): a firmware's tables with 1 GiB, 2 MiB and 4 KiB leaves copied
 * whole, each copy walking to the same pages; windows mapped where nothing
 * is; the errors. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/pagetable.h"

CS_TEST_MAIN_DEFS;

/* "Physical" memory: PHYS bytes from address BASE. */
#define BASE 0x40000000ull
#define PHYS (1u << 20)
static unsigned char *mem;

static uint64_t phys(void *ctx, const void *p)
{
	(void)ctx;
	return BASE + (uint64_t)((const unsigned char *)p - mem);
}

static void *virt(void *ctx, uint64_t pa)
{
	(void)ctx;
	return mem + (pa - BASE);
}

/* x86-like: bit 0 present, bit 7 a large leaf at levels 1-2, level 3 a leaf */
static enum cs_pt_kind x86_kind(uint64_t e, uint32_t level)
{
	if (!(e & 1))
		return CS_PT_INVALID;
	if (level == 3 || ((level == 1 || level == 2) && (e & 0x80)))
		return CS_PT_LEAF;
	return level == 0 || level < 3 ? CS_PT_TABLE : CS_PT_INVALID;
}

static uint64_t x86_leaf(uint32_t level, uint64_t like, uint32_t like_level)
{
	(void)like_level;
	return 0x63 | (level < 3 ? 0x80 : 0) | (like & 0x18); /* P RW A D, PS, PWT PCD */
}

static const struct cs_pt_format x86 = { 0x000ffffffffff000ull, 0, 512, 256, x86_kind, 0x23,
					 x86_leaf };

/* ARM-like: bits [1:0] 0b11 a table (levels 1-2) or a page (level 3), 0b01
 * a block (levels 1-2); 3 levels, 8 entries at the top (a 33-bit space) */
static enum cs_pt_kind arm_kind(uint64_t e, uint32_t level)
{
	if ((e & 3) == 3)
		return level == 3 ? CS_PT_LEAF : CS_PT_TABLE;
	if ((e & 3) == 1 && (level == 1 || level == 2))
		return CS_PT_LEAF;
	return CS_PT_INVALID;
}

static uint64_t arm_leaf(uint32_t level, uint64_t like, uint32_t like_level)
{
	(void)like_level;
	return (level == 3 ? 3 : 1) | (like & 0xffc) | (1u << 10);
}

static const struct cs_pt_format arm = { 0x0000fffffffff000ull, 1, 8, 8, arm_kind, 3, arm_leaf };

static struct cs_pt fresh(const struct cs_pt_format *f, uint64_t from_off, uint64_t bytes)
{
	struct cs_pt pt = { f, 0, mem + from_off, bytes, 0, phys, virt, NULL };
	return pt;
}

/* A firmware's tables in the first 64 KiB of mem: identity 0..4 GiB with a
 * 1 GiB leaf at 0, 2 MiB leaves over 1..2 GiB, and 4 KiB pages over the
 * first 2 MiB of 2 GiB; returns the root. */
static uint64_t firmware_x86(void)
{
	struct cs_pt fw = fresh(&x86, 0, 64 * 1024);
	const char *why = NULL;
	int rc = cs_pt_copy(&fw, 0, &why);
	rc |= cs_pt_map(&fw, 0, 0, 1, 0x18, 1, &why);
	for (uint64_t a = 1ull << 30; a < 2ull << 30; a += 2 << 20)
		rc |= cs_pt_map(&fw, a, a, 2, 0, 0, &why);
	for (uint64_t a = 2ull << 30; a < (2ull << 30) + (2 << 20); a += 4096)
		rc |= cs_pt_map(&fw, a, a, 3, 0, 0, &why);
	rc |= cs_pt_map(&fw, 3ull << 30, 3ull << 30, 1, 0, 0, &why);
	CHECK(rc == 0, "firmware tables built (%s)", why ? why : "");
	return fw.root;
}

static void test_copy(void)
{
	uint64_t fw = firmware_x86();
	struct cs_pt pt = fresh(&x86, 64 * 1024, 256 * 1024);
	const char *why = NULL;
	CHECK(cs_pt_count(&pt, fw) == 5, "PML4, PDPT, PD for 1-2 GiB, PD and PT for 2 GiB: %llu",
	      (unsigned long long)cs_pt_count(&pt, fw));
	CHECK(cs_pt_copy(&pt, fw, &why) == 0 && pt.root != fw, "copied (%s)", why ? why : "");
	CHECK(cs_pt_count(&pt, pt.root) == cs_pt_count(&pt, fw), "as many tables");
	static const uint64_t probe[] = { 0x12345, 0x3fffffff, 0x40000000, 0x5a5a5000, 0x80000123,
					  0x801ff000, 0xc0000000, 0xfffff000 };
	for (unsigned i = 0; i < sizeof probe / sizeof probe[0]; i++) {
		uint64_t a, b, sa, sb, la, lb;
		uint32_t va, vb;
		int ra = cs_pt_lookup(&pt, fw, probe[i], &a, &sa, &la, &va);
		int rb = cs_pt_lookup(&pt, pt.root, probe[i], &b, &sb, &lb, &vb);
		CHECK(ra == 0 && rb == 0 && a == b && sa == sb && la == lb && a == probe[i],
		      "%llx: the copy maps it as the firmware does", (unsigned long long)probe[i]);
	}
	uint64_t pa, sz, leaf;
	uint32_t lv;
	CHECK(cs_pt_lookup(&pt, pt.root, 0x1000, &pa, &sz, &leaf, &lv) == 0 && sz == (1u << 30) && lv == 1 &&
		      (leaf & 0x18) == 0x18,
	      "a 1 GiB leaf with its memory type");
	CHECK(cs_pt_lookup(&pt, pt.root, 0x80000000, &pa, &sz, &leaf, &lv) == 0 && sz == 4096,
	      "4 KiB pages where the firmware has them");
	CHECK(cs_pt_lookup(&pt, pt.root, 0x100000000ull, &pa, &sz, &leaf, &lv) == -1, "4 GiB: unmapped");
	/* the copy is ours: a change to it leaves the firmware's alone */
	CHECK(cs_pt_map(&pt, 0x100000000ull, 0x100000000ull, 2, 0, 0, &why) == 0 &&
		      cs_pt_lookup(&pt, fw, 0x100000000ull, &pa, &sz, &leaf, &lv) == -1,
	      "mapping into the copy leaves the firmware's tables alone");
	/* too little memory for the copy */
	struct cs_pt small = fresh(&x86, 64 * 1024, 2 * 4096);
	CHECK(cs_pt_copy(&small, fw, &why) == -1 && why, "out of table memory: %s", why ? why : "");
}

static void test_windows(void)
{
	uint64_t fw = firmware_x86(), va = 0, pa, sz, leaf;
	uint32_t lv;
	struct cs_pt pt = fresh(&x86, 64 * 1024, 512 * 1024);
	const char *why = NULL;
	cs_pt_copy(&pt, fw, &why);
	CHECK(cs_pt_free_slots(&pt, pt.root, 2, &va) == 0 && va == 254ull << 39,
	      "two free slots at the top of the lower half: %llx", (unsigned long long)va);
	/* 4 KiB pages aliased on 8 frames, 2 MiB pages on one, 1 GiB on one */
	int rc = 0;
	for (uint64_t i = 0; i < 1024; i++)
		rc |= cs_pt_map(&pt, va + i * 4096, BASE + 0x80000 + ((i / 64) % 8) * 4096, 3, 0, 0, &why);
	CHECK(rc == 0, "1024 aliased 4 KiB pages (%s)", why ? why : "");
	CHECK(cs_pt_lookup(&pt, pt.root, va + 65 * 4096 + 8, &pa, &sz, &leaf, &lv) == 0 &&
		      pa == BASE + 0x80000 + 4096 + 8 && sz == 4096,
	      "page 65 on frame 1");
	uint64_t v2 = va + (1ull << 30);
	rc = 0;
	for (uint64_t i = 0; i < 16; i++)
		rc |= cs_pt_map(&pt, v2 + i * (2 << 20), 0x40000000, 2, 0, 0, &why);
	CHECK(rc == 0 && cs_pt_lookup(&pt, pt.root, v2 + 5 * (2 << 20) + 64, &pa, &sz, &leaf, &lv) == 0 &&
		      pa == 0x40000040 && sz == (2u << 20),
	      "16 aliased 2 MiB pages");
	uint64_t v3 = va + (1ull << 39);
	CHECK(cs_pt_map(&pt, v3, 0x40000000, 1, 0, 0, &why) == 0 &&
		      cs_pt_map(&pt, v3 + (1ull << 30), 0x40000000, 1, 0, 0, &why) == 0 &&
		      cs_pt_lookup(&pt, pt.root, v3 + (1ull << 30) + 0x123, &pa, &sz, &leaf, &lv) == 0 &&
		      pa == 0x40000123 && sz == (1u << 30),
	      "two aliased 1 GiB pages");
	CHECK(cs_pt_free_slots(&pt, pt.root, 255, &va) == -1, "255 free slots: no");
	/* the errors */
	CHECK(cs_pt_map(&pt, v3, 0, 1, 0, 0, &why) == -1, "mapped twice: %s", why);
	CHECK(cs_pt_map(&pt, v3 + 4096, 0, 3, 0, 0, &why) == -1, "under a 1 GiB leaf: %s", why);
	CHECK(cs_pt_map(&pt, v2 + 4096, 0, 2, 0, 0, &why) == -1, "a 2 MiB page not aligned: %s", why);
	CHECK(cs_pt_map(&pt, 1ull << 48, 0, 3, 0, 0, &why) == -1, "outside the space: %s", why);
	CHECK(cs_pt_map(&pt, 0x1000, 0, 0, 0, 0, &why) == -1, "no leaf at level 0: %s", why);
	CHECK(cs_pt_level_of(4096) == 3 && cs_pt_level_of(2u << 20) == 2 && cs_pt_level_of(1u << 30) == 1 &&
		      cs_pt_level_of(8192) == 0,
	      "levels of page sizes");
}

static void test_arm(void)
{
	struct cs_pt pt = fresh(&arm, 0, 128 * 1024);
	const char *why = NULL;
	uint64_t va, pa, sz, leaf;
	uint32_t lv;
	CHECK(cs_pt_copy(&pt, 0, &why) == 0, "an empty 3-level table");
	CHECK(cs_pt_map(&pt, 0, 0, 1, 0x704, 2, &why) == 0 && cs_pt_map(&pt, 1ull << 30, 1ull << 30, 2, 0, 0, &why) == 0,
	      "a 1 GiB block at the top level, a 2 MiB block (%s)", why ? why : "");
	CHECK(cs_pt_lookup(&pt, pt.root, 0x1234, &pa, &sz, &leaf, &lv) == 0 && sz == (1u << 30) && lv == 1 &&
		      (leaf & 3) == 1 && (leaf & 0x704) == 0x704,
	      "a block with the attributes of its model");
	CHECK(cs_pt_free_slots(&pt, pt.root, 1, &va) == 0 && va == 7ull << 30, "the top slot of 8 is free");
	CHECK(cs_pt_map(&pt, va + 4096, BASE, 3, 0, 0, &why) == 0 &&
		      cs_pt_lookup(&pt, pt.root, va + 4096 + 12, &pa, &sz, &leaf, &lv) == 0 && pa == BASE + 12 &&
		      (leaf & 3) == 3,
	      "a 4 KiB page three levels down");
	CHECK(cs_pt_map(&pt, 8ull << 30, 0, 2, 0, 0, &why) == -1, "past 8 GiB: outside (%s)", why);
	struct cs_pt copy = fresh(&arm, 128 * 1024, 64 * 1024);
	CHECK(cs_pt_copy(&copy, pt.root, &why) == 0 && cs_pt_count(&copy, copy.root) == cs_pt_count(&pt, pt.root),
	      "a 3-level copy");
}

/* U-Boot on QEMU's virt: a 40-bit space (4 levels from level 0, 2 top
 * entries of 512 GiB), RAM and its peripherals in 1 GiB blocks over the
 * first 257 entries under slot 0, the PCIe window in all 512 under slot 1:
 * no top-level slot is free, and windows go in the free 1 GiB entries
 * under slot 0 (cs_pt_free_range). */
static const struct cs_pt_format uboot = { 0x0000fffffffff000ull, 0, 2, 2, arm_kind, 3, arm_leaf };

static void test_uboot(void)
{
	struct cs_pt fw = fresh(&uboot, 0, 64 * 1024), pt = fresh(&uboot, 64 * 1024, 256 * 1024);
	const char *why = NULL;
	uint64_t va = 0, pa, sz, leaf;
	uint32_t lv;
	int below = -1, rc = 0;
	cs_pt_copy(&fw, 0, &why);
	for (uint64_t i = 0; i < 257; i++)
		rc |= cs_pt_map(&fw, i << 30, i << 30, 1, 0x704, 1, &why);
	for (uint64_t i = 512; i < 1024; i++)
		rc |= cs_pt_map(&fw, i << 30, i << 30, 1, 0x400, 1, &why);
	CHECK(rc == 0, "U-Boot's map: 769 blocks of 1 GiB (%s)", why ? why : "");
	CHECK(cs_pt_copy(&pt, fw.root, &why) == 0, "copied");
	CHECK(cs_pt_free_slots(&pt, pt.root, 1, &va) == -1, "no free top-level slot");
	CHECK(cs_pt_free_range(&pt, pt.root, 32ull << 20, 3, &va, &below) == 0 && below == 1 && va == 511ull << 30,
	      "32 MiB of 4 KiB pages: the last free 1 GiB entry under slot 0 (%llx)", (unsigned long long)va);
	CHECK(cs_pt_free_range(&pt, pt.root, 16ull << 30, 2, &va, &below) == 0 && below == 1 &&
		      va == 496ull << 30,
	      "16 GiB of 2 MiB pages: 16 free entries from 496 GiB (%llx)", (unsigned long long)va);
	CHECK(cs_pt_free_range(&pt, pt.root, 255ull << 30, 1, &va, &below) == 0 && va == 257ull << 30,
	      "255 GiB of 1 GiB pages: every free entry (%llx)", (unsigned long long)va);
	CHECK(cs_pt_free_range(&pt, pt.root, 256ull << 30, 1, &va, &below) == -1,
	      "256 GiB: more than there is");
	rc = 0;
	for (uint64_t i = 0; i < 128; i++)
		rc |= cs_pt_map(&pt, (384ull + i) << 30, 1ull << 30, 1, 0x704, 1, &why);
	CHECK(rc == 0 && cs_pt_lookup(&pt, pt.root, (400ull << 30) + 0x40, &pa, &sz, &leaf, &lv) == 0 &&
		      pa == (1ull << 30) + 0x40 && sz == (1ull << 30) && lv == 1,
	      "128 aliased 1 GiB pages under slot 0 (%s)", why ? why : "");
	CHECK(cs_pt_lookup(&pt, fw.root, 400ull << 30, &pa, &sz, &leaf, &lv) == -1,
	      "the firmware's own tables left alone");
	CHECK(cs_pt_free_range(&pt, pt.root, 200ull << 30, 1, &va, &below) == -1 &&
		      cs_pt_free_range(&pt, pt.root, 127ull << 30, 1, &va, &below) == 0 && va == 257ull << 30,
	      "what is left: 127 entries, 257 to 383");
	/* where the level below is under the pages' level: none */
	struct cs_pt arm3 = fresh(&arm, 512 * 1024, 64 * 1024);
	cs_pt_copy(&arm3, 0, &why);
	for (uint64_t i = 0; i < 8; i++)
		cs_pt_map(&arm3, i << 30, i << 30, 1, 0x704, 1, &why);
	CHECK(cs_pt_free_range(&arm3, arm3.root, 1ull << 30, 1, &va, &below) == -1,
	      "a 3-level space with every slot used has no room for 1 GiB pages a level below");
	CHECK(cs_pt_free_range(&pt, pt.root, 0, 3, &va, &below) == -1, "nothing asked: no room given");
}

int main(void)
{
	mem = malloc(PHYS + 4096);
	CHECK(mem != NULL, "memory");
	if (!mem)
		return cs_test_summary("pagetable");
	mem = (unsigned char *)(((uintptr_t)mem + 4095) & ~(uintptr_t)4095);
	test_copy();
	test_windows();
	test_arm();
	test_uboot();
	return cs_test_summary("pagetable");
}
