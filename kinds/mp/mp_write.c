/* mp_write.c: the other processors' members of a capture (mp_capture.h),
 * written from struct cs_capture alone after the producer's own members:
 * "processors" (or null with "processors_reason"), "competitor_note" or
 * "competitor", "cores". The record column of kinds.h. Freestanding. */
#include "../../common/capture_write.h"


/* key: [v0, v1, ...] of 32-bit numbers on one line. */
static void u32_row(struct cs_jsonw *j, const char *key, const uint32_t *v, uint32_t n)
{
	uint64_t w[CS_MP_MAX_PROCS];
	for (uint32_t i = 0; i < n && i < CS_MP_MAX_PROCS; i++)
		w[i] = v[i];
	cs_jsonw_u64_row(j, key, w, n < CS_MP_MAX_PROCS ? n : CS_MP_MAX_PROCS);
}

void cs_procs_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_mp *mp = &c->mp;
	int pretty = j->pretty;
	if (!mp->has_processors)
		return;
	cs_jsonw_key(j, "processors");
	if (mp->processors_null) {
		cs_jsonw_null(j);
		cs_jsonw_key(j, "processors_reason");
		cs_jsonw_str(j, mp->processors_reason);
		return;
	}
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < mp->n_procs; i++) {
		const struct cs_mp_proc *p = &mp->procs[i];
		j->pretty = 0;
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "number");
		cs_jsonw_u64(j, p->number);
		cs_jsonw_key(j, "package");
		cs_jsonw_u64(j, p->package);
		cs_jsonw_key(j, "core");
		cs_jsonw_u64(j, p->core);
		cs_jsonw_key(j, "thread");
		cs_jsonw_u64(j, p->thread);
		cs_jsonw_key(j, "bsp");
		cs_jsonw_bool(j, p->bsp);
		cs_jsonw_key(j, "enabled");
		cs_jsonw_bool(j, p->enabled);
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
}

void cs_competitor_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_mp *mp = &c->mp;
	if (mp->requested && !mp->has_competitor) {
		cs_jsonw_key(j, "competitor_note");
		cs_jsonw_str(j, mp->note);
	}
	if (!mp->has_competitor)
		return;
	cs_jsonw_key(j, "competitor");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "threads");
	cs_jsonw_u64(j, mp->threads);
	cs_jsonw_key(j, "requested");
	cs_jsonw_u64(j, mp->requested);
	cs_jsonw_key(j, "buffer_bytes");
	cs_jsonw_u64(j, mp->buffer_bytes);
	cs_jsonw_key(j, "stopped");
	cs_jsonw_bool(j, mp->stopped_clean);
	u32_row(j, "processors", mp->comp_procs, mp->threads);
	cs_jsonw_u64_row(j, "passes", mp->passes, mp->threads);
	cs_jsonw_key(j, "access");
	cs_jsonw_str(j, "each AP reads and writes one word a 64-byte line, in order, through its own buffer, until told to stop");
	cs_jsonw_key(j, "note");
	if (mp->note[0])
		cs_jsonw_str(j, mp->note);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, mp->seconds, 4);
	cs_points_write(j, "sweep", mp->comp.points, mp->comp.n_points);
	cs_jsonw_obj_end(j);
}

void cs_cores_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_mp *mp = &c->mp;
	if (!mp->n_kinds)
		return;
	cs_jsonw_key(j, "cores");
	cs_jsonw_arr(j);
	for (uint32_t k = 0; k < mp->n_kinds; k++) {
		const struct cs_mp_kind *kd = &mp->kinds[k];
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "kind");
		cs_jsonw_str(j, kd->kind);
		u32_row(j, "processors", kd->procs, kd->n_procs);
		if (kd->has_ident) {
			cs_jsonw_key(j, kd->arm ? "midr" : "core_type");
			cs_jsonw_hex(j, kd->core_type);
			cs_jsonw_key(j, "cache_digest");
			cs_jsonw_hex(j, kd->cache_sig);
		}
		cs_jsonw_key(j, "how");
		cs_jsonw_str(j, kd->how);
		if (kd->has_sweep) {
			cs_jsonw_key(j, "swept_on");
			cs_jsonw_u64(j, kd->swept_on);
			cs_points_write(j, "sweep", kd->sweep.points, kd->sweep.n_points);
		}
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
}
