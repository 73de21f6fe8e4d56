/* sweep_write.c: the sweep's write and record columns (common/kinds.h):
 * its points ("sweep", capture.md's core), and how it was measured
 * ("sweep_detail", struct cs_run_detail, after the producer's own
 * members), the same for the firmware and the host probe. Freestanding. */
#include "../../common/capture_write.h"
#include "../../common/probe.h"

/* The order of the repeats' passes, as cs_repeat_slot takes them. */
#define CS_REPEAT_ORDER_IS "the first pass in ascending size; pass r (from 0) of N starts " \
	"r*M/N sizes in (M the sizes measured) and wraps round, odd passes reversed"

/* With repeats, each point on its line with its N figures (repeats_ns),
 * then "repeats" and "repeat_order" (docs/capture.md). */
static void repeats_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "sweep");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "points");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < c->n_points; i++) {
		const struct cs_point *p = &c->points[i];
		cs_jsonw_obj(j);
		j->pretty = 0; /* one point a line */
		cs_jsonw_key(j, "bytes");
		cs_jsonw_num(j, p->bytes);
		cs_jsonw_key(j, "ns");
		cs_jsonw_numsig(j, p->ns, 9);
		if (p->has_block) {
			cs_jsonw_key(j, "block_ns");
			cs_jsonw_numsig(j, p->block_ns, 9);
		}
		cs_jsonw_num_row(j, "repeats_ns", c->rep.ns[i], c->rep.n, 9);
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_key(j, "repeats");
	cs_jsonw_u64(j, c->rep.n);
	cs_jsonw_key(j, "repeat_order");
	cs_jsonw_str(j, CS_REPEAT_ORDER_IS);
	cs_jsonw_obj_end(j);
}

void cs_sweep_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	if (c->rep.n > 1)
		repeats_write(j, c);
	else
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
	cs_jsonw_str(j, c->rep.n > 1 ? "the median over repeats of each repeat's minimum over blocks; "
			       "median_ns beside it, of the first repeat's blocks; point_s every repeat's"
			     : "minimum over blocks; median_ns beside it");
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, d->sweep_s, 4);
	cs_jsonw_key(j, "failed_points");
	cs_jsonw_u64(j, d->failed_points);
	cs_jsonw_num_row(j, "median_ns", d->median_ns, c->n_points, 6);
	cs_jsonw_u64_row(j, "loads_per_block", d->loads, c->n_points);
	cs_jsonw_num_row(j, "point_s", d->point_s, c->n_points, 4);
	cs_jsonw_obj_end(j);
}
