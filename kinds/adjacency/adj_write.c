/* adj_write.c: the adjacency probe's write and record columns (common/
 * kinds.h): its series ("adjacency", capture.md's core), and how it was
 * measured ("adjacency_probe", struct cs_run_detail, after the producer's
 * own members), the same for the firmware and the host probe.
 * Freestanding. */
#include "../../common/capture_write.h"
#include "adj_probe.h"

void cs_adj_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	cs_jsonw_key(j, "adjacency");
	cs_jsonw_arr(j);
	for (uint32_t s = 0; s < c->n_adj; s++) {
		const struct cs_adj_series *a = &c->adj[s];
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "placement");
		cs_jsonw_str(j, cs_placement_name(a->placement));
		if (a->has_footprint) {
			cs_jsonw_key(j, "footprint_bytes");
			cs_jsonw_num(j, a->footprint_bytes);
		}
		if (a->refused) {
			cs_jsonw_key(j, "refusal");
			cs_jsonw_obj(j);
			cs_jsonw_key(j, "code");
			cs_jsonw_str(j, a->refusal_code);
			cs_jsonw_key(j, "reason");
			cs_jsonw_str(j, a->refusal_reason);
			cs_jsonw_obj_end(j);
		}
		cs_jsonw_key(j, "points");
		cs_jsonw_arr(j);
		int pretty = j->pretty;
		for (uint32_t i = 0; i < a->n; i++) {
			cs_jsonw_obj(j);
			j->pretty = 0;
			cs_jsonw_key(j, "distance");
			cs_jsonw_num(j, a->pts[i].distance);
			cs_jsonw_key(j, "ns");
			cs_jsonw_numsig(j, a->pts[i].ns, 9);
			cs_jsonw_obj_end(j);
			j->pretty = pretty;
		}
		cs_jsonw_arr_end(j);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
}

/* The placements refused before measuring, from their series. */
static void refusals(struct cs_jsonw *j, const struct cs_capture *c)
{
	cs_jsonw_key(j, "refusals");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < c->n_adj; i++) {
		const struct cs_adj_series *s = &c->adj[i];
		if (!s->refused)
			continue;
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "placement");
		cs_jsonw_str(j, cs_placement_name(s->placement));
		cs_jsonw_key(j, "code");
		cs_jsonw_str(j, s->refusal_code);
		cs_jsonw_key(j, "reason");
		cs_jsonw_str(j, s->refusal_reason);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
}

void cs_adj_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_run_detail *d = &c->run;
	int pretty = j->pretty;
	if (!d->present)
		return;
	cs_jsonw_key(j, "adjacency_probe");
	cs_jsonw_obj(j);
	cs_adj_layout_json(j);
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, d->adj_s, 4);
	if (d->adj_not_run[0]) {
		cs_jsonw_key(j, "not_run");
		cs_jsonw_str(j, d->adj_not_run);
	}
	cs_jsonw_key(j, "shortest_block_ns");
	cs_jsonw_arr(j);
	j->pretty = 0;
	for (uint32_t i = 0; i < c->n_adj; i++) {
		if (c->adj[i].refused)
			cs_jsonw_null(j);
		else
			cs_jsonw_numsig(j, d->adj_block_ns[i], 6);
	}
	cs_jsonw_arr_end(j);
	j->pretty = pretty;
	refusals(j, c);
	cs_jsonw_obj_end(j);
}
