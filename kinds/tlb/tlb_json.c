/* tlb_json.c: reduce --json's TLB members, the TLB row's json column (common/kinds.h), last, only
 * when the capture has a TLB member: "tlb" (one object per page size),
 * "translation" (the data-cache knees at a TLB's reach) and
 * "sweep_large_pages" (its levels and knees, or null when it cannot be
 * reduced). */
#include "tlb_kind.h"
#include "../../reduce/json.h"
#include "../../reduce/query.h"

/* A TLB sweep's knee: entries, reach, retired, published, gap, aliasing,
 * range (pages: reduction.md s.4 "Ranges"). */
static void knee_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_tlb_series_result *s = ctx;
	const struct cs_tlb_knee *k = &s->knees[n];
	switch (col) {
	case 0: cs_rjson_opt(o, k->has_entries, k->entries); break;
	case 1: cs_rjson_opt(o, k->has_entries, cs_tlb_reach(k->entries, s->page_bytes)); break;
	case 2: cs_rjson_opt(o, k->has_retired, k->retired_entries); break;
	case 3: cs_rjson_opt(o, k->has_published, k->published_entries); break;
	case 4: cs_rjson_opt(o, k->has_published, k->published_level); break;
	case 5: cs_rjson_opt(o, k->has_gap, k->gap); break;
	case 6: cs_jsonw_bool(&o->j, k->alias); break;
	default: cs_rjson_range(o, k->has_range, k->range_lo, k->range_hi);
	}
}

static void knees(struct cs_rjson *o, const struct cs_tlb_series_result *s)
{
	static const char *const key[] = { "entries", "reach_bytes", "retired_entries",
					   "published_entries", "published_level", "gap", "aliasing",
					   "range" };
	cs_rjson_table(o, key, 8, s->n_knees < CS_TLB_MAX_KNEES ? s->n_knees : CS_TLB_MAX_KNEES,
		       knee_cell, s);
}

static void one(struct cs_rjson *o, const struct cs_tlb_series *ser,
		const struct cs_tlb_series_result *s, double cpn)
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
	cs_rjson_levels(o, s->levels, s->n_levels, "first_pages", "last_pages", cpn);
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

static void large(struct cs_rjson *o, const struct cs_tlb_result *t, double cpn)
{
	if (!t->large_reduced) {
		cs_jsonw_null(&o->j);
		return;
	}
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "levels");
	cs_rjson_levels(o, t->large_levels, t->n_large_levels, "first_bytes", "last_bytes", cpn);
	cs_rjson_key(o, "knees");
	cs_rjson_knees(o, t->large_knees, t->n_large_knees, 0);
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
		one(o, &c->tlb.series[i], &t->series[i], cs_cycles_per_ns(r));
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
		large(o, t, cs_cycles_per_ns(r));
	}
}
