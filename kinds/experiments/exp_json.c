/* json_experiments.c: "experiments" of the reduction as JSON (json.h), seed
 * 003 (docs/experiments.md): single_access {line_bytes, refusal},
 * stride_prefetch {flat, breaks_at_bytes, refusal}, random_vs_fixed
 * {fixed_ns, random_ns, ratio, refusal}; null where a value does not exist.
 * Nothing at all when the capture has no experiments. From cs_result.exp:
 * the experiments' json column (common/kinds.h). */
#include "../../reduce/json.h"

static void refusal(struct cs_rjson *o, int refused, const struct cs_refusal *f)
{
	cs_rjson_key(o, "refusal");
	if (refused)
		cs_rjson_refusal(o, f);
	else
		cs_jsonw_null(&o->j);
}

void cs_exp_kind_json(struct cs_rjson *o, const struct cs_capture *c,
		      const struct cs_result *res)
{
	const struct cs_exp_result *r = &res->exp;
	(void)c;
	if (!r->present)
		return;
	cs_rjson_key(o, "experiments");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "single_access");
	if (r->has_single) {
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "line_bytes");
		cs_rjson_opt(o, r->has_line, r->line_bytes);
		refusal(o, r->single_refused, &r->single_refusal);
		cs_jsonw_obj_end(&o->j);
	} else {
		cs_jsonw_null(&o->j);
	}
	cs_rjson_key(o, "stride_prefetch");
	if (r->has_stride) {
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "flat");
		if (r->stride_refused)
			cs_jsonw_null(&o->j);
		else
			cs_jsonw_bool(&o->j, r->flat);
		cs_rjson_key(o, "breaks_at_bytes");
		cs_rjson_opt(o, r->has_break, r->break_bytes);
		refusal(o, r->stride_refused, &r->stride_refusal);
		cs_jsonw_obj_end(&o->j);
	} else {
		cs_jsonw_null(&o->j);
	}
	cs_rjson_key(o, "random_vs_fixed");
	if (r->has_random) {
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "fixed_ns");
		cs_rjson_opt(o, r->fixed_ns > 0, r->fixed_ns);
		cs_rjson_key(o, "random_ns");
		cs_rjson_opt(o, r->random_ns > 0, r->random_ns);
		cs_rjson_key(o, "ratio");
		cs_rjson_opt(o, r->has_ratio, r->ratio);
		refusal(o, r->random_refused, &r->random_refusal);
		cs_jsonw_obj_end(&o->j);
	} else {
		cs_jsonw_null(&o->j);
	}
	cs_jsonw_obj_end(&o->j);
}
