/* exp_synthetic.c: the experiments' synthetic column (common/kinds.h,
 * common/synthetic.h), a curve named for the experiment it is:
 *   "single"  the next single-access series, size its stride in bytes:
 *             each of its accesses (CS_EXP_SINGLE_MAX) y_at's ticks
 *   "stride"  the stride curve on the first count of the kernel's strides
 *             (cs_exp_strides; CS_SYNTH_OWN_RULE: all), each y_at's ns
 *   "random"  the random walk against the fixed one: x[0] the fixed ns an
 *             access, y[0] the random's
 * The capture's clock for the single series (ns_per_tick, quantum_ns) is
 * its producer's, set beside. The catalogue's generator describes its
 * experiments so. Freestanding. */
#include "../../common/synthetic.h"
#include "../../common/buf.h"
#include "experiments.h"

int cs_exp_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	struct cs_experiments *x = &c->exp;
	if (!k->name)
		return -1;
	if (cs_streq(k->name, "single")) {
		if (x->n_single >= CS_EXP_SINGLE_SERIES || !k->y_at)
			return -1;
		struct cs_exp_single *s = &x->single[x->n_single++];
		x->has_single = 1;
		s->stride_bytes = (uint32_t)k->size;
		s->n = CS_EXP_SINGLE_MAX;
		for (uint32_t i = 0; i < s->n; i++)
			s->ticks[i] = (uint32_t)k->y_at(k, i, i);
		return 0;
	}
	if (cs_streq(k->name, "stride")) {
		uint32_t n = k->count == CS_SYNTH_OWN_RULE ? cs_exp_strides_len : k->count;
		if (n > cs_exp_strides_len || n > CS_EXP_STRIDE_MAX || !k->y_at)
			return -1;
		x->has_stride = 1;
		x->n_stride = n;
		for (uint32_t i = 0; i < n; i++) {
			x->stride[i].stride_bytes = cs_exp_strides[i];
			x->stride[i].ns = k->y_at(k, i, x->stride[i].stride_bytes);
		}
		return 0;
	}
	if (cs_streq(k->name, "random") && k->n == 1) {
		x->has_random = 1;
		x->fixed_ns = k->x[0];
		x->random_ns = k->y[0];
		x->random_accesses = CS_EXP_RANDOM_ACCESSES;
		return 0;
	}
	return -1;
}
