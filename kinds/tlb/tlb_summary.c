/* tlb_summary.c: what the TLB kind lends the summary (docs/summary.md
 * s.2b, docs/tlb.md s.4), its query column of the table (common/kinds.h,
 * reduce/query.h): a knee of the sweep paired with no cache level,
 * explained as a TLB's reach (measured by the kind, or published), or as
 * page walks (the sweep on large pages has no knee there). Freestanding. */
#include "tlb_kind.h"
#include "../../reduce/query.h"
#include "../../reduce/rules_summary.h"

static const char *page_words(uint64_t page)
{
	return page >= (1u << 30) ? "1 GiB" : page >= (1u << 21) ? "2 MiB" : page >= 65536 ? "64 KiB" : "4 KiB";
}

/* s.2b: an extra level at a TLB's reach: the TLB kind found this knee at
 * one (docs/tlb.md s.4), or a published TLB's entries x page size lie
 * within CS_SUMMARY_REACH_FACTOR of it */
static int tlb_reach(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r, uint32_t n)
{
	const struct cs_knee *k = &r->knees[n];
	for (uint32_t i = 0; i < r->tlb.n_translation && i < CS_MAX_KNEES; i++) {
		const struct cs_tlb_translation *t = &r->tlb.translation[i];
		if (t->knee != n)
			continue;
		cs_puts(b, "; explained: the TLB kind measured a TLB of ");
		cs_put_g(b, t->entries, 3);
		cs_puts(b, " entries of ");
		cs_puts(b, page_words(t->page_bytes));
		cs_puts(b, " pages here, whose reach is ");
		cs_put_size(b, t->reach);
		cs_puts(b, ": translation, not a cache");
		return 1;
	}
	for (uint32_t i = 0; i < c->tlb.n_published && i < CS_MAX_TLBS; i++) {
		const struct cs_tlb *t = &c->tlb.published[i];
		double reach = (double)t->entries * (double)t->page_bytes;
		if (t->type == CS_CACHE_INSTRUCTION || !(reach > 0) || !c->tlb.has_pool_pages ||
		    t->page_bytes != c->tlb.pool_pages || k->bytes > CS_SUMMARY_REACH_FACTOR * reach ||
		    reach > CS_SUMMARY_REACH_FACTOR * k->bytes)
			continue;
		cs_puts(b, "; explained: the published L");
		cs_put_u64(b, t->level);
		cs_puts(b, " TLB's reach, ");
		cs_put_u64(b, t->entries);
		cs_puts(b, " entries of the sweep's ");
		cs_puts(b, page_words(t->page_bytes));
		cs_puts(b, " pages = ");
		cs_put_size(b, reach);
		cs_puts(b, ", lies within ");
		cs_put_g(b, CS_SUMMARY_REACH_FACTOR, 3);
		cs_puts(b, "x of it: translation, not a cache");
		return 1;
	}
	return 0;
}

/* s.2b: page walks: the sweep again on large pages (sweep_large_pages)
 * has no knee within CS_SUMMARY_WITNESS_AGREE of this one, so the step is
 * the small pages' translation */
static int page_walks(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r, uint32_t n)
{
	const struct cs_knee *k = &r->knees[n];
	if (!r->tlb.large_reduced || !r->tlb.n_large_levels)
		return 0;
	for (uint32_t i = 0; i < r->tlb.n_large_knees && i < CS_MAX_KNEES; i++) {
		const struct cs_knee *q = &r->tlb.large_knees[i];
		if (q->has_bytes && q->bytes <= CS_SUMMARY_WITNESS_AGREE * k->bytes &&
		    k->bytes <= CS_SUMMARY_WITNESS_AGREE * q->bytes)
			return 0;
	}
	cs_puts(b, "; explained: page walks: the sweep on ");
	cs_puts(b, page_words(c->tlb.large_page_bytes));
	cs_puts(b, " pages has no knee within ");
	cs_put_g(b, CS_SUMMARY_WITNESS_AGREE, 3);
	cs_puts(b, "x of it");
	return 1;
}

int cs_tlb_query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r)
{
	if (q->what == CS_Q_UNMATCHED_MEASURED)
		return tlb_reach(q->b, c, r, q->n);
	if (q->what == CS_Q_UNMATCHED_INDIRECT)
		return page_walks(q->b, c, r, q->n);
	return 0;
}
