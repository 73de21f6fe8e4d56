/* json.c: the reduction as JSON (json.h): the walk over the table's json
 * column, and the small writers every kind's json column shares (kinds/). */
#include "summary.h"
#include "json.h"
#include "rules.h"

/* What yajl_gen_string accepts with yajl_gen_validate_utf8 (yajl 2.1,
 * yajl_string_validate_utf8): each lead byte followed by its count of
 * continuation bytes. It checks the shape only (no overlong or surrogate
 * test); the reader has already refused those in everything it read, so
 * what this can meet is a sequence cut short. */
static int yajl_utf8(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int more;

	for (; *s; s++) {
		if (*s <= 0x7f)
			continue;
		if ((*s >> 5) == 0x6)
			more = 1;
		else if ((*s >> 4) == 0xe)
			more = 2;
		else if ((*s >> 3) == 0x1e)
			more = 3;
		else
			return 0;
		while (more--)
			if ((*++s >> 6) != 0x2)
				return 0;
	}
	return 1;
}

void cs_rjson_key(struct cs_rjson *o, const char *k)
{
	cs_jsonw_key(&o->j, k);
}

void cs_rjson_str(struct cs_rjson *o, const char *s)
{
	if (!yajl_utf8(s)) {
		o->bad = 1;
		s = "";
	}
	cs_jsonw_str(&o->j, s);
}

void cs_rjson_num(struct cs_rjson *o, double v)
{
	cs_jsonw_numsig(&o->j, v, 10); /* not finite: null */
}

void cs_rjson_opt(struct cs_rjson *o, int has, double v)
{
	if (has)
		cs_rjson_num(o, v);
	else
		cs_jsonw_null(&o->j);
}

void cs_rjson_refusal(struct cs_rjson *o, const struct cs_refusal *f)
{
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "code");
	cs_rjson_str(o, f->code);
	cs_rjson_key(o, "reason");
	cs_rjson_str(o, f->reason);
	cs_jsonw_obj_end(&o->j);
}

/* "key": [min, max] over the repeats that have it, or null; and
 * "key_repeats": how many (docs/repeats.md). */
static void spread_member(struct cs_rjson *o, const char *key, const struct cs_spread *f)
{
	char k2[48];
	struct cs_buf b;
	cs_rjson_key(o, key);
	if (f->has) {
		cs_jsonw_arr(&o->j);
		cs_rjson_num(o, f->min);
		cs_rjson_num(o, f->max);
		cs_jsonw_arr_end(&o->j);
	} else {
		cs_jsonw_null(&o->j);
	}
	cs_buf_init(&b, k2, sizeof k2);
	cs_puts(&b, key);
	cs_puts(&b, "_repeats");
	cs_rjson_key(o, k2);
	cs_rjson_num(o, f->found);
}

void cs_rjson_levels_spread(struct cs_rjson *o, const struct cs_level *L, uint32_t n,
			    const char *first, const char *last, const struct cs_spread *f,
			    double cpn)
{
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < n && i < CS_MAX_LEVELS; i++) {
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "floor_ns");
		cs_rjson_num(o, L[i].floor_ns);
		if (f) /* the repeats' floors (docs/repeats.md s.3) */
			spread_member(o, "floor_spread_ns", &f[i]);
		cs_rjson_key(o, "floor_cycles");
		cs_rjson_opt(o, cpn > 0, L[i].floor_ns * cpn);
		cs_rjson_key(o, first);
		cs_rjson_num(o, L[i].first_bytes);
		cs_rjson_key(o, last);
		cs_rjson_num(o, L[i].last_bytes);
		if (L[i].climb) { /* reduction.md s.9: levels joined by a climb */
			cs_rjson_key(o, "climb");
			cs_jsonw_bool(&o->j, 1);
		}
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
}

void cs_rjson_levels(struct cs_rjson *o, const struct cs_level *L, uint32_t n, const char *first,
		     const char *last, double cpn)
{
	cs_rjson_levels_spread(o, L, n, first, last, 0, cpn);
}

/* A smooth-climb refusal's figures (reduction.md s.9), beside its code
 * and reason: the extent, the rate, and each refused knee. */
static void climb_members(struct cs_rjson *o, const struct cs_climbs *cl, uint32_t i,
			  int pages)
{
	const struct cs_climb *c = &cl->climb[i];
	cs_rjson_key(o, pages ? "first_pages" : "first_bytes");
	cs_rjson_num(o, c->first_bytes);
	cs_rjson_key(o, pages ? "last_pages" : "last_bytes");
	cs_rjson_num(o, c->last_bytes);
	cs_rjson_key(o, "rate");
	cs_rjson_num(o, c->rate);
	cs_rjson_key(o, "knees");
	cs_jsonw_arr(&o->j);
	for (uint32_t q = 0; q < c->n_knees; q++) {
		const struct cs_climb_knee *k = &cl->knees[c->first_knee + q];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, pages ? "entries" : "bytes");
		cs_rjson_num(o, k->bytes);
		cs_rjson_key(o, pages ? "retired_entries" : "retired_bytes");
		cs_rjson_num(o, k->retired_bytes);
		cs_rjson_key(o, "slope");
		cs_rjson_num(o, k->slope);
		cs_rjson_key(o, "excess");
		cs_rjson_num(o, k->excess);
		cs_rjson_key(o, "bound");
		cs_rjson_num(o, k->bound);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
}

void cs_rjson_refusals(struct cs_rjson *o, const struct cs_refusal *f, uint32_t n,
		       const struct cs_climbs *cl, int pages)
{
	uint32_t climb = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (!cs_streq(f[i].code, CS_R_CLIMB) || !cl || climb >= cl->n) {
			cs_rjson_refusal(o, &f[i]);
			continue;
		}
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "code");
		cs_rjson_str(o, f[i].code);
		cs_rjson_key(o, "reason");
		cs_rjson_str(o, f[i].reason);
		climb_members(o, cl, climb++, pages);
		cs_jsonw_obj_end(&o->j);
	}
}

void cs_rjson_table(struct cs_rjson *o, const char *const *key, uint32_t n_keys, uint32_t rows,
		    void (*cell)(struct cs_rjson *o, const void *ctx, uint32_t row, uint32_t col),
		    const void *ctx)
{
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < rows; i++) {
		cs_jsonw_obj(&o->j);
		for (uint32_t c = 0; c < n_keys; c++) {
			cs_rjson_key(o, key[c]);
			cell(o, ctx, i, c);
		}
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
}

void cs_rjson_range(struct cs_rjson *o, int has, double lo, double hi)
{
	if (!has) {
		cs_jsonw_null(&o->j);
		return;
	}
	cs_jsonw_arr(&o->j);
	cs_rjson_num(o, lo);
	cs_rjson_num(o, hi);
	cs_jsonw_arr_end(&o->j);
}

/* A knee of a sweep (and of sweep_large_pages, which has no retired rule):
 * bytes, retired_bytes, published_bytes, gap, range. */
static void knee_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct cs_knee *k = &((const struct cs_knee *)ctx)[n];
	switch (col) {
	case 0: cs_rjson_opt(o, k->has_bytes, k->bytes); break;
	case 1: cs_rjson_opt(o, k->has_retired, k->retired_bytes); break;
	case 2: cs_rjson_opt(o, k->has_published, k->published_bytes); break;
	case 3: cs_rjson_opt(o, k->has_gap, k->gap); break;
	default: cs_rjson_range(o, k->has_range, k->range_lo, k->range_hi);
	}
}

static void large_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	knee_cell(o, ctx, n, col ? col + 1 : 0);
}

/* With repeats: the sweep's knee cells, then its spread over them. */
struct spread_ctx {
	const struct cs_knee *k;
	const struct cs_spread *s;
};

static void spread_cell(struct cs_rjson *o, const void *ctx, uint32_t n, uint32_t col)
{
	const struct spread_ctx *x = ctx;
	if (col < 5) {
		knee_cell(o, x->k, n, col);
	} else if (col == 6) {
		cs_rjson_num(o, x->s[n].found);
	} else if (x->s[n].has) {
		cs_jsonw_arr(&o->j);
		cs_rjson_num(o, x->s[n].min);
		cs_rjson_num(o, x->s[n].max);
		cs_jsonw_arr_end(&o->j);
	} else {
		cs_jsonw_null(&o->j);
	}
}

void cs_rjson_knees_spread(struct cs_rjson *o, const struct cs_knee *k, uint32_t n,
			   const struct cs_spread *s)
{
	static const char *const key[] = { "bytes", "retired_bytes", "published_bytes", "gap",
					   "range", "spread", "spread_repeats" };
	const struct spread_ctx x = { k, s };
	n = n < CS_MAX_KNEES ? n : CS_MAX_KNEES;
	cs_rjson_table(o, key, 7, n, spread_cell, &x);
}

void cs_rjson_knees(struct cs_rjson *o, const struct cs_knee *k, uint32_t n, int retired)
{
	static const char *const key[] = { "bytes", "retired_bytes", "published_bytes", "gap",
					   "range" };
	static const char *const large[] = { "bytes", "published_bytes", "gap", "range" };
	n = n < CS_MAX_KNEES ? n : CS_MAX_KNEES;
	if (retired)
		cs_rjson_table(o, key, 5, n, knee_cell, k);
	else
		cs_rjson_table(o, large, 4, n, large_cell, k);
}

void cs_none_json(struct cs_rjson *o, const struct cs_capture *c,
		  const struct cs_result *r)
{
	(void)o;
	(void)c;
	(void)r;
}

/* The json column of the table, in its order. */
typedef void (*cs_json_fn)(struct cs_rjson *o, const struct cs_capture *c,
			   const struct cs_result *r);
static const cs_json_fn columns[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) json,
	CS_KINDS
#undef CS_KIND
};

int cs_result_json_write(struct cs_buf *b, const struct cs_capture *c,
			 const struct cs_result *r)
{
	struct cs_rjson out, *o = &out;

	cs_jsonw_init(&o->j, b, 1);
	o->bad = 0;
	cs_jsonw_obj(&o->j);
	cs_rjson_key(o, "format");
	cs_rjson_str(o, CS_REDUCE_JSON_FORMAT);
	cs_rjson_key(o, "version");
	cs_rjson_num(o, CS_REDUCE_JSON_VERSION);
	cs_rjson_key(o, "label");
	if (c->label[0])
		cs_rjson_str(o, c->label);
	else
		cs_jsonw_null(&o->j);
	cs_summary_json(o, c, r); /* the answer at a glance (docs/summary.md) */
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		columns[k](o, c, r);
	cs_jsonw_obj_end(&o->j);
	return cs_jsonw_finish(&o->j) || o->bad ? -1 : 0;
}
