/* sweep_json.c: the sweep's json column (common/kinds.h): its members of
 * `cacheshape reduce --json` (reduce/json.h), from the result alone. */
#include "../../reduce/json.h"

/* The sweep's row: points, levels, knees, gap_order. */
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
	cs_rjson_levels(o, r->levels, r->n_levels, "first_bytes", "last_bytes");
	cs_rjson_key(o, "knees");
	cs_rjson_knees(o, r->knees, r->n_knees, 1);
	cs_rjson_key(o, "gap_order");
	if (order)
		cs_rjson_str(o, order);
	else
		cs_jsonw_null(&o->j);
}
