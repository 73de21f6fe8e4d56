/* icache.c: from stale counts per invalidation stride to a granule
 * (icache.h). A stride s leaves stale the words of every line it skips: with
 * a granule g, nothing for s <= g and about n (1 - g/s) beyond. So the zero
 * counts must be a prefix, and the counts after it must not fall as the
 * stride grows; anything else is refused with the figures. */
#include <stddef.h>
#include "icache.h"
#include "../../common/buf.h"

static int refuse(struct cs_icache_result *r, const char *code)
{
	cs_strlcpy(r->code, code, sizeof r->code);
	return -1;
}

/* " stride 4: 0, 8: 0, 16: 3 stale" */
static void figures(struct cs_buf *b, const struct cs_icache_obs *o)
{
	cs_puts(b, " (stride: stale");
	for (uint32_t i = 0; i < o->n; i++) {
		cs_puts(b, i ? ", " : " ");
		cs_put_u64(b, o->stride[i]);
		cs_puts(b, ": ");
		cs_put_u64(b, o->stale[i]);
	}
	cs_puts(b, "; first run ");
	cs_put_u64(b, o->first);
	cs_puts(b, ", unmaintained rerun ");
	cs_put_u64(b, o->cached);
	cs_putc(b, ')');
}

static int check_input(const struct cs_icache_obs *o, struct cs_icache_result *r,
		       struct cs_buf *b)
{
	if (o->n == 0 || o->n > CS_ICACHE_MAX_STRIDES) {
		cs_puts(b, "no strides were tried");
		return refuse(r, "no_data");
	}
	if (o->first != o->n_insns) {
		cs_puts(b, "the probe did not run as written: its first run returned ");
		cs_put_u64(b, o->first);
		cs_puts(b, " instead of ");
		cs_put_u64(b, o->n_insns);
		return refuse(r, "probe_broken");
	}
	for (uint32_t i = 0; i < o->n; i++) {
		if ((i && o->stride[i] <= o->stride[i - 1]) || o->stride[i] == 0) {
			cs_puts(b, "strides are not strictly ascending");
			figures(b, o);
			return refuse(r, "inconsistent");
		}
		if (o->stale[i] > o->n_insns) {
			cs_puts(b, "more words stale than the probe has");
			figures(b, o);
			return refuse(r, "inconsistent");
		}
	}
	return 0;
}

/* " (... ; CTR_EL0.DIC 0, IDC 1)": what the coherent answer rests on. */
static void coherence_evidence(struct cs_buf *b, const struct cs_icache_obs *o)
{
	cs_puts(b, " (");
	if (o->dic) {
		cs_puts(b, CS_ICACHE_DIC_NOTE);
		cs_puts(b, "; ");
	}
	cs_puts(b, "the ");
	cs_put_u64(b, o->n_insns);
	cs_puts(b, " rewritten words ran new with no maintenance at all (");
	cs_put_u64(b, o->cached);
	cs_puts(b, " stale) and after every stride from ");
	cs_put_u64(b, o->stride[0]);
	cs_puts(b, " to ");
	cs_put_u64(b, o->stride[o->n - 1]);
	cs_puts(b, " bytes (");
	cs_put_u64(b, o->stale[o->n - 1]);
	cs_puts(b, " stale at the widest); CTR_EL0.DIC ");
	cs_put_u64(b, (uint64_t)(o->dic != 0));
	cs_puts(b, ", IDC ");
	cs_put_u64(b, (uint64_t)(o->idc != 0));
	cs_putc(b, ')');
}

/* Nothing stale after any stride. Coherent when nothing was stale
 * without maintenance either, or when CTR_EL0.DIC says the instruction
 * side needs none (words stale without maintenance then came from the
 * data side: with IDC 0 the new code must be cleaned to the point of
 * unification first). Otherwise the granule lies beyond the strides. */
static int none_stale(const struct cs_icache_obs *o, struct cs_icache_result *r,
		      struct cs_buf *b)
{
	if (o->cached == 0 || o->dic) {
		cs_puts(b, CS_ICACHE_COHERENT);
		coherence_evidence(b, o);
		return refuse(r, "coherent");
	}
	cs_puts(b, "every stride up to ");
	cs_put_u64(b, o->stride[o->n - 1]);
	cs_puts(b, " bytes left nothing stale: the granule is beyond the strides tried");
	figures(b, o);
	return refuse(r, "beyond_range");
}

/* Even the smallest stride left code stale. With a new mapping that ran
 * the new code, the invalidation did nothing here, which no Arm core
 * does: an emulator that translates code once per virtual page and
 * ignores ic ivau (qemu-user) never sees a write through another view. */
static int nothing_took(const struct cs_icache_obs *o, struct cs_icache_result *r,
			struct cs_buf *b)
{
	if (o->has_remap && o->remap_stale == 0 && o->stale[0] > 0) {
		cs_puts(b, "ic ivau had no effect: even the smallest stride left ");
		cs_put_u64(b, o->stale[0]);
		cs_puts(b, " of ");
		cs_put_u64(b, o->n_insns);
		cs_puts(b, " words stale, yet a new mapping of the same pages ran the new code: "
			   "no Arm core does that, an emulator that ignores ic ivau and watches code "
			   "writes per virtual page (qemu-user) does; nothing to measure");
		figures(b, o);
		return refuse(r, "maintenance_ignored");
	}
	cs_puts(b, "even the smallest stride left code stale: the invalidation did not take");
	figures(b, o);
	if (o->has_remap) {
		cs_puts(b, "; a new mapping of the pages still ran ");
		cs_put_u64(b, o->remap_stale);
		cs_puts(b, " stale");
	}
	return refuse(r, "maintenance_failed");
}

static void compare_ctr(const struct cs_icache_obs *o, struct cs_icache_result *r,
			struct cs_buf *b)
{
	r->matches_ctr = o->imin_line_bytes == r->granule_bytes;
	if (!o->imin_line_bytes) {
		cs_puts(b, "CTR_EL0.IminLine not read");
	} else if (r->matches_ctr) {
		cs_puts(b, "agrees with CTR_EL0.IminLine");
	} else {
		cs_puts(b, r->granule_bytes > o->imin_line_bytes
				    ? "larger than CTR_EL0.IminLine ("
				    : "SMALLER than CTR_EL0.IminLine, which the architecture promises is safe (");
		cs_put_u64(b, o->imin_line_bytes);
		cs_puts(b, " bytes)");
	}
}

int cs_icache_infer(const struct cs_icache_obs *o, struct cs_icache_result *r)
{
	struct cs_buf b;
	uint32_t i, zeros = 0;
	int any = 0;

	cs_memset(r, 0, sizeof *r);
	cs_buf_init(&b, r->reason, sizeof r->reason);
	if (check_input(o, r, &b) != 0)
		return -1;
	for (i = 0; i < o->n; i++)
		any |= o->stale[i] != 0;
	if (!any)
		return none_stale(o, r, &b);
	while (zeros < o->n && o->stale[zeros] == 0)
		zeros++;
	if (zeros == 0)
		return nothing_took(o, r, &b);
	for (i = zeros; i < o->n; i++) {
		if (o->stale[i] == 0) {
			cs_puts(&b, "a larger stride left nothing stale after a smaller one left some");
			figures(&b, o);
			return refuse(r, "inconsistent");
		}
		if (i > zeros && o->stale[i] < o->stale[i - 1]) {
			cs_puts(&b, "stale counts fall as the stride grows");
			figures(&b, o);
			return refuse(r, "non_monotonic");
		}
	}
	if (o->cached == 0) {
		cs_puts(&b, "nothing was stale without maintenance, yet some was after it");
		figures(&b, o);
		return refuse(r, "inconsistent");
	}
	r->has_granule = 1;
	r->granule_bytes = o->stride[zeros - 1];
	r->first_stale_stride = o->stride[zeros];
	compare_ctr(o, r, &b);
	return 0;
}

void cs_icache_refuse(struct cs_icache_result *r, const char *code,
		      const char *reason)
{
	cs_memset(r, 0, sizeof *r);
	cs_strlcpy(r->code, code, sizeof r->code);
	cs_strlcpy(r->reason, reason, sizeof r->reason);
}

/* One count a stride, on one line: from u32 (the strides) or u64. */
static void counts(struct cs_jsonw *j, const char *key, const struct cs_icache_obs *o,
		   const uint32_t *u32, const uint64_t *u64)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, key);
	cs_jsonw_arr(j);
	j->pretty = 0;
	for (uint32_t i = 0; i < o->n && i < CS_ICACHE_MAX_STRIDES; i++)
		cs_jsonw_u64(j, u32 ? u32[i] : u64[i]);
	cs_jsonw_arr_end(j);
	j->pretty = pretty;
}

void cs_icache_json(struct cs_jsonw *j, const struct cs_icache_obs *o,
		    const struct cs_icache_result *r, const char *method)
{
	cs_jsonw_key(j, "icache");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "method");
	cs_jsonw_str(j, method);
	cs_jsonw_key(j, "words");
	cs_jsonw_u64(j, o->n_insns);
	cs_jsonw_key(j, "first_run");
	cs_jsonw_u64(j, o->first);
	cs_jsonw_key(j, "unmaintained_stale");
	cs_jsonw_u64(j, o->cached);
	counts(j, "strides", o, o->stride, NULL);
	counts(j, "stale", o, NULL, o->stale);
	if (o->runs > 1) {
		cs_jsonw_key(j, "runs");
		cs_jsonw_u64(j, o->runs);
		counts(j, "stale_min", o, NULL, o->stale_min);
	}
	if (o->has_remap) {
		cs_jsonw_key(j, "remapped_stale");
		cs_jsonw_u64(j, o->remap_stale);
	}
	cs_jsonw_key(j, "ctr_imin_line_bytes");
	if (o->imin_line_bytes)
		cs_jsonw_u64(j, o->imin_line_bytes);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "ctr_dic");
	cs_jsonw_bool(j, o->dic);
	cs_jsonw_key(j, "ctr_idc");
	cs_jsonw_bool(j, o->idc);
	cs_jsonw_key(j, "granule_bytes");
	if (r->has_granule)
		cs_jsonw_u64(j, r->granule_bytes);
	else
		cs_jsonw_null(j);
	if (r->has_granule) {
		cs_jsonw_key(j, "matches_ctr");
		cs_jsonw_bool(j, r->matches_ctr);
		cs_jsonw_key(j, "note");
		cs_jsonw_str(j, r->reason);
	} else {
		cs_jsonw_key(j, "refusal");
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "code");
		cs_jsonw_str(j, r->code);
		cs_jsonw_key(j, "reason");
		cs_jsonw_str(j, r->reason);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_obj_end(j);
}
