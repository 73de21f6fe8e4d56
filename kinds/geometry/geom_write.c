/* geom_write.c: the geometry kind's members of a capture (geom_capture.h,
 * docs/capture.md), the write, published and record columns of
 * common/kinds.h: "published.geometry" (the ways and sets each level
 * claims), "geometry" (the table, or its refusal) at the top level, and how
 * the run went ("geometry_probe") after the producer's own members.
 * Absent members are left out. Freestanding. */
#include "geom_kind.h"
#include "../../common/capture_write.h"

void cs_geom_published_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_geom_capture *g = &c->geom;
	int pretty = j->pretty;
	if (!g->has_published)
		return;
	if (g->published_source[0])
		cs_jsonw_key_str(j, "geometry_source", g->published_source);
	cs_jsonw_key(j, "geometry");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < g->n_published && i < CS_GEOM_MAX_PUBLISHED; i++) {
		const struct cs_geom_pub *p = &g->published[i];
		cs_jsonw_obj(j);
		j->pretty = 0; /* one cache a line */
		cs_jsonw_key_u64(j, "level", p->level);
		cs_jsonw_key_str(j, "type", cs_cache_type_name(p->type));
		cs_jsonw_key_u64(j, "ways", p->ways);
		cs_jsonw_key_u64(j, "sets", p->sets);
		cs_jsonw_key_u64(j, "line_bytes", p->line_bytes);
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
}

void cs_geom_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_geom_capture *g = &c->geom;
	if (!g->present)
		return;
	cs_jsonw_key(j, "geometry");
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "memory", g->memory);
	if (g->memory_how[0])
		cs_jsonw_key_str(j, "memory_how", g->memory_how);
	if (g->refusal[0])
		cs_jsonw_key_str(j, "refusal", g->refusal);
	if (g->region_bytes)
		cs_jsonw_key_u64(j, "region_bytes", g->region_bytes);
	if (g->span_bytes)
		cs_jsonw_key_u64(j, "physical_span_bytes", g->span_bytes);
	cs_jsonw_key_u64(j, "line_bytes", g->line_bytes);
	cs_jsonw_key_u64(j, "counts_max", g->counts_max);
	cs_jsonw_key(j, "strides");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < g->n_strides && i < CS_GEOM_MAX_STRIDES; i++) {
		const struct cs_geom_stride *s = &g->strides[i];
		cs_jsonw_obj(j);
		cs_jsonw_key_u64(j, "stride_bytes", s->stride_bytes);
		if (s->has_block)
			cs_jsonw_key_numsig(j, "block_ns", s->block_ns, 6);
		cs_jsonw_num_row(j, "ns", s->ns, s->n < CS_GEOM_MAX_COUNTS ? s->n : CS_GEOM_MAX_COUNTS, 5);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

/* "geometry_probe": seconds, points timed, passes (make bench's split). */
void cs_geom_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_geom_capture *g = &c->geom;
	if (!g->run_present)
		return;
	cs_jsonw_key(j, "geometry_probe");
	cs_jsonw_obj(j);
	cs_jsonw_key_numsig(j, "seconds", g->run_s, 4);
	cs_jsonw_key_u64(j, "points", g->points);
	cs_jsonw_key_u64(j, "passes", g->passes);
	cs_jsonw_key_numsig(j, "block_floor_ns", CS_GEOM_BLOCK_FLOOR_NS, 6);
	cs_jsonw_obj_end(j);
}
