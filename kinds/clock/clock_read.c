/* clock_read.c: the capture's "core_clock" member (clock_capture.h), the
 * read column of common/kinds.h; freestanding, part of the capture reader:
 * rates positive and at most CS_CLOCK_HZ_MAX, at most CS_CLOCK_MAX_KINDS
 * kinds and CS_CLOCK_MAX_BLOCKS block readings in all, counts integers,
 * null for unsaid. */
#include "../../reader/reader.h"
#include "clock_run.h"

#define COUNT_MAX (1ull << 53)
#define ADDS_MAX (1u << 31)

/* true, false, or null/absent (-1). */
static int tri(struct cs_jr *r, const struct cs_jd *obj, const char *key, int *out)
{
	struct cs_jd *v;
	*out = -1;
	cs_jr_member(r, obj, key, 0, 1, &v);
	if (!v)
		return 0;
	if (v->kind != CS_JD_TRUE && v->kind != CS_JD_FALSE) {
		char got[64];
		cs_jr_push_key(r, key);
		cs_jr_describe(v, got, sizeof got);
		return cs_jr_fail(r, "expected true, false or null, got %s", got);
	}
	*out = v->kind == CS_JD_TRUE;
	return 0;
}

static int rate(struct cs_jr *r, const struct cs_jd *v, double *out)
{
	if (cs_jr_positive(r, v, out))
		return -1;
	if (*out > CS_CLOCK_HZ_MAX)
		return cs_jr_fail(r, "a rate over %g Hz, got %g", CS_CLOCK_HZ_MAX, *out);
	return 0;
}

/* [before, after], each a rate or null */
static int pair(struct cs_jr *r, const struct cs_jd *obj, const char *key, double *out)
{
	struct cs_jd *a, *v;
	size_t m, mi, i;
	out[0] = out[1] = 0;
	cs_jr_member(r, obj, key, 0, 1, &a);
	if (!a)
		return 0;
	m = cs_jr_push_key(r, key);
	if (cs_jr_array(r, a, 2, 2))
		return -1;
	for (i = 0, v = cs_jd_first(a); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (v->kind != CS_JD_NULL && rate(r, v, &out[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	cs_jr_pop(r, m);
	return 0;
}

static int count(struct cs_jr *r, const struct cs_jd *obj, const char *key, int *has, uint64_t *out)
{
	struct cs_jd *v;
	cs_jr_member(r, obj, key, 0, 1, &v);
	*has = v != NULL;
	return cs_jr_get_uint(r, obj, key, 0, 0, COUNT_MAX, out);
}

static int read_blocks(struct cs_jr *r, const struct cs_jd *q, struct cs_core_clock *k,
		       struct cs_clock_kind *o)
{
	struct cs_jd *a, *v;
	size_t m, mi, i;
	o->first_block = k->n_blocks;
	o->n_blocks = 0;
	cs_jr_member(r, q, "blocks_hz", 0, 1, &a);
	if (!a)
		return 0;
	m = cs_jr_push_key(r, "blocks_hz");
	if (cs_jr_array(r, a, 0, CS_CLOCK_MAX_BLOCKS - k->n_blocks))
		return -1;
	for (i = 0, v = cs_jd_first(a); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (rate(r, v, &k->block_hz[k->n_blocks]))
			return -1;
		k->n_blocks++;
		o->n_blocks++;
		cs_jr_pop(r, mi);
	}
	cs_jr_pop(r, m);
	return 0;
}

static int read_kind(struct cs_jr *r, const struct cs_jd *q, struct cs_core_clock *k,
		     struct cs_clock_kind *o)
{
	cs_memset(o, 0, sizeof *o);
	return cs_jr_object(r, q) || cs_jr_get_string(r, q, "kind", 1, o->kind, sizeof o->kind) ||
	       pair(r, q, "hz", o->hz) || pair(r, q, "cycle_counter_hz", o->cc_hz) ||
	       read_blocks(r, q, k, o) || count(r, q, "smi", &o->has_smi, &o->smi) ||
	       count(r, q, "context_switches", &o->has_csw, &o->csw) ||
	       count(r, q, "migrations", &o->has_migrations, &o->migrations)
		       ? -1 : 0;
}

static int read_kinds(struct cs_jr *r, const struct cs_jd *o, struct cs_core_clock *k)
{
	struct cs_jd *a, *v;
	size_t m, mi, i;
	if (cs_jr_member(r, o, "kinds", 1, 0, &a))
		return -1;
	m = cs_jr_push_key(r, "kinds");
	if (cs_jr_array(r, a, 0, CS_CLOCK_MAX_KINDS))
		return -1;
	for (i = 0, v = cs_jd_first(a); v; v = v->next, i++) {
		mi = cs_jr_push_idx(r, i);
		if (read_kind(r, v, k, &k->kinds[i]))
			return -1;
		cs_jr_pop(r, mi);
	}
	k->n_kinds = (uint32_t)i;
	cs_jr_pop(r, m);
	return 0;
}

static int read_validity(struct cs_jr *r, const struct cs_jd *o, struct cs_core_clock *k)
{
	struct cs_jd *v;
	size_t m;
	if (cs_jr_get_object(r, o, "validity", 0, &v))
		return -1;
	if (!v)
		return 0;
	m = cs_jr_push_key(r, "validity");
	if (tri(r, v, "interrupts_masked", &k->irq_masked) ||
	    tri(r, v, "smi_countable", &k->smi_countable) ||
	    cs_read_word(r, v, "smi_why", k->smi_why, sizeof k->smi_why, NULL) ||
	    cs_read_word(r, v, "governor", k->governor, sizeof k->governor, NULL) ||
	    tri(r, v, "boost", &k->boost) || tri(r, v, "isolated", &k->isolated) ||
	    tri(r, v, "nohz_full", &k->nohz_full) ||
	    cs_read_word(r, v, "os_why", k->os_why, sizeof k->os_why, NULL) ||
	    tri(r, v, "hypervisor", &k->hypervisor) ||
	    cs_read_word(r, v, "hypervisor_signature", k->hv_signature, sizeof k->hv_signature, NULL))
		return -1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_clock_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c)
{
	struct cs_core_clock *k = &c->cclock;
	struct cs_jd *o, *cc;
	uint64_t adds = 0, runs = 0;
	size_t m, mc;

	cs_core_clock_init(k);
	if (cs_jr_get_object(r, root, "core_clock", 0, &o))
		return -1;
	if (!o)
		return 0;
	m = cs_jr_push_key(r, "core_clock");
	if (cs_jr_get_uint(r, o, "adds", 1, 0, ADDS_MAX, &adds) ||
	    cs_jr_get_uint(r, o, "runs", 0, 1, 1000, &runs) ||
	    cs_jr_get_positive(r, o, "reading_ns", 0, NULL, &k->reading_ns) ||
	    cs_read_word(r, o, "not_measured", k->not_measured, sizeof k->not_measured, NULL) ||
	    cs_jr_get_object(r, o, "cycle_counter", 0, &cc))
		return -1;
	k->adds = (uint32_t)adds;
	k->runs = (uint32_t)runs;
	if (cc) {
		mc = cs_jr_push_key(r, "cycle_counter");
		if (cs_read_word(r, cc, "name", k->cc_name, sizeof k->cc_name, NULL) ||
		    cs_read_word(r, cc, "why", k->cc_why, sizeof k->cc_why, NULL))
			return -1;
		cs_jr_pop(r, mc);
	}
	if (read_kinds(r, o, k) || read_validity(r, o, k))
		return -1;
	k->present = k->adds > 0;
	cs_jr_pop(r, m);
	return 0;
}
