/* bw_write.c: the bandwidth kind's member of a capture (bw_capture.h,
 * docs/capture.md "Bandwidth"), the write column of common/kinds.h:
 * "bandwidth" at the top level, an object of the series per operation and
 * the misses in flight ("mlp"), or null with "bandwidth_reason". Absent
 * when not measured. How the run went is the record column's (bw_record.c).
 * Freestanding. */
#include "bw_kind.h"
#include "../../common/capture_write.h"

static void point(struct cs_jsonw *j, const struct cs_bw_point *p)
{
	int pretty = j->pretty;
	cs_jsonw_obj(j);
	j->pretty = 0; /* one point a line */
	cs_jsonw_key(j, "bytes");
	cs_jsonw_num(j, p->bytes);
	cs_jsonw_key(j, "ns_per_byte");
	cs_jsonw_numsig(j, p->ns_per_byte, 9);
	cs_jsonw_key(j, "ns_per_byte_min");
	cs_jsonw_numsig(j, p->ns_per_byte_min, 9);
	if (p->has_block) {
		cs_jsonw_key(j, "block_ns");
		cs_jsonw_numsig(j, p->block_ns, 9);
	}
	cs_jsonw_obj_end(j);
	j->pretty = pretty;
}

static void series(struct cs_jsonw *j, const struct cs_bw_series *s)
{
	const char *op = cs_bw_op_name(s->op);

	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "op", op ? op : "read");
	if (s->kernel[0])
		cs_jsonw_key_str(j, "kernel", s->kernel);
	if (s->vector_bytes)
		cs_jsonw_key_u64(j, "vector_bytes", s->vector_bytes);
	cs_jsonw_key_u64(j, "threads", s->threads ? s->threads : 1);
	cs_jsonw_key(j, "bytes_per_byte_touched");
	cs_jsonw_num(j, s->bytes_per_byte_touched);
	if (s->refused) {
		cs_jsonw_key_str(j, "refusal", s->refusal[0] ? s->refusal : "not measured");
	}
	cs_jsonw_key(j, "points");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; !s->refused && i < s->n && i < CS_BW_MAX_POINTS; i++)
		point(j, &s->pts[i]);
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

static void mlp_size(struct cs_jsonw *j, const struct cs_mlp_size *m)
{
	int pretty = j->pretty;
	cs_jsonw_obj(j);
	j->pretty = 0; /* one size a line */
	cs_jsonw_key(j, "bytes");
	cs_jsonw_num(j, m->bytes);
	cs_jsonw_key(j, "chains");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < m->n && i < CS_MLP_MAX_CHAINS; i++) {
		cs_jsonw_obj(j);
		cs_jsonw_key_u64(j, "n", m->chains[i]);
		cs_jsonw_key(j, "ns");
		cs_jsonw_numsig(j, m->ns[i], 9);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
	j->pretty = pretty;
}

static void mlp(struct cs_jsonw *j, const struct cs_bw_capture *b)
{
	if (!b->mlp_present)
		return;
	cs_jsonw_key(j, "mlp");
	if (b->mlp_null) {
		cs_jsonw_null(j);
		cs_jsonw_key_str(j, "mlp_reason", b->mlp_why[0] ? b->mlp_why : "not measured");
		return;
	}
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < b->n_mlp && i < CS_MLP_MAX_SIZES; i++)
		mlp_size(j, &b->mlp[i]);
	cs_jsonw_arr_end(j);
}

void cs_bw_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_bw_capture *b = &c->bw;

	if (!b->present)
		return;
	cs_jsonw_key(j, "bandwidth");
	if (b->null) {
		cs_jsonw_null(j);
		cs_jsonw_key_str(j, "bandwidth_reason", b->why[0] ? b->why : "not measured");
		return;
	}
	cs_jsonw_obj(j);
	if (b->vector_note[0])
		cs_jsonw_key_str(j, "vector_note", b->vector_note);
	cs_jsonw_key(j, "series");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < b->n_series && i < CS_BW_MAX_SERIES; i++)
		series(j, &b->series[i]);
	cs_jsonw_arr_end(j);
	mlp(j, b);
	cs_jsonw_obj_end(j);
}
