/* bw_json.c: reduce --json's bandwidth members, the bandwidth row's json
 * column (common/kinds.h), only when the capture has the member:
 * "bandwidth" (one object per series: op, threads, kernel, levels [{gbps,
 * first_bytes, last_bytes}], knees [{bytes, published_bytes, gap}],
 * refusals), "mlp" ([{bytes, chains [{n, ns}], saturates_at, parallelism,
 * level, little, refusals}]) and "bandwidth_witness" (the cross-witness
 * table); null with "bandwidth_reason" when the capture says it was not
 * measured (docs/reduce-json.md). */
#include "bw_kind.h"
#include "../../reduce/json.h"

static void level_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_level *L = &((const struct cs_bw_series_result *)ctx)->levels[n];
	cs_rjson_num(o, col == 0 ? cs_bw_gbps(L) : col == 1 ? L->first_bytes : L->last_bytes);
}

static void knee_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_knee *k = &((const struct cs_bw_series_result *)ctx)->knees[n];
	if (col == 0)
		cs_rjson_opt(o, k->has_bytes, k->bytes);
	else if (col == 1)
		cs_rjson_opt(o, k->has_published, k->published_bytes);
	else
		cs_rjson_opt(o, k->has_gap, k->gap);
}

static void one(struct cs_rjson *o, const struct cs_bw_series_result *s)
{
	static const char *const lkey[] = { "gbps", "first_bytes", "last_bytes" };
	static const char *const kkey[] = { "bytes", "published_bytes", "gap" };
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "op");
	cs_rjson_str(o, cs_bw_op_name(s->op));
	cs_rjson_key(o, "threads");
	cs_rjson_num(o, s->threads);
	cs_rjson_key(o, "kernel");
	if (s->kernel[0])
		cs_rjson_str(o, s->kernel);
	else
		cs_jsonw_null(&o->j);
	cs_rjson_key(o, "levels");
	cs_rjson_table(o, lkey, 3, s->n_levels, level_cell, s);
	cs_rjson_key(o, "knees");
	cs_rjson_table(o, kkey, 3, s->n_knees, knee_cell, s);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	cs_rjson_refusals(o, s->refusals, s->n_refusals, &s->climbs, 0);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

static void chain_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_mlp_result *m = ctx;
	cs_rjson_num(o, col == 0 ? (double)m->chains[n] : m->ns[n]);
}

static void little(struct cs_rjson *o, const struct cs_mlp_result *m)
{
	cs_rjson_key(o, "little");
	if (!m->has_little) {
		cs_jsonw_null(&o->j);
		return;
	}
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "latency_ns");
	cs_rjson_num(o, m->latency_ns);
	cs_rjson_key(o, "line_bytes");
	cs_rjson_num(o, m->line_bytes);
	cs_rjson_key(o, "predicted_gbps");
	cs_rjson_num(o, m->predicted_gbps);
	cs_rjson_key(o, "read_gbps");
	cs_rjson_num(o, m->read_gbps);
	cs_rjson_key(o, "ratio");
	cs_rjson_num(o, m->ratio);
	cs_rjson_key(o, "finding");
	cs_jsonw_bool(&o->j, m->finding);
	cs_jsonw_obj_end(&o->j);
}

static void mlp(struct cs_rjson *o, const struct cs_mlp_result *m)
{
	static const char *const ckey[] = { "n", "ns" };
	static const char *const where[] = { "cache", "unnamed", "memory" };
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "bytes");
	cs_rjson_num(o, m->bytes);
	cs_rjson_key(o, "chains");
	cs_rjson_table(o, ckey, 2, m->n, chain_cell, m);
	cs_rjson_key(o, "saturates_at");
	cs_rjson_opt(o, m->has_sat, m->sat_n);
	cs_rjson_key(o, "parallelism");
	cs_rjson_opt(o, m->has_sat, m->sat_mlp);
	cs_rjson_key(o, "where");
	cs_rjson_str(o, where[m->where]);
	cs_rjson_key(o, "level");
	cs_rjson_opt(o, m->where != CS_BW_IN_MEMORY, m->level);
	little(o, m);
	cs_rjson_key(o, "refusals");
	cs_jsonw_arr(&o->j);
	cs_rjson_refusals(o, m->refusals, m->n_refusals, 0, 0);
	cs_jsonw_arr_end(&o->j);
	cs_jsonw_obj_end(&o->j);
}

static void witness_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_bw_witness *x = &((const struct cs_bw_result *)ctx)->witness[n];
	switch (col) {
	case 0: cs_rjson_opt(o, x->has_published, x->level); break;
	case 1: cs_rjson_opt(o, x->has_published, x->published_bytes); break;
	case 2: cs_rjson_opt(o, x->has_latency, x->latency_bytes); break;
	case 3: cs_rjson_opt(o, x->has_bandwidth, x->bandwidth_bytes); break;
	case 4: cs_rjson_opt(o, x->has_latency && x->has_bandwidth, x->ratio); break;
	default: cs_rjson_str(o, cs_bw_verdict_name(x->verdict));
	}
}

void cs_bw_json(struct cs_rjson *o, const struct cs_capture *c, const struct cs_result *r)
{
	static const char *const wkey[] = { "level", "published_bytes", "latency_bytes",
					    "bandwidth_bytes", "ratio", "verdict" };
	const struct cs_bw_result *t = &r->bw;
	if (!t->present)
		return;
	cs_rjson_key(o, "bandwidth");
	if (t->null) {
		cs_jsonw_null(&o->j);
		cs_rjson_key(o, "bandwidth_reason");
		cs_rjson_str(o, c->bw.why);
		return;
	}
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < t->n_series; i++)
		one(o, &t->series[i]);
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "mlp");
	if (c->bw.mlp_present && c->bw.mlp_null) {
		cs_jsonw_null(&o->j);
		cs_rjson_key(o, "mlp_reason");
		cs_rjson_str(o, c->bw.mlp_why);
	} else {
		cs_jsonw_arr(&o->j);
		for (uint32_t i = 0; i < t->n_mlp; i++)
			mlp(o, &t->mlp[i]);
		cs_jsonw_arr_end(&o->j);
	}
	cs_rjson_key(o, "bandwidth_witness");
	if (!t->has_witness) {
		cs_jsonw_null(&o->j);
		return;
	}
	cs_rjson_table(o, wkey, 6, t->n_witness, witness_cell, t);
}
