/* experiments_read.c: "experiments" of a capture (seed 003), the read
 * column of common/kinds.h, strictly: types, ranges and the bounds of
 * common/experiments.h, with the field path in every message. Unknown
 * members are ignored, as in reader/capture.c. Freestanding. */
#include "../../reader/reader.h"

static int nonneg(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		  double *out)
{
	struct cs_jd *v;
	char got[64];
	size_t m;

	if (cs_jr_member(r, obj, key, 1, 0, &v))
		return -1;
	m = cs_jr_push_key(r, key);
	if (v->kind != CS_JD_NUMBER || !(v->u.num.d >= 0)) {
		cs_jr_describe(v, got, sizeof got);
		return cs_jr_fail(r, "expected a finite number >= 0, got %s", got);
	}
	*out = v->u.num.d;
	cs_jr_pop(r, m);
	return 0;
}

static int read_series(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_exp_single *s)
{
	struct cs_jd *t, *e;
	uint64_t u;
	size_t m, mi, i;

	if (cs_jr_object(r, v) ||
	    cs_jr_get_uint(r, v, "stride_bytes", 1, 1, 4096, &u))
		return -1;
	s->stride_bytes = (uint32_t)u;
	if (cs_jr_member(r, v, "ticks", 1, 0, &t))
		return -1;
	m = cs_jr_push_key(r, "ticks");
	if (cs_jr_array(r, t, 1, CS_EXP_SINGLE_MAX))
		return -1;
	for (i = 0, e = cs_jd_first(t); e; e = e->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_uint(r, e, 0, 0xffffffffu, &u))
			return -1;
		s->ticks[i] = (uint32_t)u;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

static int read_single(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_experiments *x)
{
	struct cs_jd *ser, *e;
	size_t m, mi, i;

	if (cs_jr_get_positive(r, v, "ns_per_tick", 1, NULL, &x->ns_per_tick) ||
	    cs_jr_get_positive(r, v, "quantum_ns", 1, NULL, &x->quantum_ns) ||
	    cs_jr_member(r, v, "series", 1, 0, &ser))
		return -1;
	m = cs_jr_push_key(r, "series");
	if (cs_jr_array(r, ser, 1, CS_EXP_SINGLE_SERIES))
		return -1;
	for (i = 0, e = cs_jd_first(ser); e; e = e->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_series(r, e, &x->single[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	x->n_single = (uint32_t)i;
	cs_jr_pop(r, m);
	x->has_single = 1;
	return 0;
}

/* "quantum_ns" beside the averages: optional, > 0 when present. */
static int opt_quantum(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_experiments *x)
{
	struct cs_jd *t;

	cs_jr_member(r, v, "quantum_ns", 0, 1, &t);
	return t ? cs_jr_get_positive(r, v, "quantum_ns", 1, NULL, &x->quantum_ns) : 0;
}

static int read_stride(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_experiments *x)
{
	struct cs_jd *pts, *e;
	size_t m, mi, i, k;

	if (opt_quantum(r, v, x) || cs_jr_member(r, v, "points", 1, 0, &pts))
		return -1;
	m = cs_jr_push_key(r, "points");
	if (cs_jr_array(r, pts, 0, CS_EXP_STRIDE_MAX))
		return -1;
	for (i = 0, e = cs_jd_first(pts); e; e = e->next, i++) {
		struct cs_exp_stride_point *p = &x->stride[i];
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, e) ||
		    cs_jr_get_positive(r, e, "stride_bytes", 1, NULL, &p->stride_bytes) ||
		    nonneg(r, e, "ns", &p->ns))
			return -1;
		for (k = 0; k < i; k++)
			if (x->stride[k].stride_bytes == p->stride_bytes) {
				cs_jr_push_key(r, "stride_bytes");
				return cs_jr_fail(r, "stride %.17g appears twice "
						  "(first at points[%zu])",
						  p->stride_bytes, k);
			}
		cs_jr_pop(r, mi);
	}
	x->n_stride = (uint32_t)i;
	cs_jr_pop(r, m);
	x->has_stride = 1;
	return 0;
}

static int read_random(struct cs_jr *r, const struct cs_jd *v,
		       struct cs_experiments *x)
{
	uint64_t u = 0;

	if (opt_quantum(r, v, x) || nonneg(r, v, "fixed_ns", &x->fixed_ns) ||
	    nonneg(r, v, "random_ns", &x->random_ns) ||
	    cs_jr_get_uint(r, v, "accesses", 0, 1, 1u << 24, &u))
		return -1;
	x->random_accesses = (uint32_t)u;
	x->has_random = 1;
	return 0;
}

static int read_experiments(struct cs_jr *r, const struct cs_jd *root,
			struct cs_experiments *x)
{
	struct cs_jd *ex, *v;
	size_t m, mv;

	__builtin_memset(x, 0, sizeof *x);
	if (cs_jr_get_object(r, root, "experiments", 0, &ex))
		return -1;
	if (!ex)
		return 0;
	m = cs_jr_push_key(r, "experiments");
	if (cs_jr_get_object(r, ex, "single_access", 0, &v))
		return -1;
	if (v) {
		mv = cs_jr_push_key(r, "single_access");
		if (read_single(r, v, x))
			return -1;
		cs_jr_pop(r, mv);
	}
	if (cs_jr_get_object(r, ex, "stride_prefetch", 0, &v))
		return -1;
	if (v) {
		mv = cs_jr_push_key(r, "stride_prefetch");
		if (read_stride(r, v, x))
			return -1;
		cs_jr_pop(r, mv);
	}
	if (cs_jr_get_object(r, ex, "random_vs_fixed", 0, &v))
		return -1;
	if (v) {
		mv = cs_jr_push_key(r, "random_vs_fixed");
		if (read_random(r, v, x))
			return -1;
		cs_jr_pop(r, mv);
	}
	cs_jr_pop(r, m);
	return 0;
}

int cs_exp_kind_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	return read_experiments(r, root, &c->exp);
}
