/* bw_record.c: the bandwidth kind's record column (common/kinds.h): how
 * its run went, after the producer's own members, never read back:
 * "bandwidth_probe" with the seconds of each series and of the misses in
 * flight, the block rule, and how many processors the program offered
 * for the aggregate read (and why fewer ran, if they did). Freestanding. */
#include "bw_kind.h"
#include "../../common/capture_write.h"

void cs_bw_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_bw_capture *b = &c->bw;
	if (!b->run_present)
		return;
	cs_jsonw_key(j, "bandwidth_probe");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, b->run_s, 4);
	cs_jsonw_key(j, "mlp_seconds");
	cs_jsonw_numsig(j, b->mlp_s, 4);
	cs_jsonw_key(j, "series_seconds");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < b->n_series && i < CS_BW_MAX_SERIES; i++)
		cs_jsonw_numsig(j, b->series_s[i], 4);
	cs_jsonw_arr_end(j);
	cs_jsonw_key(j, "blocks");
	cs_jsonw_u64(j, b->blocks);
	cs_jsonw_key(j, "block_floor_ns");
	cs_jsonw_numsig(j, b->block_floor_ns, 6);
	cs_jsonw_key(j, "processors_offered");
	cs_jsonw_u64(j, b->all_cores_asked);
	if (b->all_cores_note[0])
		cs_jsonw_key_str(j, "all_cores_note", b->all_cores_note);
	cs_jsonw_key_str(j, "all_cores_is", "each processor streams its own slice of the region; "
					    "bytes is one slice, ns_per_byte the aggregate (the "
					    "block's time over every processor's bytes)");
	cs_jsonw_obj_end(j);
}
