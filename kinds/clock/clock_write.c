/* clock_write.c: the capture's "core_clock" member (clock_capture.h,
 * docs/capture.md), the write column of common/kinds.h: the chain, the
 * cycle counter, each kind's readings and counts, and the validity
 * figures; unsaid figures are null, absent members left out. Freestanding. */
#include "../../common/capture_write.h"
#include "../../common/jsonw.h"

static void pair(struct cs_jsonw *j, const char *key, const double *v)
{
	cs_jsonw_key(j, key);
	cs_jsonw_arr(j);
	for (int i = 0; i < 2; i++)
		if (v[i] > 0)
			cs_jsonw_numsig(j, v[i], 8);
		else
			cs_jsonw_null(j);
	cs_jsonw_arr_end(j);
}

static void count(struct cs_jsonw *j, const char *key, int has, uint64_t v)
{
	cs_jsonw_key(j, key);
	if (has)
		cs_jsonw_u64(j, v);
	else
		cs_jsonw_null(j);
}

static void tri(struct cs_jsonw *j, const char *key, int v)
{
	cs_jsonw_key(j, key);
	if (v < 0)
		cs_jsonw_null(j);
	else
		cs_jsonw_bool(j, v);
}

static void str_or_null(struct cs_jsonw *j, const char *key, const char *s)
{
	cs_jsonw_key(j, key);
	if (s[0])
		cs_jsonw_str(j, s);
	else
		cs_jsonw_null(j);
}

static void kind(struct cs_jsonw *j, const struct cs_core_clock *k, const struct cs_clock_kind *q)
{
	int pretty = j->pretty;
	uint32_t n = q->n_blocks;
	if (q->first_block > k->n_blocks)
		n = 0;
	else if (n > k->n_blocks - q->first_block)
		n = k->n_blocks - q->first_block;
	cs_jsonw_obj(j);
	j->pretty = 0; /* one kind a line */
	cs_jsonw_key_str(j, "kind", q->kind);
	pair(j, "hz", q->hz);
	pair(j, "cycle_counter_hz", q->cc_hz);
	cs_jsonw_num_row(j, "blocks_hz", k->block_hz + q->first_block, n, 8);
	count(j, "smi", q->has_smi, q->smi);
	count(j, "context_switches", q->has_csw, q->csw);
	count(j, "migrations", q->has_migrations, q->migrations);
	cs_jsonw_obj_end(j);
	j->pretty = pretty;
}

static void validity(struct cs_jsonw *j, const struct cs_core_clock *k)
{
	cs_jsonw_key(j, "validity");
	cs_jsonw_obj(j);
	tri(j, "interrupts_masked", k->irq_masked);
	tri(j, "smi_countable", k->smi_countable);
	str_or_null(j, "smi_why", k->smi_why);
	str_or_null(j, "governor", k->governor);
	tri(j, "boost", k->boost);
	tri(j, "isolated", k->isolated);
	tri(j, "nohz_full", k->nohz_full);
	str_or_null(j, "os_why", k->os_why);
	tri(j, "hypervisor", k->hypervisor);
	str_or_null(j, "hypervisor_signature", k->hv_signature);
	cs_jsonw_obj_end(j);
}

void cs_clock_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_core_clock *k = &c->cclock;
	if (!k->present && !k->not_measured[0])
		return;
	cs_jsonw_key(j, "core_clock");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "chain");
	cs_jsonw_str(j, "dependent register adds (one cycle each), unrolled, timed by the "
			"run's counter before and after each kind and after each of its steps; "
			"the fastest of 'runs' (docs/clock.md)");
	cs_jsonw_key_u64(j, "adds", k->adds);
	cs_jsonw_key_u64(j, "runs", k->runs);
	if (k->reading_ns > 0)
		cs_jsonw_key_numsig(j, "reading_ns", k->reading_ns, 6);
	if (k->not_measured[0])
		cs_jsonw_key_str(j, "not_measured", k->not_measured);
	cs_jsonw_key(j, "cycle_counter");
	cs_jsonw_obj(j);
	str_or_null(j, "name", k->cc_name);
	str_or_null(j, "why", k->cc_why);
	cs_jsonw_obj_end(j);
	cs_jsonw_key(j, "kinds");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < k->n_kinds && i < CS_CLOCK_MAX_KINDS; i++)
		kind(j, k, &k->kinds[i]);
	cs_jsonw_arr_end(j);
	validity(j, k);
	cs_jsonw_obj_end(j);
}
