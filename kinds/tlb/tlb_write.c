/* tlb_write.c: the TLB kind's members of a capture (tlb_capture.h,
 * docs/capture.md), the write and record columns of common/kinds.h:
 * "published.tlbs" inside the published object, then "tlb", "pool_pages"
 * and "sweep_large_pages" at the top level, and how the run went
 * ("tlb_probe") after the producer's own members. Absent members are left
 * out. Freestanding. */
#include "tlb_kind.h"
#include "../../common/capture_write.h"

void cs_tlb_published_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_tlb_capture *t = &c->tlb;
	if (!t->has_published)
		return;
	if (t->published_source[0]) {
		cs_jsonw_key(j, "tlbs_source");
		cs_jsonw_str(j, t->published_source);
	}
	cs_jsonw_key(j, "tlbs");
	if (t->published_null) {
		cs_jsonw_null(j);
		cs_jsonw_key(j, "tlbs_reason");
		cs_jsonw_str(j, t->published_reason);
		return;
	}
	cs_jsonw_arr(j);
	int pretty = j->pretty;
	for (uint32_t i = 0; i < t->n_published && i < CS_MAX_TLBS; i++) {
		const struct cs_tlb *k = &t->published[i];
		cs_jsonw_obj(j);
		j->pretty = 0; /* one TLB a line */
		cs_jsonw_key(j, "level");
		cs_jsonw_u64(j, k->level);
		cs_jsonw_key(j, "type");
		cs_jsonw_str(j, cs_cache_type_name(k->type));
		cs_jsonw_key(j, "page_bytes");
		cs_jsonw_u64(j, k->page_bytes);
		cs_jsonw_key(j, "entries");
		cs_jsonw_u64(j, k->entries);
		if (k->ways) {
			cs_jsonw_key(j, "ways");
			cs_jsonw_u64(j, k->ways);
		}
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
}

static void series(struct cs_jsonw *j, const struct cs_tlb_series *s)
{
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "page_bytes");
	cs_jsonw_u64(j, s->page_bytes);
	if (s->page_tables[0]) {
		cs_jsonw_key(j, "page_tables");
		cs_jsonw_str(j, s->page_tables);
	}
	if (s->method[0]) {
		cs_jsonw_key(j, "method");
		cs_jsonw_str(j, s->method);
	}
	if (s->alias_lines) {
		cs_jsonw_key(j, "alias_lines");
		cs_jsonw_u64(j, s->alias_lines);
	}
	if (s->refused) {
		cs_jsonw_key(j, "refusal");
		cs_jsonw_str(j, s->refusal);
	}
	cs_jsonw_key(j, "points");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < s->n && i < CS_TLB_MAX_POINTS; i++) {
		const struct cs_tlb_point *p = &s->pts[i];
		cs_point_write(j, "pages", p->pages, p->ns, p->has_median, p->ns_median,
			       p->has_block, p->block_ns);
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

static void large(struct cs_jsonw *j, const struct cs_tlb_capture *t);

void cs_tlb_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_tlb_capture *t = &c->tlb;
	if (t->n_series) {
		cs_jsonw_key(j, "tlb");
		cs_jsonw_arr(j);
		for (uint32_t i = 0; i < t->n_series && i < CS_TLB_MAX_SIZES; i++)
			series(j, &t->series[i]);
		cs_jsonw_arr_end(j);
	}
	if (t->has_pool_pages) {
		cs_jsonw_key(j, "pool_pages");
		cs_jsonw_u64(j, t->pool_pages);
		if (t->pool_pages_how[0]) {
			cs_jsonw_key(j, "pool_pages_how");
			cs_jsonw_str(j, t->pool_pages_how);
		}
	}
	if (t->has_large)
		large(j, t);
}

/* "sweep_large_pages": the data-cache sweep again on large pages. */
static void large(struct cs_jsonw *j, const struct cs_tlb_capture *t)
{
	cs_jsonw_key(j, "sweep_large_pages");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "page_bytes");
	cs_jsonw_u64(j, t->large_page_bytes);
	if (t->large_page_tables[0]) {
		cs_jsonw_key(j, "page_tables");
		cs_jsonw_str(j, t->large_page_tables);
	}
	cs_points_array_write(j, t->large, t->n_large < CS_MAX_SWEEP_POINTS ? t->n_large : CS_MAX_SWEEP_POINTS);
	cs_jsonw_obj_end(j);
}

/* "tlb_probe": seconds in all, per page size and for the large-page sweep
 * (what `make bench` splits the probe's time by), and the passes. */
void cs_tlb_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_tlb_capture *t = &c->tlb;
	if (!t->run_present)
		return;
	cs_jsonw_key(j, "tlb_probe");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, t->run_s, 4);
	cs_jsonw_key(j, "passes");
	cs_jsonw_u64(j, t->passes);
	cs_jsonw_key(j, "block_floor_ns");
	cs_jsonw_numsig(j, CS_TLB_BLOCK_FLOOR_NS, 6);
	cs_jsonw_key(j, "series_seconds");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < t->n_series && i < CS_TLB_MAX_SIZES; i++)
		cs_jsonw_numsig(j, t->series_s[i], 4);
	cs_jsonw_arr_end(j);
	cs_jsonw_key(j, "large_seconds");
	cs_jsonw_numsig(j, t->large_s, 4);
	if (t->tables_checked) {
		cs_jsonw_key(j, "firmware_tables_back");
		cs_jsonw_bool(j, t->tables_back);
	}
	cs_jsonw_obj_end(j);
}
