/* clock_synthetic.c: the clock's synthetic column (common/kinds.h,
 * common/synthetic.h): a curve as the readings around one kind, its name
 * that kind's ("sweep"), size the chain's core clock before and after it
 * (hz), rate the cycle counter's across the same (0: none), y[i] the
 * readings after each of its blocks (hz), SMIs counted and none. The
 * core clock's own members (how it was read, what was counted) are its
 * producer's, set beside. The catalogue's generator describes its clock
 * readings so. Freestanding. */
#include "../../common/synthetic.h"
#include "../../common/buf.h"

int cs_clock_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	struct cs_core_clock *cc = &c->cclock;
	struct cs_clock_kind *q;
	if (!k->name || cc->n_kinds >= CS_CLOCK_MAX_KINDS || k->n > CS_CLOCK_MAX_BLOCKS - cc->n_blocks)
		return -1;
	q = &cc->kinds[cc->n_kinds++];
	cs_memset(q, 0, sizeof *q);
	cs_strlcpy(q->kind, k->name, sizeof q->kind);
	q->hz[0] = q->hz[1] = k->size;
	q->cc_hz[0] = q->cc_hz[1] = k->rate;
	q->first_block = cc->n_blocks;
	q->has_smi = 1;
	for (uint32_t i = 0; i < k->n; i++) {
		cc->block_hz[cc->n_blocks++] = k->y[i];
		q->n_blocks++;
	}
	return 0;
}
