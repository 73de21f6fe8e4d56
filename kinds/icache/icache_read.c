/* icache_read.c: the instruction-cache kind's read column (common/kinds.h),
 * part of the freestanding reader: the capture's "icache" member (icache.c's cs_icache_json
 * writes it), read as strictly as the core: every count bounded, the
 * per-stride arrays as long as "strides", each error at its field path. */
#include "icache.h"
#include "../../reader/reader.h"


#define COUNT_MAX (1ull << 32)   /* a count of words run, per stride */
#define STRIDE_MAX (1ull << 20)  /* bytes between invalidations */

/* A list of counts under KEY, n of them when n is given (the strides'),
 * else at most CS_ICACHE_MAX_STRIDES: into u64 (or u32), *got its length. */
static int counts(struct cs_jr *r, const struct cs_jd *o, const char *key, int required,
		  uint64_t min, uint64_t max, const uint32_t *n, uint64_t *u64,
		  uint32_t *u32, uint32_t *got)
{
	struct cs_jd *list, *v;
	size_t m, mi, i;
	uint64_t u;

	if (cs_jr_member(r, o, key, required, 0, &list))
		return -1;
	if (!list)
		return 0;
	m = cs_jr_push_key(r, key);
	if (cs_jr_array(r, list, n ? *n : 0, n ? *n : CS_ICACHE_MAX_STRIDES))
		return -1;
	for (i = 0, v = cs_jd_first(list); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_uint(r, v, min, max, &u))
			return -1;
		if (u32)
			u32[i] = (uint32_t)u;
		else
			u64[i] = u;
		cs_jr_pop(r, mi);
	}
	if (got)
		*got = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

/* true or false under KEY, optional (null is absent), in the words of
 * the processors' reader (reader_mp.c's member_bool). */
static int flag(struct cs_jr *r, const struct cs_jd *o, const char *key, int *out)
{
	struct cs_jd *v;

	if (cs_jr_member(r, o, key, 0, 1, &v))
		return -1;
	if (!v)
		return 0;
	if (v->kind != CS_JD_TRUE && v->kind != CS_JD_FALSE) {
		char got[64];
		cs_jr_push_key(r, key);
		cs_jr_describe(v, got, sizeof got);
		return cs_jr_fail(r, "expected true or false, got %s", got);
	}
	*out = v->kind == CS_JD_TRUE;
	return 0;
}

static int observations(struct cs_jr *r, const struct cs_jd *o, struct cs_icache_obs *x)
{
	uint64_t u = 0;
	struct cs_jd *v;

	if (cs_jr_get_uint(r, o, "words", 1, 0, CS_ICACHE_WORDS, &u))
		return -1;
	x->n_insns = (uint32_t)u;
	if (cs_jr_get_uint(r, o, "first_run", 1, 0, COUNT_MAX, &x->first) ||
	    cs_jr_get_uint(r, o, "unmaintained_stale", 1, 0, COUNT_MAX, &x->cached) ||
	    counts(r, o, "strides", 1, 1, STRIDE_MAX, NULL, NULL, x->stride, &x->n) ||
	    counts(r, o, "stale", 1, 0, COUNT_MAX, &x->n, x->stale, NULL, NULL))
		return -1;
	cs_jr_member(r, o, "runs", 0, 0, &v);
	if (v && (cs_jr_get_uint(r, o, "runs", 1, 1, 1u << 20, &u) ||
		  counts(r, o, "stale_min", 1, 0, COUNT_MAX, &x->n, x->stale_min, NULL, NULL)))
		return -1;
	x->runs = v ? (uint32_t)u : 0;
	cs_jr_member(r, o, "remapped_stale", 0, 0, &v);
	x->has_remap = v != NULL;
	if (v && cs_jr_get_uint(r, o, "remapped_stale", 1, 0, COUNT_MAX, &x->remap_stale))
		return -1;
	u = 0;
	if (cs_jr_get_uint(r, o, "ctr_imin_line_bytes", 0, 4, STRIDE_MAX, &u))
		return -1;
	x->imin_line_bytes = (uint32_t)u;
	return flag(r, o, "ctr_dic", &x->dic) || flag(r, o, "ctr_idc", &x->idc);
}

/* The producer's answer: a granule (with its note), or a refusal. */
static int answer(struct cs_jr *r, const struct cs_jd *o, struct cs_icache_result *a)
{
	struct cs_jd *f;
	uint64_t u = 0;
	size_t m;

	cs_jr_member(r, o, "granule_bytes", 0, 1, &f);
	a->has_granule = f != NULL;
	if (cs_jr_get_uint(r, o, "granule_bytes", 0, 1, STRIDE_MAX, &u) ||
	    flag(r, o, "matches_ctr", &a->matches_ctr) ||
	    cs_jr_get_string(r, o, "note", 0, a->reason, sizeof a->reason) ||
	    cs_jr_get_object(r, o, "refusal", 0, &f))
		return -1;
	a->granule_bytes = (uint32_t)u;
	if (!f)
		return 0;
	m = cs_jr_push_key(r, "refusal");
	if (cs_jr_get_string(r, f, "code", 1, a->code, sizeof a->code) ||
	    cs_jr_get_string(r, f, "reason", 1, a->reason, sizeof a->reason))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_icache_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_icache_capture *k = &c->icache;
	struct cs_jd *o;
	size_t m;

	__builtin_memset(k, 0, sizeof *k);
	if (cs_jr_get_object(r, root, "icache", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "icache");
	if (cs_jr_get_string(r, o, "method", 1, k->method, sizeof k->method) ||
	    observations(r, o, &k->obs) || answer(r, o, &k->answer))
		return -1;
	if (k->answer.has_granule == !!k->answer.code[0])
		return cs_jr_fail(r, "has %s", k->answer.has_granule ? "both a granule_bytes and a refusal"
								   : "neither a granule_bytes nor a refusal");
	cs_jr_pop(r, m);
	k->present = 1;
	return 0;
}
