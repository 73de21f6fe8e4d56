/* tlb_platform.c: the TLB kind's windows made from the host's services
 * (common/services.h, docs/tlb.md s.1). A window of page size P is an
 * alias: N pages of P mapped onto the few frames cs_tlb_frame names, by
 * whatever the host maps pages with (the firmware's page tables of its
 * own; memfds under Linux, on hugetlbfs or shmem huge pages for the large
 * sizes). Where the host cannot alias pages of that size, the engine's
 * region serves when it lies on pages of that size (or P is 4 KiB), on
 * the host's own tables: one line in each page, not aliased. Every point
 * runs inside the host's tables_enter/leave; the region again on the
 * largest pages (sweep_large_pages) where the host remaps. The same code in
 * every host. Freestanding. */
#include "tlb_kind.h"
#include "../../common/services.h"
#include "../../decode/cpuid.h"

/* The kind's state on the host's services: one run at a time. */
static struct {
	const struct cs_services *s;
	void *mem;
	uint64_t mem_bytes;
	struct cs_svc_alias a;
	int aliased; /* a is mapped */
} P;

static uint64_t frame_of(const void *arg, uint64_t i)
{
	return cs_tlb_frame(arg, i);
}

static uint64_t up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* The region on the host's own tables, one line in each page of P, not
 * aliased (the host gave no alias: no_alias says why). */
static int region_window(uint64_t page, struct cs_tlb_window *w, const char *no_alias, char *tables,
			 size_t tables_len, char *method, size_t method_len, char *why, size_t why_len)
{
	const struct cs_services *s = P.s;
	uint64_t pool = 0, base, end = (uint64_t)(uintptr_t)P.mem + P.mem_bytes;
	char how[CS_TEXT_MAX] = "";
	struct cs_buf b;
	int known = s->pool_pages && s->pool_pages(s->ctx, &pool, how, sizeof how) == 0;
	if (page != 4096 && (!known || pool != page)) {
		cs_buf_init(&b, why, why_len);
		cs_puts(&b, no_alias);
		cs_puts(&b, "; and the region is not on pages of that size (");
		cs_puts(&b, known ? how : "its pages unknown");
		cs_puts(&b, ")");
		return -1;
	}
	base = up((uint64_t)(uintptr_t)P.mem, page);
	w->base = (unsigned char *)(uintptr_t)base;
	w->pages = base < end ? (end - base) / page < w->pages ? (end - base) / page : w->pages : 0;
	w->line_base = 0;
	w->unaliased = 1;
	for (uint64_t i = 0; i < w->pages; i++) /* the lines hold zero */
		*(uint64_t *)(w->base + i * page + cs_tlb_line_offset(w, i)) = 0;
	cs_strlcpy(tables, s->tables ? s->tables : "", tables_len);
	cs_buf_init(&b, method, method_len);
	cs_puts(&b, "no alias (");
	cs_puts(&b, no_alias);
	cs_puts(&b, "): the region on the ");
	cs_puts(&b, s->tables && s->tables[0] ? s->tables : "host");
	cs_puts(&b, "'s own tables, one line in each of ");
	cs_put_u64(&b, w->pages);
	cs_puts(&b, " pages, not aliased; its pages ");
	if (known) {
		cs_put_size(&b, (double)pool);
		cs_puts(&b, " (");
		cs_puts(&b, how);
		cs_puts(&b, ")");
	} else {
		cs_puts(&b, "of a size not read");
	}
	if (!w->pages)
		cs_strlcpy(why, "the region holds no page of that size", why_len);
	return w->pages ? 0 : -1;
}

static int map(void *ctx, uint64_t page, uint64_t pages, uint32_t lines, struct cs_tlb_window *w, char *tables,
	       size_t tables_len, char *method, size_t method_len, char *why, size_t why_len)
{
	const struct cs_services *s = ctx;
	struct cs_svc_alias *a = &P.a;
	char no[CS_TEXT_MAX] = "";
	struct cs_buf b;

	cs_memset(w, 0, sizeof *w);
	w->page_bytes = page;
	w->pages = pages;
	w->lines = lines;
	cs_memset(a, 0, sizeof *a);
	a->page = page;
	a->pages = pages;
	a->frames = cs_tlb_frames(w);
	a->used = (uint64_t)lines * CS_SLOT_BYTES;
	a->frame_of = frame_of;
	a->arg = w;
	if (!s->alias) {
		cs_strlcpy(no, "the host maps no pages of its own", sizeof no);
	} else if (s->alias(s->ctx, a, no, sizeof no) == 0) {
		P.aliased = 1;
		w->base = a->base;
		w->pages = a->pages;
		w->line_base = a->line_base;
		cs_strlcpy(tables, a->tables, tables_len);
		cs_buf_init(&b, method, method_len);
		cs_puts(&b, a->how);
		cs_puts(&b, ", ");
		cs_put_u64(&b, a->pages);
		cs_puts(&b, " pages mapped on ");
		cs_put_u64(&b, a->frames);
		cs_puts(&b, " frame(s), page i on frame ((i mod ");
		cs_put_u64(&b, lines);
		cs_puts(&b, ") x 64) / page size");
		if (a->pages < pages) {
			cs_puts(&b, "; stopped short: ");
			cs_puts(&b, no);
		}
		return a->pages ? 0 : -1;
	}
	return region_window(page, w, no[0] ? no : "the host gave no alias", tables, tables_len, method,
			     method_len, why, why_len);
}

static void unmap(void *ctx, struct cs_tlb_window *w)
{
	const struct cs_services *s = ctx;
	if (P.aliased && s->unalias)
		s->unalias(s->ctx, &P.a);
	P.aliased = 0;
	w->base = 0;
}

static int enter(void *ctx)
{
	const struct cs_services *s = ctx;
	return s->tables_enter ? s->tables_enter(s->ctx) : 0;
}

static void leave(void *ctx)
{
	const struct cs_services *s = ctx;
	if (s->tables_leave)
		s->tables_leave(s->ctx);
}

static int pool_pages(void *ctx, uint64_t *page, char *how, size_t how_len)
{
	const struct cs_services *s = ctx;
	return s->pool_pages(s->ctx, page, how, how_len);
}

static int large(void *ctx, void **mem, uint64_t *page, char *why, size_t why_len)
{
	const struct cs_services *s = ctx;
	return s->remap_large(s->ctx, P.mem, P.mem_bytes, mem, page, why, why_len);
}

void cs_tlb_platform(struct cs_engine *e)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_tlb_hooks *h = &e->hooks.tlb;
	if (!s)
		return;
	cs_memset(&P, 0, sizeof P);
	P.s = s;
	P.mem = e->hooks.mem;
	P.mem_bytes = e->hooks.mem_bytes;
	cs_memset(h, 0, sizeof *h);
	h->ctx = (void *)s;
	if (s->pool_pages)
		h->pool_pages = pool_pages;
	if (!s->alias && !s->pool_pages)
		return; /* nothing to map pages with (a browser): no TLB sweep */
	h->map = map;
	h->unmap = unmap;
	if (s->tables_enter) {
		h->enter = enter;
		h->leave = leave;
	}
	if (s->remap_large)
		h->large = large;
}

void cs_tlb_platform_end(struct cs_engine *e, struct cs_capture *c)
{
	const struct cs_services *s = e->hooks.svc;
	if (!s || !s->tables_done)
		return;
	c->tlb.tables_checked = c->tlb.run_present;
	c->tlb.tables_back = s->tables_done(s->ctx);
}

/* published.tlbs from the host's services: what CPUID names (decode/
 * cpuid_tlb.c), or none and why (the Arm architecture, and Linux, give no
 * TLB sizes), where the host reads what the processor publishes (CPUID,
 * the Arm registers, the system's list of caches: the host probe) and its
 * producer has said nothing of them (the firmware says them before, from
 * its own CPU record; the page reads none). */
void cs_tlb_publish(struct cs_engine *e, struct cs_capture *c)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_tlb_capture *t = &c->tlb;
	const char *src = "";
	if (t->has_published || !s || !(s->cpuid || s->arm || s->caches))
		return;
	t->has_published = 1;
	t->n_published = s->cpuid ? cs_cpuid_tlbs(s->cpuid, t->published, CS_MAX_TLBS, &src) : 0;
	cs_strlcpy(t->published_source, src ? src : "", sizeof t->published_source);
	t->published_null = t->n_published == 0;
	if (t->published_null && s->cpuid)
		cs_cpuid_tlbs_why(s->cpuid, t->published_reason, sizeof t->published_reason);
	else if (t->published_null)
		cs_strlcpy(t->published_reason,
			   "no CPUID here, and the architecture has no register that gives TLB sizes",
			   sizeof t->published_reason);
}
