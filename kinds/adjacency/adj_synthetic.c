/* adj_synthetic.c: the adjacency's synthetic column (common/kinds.h,
 * common/synthetic.h): a curve as its next series, the curve's variant its
 * placement, its size the footprint, its points (distance, ns a pair), or
 * the refusal it was given where it was measured. The catalogue's generator
 * and the benchmark describe their series so. Freestanding. */
#include "../../common/synthetic.h"
#include "../../common/buf.h"

int cs_adj_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	struct cs_adj_series *a;
	if (c->n_adj >= CS_MAX_ADJ_SERIES || k->n > CS_MAX_ADJ_POINTS ||
	    k->variant > CS_PLACE_LAST)
		return -1;
	a = &c->adj[c->n_adj++];
	cs_memset(a, 0, sizeof *a);
	a->placement = (enum cs_placement)k->variant;
	if (k->size > 0) {
		a->has_footprint = 1;
		a->footprint_bytes = k->size;
	}
	if (k->refusal_code) {
		a->refused = 1;
		cs_strlcpy(a->refusal_code, k->refusal_code, sizeof a->refusal_code);
		cs_strlcpy(a->refusal_reason, k->refusal_reason ? k->refusal_reason : "",
			   sizeof a->refusal_reason);
	}
	a->n = k->n;
	for (uint32_t i = 0; i < k->n; i++) {
		a->pts[i].distance = k->x[i];
		a->pts[i].ns = k->y[i];
	}
	return 0;
}
