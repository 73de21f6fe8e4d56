/* pagetable.c: page tables of our own (pagetable.h). Freestanding. */
#include "pagetable.h"
#include "buf.h"

uint64_t cs_pt_page_bytes(uint32_t level)
{
	return level == 1 ? 1ull << 30 : level == 2 ? 2ull << 20 : level == 3 ? CS_PT_PAGE : 0;
}

uint32_t cs_pt_level_of(uint64_t page_bytes)
{
	return page_bytes == (1ull << 30) ? 1 : page_bytes == (2ull << 20) ? 2 :
	       page_bytes == CS_PT_PAGE ? 3 : 0;
}

static uint32_t shift_of(uint32_t level)
{
	return 39 - 9 * level;
}

static uint32_t index_of(const struct cs_pt *pt, uint64_t va, uint32_t level)
{
	uint64_t i = va >> shift_of(level);
	return (uint32_t)(level == pt->f->top_level ? i % pt->f->top_entries : i % CS_PT_ENTRIES);
}

static uint32_t entries_at(const struct cs_pt *pt, uint32_t level)
{
	return level == pt->f->top_level ? pt->f->top_entries : CS_PT_ENTRIES;
}

static uint64_t *table_at(const struct cs_pt *pt, uint64_t pa)
{
	return pt->virt(pt->ctx, pa);
}

/* A zeroed table from the pool: its physical address, or 0. */
static uint64_t new_table(struct cs_pt *pt)
{
	if (pt->used + CS_PT_PAGE > pt->pool_bytes)
		return 0;
	unsigned char *p = pt->pool + pt->used;
	pt->used += CS_PT_PAGE;
	cs_memset(p, 0, CS_PT_PAGE);
	return pt->phys(pt->ctx, p);
}

static uint64_t count_from(const struct cs_pt *pt, uint64_t table, uint32_t level)
{
	const uint64_t *t = table_at(pt, table);
	uint64_t n = 1;
	if (level >= 3)
		return n;
	for (uint32_t i = 0; i < entries_at(pt, level); i++)
		if (pt->f->kind(t[i], level) == CS_PT_TABLE)
			n += count_from(pt, t[i] & pt->f->addr_mask, level + 1);
	return n;
}

uint64_t cs_pt_count(const struct cs_pt *pt, uint64_t root)
{
	return root ? count_from(pt, root, pt->f->top_level) : 0;
}

/* A copy of the table at 'from' (level), its sub-tables copied too: the
 * copy's physical address, or 0 when the pool ran out. */
static uint64_t copy_from(struct cs_pt *pt, uint64_t from, uint32_t level)
{
	uint64_t to = new_table(pt);
	if (!to)
		return 0;
	const uint64_t *s = table_at(pt, from);
	uint64_t *d = table_at(pt, to);
	for (uint32_t i = 0; i < entries_at(pt, level); i++) {
		uint64_t e = s[i];
		if (level < 3 && pt->f->kind(e, level) == CS_PT_TABLE) {
			uint64_t sub = copy_from(pt, e & pt->f->addr_mask, level + 1);
			if (!sub)
				return 0;
			e = (e & ~pt->f->addr_mask) | sub;
		}
		d[i] = e;
	}
	return to;
}

int cs_pt_copy(struct cs_pt *pt, uint64_t from, const char **why)
{
	pt->root = from ? copy_from(pt, from, pt->f->top_level) : new_table(pt);
	if (!pt->root) {
		*why = "out of memory for page tables";
		return -1;
	}
	return 0;
}

int cs_pt_map(struct cs_pt *pt, uint64_t va, uint64_t pa, uint32_t level, uint64_t like,
	      uint32_t like_level, const char **why)
{
	uint64_t page = cs_pt_page_bytes(level), table = pt->root;
	uint64_t space = (uint64_t)pt->f->top_entries << shift_of(pt->f->top_level);
	if (!page || level < pt->f->top_level || level < 1) {
		*why = "no leaf at that level";
		return -1;
	}
	if ((va | pa) & (page - 1) || (pa & ~pt->f->addr_mask & ~(page - 1))) {
		*why = "an address not aligned to its page";
		return -1;
	}
	if (va >= space) {
		*why = "an address outside the translated space";
		return -1;
	}
	for (uint32_t l = pt->f->top_level; l < level; l++) {
		uint64_t *t = table_at(pt, table);
		uint64_t *e = &t[index_of(pt, va, l)];
		enum cs_pt_kind k = pt->f->kind(*e, l);
		if (k == CS_PT_LEAF) {
			*why = "a larger page already maps that address";
			return -1;
		}
		if (k == CS_PT_INVALID) {
			uint64_t sub = new_table(pt);
			if (!sub) {
				*why = "out of memory for page tables";
				return -1;
			}
			*e = pt->f->table_bits | sub;
		}
		table = *e & pt->f->addr_mask;
	}
	uint64_t *t = table_at(pt, table);
	uint64_t *e = &t[index_of(pt, va, level)];
	if (pt->f->kind(*e, level) != CS_PT_INVALID) {
		*why = "the address is already mapped";
		return -1;
	}
	*e = pt->f->leaf_bits(level, like, like_level) | pa;
	return 0;
}

int cs_pt_lookup(const struct cs_pt *pt, uint64_t root, uint64_t va, uint64_t *pa,
		 uint64_t *page_bytes, uint64_t *leaf, uint32_t *level)
{
	uint64_t table = root;
	for (uint32_t l = pt->f->top_level; l <= 3 && table; l++) {
		const uint64_t *t = table_at(pt, table);
		uint64_t e = t[index_of(pt, va, l)];
		enum cs_pt_kind k = pt->f->kind(e, l);
		if (k == CS_PT_INVALID)
			return -1;
		if (k == CS_PT_LEAF) {
			uint64_t size = cs_pt_page_bytes(l);
			if (!size)
				return -1;
			*pa = (e & pt->f->addr_mask & ~(size - 1)) | (va & (size - 1));
			*page_bytes = size;
			*leaf = e;
			*level = l;
			return 0;
		}
		table = e & pt->f->addr_mask;
	}
	return -1;
}

uint64_t cs_pt_slot_bytes(const struct cs_pt *pt)
{
	return 1ull << shift_of(pt->f->top_level);
}

int cs_pt_free_slots(const struct cs_pt *pt, uint64_t root, uint32_t count, uint64_t *va)
{
	const uint64_t *t = table_at(pt, root);
	uint32_t run = 0;
	if (!count)
		return -1;
	for (uint32_t i = pt->f->window_slots; i-- > 0;) {
		run = pt->f->kind(t[i], pt->f->top_level) == CS_PT_INVALID ? run + 1 : 0;
		if (run == count) {
			*va = (uint64_t)i * cs_pt_slot_bytes(pt);
			return 0;
		}
	}
	return -1;
}

int cs_pt_free_range(const struct cs_pt *pt, uint64_t root, uint64_t bytes, uint32_t leaf_level,
		     uint64_t *va, int *below)
{
	const uint64_t *t = table_at(pt, root);
	uint32_t top = pt->f->top_level, sub = top + 1;
	uint64_t slot = cs_pt_slot_bytes(pt), sub_bytes = 1ull << shift_of(sub);
	uint64_t need = (bytes + sub_bytes - 1) / sub_bytes;

	*below = 0;
	if (!bytes)
		return -1;
	if ((bytes + slot - 1) / slot <= pt->f->window_slots &&
	    cs_pt_free_slots(pt, root, (uint32_t)((bytes + slot - 1) / slot), va) == 0)
		return 0;
	if (sub > leaf_level || need > CS_PT_ENTRIES)
		return -1;
	for (uint32_t i = pt->f->window_slots; i-- > 0;) {
		const uint64_t *s;
		uint32_t run = 0;
		if (pt->f->kind(t[i], top) != CS_PT_TABLE)
			continue;
		s = table_at(pt, t[i] & pt->f->addr_mask);
		for (uint32_t j = CS_PT_ENTRIES; j-- > 0;) {
			run = pt->f->kind(s[j], sub) == CS_PT_INVALID ? run + 1 : 0;
			if (run == need) {
				*va = (uint64_t)i * slot + (uint64_t)j * sub_bytes;
				*below = 1;
				return 0;
			}
		}
	}
	return -1;
}
