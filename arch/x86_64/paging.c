/* paging.c (x86_64): page tables of our own for the TLB sweep (arch.h,
 * kinds/tlb/pagetable.h): the 4-level format as the firmware set it up, the
 * page sizes the processor maps, and CR3 loaded with interrupts masked and
 * the firmware's put back. Privileged: the firmware only (the host probe
 * never calls these). */
#include "../arch.h"
#include "x86.h"
#include "../../common/buf.h"

#define PT_P (1ull << 0)
#define PT_RW (1ull << 1)
#define PT_PWT (1ull << 3)
#define PT_PCD (1ull << 4)
#define PT_A (1ull << 5)
#define PT_D (1ull << 6)
#define PT_PS (1ull << 7)       /* a 2 MiB or 1 GiB leaf (levels 1, 2) */
#define PT_PAT_4K (1ull << 7)   /* the PAT bit of a 4 KiB leaf */
#define PT_PAT_BIG (1ull << 12) /* ... of a large leaf */
#define PT_NX (1ull << 63)
#define PT_ADDR 0x000ffffffffff000ull
#define CR4_LA57 (1ull << 12)
#define CR4_PCIDE (1ull << 17)

static enum cs_pt_kind kind(uint64_t e, uint32_t level)
{
	if (!(e & PT_P))
		return CS_PT_INVALID;
	if (level == 3 || ((level == 1 || level == 2) && (e & PT_PS)))
		return CS_PT_LEAF;
	return CS_PT_TABLE;
}

/* The memory type bits of 'like' (PWT, PCD, PAT, wherever its size keeps
 * PAT) carried to a leaf at 'level'; present, writable, accessed, dirty;
 * NX as like has it. */
static uint64_t leaf_bits(uint32_t level, uint64_t like, uint32_t like_level)
{
	int pat = like_level == 3 ? !!(like & PT_PAT_4K) : !!(like & PT_PAT_BIG);
	uint64_t e = PT_P | PT_RW | PT_A | PT_D | (like & (PT_PWT | PT_PCD | PT_NX));
	if (level < 3)
		e |= PT_PS | (pat ? PT_PAT_BIG : 0);
	else if (pat)
		e |= PT_PAT_4K;
	return e;
}

static const struct cs_pt_format x86_64_tables = {
	.addr_mask = PT_ADDR,
	.top_level = 0,
	.top_entries = CS_PT_ENTRIES,
	.window_slots = CS_PT_ENTRIES / 2, /* the lower canonical half */
	.kind = kind,
	.table_bits = PT_P | PT_RW | PT_A,
	.leaf_bits = leaf_bits,
};

static uint64_t read_cr3(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr3, %0" : "=r"(v));
	return v;
}

static uint64_t read_cr4(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr4, %0" : "=r"(v));
	return v;
}

int cs_arch_pt_format(const struct cs_pt_format **f, uint64_t *root, char *why, size_t whylen)
{
	uint64_t cr4 = read_cr4();
	if (cr4 & CR4_LA57) {
		cs_strlcpy(why, "the firmware runs 5-level paging (CR4.LA57): our tables are 4-level", whylen);
		return -1;
	}
	*f = &x86_64_tables;
	*root = read_cr3() & PT_ADDR;
	return 0;
}

uint32_t cs_arch_pt_leaves(void)
{
	struct cs_cpuid_regs r = { 0, 0, 0, 0 };
	uint32_t leaves = 1u << 3 | 1u << 2; /* 4 KiB, and 2 MiB (PSE in long mode) */
	cs_x86_cpuid(0x80000000u, 0, &r);
	if (r.eax >= 0x80000001u) {
		cs_x86_cpuid(0x80000001u, 0, &r);
		if (r.edx & (1u << 26)) /* Page1GB */
			leaves |= 1u << 1;
	}
	return leaves;
}

const char *cs_arch_pt_no_1g(void)
{
	return "no 1 GiB pages: CPUID 0x80000001 EDX[26] (Page1GB) is clear";
}

/* The firmware's CR3 and RFLAGS, kept from enter to leave. */
static uint64_t saved_cr3, saved_flags;
static int entered;

void cs_arch_pt_enter(uint64_t root)
{
	uint64_t flags, cr3 = read_cr3();
	__asm__ volatile("pushfq\n\tpopq %0\n\tcli" : "=r"(flags) : : "memory");
	saved_flags = flags;
	saved_cr3 = cr3;
	entered = 1;
	/* PCID, when the firmware enabled it, stays the firmware's: loading
	 * CR3 with bit 63 clear flushes that context's entries, ours included */
	root |= (read_cr4() & CR4_PCIDE) ? (cr3 & 0xfff) : (cr3 & (PT_PWT | PT_PCD));
	__asm__ volatile("mov %0, %%cr3" : : "r"(root) : "memory");
}

void cs_arch_pt_leave(void)
{
	if (!entered)
		return;
	__asm__ volatile("mov %0, %%cr3" : : "r"(saved_cr3) : "memory");
	__asm__ volatile("pushq %0\n\tpopfq" : : "r"(saved_flags) : "memory", "cc");
	entered = 0;
}

uint64_t cs_arch_pt_current(void)
{
	return read_cr3() & PT_ADDR;
}

void cs_arch_pt_publish(const void *p, uint64_t bytes)
{
	/* x86's page walks snoop the caches: nothing to clean */
	(void)p;
	(void)bytes;
}
