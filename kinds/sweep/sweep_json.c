/* sweep_json.c: the sweep's json column (common/kinds.h): its members of
 * `cacheshape reduce --json` (reduce/json.h), from the result alone. */
#include "../../reduce/json.h"

/* "repeats": {n, knees: [[each repeat's found knees, bytes], ...]}
 * (docs/repeats.md s.1; null for a repeat whose reduction failed). */
static void repeats_json(struct cs_rjson *o, const struct cs_repeat_result *rr)
{
	cs_rjson_key(o, "repeats");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "n");
	cs_rjson_num(o, rr->n);
	cs_rjson_key(o, "knees");
	cs_jsonw_arr(&o->j);
	for (uint32_t k = 0; k < rr->n; k++) {
		if (!rr->reduced[k]) {
			cs_jsonw_null(&o->j);
			continue;
		}
		cs_jsonw_arr(&o->j);
		for (uint32_t j = 0; j < rr->n_knees[k]; j++)
			cs_rjson_num(o, rr->knees[k][j]);
		cs_jsonw_arr_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

/* The sweep's row: points, levels, knees, gap_order; with repeats, each
 * knee's and floor's spread and "repeats". */
void cs_sweep_json(struct cs_rjson *o, const struct cs_capture *c,
		   const struct cs_result *r)
{
	const char *order = r->gap_order == CS_GAP_ORDER_FALLS ? "falls"
			    : r->gap_order == CS_GAP_ORDER_NO  ? "no"
							       : 0;
	(void)c;
	cs_rjson_key(o, "points");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "total");
	cs_rjson_num(o, r->n_points);
	cs_rjson_key(o, "used");
	cs_rjson_num(o, r->n_used);
	cs_jsonw_obj_end(&o->j);
	cs_rjson_key(o, "levels");
	cs_rjson_levels_spread(o, r->levels, r->n_levels, "first_bytes", "last_bytes",
			       r->rep.n ? r->rep.floor : 0, cs_clock_cycles_per_ns(r));
	cs_rjson_key(o, "knees");
	if (r->rep.n)
		cs_rjson_knees_spread(o, r->knees, r->n_knees, r->rep.knee);
	else
		cs_rjson_knees(o, r->knees, r->n_knees, 1);
	cs_rjson_key(o, "gap_order");
	if (order)
		cs_rjson_str(o, order);
	else
		cs_jsonw_null(&o->j);
	if (r->rep.n)
		repeats_json(o, &r->rep);
}
