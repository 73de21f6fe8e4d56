/* bw_synthetic.c: the bandwidth's synthetic column (common/kinds.h,
 * common/synthetic.h). A curve named for an operation ("read", "write",
 * "copy", "nt_write") is its next series on count processors: its points
 * (x[i] the buffer's bytes, y[i] ns per byte counted, the minimum
 * CS_SYNTH_MIN_RATIO of it), or the refusal it was given where it was
 * measured (the reason is the series' refusal). A curve named "mlp" is the
 * chase at size bytes with x[i] chains, y[i] ns per load. The catalogue's
 * generator describes its bandwidth so. Freestanding. */
#include "../../common/synthetic.h"
#include "bw_kind.h"

/* what a synthetic series says its kernel moved a load (AVX2's 32 bytes) */
#define BW_SYNTH_KERNEL "synthetic"
#define BW_SYNTH_VECTOR_BYTES 32

static int mlp(struct cs_bw_capture *b, const struct cs_synth_curve *k)
{
	struct cs_mlp_size *m;
	if (b->n_mlp >= CS_MLP_MAX_SIZES || k->n > CS_MLP_MAX_CHAINS)
		return -1;
	m = &b->mlp[b->n_mlp++];
	cs_memset(m, 0, sizeof *m);
	b->mlp_present = 1;
	m->bytes = k->size;
	for (uint32_t i = 0; i < k->n; i++) {
		m->chains[m->n] = (uint32_t)k->x[i];
		m->ns[m->n++] = k->y[i];
	}
	return 0;
}

int cs_bw_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	struct cs_bw_capture *b = &c->bw;
	struct cs_bw_series *s;
	enum cs_bw_op op;
	if (k->name && cs_streq(k->name, "mlp"))
		return mlp(b, k);
	if (!k->name || cs_bw_op_parse(k->name, &op) || b->n_series >= CS_BW_MAX_SERIES ||
	    k->n > CS_BW_MAX_POINTS)
		return -1;
	s = &b->series[b->n_series++];
	cs_memset(s, 0, sizeof *s);
	b->present = 1;
	s->op = op;
	s->threads = k->count;
	s->bytes_per_byte_touched = cs_bw_convention(op);
	if (k->refusal_reason) {
		s->refused = 1;
		cs_strlcpy(s->refusal, k->refusal_reason, sizeof s->refusal);
		return 0;
	}
	cs_strlcpy(s->kernel, BW_SYNTH_KERNEL, sizeof s->kernel);
	s->vector_bytes = BW_SYNTH_VECTOR_BYTES;
	for (uint32_t i = 0; i < k->n; i++) {
		struct cs_bw_point *p = &s->pts[s->n++];
		p->bytes = k->x[i];
		p->ns_per_byte = k->y[i];
		p->ns_per_byte_min = p->ns_per_byte * CS_SYNTH_MIN_RATIO;
		p->has_block = 1;
		p->block_ns = CS_SYNTH_BLOCK_NS;
	}
	return 0;
}
