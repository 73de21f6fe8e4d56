/* json_result.c: a reduction as one JSON object. Keys, in order: label,
 * points, levels, knees, gap_order, adjacency, refusals. */
#include "json_result.h"
#include "../common/buf.h"
#include "json_experiments.h"
#include "mp_result.h"

#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_gen.h>

/* The generator, and whether any call failed (then the text is not used:
 * yajl refuses a string that is not UTF-8 and carries on without it). */
struct out {
	yajl_gen g;
	int bad;
};

static void ck(struct out *o, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		o->bad = 1;
}

/* Numbers as cs_put_g writes them with 10 significant digits: whole numbers
 * as integers (49152), no trailing zeros, null when not finite. */
static void num(struct out *o, double v)
{
	char text[40];
	struct cs_buf b;

	cs_buf_init(&b, text, sizeof(text));
	cs_put_g(&b, v, 10);
	if (b.overflow || !strcmp(text, "null"))
		ck(o, yajl_gen_null(o->g));
	else
		ck(o, yajl_gen_number(o->g, text, b.len));
}

static void str(struct out *o, const char *s)
{
	ck(o, yajl_gen_string(o->g, (const unsigned char *)s, strlen(s)));
}

static void opt(struct out *o, int has, double v)
{
	if (has)
		num(o, v);
	else
		ck(o, yajl_gen_null(o->g));
}

static void refusal(struct out *o, const struct cs_refusal *f)
{
	ck(o, yajl_gen_map_open(o->g));
	str(o, "code");
	str(o, f->code);
	str(o, "reason");
	str(o, f->reason);
	ck(o, yajl_gen_map_close(o->g));
}

static void levels(struct out *o, const struct cs_result *r)
{
	ck(o, yajl_gen_array_open(o->g));
	for (uint32_t i = 0; i < r->n_levels && i < CS_MAX_LEVELS; i++) {
		const struct cs_level *l = &r->levels[i];
		ck(o, yajl_gen_map_open(o->g));
		str(o, "floor_ns");
		num(o, l->floor_ns);
		str(o, "first_bytes");
		num(o, l->first_bytes);
		str(o, "last_bytes");
		num(o, l->last_bytes);
		ck(o, yajl_gen_map_close(o->g));
	}
	ck(o, yajl_gen_array_close(o->g));
}

static void knees(struct out *o, const struct cs_result *r)
{
	ck(o, yajl_gen_array_open(o->g));
	for (uint32_t i = 0; i < r->n_knees && i < CS_MAX_KNEES; i++) {
		const struct cs_knee *k = &r->knees[i];
		ck(o, yajl_gen_map_open(o->g));
		str(o, "bytes");
		opt(o, k->has_bytes, k->bytes);
		str(o, "retired_bytes");
		opt(o, k->has_retired, k->retired_bytes);
		str(o, "published_bytes");
		opt(o, k->has_published, k->published_bytes);
		str(o, "gap");
		opt(o, k->has_gap, k->gap);
		ck(o, yajl_gen_map_close(o->g));
	}
	ck(o, yajl_gen_array_close(o->g));
}

static void adjacency(struct out *o, const struct cs_result *r)
{
	ck(o, yajl_gen_array_open(o->g));
	for (uint32_t i = 0; i < r->n_adj && i < CS_MAX_ADJ_SERIES; i++) {
		const struct cs_adj_result *s = &r->adj[i];
		ck(o, yajl_gen_map_open(o->g));
		str(o, "placement");
		str(o, cs_placement_name(s->placement));
		str(o, "footprint_bytes");
		opt(o, s->has_footprint, s->footprint_bytes);
		str(o, "granule_bytes");
		opt(o, s->has_granule, s->granule_bytes);
		str(o, "fit_bytes");
		opt(o, s->has_fit, s->granule_fit);
		str(o, "r2");
		opt(o, s->has_r2, s->r2);
		str(o, "margin");
		opt(o, s->has_margin, s->margin);
		str(o, "ramp");
		opt(o, s->has_ramp, s->ramp);
		str(o, "refusal");
		if (s->refused)
			refusal(o, &s->refusal);
		else
			ck(o, yajl_gen_null(o->g));
		ck(o, yajl_gen_map_close(o->g));
	}
	ck(o, yajl_gen_array_close(o->g));
}

/* Copy yajl's text, writing its beautified empty containers ("[", a blank
 * line, the indent, "]") as "[]" and "{}". A raw newline never occurs
 * inside a JSON string, so only layout is touched. Returns the length. */
static size_t squeeze_empty(char *out, const char *in, size_t n)
{
	size_t i = 0, o = 0, j;

	while (i < n) {
		char c = in[i];
		out[o++] = in[i++];
		if ((c != '[' && c != '{') || i + 1 >= n || in[i] != '\n' ||
		    in[i + 1] != '\n')
			continue;
		for (j = i + 2; j < n && in[j] == ' '; j++)
			;
		if (j < n && in[j] == (c == '[' ? ']' : '}'))
			i = j; /* the closing bracket is copied next */
	}
	return o;
}

char *cs_result_json(const struct cs_capture *c, const struct cs_result *r,
		     size_t *len)
{
	const char *order = r->gap_order == CS_GAP_ORDER_FALLS ? "falls"
			    : r->gap_order == CS_GAP_ORDER_NO  ? "no"
							       : NULL;
	const unsigned char *buf;
	size_t n;
	char *text = NULL;
	struct out out = { yajl_gen_alloc(NULL), 0 }, *o = &out;

	if (!o->g)
		return NULL;
	yajl_gen_config(o->g, yajl_gen_beautify, 1);
	yajl_gen_config(o->g, yajl_gen_indent_string, "  ");
	yajl_gen_config(o->g, yajl_gen_validate_utf8, 1);
	ck(o, yajl_gen_map_open(o->g));
	str(o, "label");
	if (c->label[0])
		str(o, c->label);
	else
		ck(o, yajl_gen_null(o->g));
	str(o, "points");
	ck(o, yajl_gen_map_open(o->g));
	str(o, "total");
	num(o, r->n_points);
	str(o, "used");
	num(o, r->n_used);
	ck(o, yajl_gen_map_close(o->g));
	str(o, "levels");
	levels(o, r);
	str(o, "knees");
	knees(o, r);
	str(o, "gap_order");
	if (order)
		str(o, order);
	else
		ck(o, yajl_gen_null(o->g));
	str(o, "adjacency");
	adjacency(o, r);
	str(o, "refusals");
	ck(o, yajl_gen_array_open(o->g));
	for (uint32_t i = 0; i < r->n_refusals && i < CS_MAX_REFUSALS; i++)
		refusal(o, &r->refusals[i]);
	ck(o, yajl_gen_array_close(o->g));
	cs_exp_result_json(o->g, c, &o->bad); /* seed 003: json_experiments.h */
	cs_mp_result_json(o->g, c, r, &o->bad); /* competitor, cores: mp_result.h */
	ck(o, yajl_gen_map_close(o->g));
	if (!o->bad &&
	    yajl_gen_get_buf(o->g, &buf, &n) == yajl_gen_status_ok &&
	    (text = malloc(n + 1))) {
		n = squeeze_empty(text, (const char *)buf, n);
		text[n] = '\0';
		if (len)
			*len = n;
	}
	yajl_gen_free(o->g);
	return text;
}
