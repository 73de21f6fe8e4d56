/* geom_json.c: reduce --json's "geometry" member (the json column of
 * common/kinds.h), only when the capture has a geometry member: a list, one
 * entry per data or unified level, {level, ways, way_bytes, sets,
 * size_bytes, line_bytes, published_ways, published_sets, knee_bytes,
 * share, refusals}, null where refused or unknown, each refusal
 * {code, reason} (docs/reduce-json.md). */
#include "geom_kind.h"
#include "../../reduce/json.h"

static void one(struct cs_rjson *o, const struct cs_geom_level *L)
{
	int g = L->has_geometry;
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "level");
	cs_rjson_num(o, L->level);
	cs_rjson_key(o, "ways");
	cs_rjson_opt(o, g, L->ways);
	cs_rjson_key(o, "way_bytes");
	cs_rjson_opt(o, g, L->way_bytes);
	cs_rjson_key(o, "sets");
	cs_rjson_opt(o, g, L->sets);
	cs_rjson_key(o, "size_bytes");
	cs_rjson_opt(o, g, L->size_bytes);
	cs_rjson_key(o, "line_bytes");
	cs_rjson_opt(o, L->line_bytes != 0, L->line_bytes);
	cs_rjson_key(o, "published_ways");
	cs_rjson_opt(o, L->published_ways != 0, L->published_ways);
	cs_rjson_key(o, "published_sets");
	cs_rjson_opt(o, L->published_sets != 0, L->published_sets);
	cs_rjson_key(o, "knee_bytes");
	cs_rjson_opt(o, L->has_knee, L->knee_bytes);
	cs_rjson_key(o, "share");
	cs_rjson_opt(o, L->has_share, L->share);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	for (uint32_t q = 0; q < L->n_refusals && q < CS_GEOM_MAX_REFUSALS; q++)
		cs_rjson_refusal(o, &L->refusals[q]);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

void cs_geom_json(struct cs_rjson *o, const struct cs_capture *c, const struct cs_result *r)
{
	(void)c;
	if (!r->geom.present)
		return;
	cs_rjson_key(o, "geometry");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < r->geom.n && i < CS_GEOM_MAX_LEVELS; i++)
		one(o, &r->geom.levels[i]);
	cs_jsonw_arr_end(&o->j);
}
