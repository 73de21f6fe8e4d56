/* clock_json.c: `reduce --json`'s "clock" and "reference" (the json
 * column of common/kinds.h, docs/reduce-json.md): clock {core_hz,
 * cycle_counter_hz (null with cycle_counter_why), cycle_counter,
 * disagreement, readings, stable, kinds [{kind, readings, marked, worst,
 * refused}], refusals}, and reference {is_reference, reasons [{code,
 * reason}]}. Written for every capture: null where nothing was measured. */
#include "../../reduce/json.h"

static void clock(struct cs_rjson *o, const struct cs_capture *c, const struct cs_clock_result *k)
{
	const struct cs_core_clock *m = &c->cclock;
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "core_hz");
	cs_rjson_opt(o, k->has_core_hz, k->core_hz);
	cs_rjson_key(o, "cycle_counter_hz");
	cs_rjson_opt(o, k->has_cc_hz, k->cc_hz);
	cs_rjson_key(o, "cycle_counter");
	if (m->cc_name[0])
		cs_rjson_str(o, m->cc_name);
	else
		cs_jsonw_null(&o->j);
	if (!k->has_cc_hz) {
		cs_rjson_key(o, "cycle_counter_why");
		cs_rjson_str(o, !k->present ? "the capture has no core_clock member"
			     : m->cc_why[0] ? m->cc_why : "no reading of it in the capture");
	}
	cs_rjson_key(o, "disagreement");
	cs_rjson_opt(o, k->has_cc_hz && k->has_core_hz, k->disagreement);
	cs_rjson_key(o, "readings");
	cs_rjson_num(o, k->n_readings);
	cs_rjson_key(o, "stable");
	cs_jsonw_bool(&o->j, k->stable);
	cs_rjson_key(o, "kinds");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < k->n_kinds; i++) {
		const struct cs_clock_kind_result *q = &k->kinds[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "kind");
		cs_rjson_str(o, q->kind);
		cs_rjson_key(o, "readings");
		cs_rjson_num(o, q->n);
		cs_rjson_key(o, "marked");
		cs_rjson_num(o, q->marked);
		cs_rjson_key(o, "worst");
		cs_rjson_num(o, q->worst);
		cs_rjson_key(o, "refused");
		cs_jsonw_bool(&o->j, q->refused);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < k->n_refusals; i++)
		cs_rjson_refusal(o, &k->refusals[i]);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

void cs_clock_json(struct cs_rjson *o, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_reference *v = &r->clock.ref;
	cs_rjson_key(o, "clock");
	clock(o, c, &r->clock);
	cs_rjson_key(o, "reference");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "is_reference");
	cs_jsonw_bool(&o->j, v->is_reference);
	cs_rjson_key(o, "reasons");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < v->n_reasons; i++)
		cs_rjson_refusal(o, &v->reasons[i]);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}
