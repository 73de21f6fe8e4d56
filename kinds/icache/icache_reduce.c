/* icache_reduce.c: the instruction-cache kind's reduce, report and json
 * columns (common/kinds.h): seed 001's inference (icache.c) replayed from
 * the capture's observations, as the producer drew it; a producer that did
 * not run the probe (no strides: the architecture keeps fetch coherent, or
 * the pages could not be had) left its refusal, which is carried as it is.
 * Freestanding. */
#include "icache.h"
#include "../../reduce/kinds.h"
#include "../../reduce/json.h"

int cs_icache_reduce(const struct cs_capture *c, struct cs_work *w,
		     struct cs_result *r, char *err, size_t errlen)
{
	const struct cs_icache_capture *k = &c->icache;
	struct cs_icache_kind_result *o = &r->icache;

	(void)w;
	(void)err;
	(void)errlen;
	cs_memset(o, 0, sizeof *o);
	if (!k->present)
		return 0;
	o->present = 1;
	o->ran = k->obs.n > 0;
	if (o->ran)
		cs_icache_infer(&k->obs, &o->r);
	else if (k->answer.code[0])
		cs_icache_refuse(&o->r, k->answer.code, k->answer.reason);
	else
		cs_icache_infer(&k->obs, &o->r); /* no strides, no reason: no_data */
	return 0;
}

/* "instruction cache (seed 001): granule 64 B (...)" or the refusal. */
void cs_icache_report(struct cs_buf *b, const struct cs_capture *c,
		      const struct cs_result *r)
{
	const struct cs_icache_kind_result *o = &r->icache;

	(void)c;
	if (!o->present)
		return;
	cs_puts(b, "instruction cache: ");
	if (o->r.has_granule) {
		cs_puts(b, "invalidation granule ");
		cs_put_u64(b, o->r.granule_bytes);
		cs_puts(b, " B (");
		cs_put_text(b, o->r.reason);
		cs_puts(b, ")\n");
		return;
	}
	cs_puts(b, o->ran ? "refused (" : "not run (");
	cs_put_text(b, o->r.code);
	cs_puts(b, "): ");
	cs_put_text(b, o->r.reason);
	cs_putc(b, '\n');
}

/* "icache": {"granule_bytes", "matches_ctr", "refusal"}; nothing when the
 * capture has none. */
void cs_icache_kind_json(struct cs_rjson *o, const struct cs_capture *c,
			 const struct cs_result *r)
{
	const struct cs_icache_kind_result *k = &r->icache;

	(void)c;
	if (!k->present)
		return;
	cs_rjson_key(o, "icache");
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "ran");
	cs_jsonw_bool(&o->j, k->ran);
	cs_rjson_key(o, "granule_bytes");
	cs_rjson_opt(o, k->r.has_granule, k->r.granule_bytes);
	cs_rjson_key(o, "matches_ctr");
	if (k->r.has_granule)
		cs_jsonw_bool(&o->j, k->r.matches_ctr);
	else
		cs_jsonw_null(&o->j);
	cs_rjson_key(o, "refusal");
	if (k->r.has_granule) {
		cs_jsonw_null(&o->j);
	} else {
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "code");
		cs_rjson_str(o, k->r.code);
		cs_rjson_key(o, "reason");
		cs_rjson_str(o, k->r.reason);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_obj_end(&o->j);
}
