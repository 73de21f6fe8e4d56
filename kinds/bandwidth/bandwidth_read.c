/* bandwidth_read.c: the bandwidth kind's member of a capture, the read
 * column of common/kinds.h (freestanding, part of the capture reader):
 * "bandwidth" (an object, or null with "bandwidth_reason"), as strictly as
 * reader/capture.c reads the core: types, ranges, the one byte-counting
 * convention (bw_kind.h) and the capacities of bw_capture.h, the field path
 * in every message (docs/capture.md "Bandwidth"). Unknown members are
 * ignored. The series array is not zeroed for each file (reader/capture.c's
 * holes): each series and point is reset here as it is read. */
#include "bw_kind.h"
#include "../../reader/reader.h"

#define BW_THREADS_MAX 65536u  /* processors running one series at once */
#define BW_VECTOR_MAX 256u     /* bytes one load or store moves (SVE's widest) */
#define MLP_CHAINS_MAX 1024u   /* independent chains interleaved */

static const char *const ops[] = { "read", "write", "copy", "nt_write", NULL };

static int read_point(struct cs_jr *r, const struct cs_jd *p, struct cs_bw_point *pt)
{
	int has_min = 0;

	*pt = (struct cs_bw_point){ 0 };
	if (cs_jr_object(r, p) || cs_jr_get_positive(r, p, "bytes", 1, NULL, &pt->bytes) ||
	    cs_jr_get_positive(r, p, "ns_per_byte", 1, NULL, &pt->ns_per_byte) ||
	    cs_jr_get_positive(r, p, "ns_per_byte_min", 0, &has_min, &pt->ns_per_byte_min) ||
	    cs_jr_get_positive(r, p, "block_ns", 0, &pt->has_block, &pt->block_ns))
		return -1;
	if (!has_min)
		pt->ns_per_byte_min = pt->ns_per_byte; /* one figure: the median is all */
	if (pt->ns_per_byte_min > pt->ns_per_byte) {
		cs_jr_push_key(r, "ns_per_byte_min");
		return cs_jr_fail(r, "the minimum %.10g is above the median ns_per_byte %.10g",
				  pt->ns_per_byte_min, pt->ns_per_byte);
	}
	return 0;
}

static int read_points(struct cs_jr *r, const struct cs_jd *v, struct cs_bw_series *s)
{
	double sizes[CS_BW_MAX_POINTS]; /* on the stack: serve reads from several threads */
	struct cs_jd *pts, *p;
	size_t m, mi, i;

	if (cs_jr_member(r, v, "points", 1, 0, &pts))
		return -1;
	m = cs_jr_push_key(r, "points");
	if (s->refused && pts->kind == CS_JD_ARRAY && pts->u.kids.n)
		return cs_jr_fail(r, "an operation refused has no points, got %zu", pts->u.kids.n);
	if (cs_jr_array(r, pts, s->refused ? 0 : 1, s->refused ? 0 : CS_BW_MAX_POINTS))
		return -1;
	for (i = 0, p = cs_jd_first(pts); p; p = p->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_point(r, p, &s->pts[i]))
			return -1;
		sizes[i] = s->pts[i].bytes;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	if (cs_read_unique(r, sizes, s->n, "size", "bytes"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int read_series(struct cs_jr *r, const struct cs_jd *v, struct cs_bw_series *s)
{
	char op[CS_WORD_MAX];
	uint64_t threads = 0, vec = 0;
	double conv = 0;

	__builtin_memset(s, 0, __builtin_offsetof(struct cs_bw_series, pts));
	if (cs_jr_object(r, v) || cs_jr_get_string(r, v, "op", 1, op, sizeof op) ||
	    cs_read_word(r, v, "op", op, sizeof op, ops) ||
	    cs_read_word(r, v, "kernel", s->kernel, sizeof s->kernel, NULL) ||
	    cs_jr_get_uint(r, v, "vector_bytes", 0, 1, BW_VECTOR_MAX, &vec) ||
	    cs_jr_get_uint(r, v, "threads", 1, 1, BW_THREADS_MAX, &threads) ||
	    cs_jr_get_positive(r, v, "bytes_per_byte_touched", 1, NULL, &s->bytes_per_byte_touched) ||
	    cs_read_word(r, v, "refusal", s->refusal, sizeof s->refusal, NULL))
		return -1;
	cs_bw_op_parse(op, &s->op);
	conv = cs_bw_convention(s->op);
	if (s->bytes_per_byte_touched != conv) {
		cs_jr_push_key(r, "bytes_per_byte_touched");
		return cs_jr_fail(r, "%s counts %g byte(s) per byte touched (docs/bandwidth.md "
				  "s.1), got %.10g", op, conv, s->bytes_per_byte_touched);
	}
	s->vector_bytes = (uint32_t)vec;
	s->threads = (uint32_t)threads;
	s->refused = s->refusal[0] != '\0';
	return read_points(r, v, s);
}

/* No two series of one operation on as many processors. */
static int distinct_series(struct cs_jr *r, const struct cs_bw_capture *b)
{
	for (uint32_t i = 1; i < b->n_series; i++)
		for (uint32_t k = 0; k < i; k++)
			if (b->series[i].op == b->series[k].op &&
			    b->series[i].threads == b->series[k].threads) {
				cs_jr_push_idx(r, i);
				return cs_jr_fail(r, "a second %s series on %u thread(s) (also at [%u])",
						  cs_bw_op_name(b->series[i].op), b->series[i].threads, k);
			}
	return 0;
}

static int read_series_list(struct cs_jr *r, const struct cs_jd *o, struct cs_bw_capture *b)
{
	struct cs_jd *list, *v;
	size_t m, mi, i;

	if (cs_jr_member(r, o, "series", 1, 0, &list))
		return -1;
	m = cs_jr_push_key(r, "series");
	if (cs_jr_array(r, list, 0, CS_BW_MAX_SERIES))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_series(r, v, &b->series[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	b->n_series = (uint32_t)i;
	if (distinct_series(r, b))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int read_chains(struct cs_jr *r, const struct cs_jd *o, struct cs_mlp_size *s)
{
	double n[CS_MLP_MAX_CHAINS];
	struct cs_jd *list, *v;
	size_t m, mi, i;

	if (cs_jr_member(r, o, "chains", 1, 0, &list))
		return -1;
	m = cs_jr_push_key(r, "chains");
	if (cs_jr_array(r, list, 1, CS_MLP_MAX_CHAINS))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		uint64_t k = 0;
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, v) || cs_jr_get_uint(r, v, "n", 1, 1, MLP_CHAINS_MAX, &k) ||
		    cs_jr_get_positive(r, v, "ns", 1, NULL, &s->ns[i]))
			return -1;
		s->chains[i] = (uint32_t)k;
		n[i] = (double)k;
		cs_jr_pop(r, mi);
	}
	s->n = (uint32_t)i;
	if (cs_read_unique(r, n, s->n, "chain count", "n"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

static int read_mlp(struct cs_jr *r, const struct cs_jd *o, struct cs_bw_capture *b)
{
	double sizes[CS_MLP_MAX_SIZES];
	struct cs_jd *list, *v;
	size_t m, mi, i;

	if (cs_jr_member(r, o, "mlp", 0, 0, &list) || !list)
		return list ? -1 : 0;
	b->mlp_present = 1;
	if (list->kind == CS_JD_NULL) {
		b->mlp_null = 1;
		return cs_jr_get_string(r, o, "mlp_reason", 1, b->mlp_why, sizeof b->mlp_why);
	}
	m = cs_jr_push_key(r, "mlp");
	if (cs_jr_array(r, list, 0, CS_MLP_MAX_SIZES))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_object(r, v) || cs_jr_get_positive(r, v, "bytes", 1, NULL, &b->mlp[i].bytes) ||
		    read_chains(r, v, &b->mlp[i]))
			return -1;
		sizes[i] = b->mlp[i].bytes;
		cs_jr_pop(r, mi);
	}
	b->n_mlp = (uint32_t)i;
	if (cs_read_unique(r, sizes, b->n_mlp, "size", "bytes"))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_bw_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_bw_capture *b = &c->bw;
	struct cs_jd *o;
	size_t m;

	cs_jr_member(r, root, "bandwidth", 0, 0, &o);
	if (!o)
		return 0;
	b->present = 1;
	if (o->kind == CS_JD_NULL) {
		b->null = 1;
		return cs_jr_get_string(r, root, "bandwidth_reason", 1, b->why, sizeof b->why);
	}
	m = cs_jr_push_key(r, "bandwidth");
	if (cs_jr_object(r, o) ||
	    cs_read_word(r, o, "vector_note", b->vector_note, sizeof b->vector_note, NULL) ||
	    read_series_list(r, o, b) || read_mlp(r, o, b))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}
