/* bw_expect_read.c: the bandwidth kind's members of a synthetic capture's
 * "expect" (bw_expect.h), read as strictly as the capture itself (a check
 * that silently compared nothing would pass). Freestanding: part of the
 * capture reader, so the page reads it too. */
#include "bw_kind.h"
#include "../../reader/reader.h"

static const char *const ops[] = { "read", "write", "copy", "nt_write", NULL };
static const char *const verdicts[] = { "agree", "disagree", "latency only", "bandwidth only",
					"neither", NULL };

static int series(struct cs_jr *r, const struct cs_jd *v, struct cs_expect_bw_series *s)
{
	char op[CS_WORD_MAX];
	uint64_t threads = 0;

	if (cs_jr_object(r, v) || cs_jr_get_string(r, v, "op", 1, op, sizeof op) ||
	    cs_read_word(r, v, "op", op, sizeof op, ops) ||
	    cs_jr_get_uint(r, v, "threads", 1, 1, 65536, &threads) ||
	    cs_read_expect_sizes(r, v, "gbps", CS_MAX_LEVELS, &s->has_gbps, &s->n_gbps, s->gbps) ||
	    cs_read_expect_sizes(r, v, "knees", CS_MAX_KNEES, &s->has_knees, &s->n_knees, s->knees) ||
	    cs_read_expect_codes(r, v, CS_BW_MAX_REFUSALS, s->refusals, &s->n_refusals,
				 &s->has_refusals))
		return -1;
	cs_bw_op_parse(op, &s->op);
	s->threads = (uint32_t)threads;
	return 0;
}

static int witness(struct cs_jr *r, const struct cs_jd *v, struct cs_expect_bw *e)
{
	struct cs_jd *arr, *x;
	size_t m, mi, i;
	char word[CS_WORD_MAX];

	cs_jr_member(r, v, "bandwidth_witness", 0, 0, &arr);
	if (!arr)
		return 0;
	m = cs_jr_push_key(r, "bandwidth_witness");
	if (cs_jr_array(r, arr, 0, CS_BW_MAX_WITNESS))
		return -1;
	for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
		size_t k;
		mi = cs_jr_push_idx(r, i);
		if (cs_jr_string(r, x, word, sizeof word))
			return -1;
		for (k = 0; verdicts[k] && !cs_streq(word, verdicts[k]); k++)
			;
		if (!verdicts[k])
			return cs_jr_fail(r, "must be one of agree, disagree, latency only, "
					  "bandwidth only, neither, got \"%s\"", word);
		e->verdict[i] = (uint8_t)k;
		cs_jr_pop(r, mi);
	}
	e->n_witness = (uint32_t)i;
	e->has_witness = e->present = 1;
	cs_jr_pop(r, m);
	return 0;
}

int cs_bw_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *all)
{
	struct cs_expect_bw *e = &all->bw;
	struct cs_jd *arr, *x;
	size_t m, mi, i;

	cs_jr_member(r, v, "bandwidth", 0, 0, &arr);
	if (arr) {
		m = cs_jr_push_key(r, "bandwidth");
		if (cs_jr_array(r, arr, 0, CS_BW_MAX_SERIES))
			return -1;
		for (i = 0, x = cs_jd_first(arr); x; x = x->next, i++) {
			mi = cs_jr_push_idx(r, i);
			if (series(r, x, &e->s[i]))
				return -1;
			cs_jr_pop(r, mi);
		}
		e->n = (uint32_t)i;
		e->present = 1;
		cs_jr_pop(r, m);
	}
	if (cs_read_expect_sizes(r, v, "mlp_saturates_at", CS_MLP_MAX_SIZES, &e->has_sat, &e->n_sat,
				 e->sat))
		return -1;
	e->present |= e->has_sat;
	return witness(r, v, e);
}
