/* json_mp.c: "competitor" and "cores" of the reduction as JSON (json.h),
 * issue 8: the competitor comparison and one reduction per kind of core
 * (cs_result.mp, reduced once by compare.c and cores.c): the json column
 * of those two rows of the table (common/kinds.h); each absent when the
 * capture did not measure it. */
#include "../../reduce/json.h"

void cs_competitor_json(struct cs_rjson *o, const struct cs_capture *c,
			const struct cs_result *r)
{
	const struct cs_comparison *k = &r->mp.cmp;

	if (!r->mp.has_competitor)
		return;
	cs_rjson_key(o, "competitor");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "threads");
	cs_rjson_num(o, c->mp.threads);
	cs_rjson_key(o, "stopped");
	cs_jsonw_bool(&o->j, c->mp.stopped_clean);
	cs_rjson_key(o, "knee_falls");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < k->n_knees; i++)
		cs_rjson_opt(o, k->has_knee_fall[i], k->knee_fall[i]);
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "floor_falls");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < k->n_floors; i++)
		cs_rjson_num(o, k->floor_fall[i]);
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "private_knee");
	cs_rjson_opt(o, k->compared, k->private_knee + 1);
	cs_rjson_key(o, "shared_knee");
	cs_rjson_opt(o, k->compared, k->shared_knee + 1);
	cs_rjson_key(o, "prediction_held");
	if (k->compared)
		cs_jsonw_bool(&o->j, k->prediction_held);
	else
		cs_jsonw_null(&o->j);
	cs_rjson_key(o, "refusal");
	if (k->compared)
		cs_jsonw_null(&o->j);
	else
		cs_rjson_refusal(o, &k->refusal);
	cs_jsonw_obj_end(&o->j);
}

static void one_kind(struct cs_rjson *o, const struct cs_mp_kind *kd,
		     const struct cs_side_result *res)
{
	struct cs_refusal f;
	int ok = res->reduced;

	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "kind");
	cs_rjson_str(o, kd->kind);
	cs_rjson_key(o, "processors");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < kd->n_procs; i++)
		cs_rjson_num(o, kd->procs[i]);
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "levels");
	/* another kind of core: the core clock was measured on this one only */
	cs_rjson_levels(o, res->levels, ok ? res->n_levels : 0, "first_bytes", "last_bytes", 0);
	cs_rjson_key(o, "knees");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; ok && i < res->n_knees; i++)
		cs_rjson_opt(o, res->knees[i].has_bytes, res->knees[i].bytes);
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	if (!kd->has_sweep) {
		cs_strlcpy(f.code, "kind-not-swept", sizeof(f.code));
		cs_strlcpy(f.reason, "this kind of core was listed but not swept",
			   sizeof(f.reason));
		cs_rjson_refusal(o, &f);
	} else if (!ok) {
		cs_strlcpy(f.code, "kind-unreduced", sizeof(f.code));
		cs_strlcpy(f.reason, res->err, sizeof(f.reason));
		cs_rjson_refusal(o, &f);
	}
	if (ok)
		cs_rjson_refusals(o, res->refusals, res->n_refusals < CS_MAX_REFUSALS
							    ? res->n_refusals : CS_MAX_REFUSALS,
				  &res->climbs, 0);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

void cs_cores_json(struct cs_rjson *o, const struct cs_capture *c,
		   const struct cs_result *r)
{
	if (!r->mp.n_kinds)
		return;
	cs_rjson_key(o, "cores");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < r->mp.n_kinds; i++)
		one_kind(o, &c->mp.kinds[i], &r->mp.kinds[i]);
	cs_jsonw_arr_end(&o->j);
}
