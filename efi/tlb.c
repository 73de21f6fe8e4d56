/* tlb.c: the firmware's TLB hooks (tlb.h; kinds/tlb/tlb_probe.h, docs/tlb.md s.1).
 * Page tables of our own, built by kinds/tlb/pagetable.c in the arch layer's
 * format: the firmware's identity map copied whole, the windows mapped
 * beside it in top-level slots the firmware leaves empty, and the region
 * mapped again on large pages for sweep_large_pages; loaded around each
 * point with interrupts masked, and the firmware's put back (arch.h
 * cs_arch_pt_enter and cs_arch_pt_leave, which every path pairs). Where the
 * arch layer says our tables cannot follow the firmware's, that reason
 * refuses every page size but the one the firmware maps the region with,
 * which is swept on the firmware's own tables: one line in each of its
 * pages of the region, not aliased. */
#include "tlb.h"
#include "../common/buf.h"

#define MIB2 (2ull << 20)
#define GIB1 (1ull << 30)
#define CS_EFI_TLB_TABLE_PAGES 256 /* beyond the copy: every window fits */

static uint64_t phys(void *ctx, const void *p)
{
	(void)ctx;
	return (uint64_t)(uintptr_t)p; /* UEFI maps memory one to one */
}

static void *virt(void *ctx, uint64_t pa)
{
	(void)ctx;
	return (void *)(uintptr_t)pa;
}

static uint64_t up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Our tables, once: 0 when they are ready, -1 (t->why) when not. */
static int prepare(struct cs_efi_tlb *t)
{
	EFI_PHYSICAL_ADDRESS a = 0;
	const char *why = 0;
	uint64_t n;

	if (t->tried)
		return t->own ? 0 : -1;
	t->tried = 1;
	if (cs_arch_pt_format(&t->pt.f, &t->fw_root, t->why, sizeof t->why) != 0)
		return -1;
	t->pt.phys = phys;
	t->pt.virt = virt;
	t->leaves = cs_arch_pt_leaves();
	n = cs_pt_count(&t->pt, t->fw_root) + CS_EFI_TLB_TABLE_PAGES;
	if (EFI_ERROR(t->bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n, &a))) {
		cs_strlcpy(t->why, "no memory for page tables of our own", sizeof t->why);
		return -1;
	}
	t->tables = a;
	t->table_pages = n;
	t->pt.pool = (unsigned char *)(uintptr_t)a;
	t->pt.pool_bytes = n * 4096;
	if (cs_pt_copy(&t->pt, t->fw_root, &why) != 0) {
		cs_strlcpy(t->why, why, sizeof t->why);
		return -1;
	}
	t->own = 1;
	return 0;
}

/* The firmware's leaf for the region (the windows take its memory type). */
static int region_leaf(struct cs_efi_tlb *t, uint64_t *page, uint64_t *leaf, uint32_t *level)
{
	uint64_t pa;
	if (!t->pt.f)
		return -1;
	return cs_pt_lookup(&t->pt, t->fw_root, (uint64_t)(uintptr_t)t->region, &pa, page, leaf,
			    level);
}

static int pool_pages(void *ctx, uint64_t *page, char *how, size_t how_len)
{
	struct cs_efi_tlb *t = ctx;
	uint64_t leaf;
	uint32_t level;
	(void)prepare(t);
	if (region_leaf(t, page, &leaf, &level) != 0)
		return -1;
	cs_strlcpy(how, "the firmware's page tables, walked at the region's first page", how_len);
	return 0;
}

/* The frames page i of the window lands on (cs_tlb_frame): the 4 KiB
 * window's own zeroed frames; for larger pages, one frame holding the
 * region's first zeroed lines (2 MiB-aligned, inside the region). */
static int frames(struct cs_efi_tlb *t, struct cs_tlb_window *w, uint64_t *frame0, char *why,
		  size_t whylen)
{
	uint64_t region = (uint64_t)(uintptr_t)t->region, lines_at = up(region, MIB2);
	if (w->page_bytes == 4096) {
		uint64_t n = cs_tlb_frames(w);
		if (!t->frames && EFI_ERROR(t->bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n,
								 &t->frames))) {
			cs_strlcpy(why, "no memory for the 4 KiB window's frames", whylen);
			return -1;
		}
		t->frame_pages = n;
		cs_memset((void *)(uintptr_t)t->frames, 0, n * 4096);
		*frame0 = t->frames;
		return 0;
	}
	if (lines_at + (uint64_t)w->lines * 64 > region + t->region_bytes) {
		cs_strlcpy(why, "the region holds no 2 MiB-aligned place for the window's lines", whylen);
		return -1;
	}
	cs_memset((void *)(uintptr_t)lines_at, 0, (uint64_t)w->lines * 64);
	*frame0 = lines_at & ~(w->page_bytes - 1);
	w->line_base = lines_at - *frame0;
	return 0;
}

/* Maps the window's pages in our tables: -1 (why) when out of table memory. */
static int map_window(struct cs_efi_tlb *t, struct cs_tlb_window *w, uint64_t frame0, char *why,
		      size_t whylen)
{
	uint32_t level = cs_pt_level_of(w->page_bytes), like_level = 3;
	uint64_t slot = cs_pt_slot_bytes(&t->pt), va = 0, like = 0, pg;
	const char *err = 0;
	uint32_t slots = (uint32_t)((w->pages * w->page_bytes + slot - 1) / slot);
	(void)region_leaf(t, &pg, &like, &like_level);
	if (cs_pt_free_slots(&t->pt, t->pt.root, slots, &va) != 0) {
		cs_strlcpy(why, "no room in the address space for the window", whylen);
		return -1;
	}
	w->base = (unsigned char *)(uintptr_t)va;
	for (uint64_t i = 0; i < w->pages; i++)
		if (cs_pt_map(&t->pt, va + i * w->page_bytes, frame0 + cs_tlb_frame(w, i) * w->page_bytes,
			      level, like, like_level, &err) != 0) {
			cs_strlcpy(why, err, whylen);
			return -1;
		}
	cs_arch_pt_publish(t->pt.pool, t->pt.used);
	return 0;
}

/* On the firmware's own tables (ours refused): the 4 KiB sweep, and the
 * sweep of the page size the firmware maps the region with, over the
 * region, one line in each page, not aliased. */
static int firmware_window(struct cs_efi_tlb *t, uint64_t page, struct cs_tlb_window *w,
			   char *tables, size_t tables_len, char *method, size_t method_len,
			   char *why, size_t why_len)
{
	uint64_t fw_page = 0, leaf;
	uint32_t level;
	int known = region_leaf(t, &fw_page, &leaf, &level) == 0;
	if (page != 4096 && (!known || fw_page != page)) {
		cs_strlcpy(why, t->why, why_len);
		return -1;
	}
	uint64_t base = up((uint64_t)(uintptr_t)t->region, page);
	uint64_t end = (uint64_t)(uintptr_t)t->region + t->region_bytes;
	w->base = (unsigned char *)(uintptr_t)base;
	w->pages = base < end ? (end - base) / page < w->pages ? (end - base) / page : w->pages : 0;
	w->unaliased = 1;
	for (uint64_t i = 0; i < w->pages; i++)
		*(uint64_t *)(w->base + i * page + cs_tlb_line_offset(w, i)) = 0;
	cs_strlcpy(tables, "firmware", tables_len);
	struct cs_buf b;
	cs_buf_init(&b, method, method_len);
	cs_puts(&b, "the firmware's own tables (ours refused: ");
	cs_puts(&b, t->why);
	cs_puts(&b, "); the region, one line in each page, not aliased; the firmware maps it with ");
	if (known)
		cs_put_size(&b, (double)fw_page);
	else
		cs_puts(&b, "pages of a size not read");
	cs_puts(&b, " pages");
	return w->pages ? 0 : -1;
}

static int map(void *ctx, uint64_t page, uint64_t pages, uint32_t lines, struct cs_tlb_window *w,
	       char *tables, size_t tables_len, char *method, size_t method_len, char *why,
	       size_t why_len)
{
	struct cs_efi_tlb *t = ctx;
	uint64_t frame0 = 0;
	struct cs_buf b;

	cs_memset(w, 0, sizeof *w);
	w->page_bytes = page;
	w->pages = pages;
	w->lines = lines;
	if (prepare(t) != 0)
		return firmware_window(t, page, w, tables, tables_len, method, method_len, why, why_len);
	if (!(t->leaves & (1u << cs_pt_level_of(page)))) {
		cs_strlcpy(why, page == GIB1 ? cs_arch_pt_no_1g() : "the processor maps no such pages", why_len);
		return -1;
	}
	if (frames(t, w, &frame0, why, why_len) != 0 || map_window(t, w, frame0, why, why_len) != 0)
		return -1;
	cs_strlcpy(tables, "own", tables_len);
	cs_buf_init(&b, method, method_len);
	cs_puts(&b, "page tables of our own (the firmware's identity map copied), ");
	cs_put_u64(&b, pages);
	cs_puts(&b, " pages mapped on ");
	cs_put_u64(&b, cs_tlb_frames(w));
	cs_puts(&b, " frame(s), page i on frame ((i mod ");
	cs_put_u64(&b, lines);
	cs_puts(&b, ") x 64) / page size");
	return 0;
}

static void unmap(void *ctx, struct cs_tlb_window *w)
{
	(void)ctx;
	w->base = 0; /* the mapping stays in our tables, unused, until they go */
}

static int enter(void *ctx)
{
	struct cs_efi_tlb *t = ctx;
	if (t->own)
		cs_arch_pt_enter(t->pt.root);
	return 0;
}

static void leave(void *ctx)
{
	(void)ctx;
	cs_arch_pt_leave();
}

/* The region again on the largest pages the processor maps (1 GiB, else
 * 2 MiB) of our own tables: its address there. */
static int large(void *ctx, void **mem, uint64_t *page, char *why, size_t why_len)
{
	struct cs_efi_tlb *t = ctx;
	struct cs_tlb_window w;
	uint64_t region = (uint64_t)(uintptr_t)t->region;
	if (prepare(t) != 0) {
		cs_strlcpy(why, t->why, why_len);
		return -1;
	}
	cs_memset(&w, 0, sizeof w);
	w.page_bytes = t->leaves & (1u << 1) ? GIB1 : MIB2;
	w.lines = CS_TLB_LINES_MIN;
	uint64_t first = region & ~(w.page_bytes - 1);
	w.pages = (up(region + t->region_bytes, w.page_bytes) - first) / w.page_bytes;
	/* frames: the region's own, in order (cs_tlb_frame is not used here) */
	uint64_t slot = cs_pt_slot_bytes(&t->pt), va = 0, like = 0, pg;
	uint32_t like_level = 3, level = cs_pt_level_of(w.page_bytes);
	const char *err = 0;
	(void)region_leaf(t, &pg, &like, &like_level);
	if (cs_pt_free_slots(&t->pt, t->pt.root, (uint32_t)((w.pages * w.page_bytes + slot - 1) / slot),
			     &va) != 0) {
		cs_strlcpy(why, "no room in the address space for the region on large pages", why_len);
		return -1;
	}
	for (uint64_t i = 0; i < w.pages; i++)
		if (cs_pt_map(&t->pt, va + i * w.page_bytes, first + i * w.page_bytes, level, like,
			      like_level, &err) != 0) {
			cs_strlcpy(why, err, why_len);
			return -1;
		}
	cs_arch_pt_publish(t->pt.pool, t->pt.used);
	*mem = (void *)(uintptr_t)(va + (region - first));
	*page = w.page_bytes;
	return 0;
}

void cs_efi_tlb_hooks(struct cs_tlb_hooks *h, struct cs_efi_tlb *t, EFI_BOOT_SERVICES *bs,
		      void *region, uint64_t region_bytes)
{
	cs_memset(t, 0, sizeof *t);
	t->bs = bs;
	t->region = region;
	t->region_bytes = region_bytes;
	h->map = map;
	h->unmap = unmap;
	h->enter = enter;
	h->leave = leave;
	h->pool_pages = pool_pages;
	h->large = large;
	h->ctx = t;
}

int cs_efi_tlb_done(struct cs_efi_tlb *t)
{
	int back;
	cs_arch_pt_leave(); /* a no-op unless a point was left inside */
	back = !t->pt.f || cs_arch_pt_current() == t->fw_root;
	if (t->frames)
		t->bs->FreePages(t->frames, t->frame_pages);
	if (t->tables)
		t->bs->FreePages(t->tables, t->table_pages);
	t->frames = t->tables = 0;
	t->own = 0;
	return back;
}
