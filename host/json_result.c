/* json_result.c: a reduction as one JSON object. Keys, in order: label,
 * points, levels, knees, gap_order, adjacency, refusals. */
#include "json_result.h"

#include <math.h>

/* Whole numbers print as integers (49152, not 49152.0). */
static json_t *num(double v)
{
	if (!isfinite(v))
		return json_null();
	if (v == floor(v) && fabs(v) < 9007199254740992.0)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static json_t *opt(int has, double v)
{
	return has ? num(v) : json_null();
}

static json_t *refusal(const struct cs_refusal *f)
{
	return json_pack("{s:s, s:s}", "code", f->code, "reason", f->reason);
}

static json_t *levels(const struct cs_result *r)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < r->n_levels && i < CS_MAX_LEVELS; i++) {
		const struct cs_level *l = &r->levels[i];
		json_array_append_new(a, json_pack("{s:o, s:o, s:o}",
			"floor_ns", num(l->floor_ns),
			"first_bytes", num(l->first_bytes),
			"last_bytes", num(l->last_bytes)));
	}
	return a;
}

static json_t *knees(const struct cs_result *r)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < r->n_knees && i < CS_MAX_KNEES; i++) {
		const struct cs_knee *k = &r->knees[i];
		json_array_append_new(a, json_pack("{s:o, s:o, s:o, s:o}",
			"bytes", opt(k->has_bytes, k->bytes),
			"retired_bytes", opt(k->has_retired, k->retired_bytes),
			"published_bytes", opt(k->has_published, k->published_bytes),
			"gap", opt(k->has_gap, k->gap)));
	}
	return a;
}

static json_t *adjacency(const struct cs_result *r)
{
	json_t *a = json_array();
	for (uint32_t i = 0; i < r->n_adj && i < CS_MAX_ADJ_SERIES; i++) {
		const struct cs_adj_result *s = &r->adj[i];
		json_array_append_new(a, json_pack(
			"{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			"placement", cs_placement_name(s->placement),
			"footprint_bytes", opt(s->has_footprint, s->footprint_bytes),
			"granule_bytes", opt(s->has_granule, s->granule_bytes),
			"fit_bytes", opt(s->has_fit, s->granule_fit),
			"r2", opt(s->has_r2, s->r2),
			"margin", opt(s->has_margin, s->margin),
			"ramp", opt(s->has_ramp, s->ramp),
			"refusal", s->refused ? refusal(&s->refusal) : json_null()));
	}
	return a;
}

json_t *cs_result_json(const struct cs_capture *c, const struct cs_result *r)
{
	json_t *refs = json_array();
	const char *order = r->gap_order == CS_GAP_ORDER_FALLS ? "falls"
			    : r->gap_order == CS_GAP_ORDER_NO  ? "no"
							       : NULL;

	for (uint32_t i = 0; i < r->n_refusals && i < CS_MAX_REFUSALS; i++)
		json_array_append_new(refs, refusal(&r->refusals[i]));
	return json_pack("{s:o, s:{s:I, s:I}, s:o, s:o, s:o, s:o, s:o}",
			 "label", c->label[0] ? json_string(c->label)
					      : json_null(),
			 "points", "total", (json_int_t)r->n_points, "used",
			 (json_int_t)r->n_used,
			 "levels", levels(r), "knees", knees(r),
			 "gap_order", order ? json_string(order) : json_null(),
			 "adjacency", adjacency(r), "refusals", refs);
}
