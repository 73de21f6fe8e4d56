/* pagetable.h: page tables of our own, built in memory the program gives,
 * for the firmware's page-table services (efi/pagetables.c, which the TLB
 * kind's windows ask for: docs/tlb.md s.1), no kind's own; the same code for x86_64's 4-level
 * tables and aarch64's 4 KiB-granule translation tables: the arch layer
 * gives the format (which entries are tables, which map pages, where the
 * address lies, the bits of the entries we make), this unit copies the
 * firmware's tables whole, maps windows into them, and walks them.
 * Freestanding; tested on the host over memory that stands for physical
 * memory (tests/test_pagetable.c).
 *
 * Levels are numbered as ARM numbers them: level L translates address bits
 * [47 - 9L .. 39 - 9L], so level 0 is the top of a 4-level walk (x86's
 * PML4), level 3 the last (4 KiB pages); a leaf at level 1 maps 1 GiB, at
 * level 2 2 MiB. A 3-level walk (an ARM address space of 39 bits or fewer)
 * starts at level 1. */
#ifndef CS_PAGETABLE_H
#define CS_PAGETABLE_H

#include <stddef.h>
#include <stdint.h>

#define CS_PT_ENTRIES 512
#define CS_PT_PAGE 4096ull

enum cs_pt_kind { CS_PT_INVALID, CS_PT_TABLE, CS_PT_LEAF };

struct cs_pt_format {
	uint64_t addr_mask;     /* the address bits of an entry */
	uint32_t top_level;     /* 0 (4 levels) or 1 (3 levels) */
	uint32_t top_entries;   /* entries of the top table (512, or fewer on ARM) */
	uint32_t window_slots;  /* top slots windows may use: 0 .. window_slots-1
				 * (x86: 256, the lower canonical half) */
	/* What an entry at 'level' is. */
	enum cs_pt_kind (*kind)(uint64_t e, uint32_t level);
	/* The bits beside the address of a table entry we make. */
	uint64_t table_bits;
	/* The bits beside the address of a leaf at 'level' (1, 2 or 3) that maps
	 * memory of the same type as the firmware's leaf 'like' at 'like_level'
	 * (write-back RAM when like is 0): readable, writable, accessed. */
	uint64_t (*leaf_bits)(uint32_t level, uint64_t like, uint32_t like_level);
};

/* Memory for tables, and the view of physical memory (identity in the
 * firmware; in tests, offsets into a block). */
struct cs_pt {
	const struct cs_pt_format *f;
	uint64_t root;          /* physical address of our top table */
	unsigned char *pool;    /* 4 KiB-aligned memory for tables */
	uint64_t pool_bytes, used;
	uint64_t (*phys)(void *ctx, const void *p);
	void *(*virt)(void *ctx, uint64_t pa);
	void *ctx;
};

/* Bytes a leaf at 'level' maps: 1 GiB, 2 MiB, 4 KiB (0 for other levels). */
uint64_t cs_pt_page_bytes(uint32_t level);
/* The leaf level for a page size, 0 when none. */
uint32_t cs_pt_level_of(uint64_t page_bytes);

/* Tables reachable from root (the top table included). */
uint64_t cs_pt_count(const struct cs_pt *pt, uint64_t root);
/* Our top table: a copy of the tables under 'from' (every table copied,
 * every leaf and invalid entry kept as it was), or an empty one when from
 * is 0. 0, or -1 with why (out of table memory). */
int cs_pt_copy(struct cs_pt *pt, uint64_t from, const char **why);
/* Maps [va, va + page) to pa with a leaf at 'level' (tables made as needed,
 * leaf_bits(level, like, like_level)). -1 with why when va or pa is not
 * aligned, outside the space, already mapped there, or out of memory. */
int cs_pt_map(struct cs_pt *pt, uint64_t va, uint64_t pa, uint32_t level, uint64_t like,
	      uint32_t like_level, const char **why);
/* Walks root for va: 0 and *pa, *page_bytes, the leaf and its level; -1
 * when nothing maps it. */
int cs_pt_lookup(const struct cs_pt *pt, uint64_t root, uint64_t va, uint64_t *pa,
		 uint64_t *page_bytes, uint64_t *leaf, uint32_t *level);
/* The first address of 'count' consecutive top-level slots that nothing
 * maps under root, searched from the top of the space down (0 and -1 when
 * none): where windows go, clear of the firmware's identity map. */
int cs_pt_free_slots(const struct cs_pt *pt, uint64_t root, uint32_t count, uint64_t *va);
/* Bytes one top-level slot covers. */
uint64_t cs_pt_slot_bytes(const struct cs_pt *pt);
/* Where 'bytes' of pages at 'leaf_level' go: the top-level slots first
 * (cs_pt_free_slots), else a run of free entries one level down, inside a
 * top-level slot (of the first window_slots) whose table maps something
 * else: a firmware whose few top-level slots are all in use (U-Boot on
 * QEMU's virt: a 40-bit space, 2 slots of 512 GiB, RAM in one and the
 * PCIe window in the other) leaves unmapped 1 GiB entries under them.
 * Searched from the top down; 0 and *va, -1 when neither has room (or the
 * level below is under leaf_level's). *below is 1 when the run is one
 * level down. */
int cs_pt_free_range(const struct cs_pt *pt, uint64_t root, uint64_t bytes, uint32_t leaf_level,
		     uint64_t *va, int *below);

#endif
