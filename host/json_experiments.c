/* json_experiments.c: the experiments' reduction as JSON (json_experiments.h). */
#include "json_experiments.h"
#include "../common/buf.h"
#include "../reduce/experiments.h"

#include <string.h>

struct jx {
	yajl_gen g;
	int *bad;
};

static void ck(struct jx *o, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		*o->bad = 1;
}

static void str(struct jx *o, const char *s)
{
	ck(o, yajl_gen_string(o->g, (const unsigned char *)s, strlen(s)));
}

/* As json_result.c writes numbers: cs_put_g, 10 significant digits. */
static void opt(struct jx *o, int has, double v)
{
	char text[40];
	struct cs_buf b;

	if (!has) {
		ck(o, yajl_gen_null(o->g));
		return;
	}
	cs_buf_init(&b, text, sizeof(text));
	cs_put_g(&b, v, 10);
	if (b.overflow || !strcmp(text, "null"))
		ck(o, yajl_gen_null(o->g));
	else
		ck(o, yajl_gen_number(o->g, text, b.len));
}

static void refusal(struct jx *o, int refused, const struct cs_refusal *f)
{
	str(o, "refusal");
	if (!refused) {
		ck(o, yajl_gen_null(o->g));
		return;
	}
	ck(o, yajl_gen_map_open(o->g));
	str(o, "code");
	str(o, f->code);
	str(o, "reason");
	str(o, f->reason);
	ck(o, yajl_gen_map_close(o->g));
}

void cs_exp_result_json(yajl_gen g, const struct cs_capture *c, int *bad)
{
	static struct cs_exp_result r;
	struct jx out = { g, bad }, *o = &out;

	cs_exp_reduce(&c->exp, &r);
	if (!r.present)
		return;
	str(o, "experiments");
	ck(o, yajl_gen_map_open(g));
	str(o, "single_access");
	if (r.has_single) {
		ck(o, yajl_gen_map_open(g));
		str(o, "line_bytes");
		opt(o, r.has_line, r.line_bytes);
		refusal(o, r.single_refused, &r.single_refusal);
		ck(o, yajl_gen_map_close(g));
	} else {
		ck(o, yajl_gen_null(g));
	}
	str(o, "stride_prefetch");
	if (r.has_stride) {
		ck(o, yajl_gen_map_open(g));
		str(o, "flat");
		if (r.stride_refused)
			ck(o, yajl_gen_null(g));
		else
			ck(o, yajl_gen_bool(g, r.flat));
		str(o, "breaks_at_bytes");
		opt(o, r.has_break, r.break_bytes);
		refusal(o, r.stride_refused, &r.stride_refusal);
		ck(o, yajl_gen_map_close(g));
	} else {
		ck(o, yajl_gen_null(g));
	}
	str(o, "random_vs_fixed");
	if (r.has_random) {
		ck(o, yajl_gen_map_open(g));
		str(o, "fixed_ns");
		opt(o, r.fixed_ns > 0, r.fixed_ns);
		str(o, "random_ns");
		opt(o, r.random_ns > 0, r.random_ns);
		str(o, "ratio");
		opt(o, r.has_ratio, r.ratio);
		refusal(o, r.random_refused, &r.random_refusal);
		ck(o, yajl_gen_map_close(g));
	} else {
		ck(o, yajl_gen_null(g));
	}
	ck(o, yajl_gen_map_close(g));
}
