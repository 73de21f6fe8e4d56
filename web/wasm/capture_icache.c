/* capture_icache.c: the boundary for a capture's "icache" member
 * (kinds/icache/icache_capture.h), as capture_tlb.c is for the TLB's: one
 * call per value, in kinds/icache/icache_read.c's order; strings as UTF-8
 * in cs_w_in with their lengths. -1 when a bound would be passed (the
 * JavaScript reader refuses such a capture first). */
#include "wasm.h"

/* The method (cs_w_in) and the counts that are not per stride. */
CS_EXPORT(cs_icache_obs) int cs_icache_obs(uint32_t method_len, double words, double first,
					   double cached, uint32_t runs, int has_remap, double remap,
					   double imin, int dic, int idc)
{
	struct cs_icache_capture *k = &cs_w_cap.icache;
	cs_memset(k, 0, sizeof *k);
	k->present = 1;
	k->obs = (struct cs_icache_obs){ .n_insns = (uint32_t)words, .first = (uint64_t)first,
					  .cached = (uint64_t)cached, .runs = runs,
					  .has_remap = has_remap, .remap_stale = (uint64_t)remap,
					  .imin_line_bytes = (uint32_t)imin, .dic = dic, .idc = idc };
	return cs_w_take(k->method, sizeof k->method, 0, method_len);
}

/* One stride, its stale count, and the smallest of its runs (0: one run). */
CS_EXPORT(cs_icache_stride) int cs_icache_stride(double stride, double stale, double stale_min)
{
	struct cs_icache_obs *o = &cs_w_cap.icache.obs;
	if (o->n >= CS_ICACHE_MAX_STRIDES)
		return -1;
	o->stride[o->n] = (uint32_t)stride;
	o->stale[o->n] = (uint64_t)stale;
	o->stale_min[o->n++] = (uint64_t)stale_min;
	return 0;
}

/* The producer's answer: a granule, or a refusal's code and reason (the
 * reason is the granule's note when there is one) back to back. */
CS_EXPORT(cs_icache_answer) int cs_icache_answer(int has_granule, double granule, int matches,
						 uint32_t code_len, uint32_t reason_len)
{
	struct cs_icache_result *a = &cs_w_cap.icache.answer;
	a->has_granule = has_granule;
	a->granule_bytes = (uint32_t)granule;
	a->matches_ctr = matches;
	return cs_w_take(a->code, sizeof a->code, 0, code_len) ||
			       cs_w_take(a->reason, sizeof a->reason, code_len, reason_len)
		       ? -1 : 0;
}
