/* mp_read.c: the capture's other-processor members (common/mp_capture.h):
 * "processors", "competitor" and "cores", the read column of
 * common/kinds.h; freestanding, part of the capture reader. */
#include "../../reader/reader.h"

static int member_bool(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		       int required, int *out)
{
	struct cs_jd *v;

	if (cs_jr_member(r, obj, key, required, !required, &v))
		return -1;
	if (!v)
		return 0;
	if (v->kind != CS_JD_TRUE && v->kind != CS_JD_FALSE) {
		char got[64];
		cs_jr_push_key(r, key);
		cs_jr_describe(v, got, sizeof(got));
		return cs_jr_fail(r, "expected true or false, got %s", got);
	}
	*out = v->kind == CS_JD_TRUE;
	return 0;
}

/* "sweep": {"points": [{"bytes", "ns", "block_ns"?}]}: sizes distinct. */
static int read_mp_sweep(struct cs_jr *r, const struct cs_jd *obj, struct cs_mp_sweep *s)
{
	struct cs_jd *sw, *pts, *p;
	size_t m, mp, mi, i, k;

	if (cs_jr_member(r, obj, "sweep", 1, 0, &sw))
		return -1;
	m = cs_jr_push_key(r, "sweep");
	if (cs_jr_object(r, sw) || cs_jr_member(r, sw, "points", 1, 0, &pts))
		return -1;
	mp = cs_jr_push_key(r, "points");
	if (cs_jr_array(r, pts, 1, CS_MP_MAX_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		struct cs_point *pt = &s->points[i];

		*pt = (struct cs_point){ 0 }; /* reset as read (reader.h) */
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, p) || cs_jr_get_positive(r, p, "bytes", 1, NULL, &pt->bytes) ||
		    cs_jr_get_positive(r, p, "ns", 1, NULL, &pt->ns) ||
		    cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns))
			return -1;
		for (k = 0; k < i; k++)
			if (s->points[k].bytes == pt->bytes) {
				cs_jr_push_key(r, "bytes");
				return cs_jr_fail(r, "size %.17g repeats point %zu", pt->bytes, k);
			}
		cs_jr_pop(r, mi);
	}
	s->n_points = (uint32_t)i;
	cs_jr_pop(r, mp);
	cs_jr_pop(r, m);
	return 0;
}

int cs_procs_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_mp *mp = &c->mp;
	struct cs_jd *list, *v;
	size_t m, mi, i, k;

	if (cs_jr_member(r, root, "processors", 0, 0, &list))
		return -1;
	if (!list)
		return 0;
	mp->has_processors = 1;
	if (list->kind == CS_JD_NULL) {
		/* MP services missing: the reason is required */
		mp->processors_null = 1;
		return cs_jr_get_string(r, root, "processors_reason", 1, mp->processors_reason,
				     sizeof(mp->processors_reason));
	}
	m = cs_jr_push_key(r, "processors");
	if (cs_jr_array(r, list, 1, CS_MP_MAX_PROCS))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		struct cs_mp_proc *p = &mp->procs[i];
		uint64_t num = 0, pkg = 0, core = 0, thr = 0;
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "number", 1, 0, 65535, &num) ||
		    cs_jr_get_uint(r, v, "package", 1, 0, UINT32_MAX, &pkg) ||
		    cs_jr_get_uint(r, v, "core", 1, 0, UINT32_MAX, &core) ||
		    cs_jr_get_uint(r, v, "thread", 1, 0, UINT32_MAX, &thr) ||
		    member_bool(r, v, "bsp", 1, &p->bsp) ||
		    member_bool(r, v, "enabled", 1, &p->enabled))
			return -1;
		p->number = (uint32_t)num;
		p->package = (uint32_t)pkg;
		p->core = (uint32_t)core;
		p->thread = (uint32_t)thr;
		for (k = 0; k < i; k++)
			if (mp->procs[k].number == p->number) {
				cs_jr_push_key(r, "number");
				return cs_jr_fail(r, "processor %u listed twice", p->number);
			}
		cs_jr_pop(r, mi);
	}
	mp->n_procs = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

int cs_competitor_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_mp *mp = &c->mp;
	struct cs_jd *o;
	uint64_t threads = 0, buf = 0;
	size_t m;

	if (cs_jr_member(r, root, "competitor", 0, 1, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "competitor");
	mp->stopped_clean = 1;
	if (cs_jr_object(r, o) || cs_jr_get_uint(r, o, "threads", 1, 0, CS_MP_MAX_PROCS, &threads) ||
	    cs_jr_get_uint(r, o, "buffer_bytes", 1, 0, 1ull << 50, &buf) ||
	    member_bool(r, o, "stopped", 0, &mp->stopped_clean) ||
	    read_mp_sweep(r, o, &mp->comp))
		return -1;
	if (threads == 0) {
		cs_jr_push_key(r, "threads");
		return cs_jr_fail(r, "a competitor sweep has at least one thread");
	}
	mp->threads = (uint32_t)threads;
	mp->buffer_bytes = buf;
	mp->has_competitor = 1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_cores_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_mp *mp = &c->mp;
	struct cs_jd *list, *v, *procs, *p, *sw;
	size_t m, mi, mp2, i, k;

	if (cs_jr_member(r, root, "cores", 0, 1, &list))
		return -1;
	if (!list)
		return 0;
	m = cs_jr_push_key(r, "cores");
	if (cs_jr_array(r, list, 0, CS_MP_MAX_KINDS))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		struct cs_mp_kind *kd = &mp->kinds[i];
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, v) || cs_jr_get_string(r, v, "kind", 1, kd->kind, sizeof(kd->kind)) ||
		    cs_jr_member(r, v, "processors", 1, 0, &procs))
			return -1;
		mp2 = cs_jr_push_key(r, "processors");
		if (cs_jr_array(r, procs, 1, CS_MP_MAX_PROCS))
			return -1;
		for (k = 0, p = cs_jd_first(procs); p; p = p->next, k++) {
			uint64_t n;
			size_t mk = cs_jr_push_idx(r, k);
			if (cs_jr_uint(r, p, 0, 65535, &n))
				return -1;
			kd->procs[k] = (uint32_t)n;
			cs_jr_pop(r, mk);
		}
		kd->n_procs = (uint32_t)k;
		cs_jr_pop(r, mp2);
		cs_jr_member(r, v, "sweep", 0, 1, &sw);
		if (sw) {
			if (read_mp_sweep(r, v, &kd->sweep))
				return -1;
			kd->has_sweep = 1;
		}
		cs_jr_pop(r, mi);
	}
	mp->n_kinds = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}
