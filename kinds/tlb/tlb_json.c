/* tlb_json.c: reduce --json's TLB members, the TLB row's json column (common/kinds.h), last, only
 * when the capture has a TLB member: "tlb" (one object per page size),
 * "translation" (the data-cache knees at a TLB's reach) and
 * "sweep_large_pages" (its levels and knees, or null when it cannot be
 * reduced). */
#include "tlb_kind.h"
#include "../../reduce/json.h"

static void knees(struct cs_rjson *o, const struct cs_tlb_series_result *s)
{
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < s->n_knees && i < CS_TLB_MAX_KNEES; i++) {
		const struct cs_tlb_knee *k = &s->knees[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "entries");
		cs_rjson_opt(o, k->has_entries, k->entries);
		cs_rjson_key(o, "reach_bytes");
		cs_rjson_opt(o, k->has_entries, cs_tlb_reach(k->entries, s->page_bytes));
		cs_rjson_key(o, "retired_entries");
		cs_rjson_opt(o, k->has_retired, k->retired_entries);
		cs_rjson_key(o, "published_entries");
		cs_rjson_opt(o, k->has_published, k->published_entries);
		cs_rjson_key(o, "published_level");
		cs_rjson_opt(o, k->has_published, k->published_level);
		cs_rjson_key(o, "gap");
		cs_rjson_opt(o, k->has_gap, k->gap);
		cs_rjson_key(o, "aliasing");
		cs_jsonw_bool(&o->j, k->alias);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
}

static void one(struct cs_rjson *o, const struct cs_tlb_series *ser,
		const struct cs_tlb_series_result *s)
{
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "page_bytes");
	cs_rjson_num(o, (double)s->page_bytes);
	cs_rjson_key(o, "page_tables");
	if (ser->page_tables[0])
		cs_rjson_str(o, ser->page_tables);
	else
		cs_jsonw_null(&o->j);
	cs_rjson_key(o, "measured");
	cs_jsonw_bool(&o->j, s->measured);
	cs_rjson_key(o, "points");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "total");
	cs_rjson_num(o, s->n_points);
	cs_rjson_key(o, "used");
	cs_rjson_num(o, s->n_used);
	cs_jsonw_obj_end(&o->j);
	cs_rjson_key(o, "levels");
	cs_rjson_levels(o, s->levels, s->n_levels, "first_pages", "last_pages");
	cs_rjson_key(o, "knees");
	knees(o, s);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	cs_rjson_refusals(o, s->refusals, s->n_refusals < CS_TLB_MAX_REFUSALS ? s->n_refusals
									      : CS_TLB_MAX_REFUSALS,
			  &s->climbs, 1);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

static void large(struct cs_rjson *o, const struct cs_tlb_result *t)
{
	if (!t->large_reduced) {
		cs_jsonw_null(&o->j);
		return;
	}
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "levels");
	cs_rjson_levels(o, t->large_levels, t->n_large_levels, "first_bytes", "last_bytes");
	cs_rjson_key(o, "knees");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < t->n_large_knees && i < CS_MAX_KNEES; i++) {
		const struct cs_knee *k = &t->large_knees[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "bytes");
		cs_rjson_opt(o, k->has_bytes, k->bytes);
		cs_rjson_key(o, "published_bytes");
		cs_rjson_opt(o, k->has_published, k->published_bytes);
		cs_rjson_key(o, "gap");
		cs_rjson_opt(o, k->has_gap, k->gap);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
	if (t->large_climbs.n) { /* reduction.md s.9: its refusals name the climb */
		cs_rjson_key(o, "refusals");
		cs_jsonw_arr(&o->j);
		cs_rjson_refusals(o, t->large_refusals, t->n_large_refusals, &t->large_climbs, 0);
		cs_jsonw_arr_end(&o->j);
	}
	cs_jsonw_obj_end(&o->j);
}

void cs_tlb_json(struct cs_rjson *o, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_tlb_result *t = &r->tlb;
	if (!t->present)
		return;
	cs_rjson_key(o, "tlb");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < t->n_series; i++)
		one(o, &c->tlb.series[i], &t->series[i]);
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "translation");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < t->n_translation; i++) {
		const struct cs_tlb_translation *x = &t->translation[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "knee");
		cs_rjson_num(o, x->knee + 1);
		cs_rjson_key(o, "bytes");
		cs_rjson_num(o, x->bytes);
		cs_rjson_key(o, "page_bytes");
		cs_rjson_num(o, (double)x->page_bytes);
		cs_rjson_key(o, "entries");
		cs_rjson_num(o, x->entries);
		cs_rjson_key(o, "reach_bytes");
		cs_rjson_num(o, x->reach);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
	if (t->has_large) {
		cs_rjson_key(o, "sweep_large_pages");
		large(o, t);
	}
}
