/* geometry.c: the firmware's geometry hooks (geometry.h). The table needs
 * lines at physical addresses base + j x stride; UEFI maps memory one to
 * one, and the pool is one AllocatePages run, so it is physically
 * contiguous. That is checked, not assumed: every page of the part the
 * table uses is looked up in the firmware's page tables and must map to
 * its own address; a page that does not refuses the kind
 * (geometry-no-physical). Where the arch layer cannot read the tables
 * (x86's 5-level paging), the pool is used on the UEFI specification's
 * word and the capture says it was not checked. */
#include "geometry.h"
#include "../arch/arch.h"
#include "../kinds/tlb/pagetable.h"
#include "../kinds/geometry/rules_geom.h"
#include "../common/buf.h"

#define CS_EFI_GEOM_MAX (1ull << 30) /* the table uses no more (16 MiB strides) */

static void *virt(void *ctx, uint64_t pa)
{
	(void)ctx;
	return (void *)(uintptr_t)pa;
}

static uint64_t phys(void *ctx, const void *p)
{
	(void)ctx;
	return (uint64_t)(uintptr_t)p;
}

/* 0 when every page of [va, va + bytes) maps to itself; -1 and why (the
 * first page that does not). *pages: the leaves walked. */
static int identity(const struct cs_pt *pt, uint64_t root, uint64_t va, uint64_t bytes, uint64_t *pages,
		    char *why, size_t whylen)
{
	struct cs_buf b;
	cs_buf_init(&b, why, whylen);
	for (uint64_t a = va; a < va + bytes;) {
		uint64_t pa, page, leaf;
		uint32_t level;
		if (cs_pt_lookup(pt, root, a, &pa, &page, &leaf, &level) != 0 || pa != a) {
			cs_puts(&b, "the firmware's page tables map ");
			cs_put_hex(&b, a, 1);
			if (pa != a && page) {
				cs_puts(&b, " to ");
				cs_put_hex(&b, pa, 1);
			} else {
				cs_puts(&b, " nowhere");
			}
			cs_puts(&b, ": not identity-mapped, so no physical address is known");
			return -1;
		}
		(*pages)++;
		a = (a & ~(page - 1)) + page;
	}
	return 0;
}

static uint64_t pow2_up(uint64_t v)
{
	uint64_t p = 1;
	while (p < v && p < (1ull << 62))
		p <<= 1;
	return p;
}

static int region(void *ctx, void **mem, uint64_t *bytes, uint64_t *span, char *memory, size_t memory_len,
		  char *how, size_t how_len, char *why, size_t why_len)
{
	struct cs_efi_geom *g = ctx;
	const struct cs_pt_format *f = 0;
	struct cs_pt pt;
	uint64_t root = 0, n = g->pool_bytes < CS_EFI_GEOM_MAX ? g->pool_bytes : CS_EFI_GEOM_MAX, pages = 0;
	char no[CS_TEXT_MAX];
	struct cs_buf b;
	cs_buf_init(&b, how, how_len);
	if (!g->pool || !n) {
		cs_strlcpy(why, "no pool", why_len);
		return -1;
	}
	if (cs_arch_pt_format(&f, &root, no, sizeof no) != 0) {
		cs_puts(&b, "the pool, one AllocatePages run, identity-mapped as UEFI maps memory (not checked: ");
		cs_puts(&b, no);
		cs_puts(&b, ")");
	} else {
		cs_memset(&pt, 0, sizeof pt);
		pt.f = f;
		pt.phys = phys;
		pt.virt = virt;
		if (identity(&pt, root, (uint64_t)(uintptr_t)g->pool, n, &pages, why, why_len) != 0)
			return -1;
		cs_puts(&b, "the pool, one AllocatePages run, identity-mapped: checked against the firmware's "
			    "page tables, ");
		cs_put_u64(&b, pages);
		cs_puts(&b, " leaves, each to its own address");
	}
	*mem = g->pool;
	*bytes = n;
	*span = pow2_up(n);
	cs_strlcpy(memory, "identity", memory_len);
	return 0;
}

void cs_efi_geom_hooks(struct cs_geom_hooks *h, struct cs_efi_geom *g, void *pool, uint64_t pool_bytes)
{
	g->pool = pool;
	g->pool_bytes = pool_bytes;
	h->region = region;
	h->release = 0;
	h->ctx = g;
}
