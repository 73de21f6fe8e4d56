/* capture_in.c: the boundary between JavaScript and the reducer's input.
 *
 * The page reads a capture with JSON.parse and checks it as strictly as the
 * host reader (web/js/capture.js: the same fields, types, ranges, bounds
 * and refusals); then it fills struct cs_capture through these setters, one
 * call per value, in the reader's order. Nothing here parses text: strings
 * arrive as UTF-8 in cs_w_in with their length, numbers as doubles (every
 * integer field of a capture is below 2^53, so a double carries it
 * exactly). A setter returns 0, or -1 when a bound of common/capture.h
 * would be passed: the JavaScript reader refuses such a capture first, so
 * -1 means the two sides disagree, and the page says so rather than
 * reduce what is left. */
#include "wasm.h"

struct cs_capture cs_w_cap;
char cs_w_in[CS_IN_BYTES];

/* cs_w_in[0..len) into dst (cap bytes with the NUL); -1 when it does not
 * fit or holds a NUL. */
static int take(char *dst, uint32_t cap, uint32_t at, uint32_t len)
{
	if (at > CS_IN_BYTES || len > CS_IN_BYTES - at || len >= cap)
		return -1;
	for (uint32_t i = 0; i < len; i++) {
		if (!cs_w_in[at + i])
			return -1;
		dst[i] = cs_w_in[at + i];
	}
	dst[len] = '\0';
	return 0;
}

int cs_w_take(char *dst, uint32_t cap, uint32_t at, uint32_t len)
{
	return take(dst, cap, at, len);
}

CS_EXPORT(cs_in) char *cs_in(void) { return cs_w_in; }
CS_EXPORT(cs_in_bytes) uint32_t cs_in_bytes(void) { return CS_IN_BYTES; }

CS_EXPORT(cs_begin) void cs_begin(void)
{
	cs_capture_init(&cs_w_cap);
}

enum { F_LABEL, F_ENV_KIND, F_ARCH, F_CLOCK_SOURCE, F_PUBLISHED_SOURCE };

CS_EXPORT(cs_set_text) int cs_set_text(int field, uint32_t len)
{
	struct cs_capture *c = &cs_w_cap;
	switch (field) {
	case F_LABEL: return take(c->label, sizeof c->label, 0, len);
	case F_ENV_KIND: return take(c->env_kind, sizeof c->env_kind, 0, len);
	case F_ARCH: return take(c->arch, sizeof c->arch, 0, len);
	case F_CLOCK_SOURCE: return take(c->clock.source, sizeof c->clock.source, 0, len);
	case F_PUBLISHED_SOURCE:
		return take(c->published_source, sizeof c->published_source, 0, len);
	}
	return -1;
}

CS_EXPORT(cs_set_clock) void cs_set_clock(int has_hz, double hz, int has_q,
					  double q, int has_clamp, double clamp)
{
	struct cs_clock *k = &cs_w_cap.clock;
	k->has_hz = has_hz;
	k->hz = has_hz ? hz : 0;
	k->has_quantum = has_q;
	k->quantum_ns = has_q ? q : 0;
	k->has_clamp = has_clamp;
	k->clamp_ns = has_clamp ? clamp : 0;
}

CS_EXPORT(cs_add_cache) int cs_add_cache(uint32_t level, int type, double size,
					 uint32_t line)
{
	struct cs_capture *c = &cs_w_cap;
	if (c->n_caches >= CS_MAX_CACHES || type < 0 || type > CS_CACHE_UNIFIED)
		return -1;
	c->caches[c->n_caches++] = (struct cs_cache){ level, (enum cs_cache_type)type,
						      (uint64_t)size, line };
	return 0;
}

static int add_point(struct cs_point *pts, uint32_t *n, uint32_t cap, double bytes,
		     double ns, int has_block, double block_ns)
{
	if (*n >= cap)
		return -1;
	pts[(*n)++] = (struct cs_point){ bytes, ns, has_block, has_block ? block_ns : 0 };
	return 0;
}

CS_EXPORT(cs_add_point) int cs_add_point(double bytes, double ns, int has_block,
					 double block_ns)
{
	struct cs_capture *c = &cs_w_cap;
	return add_point(c->points, &c->n_points, CS_MAX_SWEEP_POINTS, bytes, ns,
			 has_block, block_ns);
}

static struct cs_adj_series *last_series(void)
{
	struct cs_capture *c = &cs_w_cap;
	return c->n_adj ? &c->adj[c->n_adj - 1] : 0;
}

CS_EXPORT(cs_add_series) int cs_add_series(int placement, int has_fp, double fp)
{
	struct cs_capture *c = &cs_w_cap;
	struct cs_adj_series *s;
	if (c->n_adj >= CS_MAX_ADJ_SERIES || placement < 0 || placement > CS_PLACE_LAST)
		return -1;
	s = &c->adj[c->n_adj++];
	cs_memset(s, 0, sizeof *s);
	s->placement = (enum cs_placement)placement;
	s->has_footprint = has_fp;
	s->footprint_bytes = has_fp ? fp : 0;
	return 0;
}

/* cs_w_in holds the code, then the reason, back to back. */
CS_EXPORT(cs_series_refusal) int cs_series_refusal(uint32_t code_len, uint32_t reason_len)
{
	struct cs_adj_series *s = last_series();
	if (!s || take(s->refusal_code, sizeof s->refusal_code, 0, code_len) ||
	    take(s->refusal_reason, sizeof s->refusal_reason, code_len, reason_len))
		return -1;
	s->refused = 1;
	return 0;
}

CS_EXPORT(cs_add_adj_point) int cs_add_adj_point(double distance, double ns)
{
	struct cs_adj_series *s = last_series();
	if (!s || s->n >= CS_MAX_ADJ_POINTS)
		return -1;
	s->pts[s->n++] = (struct cs_adj_point){ distance, ns };
	return 0;
}

/* "experiments" (common/experiments.h): single_access, stride_prefetch,
 * random_vs_fixed; quantum_ns is one figure for the three, the last one
 * read (as the host reader keeps it). */
CS_EXPORT(cs_exp_single) void cs_exp_single(double ns_per_tick)
{
	cs_w_cap.exp.has_single = 1;
	cs_w_cap.exp.ns_per_tick = ns_per_tick;
}

CS_EXPORT(cs_exp_quantum) void cs_exp_quantum(double q)
{
	cs_w_cap.exp.quantum_ns = q;
}

CS_EXPORT(cs_exp_series) int cs_exp_series(uint32_t stride)
{
	struct cs_experiments *x = &cs_w_cap.exp;
	if (x->n_single >= CS_EXP_SINGLE_SERIES)
		return -1;
	x->single[x->n_single].stride_bytes = stride;
	x->single[x->n_single++].n = 0;
	return 0;
}

CS_EXPORT(cs_exp_tick) int cs_exp_tick(double ticks)
{
	struct cs_experiments *x = &cs_w_cap.exp;
	struct cs_exp_single *s;
	if (!x->n_single)
		return -1;
	s = &x->single[x->n_single - 1];
	if (s->n >= CS_EXP_SINGLE_MAX)
		return -1;
	s->ticks[s->n++] = (uint32_t)ticks;
	return 0;
}

CS_EXPORT(cs_exp_stride) void cs_exp_stride(void)
{
	cs_w_cap.exp.has_stride = 1;
}

CS_EXPORT(cs_exp_stride_point) int cs_exp_stride_point(double stride, double ns)
{
	struct cs_experiments *x = &cs_w_cap.exp;
	if (x->n_stride >= CS_EXP_STRIDE_MAX)
		return -1;
	x->stride[x->n_stride++] = (struct cs_exp_stride_point){ stride, ns };
	return 0;
}

CS_EXPORT(cs_exp_random) void cs_exp_random(double fixed, double random, double accesses)
{
	struct cs_experiments *x = &cs_w_cap.exp;
	x->has_random = 1;
	x->fixed_ns = fixed;
	x->random_ns = random;
	x->random_accesses = (uint32_t)accesses;
}

/* "processors", "competitor", "cores" (common/mp_capture.h). */
CS_EXPORT(cs_mp_processors_null) int cs_mp_processors_null(uint32_t reason_len)
{
	struct cs_mp *mp = &cs_w_cap.mp;
	mp->has_processors = 1;
	mp->processors_null = 1;
	return take(mp->processors_reason, sizeof mp->processors_reason, 0, reason_len);
}

CS_EXPORT(cs_mp_proc) int cs_mp_proc(double number, double package, double core,
				     double thread, int bsp, int enabled)
{
	struct cs_mp *mp = &cs_w_cap.mp;
	mp->has_processors = 1;
	if (mp->n_procs >= CS_MP_MAX_PROCS)
		return -1;
	mp->procs[mp->n_procs++] = (struct cs_mp_proc){ (uint32_t)number, (uint32_t)package,
							(uint32_t)core, (uint32_t)thread,
							bsp, enabled };
	return 0;
}

CS_EXPORT(cs_mp_competitor) void cs_mp_competitor(double threads, double buffer,
						  int stopped)
{
	struct cs_mp *mp = &cs_w_cap.mp;
	mp->has_competitor = 1;
	mp->threads = (uint32_t)threads;
	mp->buffer_bytes = (uint64_t)buffer;
	mp->stopped_clean = stopped;
}

CS_EXPORT(cs_mp_comp_point) int cs_mp_comp_point(double bytes, double ns, int has_block,
						 double block_ns)
{
	struct cs_mp_sweep *s = &cs_w_cap.mp.comp;
	return add_point(s->points, &s->n_points, CS_MP_MAX_POINTS, bytes, ns, has_block,
			 block_ns);
}

static struct cs_mp_kind *last_kind(void)
{
	struct cs_mp *mp = &cs_w_cap.mp;
	return mp->n_kinds ? &mp->kinds[mp->n_kinds - 1] : 0;
}

CS_EXPORT(cs_mp_kind) int cs_mp_kind(uint32_t kind_len)
{
	struct cs_mp *mp = &cs_w_cap.mp;
	struct cs_mp_kind *k;
	if (mp->n_kinds >= CS_MP_MAX_KINDS)
		return -1;
	k = &mp->kinds[mp->n_kinds++];
	cs_memset(k, 0, sizeof *k);
	return take(k->kind, sizeof k->kind, 0, kind_len);
}

CS_EXPORT(cs_mp_kind_proc) int cs_mp_kind_proc(double number)
{
	struct cs_mp_kind *k = last_kind();
	if (!k || k->n_procs >= CS_MP_MAX_PROCS)
		return -1;
	k->procs[k->n_procs++] = (uint32_t)number;
	return 0;
}

CS_EXPORT(cs_mp_kind_point) int cs_mp_kind_point(double bytes, double ns, int has_block,
						 double block_ns)
{
	struct cs_mp_kind *k = last_kind();
	if (!k)
		return -1;
	k->has_sweep = 1;
	return add_point(k->sweep.points, &k->sweep.n_points, CS_MP_MAX_POINTS, bytes, ns,
			 has_block, block_ns);
}
