/* tlb_synthetic.c: the TLB's synthetic column (common/kinds.h,
 * common/synthetic.h): a curve as its next series, the curve's size the
 * page size, its name the page tables ("own", "os", "firmware"), its note
 * the method; count the lines the window's pages share (CS_SYNTH_OWN_RULE:
 * the run's own rule on the capture's published caches, cs_tlb_lines).
 * Its points on the run's grid of page counts (cs_tlb_counts) up to x_max
 * pages (0: the bound where nothing is published), each y_at's ns; or the
 * refusal it was given where it was measured (the reason is the series'
 * refusal). The catalogue's generator describes its TLB series so.
 * Freestanding. */
#include "../../common/synthetic.h"
#include "../../common/buf.h"
#include "tlb_probe.h"

int cs_tlb_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	struct cs_tlb_capture *t = &c->tlb;
	struct cs_tlb_series *s;
	uint64_t counts[CS_TLB_MAX_POINTS];
	if (t->n_series >= CS_TLB_MAX_SIZES || (!k->refusal_reason && !k->y_at))
		return -1;
	s = &t->series[t->n_series++];
	cs_memset(s, 0, sizeof *s);
	s->page_bytes = (uint64_t)k->size;
	cs_strlcpy(s->page_tables, k->name ? k->name : "", sizeof s->page_tables);
	if (k->refusal_reason) {
		s->refused = 1;
		cs_strlcpy(s->refusal, k->refusal_reason, sizeof s->refusal);
		return 0;
	}
	cs_strlcpy(s->method, k->note ? k->note : "", sizeof s->method);
	s->alias_lines = k->count == CS_SYNTH_OWN_RULE ? cs_tlb_lines(c->caches, c->n_caches) : k->count;
	uint32_t n = cs_tlb_counts(k->x_max > 0 ? (uint64_t)k->x_max : CS_TLB_PAGES_UNPUBLISHED, counts,
				   CS_TLB_MAX_POINTS);
	for (uint32_t i = 0; i < n; i++) {
		struct cs_tlb_point *p = &s->pts[s->n++];
		p->pages = (double)counts[i];
		p->ns = k->y_at(k, i, p->pages);
		p->has_median = 1;
		p->ns_median = p->ns * CS_SYNTH_MEDIAN_RATIO;
		p->has_block = 1;
		p->block_ns = CS_SYNTH_BLOCK_NS;
	}
	return 0;
}
