/* capture_record.c: how the sweep and the adjacency probe were measured
 * (struct cs_run_detail), written after the producer's own members as
 * "sweep_detail" and "adjacency_probe": the record column of kinds.h, the
 * same for the firmware and the host probe. Freestanding. */
#include "../../common/capture_write.h"
#include "../../common/probe.h"

void cs_sweep_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_run_detail *d = &c->run;
	if (!d->present)
		return;
	cs_jsonw_key(j, "sweep_detail");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "ns_is");
	cs_jsonw_str(j, "minimum over blocks; median_ns beside it");
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, d->sweep_s, 4);
	cs_jsonw_key(j, "failed_points");
	cs_jsonw_u64(j, d->failed_points);
	cs_jsonw_num_row(j, "median_ns", d->median_ns, c->n_points, 6);
	cs_jsonw_u64_row(j, "loads_per_block", d->loads, c->n_points);
	cs_jsonw_num_row(j, "point_s", d->point_s, c->n_points, 4);
	cs_jsonw_obj_end(j);
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
