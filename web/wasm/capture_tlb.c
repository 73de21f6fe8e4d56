/* capture_tlb.c: the boundary for a capture's TLB members
 * (kinds/tlb/tlb_capture.h), as capture_in.c is for the rest: one call per
 * value, in host/reader_tlb.c's order; strings as UTF-8 in cs_w_in with
 * their lengths. -1 when a bound of tlb_capture.h would be passed (the
 * JavaScript reader refuses such a capture first). */
#include "wasm.h"

/* published: the source (may be empty), then a reason when null. */
CS_EXPORT(cs_tlb_published) int cs_tlb_published(int is_null, uint32_t source_len,
						 uint32_t reason_len)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	t->has_published = 1;
	t->published_null = is_null;
	return cs_w_take(t->published_source, sizeof t->published_source, 0, source_len) ||
			       cs_w_take(t->published_reason, sizeof t->published_reason, source_len,
				       reason_len)
		       ? -1 : 0;
}

CS_EXPORT(cs_tlb_add_published) int cs_tlb_add_published(uint32_t level, int type, double page,
							 double entries, double ways)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	if (t->n_published >= CS_MAX_TLBS || type < 0 || type > CS_CACHE_UNIFIED)
		return -1;
	t->published[t->n_published++] = (struct cs_tlb){ level, (enum cs_cache_type)type, (uint64_t)page,
							   (uint32_t)entries, (uint32_t)ways };
	return 0;
}

/* A series: page tables, method, refusal back to back in cs_w_in. */
CS_EXPORT(cs_tlb_series) int cs_tlb_series(double page, double alias, uint32_t tables_len,
					   uint32_t method_len, uint32_t refusal_len)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	struct cs_tlb_series *s;
	if (t->n_series >= CS_TLB_MAX_SIZES)
		return -1;
	s = &t->series[t->n_series++];
	cs_memset(s, 0, sizeof *s);
	s->page_bytes = (uint64_t)page;
	s->alias_lines = (uint32_t)alias;
	if (cs_w_take(s->page_tables, sizeof s->page_tables, 0, tables_len) ||
	    cs_w_take(s->method, sizeof s->method, tables_len, method_len) ||
	    cs_w_take(s->refusal, sizeof s->refusal, tables_len + method_len, refusal_len))
		return -1;
	s->refused = refusal_len > 0;
	return 0;
}

CS_EXPORT(cs_tlb_add_point) int cs_tlb_add_point(double pages, double ns, int has_median, double median,
					 int has_block, double block)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	struct cs_tlb_series *s = t->n_series ? &t->series[t->n_series - 1] : 0;
	if (!s || s->n >= CS_TLB_MAX_POINTS)
		return -1;
	s->pts[s->n++] = (struct cs_tlb_point){ pages, ns, has_median, has_median ? median : 0,
						has_block, has_block ? block : 0 };
	return 0;
}

CS_EXPORT(cs_tlb_pool_pages) int cs_tlb_pool_pages(double page, uint32_t how_len)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	t->has_pool_pages = 1;
	t->pool_pages = (uint64_t)page;
	return cs_w_take(t->pool_pages_how, sizeof t->pool_pages_how, 0, how_len);
}

CS_EXPORT(cs_tlb_large) int cs_tlb_large(double page, uint32_t tables_len)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	t->has_large = 1;
	t->large_page_bytes = (uint64_t)page;
	t->n_large = 0;
	return cs_w_take(t->large_page_tables, sizeof t->large_page_tables, 0, tables_len);
}

CS_EXPORT(cs_tlb_large_point) int cs_tlb_large_point(double bytes, double ns, int has_block,
						     double block)
{
	struct cs_tlb_capture *t = &cs_w_cap.tlb;
	if (t->n_large >= CS_MAX_SWEEP_POINTS)
		return -1;
	t->large[t->n_large++] = (struct cs_point){ bytes, ns, has_block, has_block ? block : 0 };
	return 0;
}
