/* adj_json.c: the adjacency probe's json column (common/kinds.h): its
 * series and the refusals of `cacheshape reduce --json` (reduce/json.h),
 * from the result alone. */
#include "../../reduce/json.h"

static void adjacency(struct cs_rjson *o, const struct cs_result *r)
{
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < r->n_adj && i < CS_MAX_ADJ_SERIES; i++) {
		const struct cs_adj_result *s = &r->adj[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "placement");
		cs_rjson_str(o, cs_placement_name(s->placement));
		cs_rjson_key(o, "footprint_bytes");
		cs_rjson_opt(o, s->has_footprint, s->footprint_bytes);
		cs_rjson_key(o, "granule_bytes");
		cs_rjson_opt(o, s->has_granule, s->granule_bytes);
		cs_rjson_key(o, "fit_bytes");
		cs_rjson_opt(o, s->has_fit, s->granule_fit);
		cs_rjson_key(o, "r2");
		cs_rjson_opt(o, s->has_r2, s->r2);
		cs_rjson_key(o, "margin");
		cs_rjson_opt(o, s->has_margin, s->margin);
		cs_rjson_key(o, "ramp");
		cs_rjson_opt(o, s->has_ramp, s->ramp);
		cs_rjson_key(o, "refusal");
		if (s->refused)
			cs_rjson_refusal(o, &s->refusal);
		else
			cs_jsonw_null(&o->j);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
}

/* The adjacency's row: its series, then docs/reduction.md's refusals, the
 * sweep's and the series' (the list those two rows fill). */
void cs_adj_json(struct cs_rjson *o, const struct cs_capture *c,
		 const struct cs_result *r)
{
	(void)c;
	cs_rjson_key(o, "adjacency");
	adjacency(o, r);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	cs_rjson_refusals(o, r->refusals, r->n_refusals < CS_MAX_REFUSALS ? r->n_refusals
									: CS_MAX_REFUSALS,
			  &r->climbs, 0);
	cs_jsonw_arr_end(&o->j);
}
