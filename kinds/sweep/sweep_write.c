/* sweep_write.c: the sweep's write and record columns (common/kinds.h):
 * its points ("sweep", capture.md's core), and how it was measured
 * ("sweep_detail", struct cs_run_detail, after the producer's own
 * members), the same for the firmware and the host probe. Freestanding. */
#include "../../common/capture_write.h"
#include "../../common/probe.h"

void cs_sweep_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	cs_points_write(j, "sweep", c->points, c->n_points);
}

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
