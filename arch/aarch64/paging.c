/* paging.c (aarch64): translation tables of our own for the TLB sweep
 * (arch.h, kinds/tlb/pagetable.h): the 4 KiB-granule format of the current
 * EL's TTBR0 regime as the firmware set it up (its TCR and MAIR kept), the
 * block sizes it allows, and TTBR0 loaded with IRQ and FIQ masked, its TLB
 * entries invalidated, and the firmware's put back. Privileged (EL1 or
 * EL2): the firmware only. Where our tables cannot follow the firmware's
 * configuration, cs_arch_pt_format says why and the sweep runs on the
 * firmware's own tables instead. */
#include "a64.h"
#include "../../common/buf.h"

#define D_ADDR 0x0000fffffffff000ull
#define TTBR_BADDR 0x0000fffffffffffeull /* a top table smaller than a page is aligned to its size */
#define TTBR_KEEP 0xffff000000000001ull  /* ASID and CnP */
#define D_AF (1ull << 10)
#define D_LOWER 0xffcull             /* AttrIndx, NS, AP, SH, AF, nG */
#define D_UPPER (3ull << 53)         /* PXN, UXN/XN (Contiguous left clear) */
#define TCR_TG0(t) (((t) >> 14) & 3)
#define TCR_EPD0 (1ull << 7)
#define TCR_DS (1ull << 59)          /* 52-bit addresses with 4 KiB pages */
#define HCR_E2H (1ull << 34)

static enum cs_pt_kind kind(uint64_t e, uint32_t level)
{
	if ((e & 3) == 3)
		return level == 3 ? CS_PT_LEAF : CS_PT_TABLE;
	if ((e & 3) == 1 && (level == 1 || level == 2))
		return CS_PT_LEAF; /* a block */
	return CS_PT_INVALID;
}

/* A block (levels 1, 2) or a page (level 3) with the firmware leaf's
 * memory attributes (its MAIR index, shareability, access and execute
 * permissions), the access flag set. */
static uint64_t leaf_bits(uint32_t level, uint64_t like, uint32_t like_level)
{
	(void)like_level;
	return (level == 3 ? 3ull : 1ull) | (like & D_LOWER) | D_AF | (like & D_UPPER);
}

static struct cs_pt_format a64_tables = {
	.addr_mask = D_ADDR,
	.kind = kind,
	.table_bits = 3,
	.leaf_bits = leaf_bits,
};

static uint64_t tcr(uint32_t el)
{
	return el == 2 ? CS_A64_MRS(tcr_el2) : CS_A64_MRS(tcr_el1);
}

static uint64_t ttbr0(uint32_t el)
{
	return el == 2 ? CS_A64_MRS(ttbr0_el2) : CS_A64_MRS(ttbr0_el1);
}

int cs_arch_pt_format(const struct cs_pt_format **f, uint64_t *root, char *why, size_t whylen)
{
	uint32_t el = cs_a64_current_el(), vabits;
	uint64_t t;

	if (el != 1 && el != 2) {
		cs_strlcpy(why, "the firmware runs at an exception level other than EL1 or EL2", whylen);
		return -1;
	}
	if (el == 2 && (CS_A64_MRS(hcr_el2) & HCR_E2H)) {
		cs_strlcpy(why, "the firmware runs at EL2 with HCR_EL2.E2H set (the EL2&0 regime): not switched", whylen);
		return -1;
	}
	t = tcr(el);
	if (TCR_TG0(t) != 0) {
		cs_strlcpy(why, "the firmware's TTBR0 granule is not 4 KiB (TCR.TG0)", whylen);
		return -1;
	}
	if (el == 1 && (t & TCR_EPD0)) {
		cs_strlcpy(why, "TTBR0 walks are disabled (TCR_EL1.EPD0)", whylen);
		return -1;
	}
	if (el == 1 && (t & TCR_DS)) {
		cs_strlcpy(why, "52-bit addresses with 4 KiB pages (TCR_EL1.DS): another descriptor layout", whylen);
		return -1;
	}
	vabits = 64 - (uint32_t)(t & 0x3f);
	if (vabits > 48 || vabits <= 30) {
		cs_strlcpy(why, "a TTBR0 address space of more than 48 or at most 30 bits (TCR.T0SZ)", whylen);
		return -1;
	}
	a64_tables.top_level = vabits > 39 ? 0 : 1;
	a64_tables.top_entries = 1u << (vabits - (vabits > 39 ? 39 : 30));
	a64_tables.window_slots = a64_tables.top_entries;
	*f = &a64_tables;
	*root = ttbr0(el) & TTBR_BADDR;
	return 0;
}

uint32_t cs_arch_pt_leaves(void)
{
	return 1u << 3 | 1u << 2 | 1u << 1; /* 4 KiB pages, 2 MiB and 1 GiB blocks */
}

const char *cs_arch_pt_no_1g(void)
{
	return "no 1 GiB blocks in this regime";
}

void cs_arch_pt_publish(const void *p, uint64_t bytes)
{
	/* the walker may read memory without the data cache (TCR's IRGN0 and
	 * ORGN0): clean the tables to the point of coherency */
	uint64_t line = 4u << (CS_A64_MRS(ctr_el0) >> 16 & 0xf);
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)(line - 1);
	for (; a < (uintptr_t)p + bytes; a += line)
		__asm__ volatile("dc cvac, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb sy" : : : "memory");
}

static uint64_t saved_ttbr, saved_daif;
static uint32_t saved_el;
static int entered;

/* TTBR0 of this EL set, the old translations gone: dsb, isb around, a
 * TLB invalidate of the regime. */
static void load_ttbr0(uint32_t el, uint64_t v)
{
	__asm__ volatile("dsb ishst" : : : "memory");
	if (el == 2)
		__asm__ volatile("msr ttbr0_el2, %0\n\tisb\n\ttlbi alle2\n\tdsb ish\n\tisb" : : "r"(v) : "memory");
	else
		__asm__ volatile("msr ttbr0_el1, %0\n\tisb\n\ttlbi vmalle1\n\tdsb ish\n\tisb" : : "r"(v) : "memory");
}

void cs_arch_pt_enter(uint64_t root)
{
	uint32_t el = cs_a64_current_el();
	uint64_t old = ttbr0(el);
	__asm__ volatile("mrs %0, daif\n\tmsr daifset, #3" : "=r"(saved_daif) : : "memory");
	saved_ttbr = old;
	saved_el = el;
	entered = 1;
	load_ttbr0(el, root | (old & TTBR_KEEP)); /* ASID and CnP as the firmware's */
}

void cs_arch_pt_leave(void)
{
	if (!entered)
		return;
	load_ttbr0(saved_el, saved_ttbr);
	__asm__ volatile("msr daif, %0" : : "r"(saved_daif) : "memory");
	entered = 0;
}

uint64_t cs_arch_pt_current(void)
{
	return ttbr0(cs_a64_current_el()) & TTBR_BADDR;
}
