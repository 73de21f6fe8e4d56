/* pagetables.c: page tables of our own, the firmware's platform service
 * for mapping pages of a size (services.h, common/services.h; docs/tlb.md
 * s.1). Built by common/pagetable.c in the arch layer's format: the
 * firmware's identity map copied whole, aliases mapped beside it in
 * top-level slots the firmware leaves empty, and a range mapped again on
 * large pages; loaded around each use with interrupts masked, and the
 * firmware's put back (arch.h cs_arch_pt_enter and cs_arch_pt_leave, which
 * every path pairs). Where the arch layer says our tables cannot follow
 * the firmware's, every alias is refused with that reason (the kind may
 * then use the pool on the firmware's own tables). */
#include "services.h"
#include "../common/buf.h"

#define MIB2 (2ull << 20)
#define GIB1 (1ull << 30)
#define CS_EFI_PT_TABLE_PAGES 256 /* beyond the copy: every alias fits */
/* A window cut short to fit the address space keeps at least this many
 * pages, or is refused: fewer reach past no L1 TLB (32 to 64 entries on
 * the cores of docs/tlb.md), and the kind's counts start at 4. */
#define CS_EFI_PT_SHORT_MIN 64

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
static int prepare(struct cs_efi_svc *v)
{
	struct cs_efi_pt *t = &v->pt;
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
	n = cs_pt_count(&t->pt, t->fw_root) + CS_EFI_PT_TABLE_PAGES;
	if (EFI_ERROR(v->bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n, &a))) {
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

/* The firmware's leaf for the pool (aliases take its memory type). */
static int pool_leaf(struct cs_efi_svc *v, uint64_t *page, uint64_t *leaf, uint32_t *level)
{
	uint64_t pa;
	if (!v->pt.pt.f)
		return -1;
	return cs_pt_lookup(&v->pt.pt, v->pt.fw_root, (uint64_t)(uintptr_t)v->pool, &pa, page, leaf, level);
}

static int pool_pages(void *ctx, uint64_t *page, char *how, size_t how_len)
{
	struct cs_efi_svc *v = ctx;
	uint64_t leaf;
	uint32_t level;
	(void)prepare(v);
	if (pool_leaf(v, page, &leaf, &level) != 0)
		return -1;
	cs_strlcpy(how, "the firmware's page tables, walked at the region's first page", how_len);
	return 0;
}

static uint32_t page_sizes(void *ctx)
{
	struct cs_efi_svc *v = ctx;
	return prepare(v) == 0 ? v->pt.leaves : 1u;
}

/* The frames an alias lands on: for 4 KiB pages zeroed frames of their
 * own; for larger pages one frame holding the pool's first zeroed bytes
 * (2 MiB-aligned, inside the pool). */
static int frames(struct cs_efi_svc *v, struct cs_svc_alias *a, uint64_t *frame0, char *why, size_t whylen)
{
	struct cs_efi_pt *t = &v->pt;
	uint64_t pool = (uint64_t)(uintptr_t)v->pool, at = up(pool, MIB2);
	if (a->page == 4096) {
		uint64_t n = a->frames;
		if (t->frames && t->frame_pages < n) {
			v->bs->FreePages(t->frames, t->frame_pages);
			t->frames = 0;
		}
		if (!t->frames && EFI_ERROR(v->bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n, &t->frames))) {
			cs_strlcpy(why, "no memory for the 4 KiB alias's frames", whylen);
			return -1;
		}
		if (t->frame_pages < n)
			t->frame_pages = n;
		cs_memset((void *)(uintptr_t)t->frames, 0, n * 4096);
		*frame0 = t->frames;
		a->line_base = 0;
		return 0;
	}
	if (at + a->used > pool + v->pool_bytes) {
		cs_strlcpy(why, "the region holds no 2 MiB-aligned place for the window's lines", whylen);
		return -1;
	}
	cs_memset((void *)(uintptr_t)at, 0, a->used);
	*frame0 = at & ~(a->page - 1);
	a->line_base = at - *frame0;
	return 0;
}

/* Why there is no room for 'bytes' on 'page' pages: the space's top-level
 * slots (how many, how large, how many free) and the level below, as the
 * firmware's own tables lay them out (U-Boot on QEMU's virt: a 40-bit
 * space, its 2 top-level slots both in use). */
static void no_room(struct cs_efi_svc *v, const char *room, uint64_t bytes, uint64_t page, char *why,
		    size_t whylen)
{
	const struct cs_pt *pt = &v->pt.pt;
	const uint64_t *top = pt->virt(pt->ctx, pt->root);
	uint32_t n = pt->f->window_slots, free = 0, lvl = pt->f->top_level;
	uint64_t slot = cs_pt_slot_bytes(pt);
	struct cs_buf b;
	for (uint32_t i = 0; i < n; i++)
		free += pt->f->kind(top[i], lvl) == CS_PT_INVALID;
	cs_buf_init(&b, why, whylen);
	cs_puts(&b, room);
	cs_puts(&b, ": ");
	cs_put_u64(&b, n);
	cs_puts(&b, " top-level slot(s) of ");
	cs_put_size(&b, (double)slot);
	cs_puts(&b, " (a ");
	cs_put_u64(&b, (uint64_t)__builtin_ctzll(slot * pt->f->top_entries));
	cs_puts(&b, "-bit space), ");
	cs_put_u64(&b, free);
	cs_puts(&b, " free, and ");
	if (lvl + 1 > cs_pt_level_of(page)) {
		cs_puts(&b, "pages of that size cannot go a level below");
	} else {
		cs_puts(&b, "no ");
		cs_put_size(&b, (double)bytes);
		cs_puts(&b, " run of free ");
		cs_put_size(&b, (double)(slot / CS_PT_ENTRIES));
		cs_puts(&b, " entries under them");
	}
}

/* Maps n pages of size page from va, page i on frame frame(i): -1 (why)
 * when out of table memory. */
static int map_pages(struct cs_efi_svc *v, uint64_t page, uint64_t n, uint64_t frame0,
		     const struct cs_svc_alias *a, uint64_t va, char *why, size_t whylen)
{
	struct cs_efi_pt *t = &v->pt;
	uint32_t level = cs_pt_level_of(page), like_level = 3;
	uint64_t like = 0, pg;
	const char *err = 0;
	(void)pool_leaf(v, &pg, &like, &like_level);
	for (uint64_t i = 0; i < n; i++)
		if (cs_pt_map(&t->pt, va + i * page, frame0 + (a ? a->frame_of(a->arg, i) : i) * page, level, like,
			      like_level, &err) != 0) {
			cs_strlcpy(why, err, whylen);
			return -1;
		}
	cs_arch_pt_publish(t->pt.pool, t->pt.used);
	return 0;
}

static int alias(void *ctx, struct cs_svc_alias *a, char *why, size_t why_len)
{
	struct cs_efi_svc *v = ctx;
	struct cs_efi_pt *t = &v->pt;
	uint64_t frame0 = 0, va = 0, n = a->pages;
	uint32_t level = cs_pt_level_of(a->page);
	int below = 0;
	if (prepare(v) != 0) {
		cs_strlcpy(why, t->why, why_len);
		return -1;
	}
	if (!(t->leaves & (1u << level))) {
		cs_strlcpy(why, a->page == GIB1 ? cs_arch_pt_no_1g() : "the processor maps no such pages", why_len);
		return -1;
	}
	/* The whole window where it fits; else the largest power-of-two
	 * share of it that does, said (the kind says "stopped short"). */
	while (cs_pt_free_range(&t->pt, t->pt.root, n * a->page, level, &va, &below) != 0) {
		if (n / 2 < CS_EFI_PT_SHORT_MIN) {
			no_room(v, "no room in the address space for the window", a->pages * a->page, a->page, why,
				why_len);
			return -1;
		}
		n /= 2;
	}
	if (n < a->pages) { /* the kind says it after "stopped short: " */
		struct cs_buf b;
		cs_buf_init(&b, why, why_len);
		cs_puts(&b, "no room for more in a ");
		cs_put_u64(&b, (uint64_t)__builtin_ctzll(cs_pt_slot_bytes(&t->pt) * t->pt.f->top_entries));
		cs_puts(&b, "-bit space, its top-level slots in use");
		a->pages = n;
	}
	if (frames(v, a, &frame0, why, why_len) != 0 || map_pages(v, a->page, n, frame0, a, va, why, why_len) != 0)
		return -1;
	a->base = (unsigned char *)(uintptr_t)va;
	cs_strlcpy(a->tables, "own", sizeof a->tables);
	cs_strlcpy(a->how, below ? "page tables of our own (the firmware's identity map copied; under a "
				   "top-level slot in use)"
				 : "page tables of our own (the firmware's identity map copied)",
		   sizeof a->how);
	return 0;
}

static void unalias(void *ctx, struct cs_svc_alias *a)
{
	(void)ctx;
	a->base = 0; /* the mapping stays in our tables, unused, until they go */
}

static int enter(void *ctx)
{
	struct cs_efi_svc *v = ctx;
	if (v->pt.own)
		cs_arch_pt_enter(v->pt.pt.root);
	return 0;
}

static void leave(void *ctx)
{
	(void)ctx;
	cs_arch_pt_leave();
}

/* [mem, mem + bytes) again on the largest pages the processor maps (1 GiB,
 * else 2 MiB) of our own tables: its address there. */
static int remap_large(void *ctx, void *mem, uint64_t bytes, void **at, uint64_t *page, char *why,
		       size_t why_len)
{
	struct cs_efi_svc *v = ctx;
	uint64_t start = (uint64_t)(uintptr_t)mem, pg, first, n, va = 0;
	int below = 0;
	const char *room = "no room in the address space for the region on large pages";
	if (prepare(v) != 0) {
		cs_strlcpy(why, v->pt.why, why_len);
		return -1;
	}
	pg = v->pt.leaves & (1u << 1) ? GIB1 : MIB2;
	first = start & ~(pg - 1);
	n = (up(start + bytes, pg) - first) / pg;
	if (cs_pt_free_range(&v->pt.pt, v->pt.pt.root, n * pg, cs_pt_level_of(pg), &va, &below) != 0) {
		no_room(v, room, n * pg, pg, why, why_len);
		return -1;
	}
	if (map_pages(v, pg, n, first, 0, va, why, why_len) != 0)
		return -1;
	*at = (void *)(uintptr_t)(va + (start - first));
	*page = pg;
	return 0;
}

int cs_efi_pt_done(void *ctx)
{
	struct cs_efi_svc *v = ctx;
	struct cs_efi_pt *t = &v->pt;
	int back;
	cs_arch_pt_leave(); /* a no-op unless a use was left inside */
	back = !t->pt.f || cs_arch_pt_current() == t->fw_root;
	if (t->frames)
		v->bs->FreePages(t->frames, t->frame_pages);
	if (t->tables)
		v->bs->FreePages(t->tables, t->table_pages);
	t->frames = t->tables = 0;
	t->own = 0;
	return back;
}

void cs_efi_pt_init(struct cs_efi_svc *v)
{
	struct cs_services *s = &v->s;
	s->pool_pages = pool_pages;
	s->page_sizes = page_sizes;
	s->alias = alias;
	s->unalias = unalias;
	s->tables_enter = enter;
	s->tables_leave = leave;
	s->remap_large = remap_large;
	s->tables_done = cs_efi_pt_done;
}
