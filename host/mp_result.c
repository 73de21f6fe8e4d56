/* mp_result.c: competitor and per-kind reductions (mp_result.h). */
#include "mp_result.h"
#include "../reduce/compare.h"

#include <stdlib.h>
#include <string.h>

struct scratch {
	struct cs_capture tmp;
	struct cs_work w;
	struct cs_result with;
	struct cs_comparison cmp;
};

static void ck(int *bad, yajl_gen_status st)
{
	if (st != yajl_gen_status_ok)
		*bad = 1;
}

static void str(yajl_gen g, int *bad, const char *s)
{
	ck(bad, yajl_gen_string(g, (const unsigned char *)s, strlen(s)));
}

static void num(yajl_gen g, int *bad, double v)
{
	char text[40];
	struct cs_buf b;
	cs_buf_init(&b, text, sizeof(text));
	cs_put_g(&b, v, 10);
	if (b.overflow || !strcmp(text, "null"))
		ck(bad, yajl_gen_null(g));
	else
		ck(bad, yajl_gen_number(g, text, b.len));
}

static void refusal(yajl_gen g, int *bad, const struct cs_refusal *f)
{
	ck(bad, yajl_gen_map_open(g));
	str(g, bad, "code");
	str(g, bad, f->code);
	str(g, bad, "reason");
	str(g, bad, f->reason);
	ck(bad, yajl_gen_map_close(g));
}

static void competitor(yajl_gen g, int *bad, const struct cs_capture *c,
		       const struct cs_result *r, struct scratch *s)
{
	struct cs_comparison *k = &s->cmp;
	cs_compare_capture(c, r, &s->tmp, &s->w, &s->with, k);
	str(g, bad, "competitor");
	ck(bad, yajl_gen_map_open(g));
	str(g, bad, "threads");
	num(g, bad, c->mp.threads);
	str(g, bad, "stopped");
	ck(bad, yajl_gen_bool(g, c->mp.stopped_clean));
	str(g, bad, "knee_falls");
	ck(bad, yajl_gen_array_open(g));
	for (uint32_t i = 0; i < k->n_knees; i++)
		if (k->has_knee_fall[i])
			num(g, bad, k->knee_fall[i]);
		else
			ck(bad, yajl_gen_null(g));
	ck(bad, yajl_gen_array_close(g));
	str(g, bad, "floor_falls");
	ck(bad, yajl_gen_array_open(g));
	for (uint32_t i = 0; i < k->n_floors; i++)
		num(g, bad, k->floor_fall[i]);
	ck(bad, yajl_gen_array_close(g));
	str(g, bad, "private_knee");
	if (k->compared)
		num(g, bad, k->private_knee + 1);
	else
		ck(bad, yajl_gen_null(g));
	str(g, bad, "shared_knee");
	if (k->compared)
		num(g, bad, k->shared_knee + 1);
	else
		ck(bad, yajl_gen_null(g));
	str(g, bad, "prediction_held");
	if (k->compared)
		ck(bad, yajl_gen_bool(g, k->prediction_held));
	else
		ck(bad, yajl_gen_null(g));
	str(g, bad, "refusal");
	if (k->compared)
		ck(bad, yajl_gen_null(g));
	else
		refusal(g, bad, &k->refusal);
	ck(bad, yajl_gen_map_close(g));
}

static void one_kind(yajl_gen g, int *bad, const struct cs_capture *c,
		     const struct cs_mp_kind *kd, struct scratch *s)
{
	char err[CS_REASON_MAX];
	struct cs_result *res = &s->with;
	int ok = 0;
	ck(bad, yajl_gen_map_open(g));
	str(g, bad, "kind");
	str(g, bad, kd->kind);
	str(g, bad, "processors");
	ck(bad, yajl_gen_array_open(g));
	for (uint32_t i = 0; i < kd->n_procs; i++)
		num(g, bad, kd->procs[i]);
	ck(bad, yajl_gen_array_close(g));
	if (kd->has_sweep) {
		cs_mp_sweep_capture(c, &kd->sweep, &s->tmp);
		ok = cs_reduce(&s->tmp, &s->w, res, err, sizeof(err)) == 0;
	}
	str(g, bad, "levels");
	ck(bad, yajl_gen_array_open(g));
	for (uint32_t i = 0; ok && i < res->n_levels; i++) {
		ck(bad, yajl_gen_map_open(g));
		str(g, bad, "floor_ns");
		num(g, bad, res->levels[i].floor_ns);
		str(g, bad, "first_bytes");
		num(g, bad, res->levels[i].first_bytes);
		str(g, bad, "last_bytes");
		num(g, bad, res->levels[i].last_bytes);
		ck(bad, yajl_gen_map_close(g));
	}
	ck(bad, yajl_gen_array_close(g));
	str(g, bad, "knees");
	ck(bad, yajl_gen_array_open(g));
	for (uint32_t i = 0; ok && i < res->n_knees; i++)
		if (res->knees[i].has_bytes)
			num(g, bad, res->knees[i].bytes);
		else
			ck(bad, yajl_gen_null(g));
	ck(bad, yajl_gen_array_close(g));
	str(g, bad, "refusals");
	ck(bad, yajl_gen_array_open(g));
	if (!kd->has_sweep) {
		struct cs_refusal f = { "kind-not-swept", "this kind of core was listed but not swept" };
		refusal(g, bad, &f);
	} else if (!ok) {
		struct cs_refusal f;
		cs_strlcpy(f.code, "kind-unreduced", sizeof(f.code));
		cs_strlcpy(f.reason, err, sizeof(f.reason));
		refusal(g, bad, &f);
	}
	for (uint32_t i = 0; ok && i < res->n_refusals && i < CS_MAX_REFUSALS; i++)
		refusal(g, bad, &res->refusals[i]);
	ck(bad, yajl_gen_array_close(g));
	ck(bad, yajl_gen_map_close(g));
}

void cs_mp_result_json(yajl_gen g, const struct cs_capture *c,
		       const struct cs_result *r, int *bad)
{
	struct scratch *s;
	if (!c->mp.has_competitor && !c->mp.n_kinds)
		return;
	s = malloc(sizeof(*s));
	if (!s) {
		*bad = 1;
		return;
	}
	if (c->mp.has_competitor)
		competitor(g, bad, c, r, s);
	if (c->mp.n_kinds) {
		str(g, bad, "cores");
		ck(bad, yajl_gen_array_open(g));
		for (uint32_t i = 0; i < c->mp.n_kinds; i++)
			one_kind(g, bad, c, &c->mp.kinds[i], s);
		ck(bad, yajl_gen_array_close(g));
	}
	free(s);
}

void cs_mp_result_text(struct cs_buf *b, const struct cs_capture *c,
		       const struct cs_result *r)
{
	struct scratch *s;
	if (c->mp.has_processors && c->mp.processors_null) {
		cs_puts(b, "processors: not listed: ");
		cs_puts(b, c->mp.processors_reason);
		cs_putc(b, '\n');
	}
	if (!c->mp.has_competitor && !c->mp.n_kinds)
		return;
	s = malloc(sizeof(*s));
	if (!s) {
		cs_puts(b, "(out of memory: competitor and per-kind reductions left out)\n");
		return;
	}
	if (c->mp.has_competitor) {
		cs_compare_capture(c, r, &s->tmp, &s->w, &s->with, &s->cmp);
		cs_compare_text(b, &s->cmp);
		if (!c->mp.stopped_clean)
			cs_puts(b, "competitor: an application processor did not stop within the bounded wait\n");
	}
	for (uint32_t i = 0; i < c->mp.n_kinds; i++) {
		const struct cs_mp_kind *kd = &c->mp.kinds[i];
		char err[CS_REASON_MAX];
		cs_puts(b, "cores ");
		cs_puts(b, kd->kind);
		cs_puts(b, " (");
		cs_put_u64(b, kd->n_procs);
		cs_puts(b, kd->n_procs == 1 ? " processor): " : " processors): ");
		if (!kd->has_sweep) {
			cs_puts(b, "not swept\n");
			continue;
		}
		cs_mp_sweep_capture(c, &kd->sweep, &s->tmp);
		if (cs_reduce(&s->tmp, &s->w, &s->with, err, sizeof(err)) != 0) {
			cs_puts(b, "cannot be reduced: ");
			cs_puts(b, err);
			cs_putc(b, '\n');
			continue;
		}
		cs_put_u64(b, s->with.n_levels);
		cs_puts(b, " levels, knees");
		for (uint32_t k = 0; k < s->with.n_knees; k++) {
			cs_putc(b, ' ');
			if (s->with.knees[k].has_bytes)
				cs_put_size(b, s->with.knees[k].bytes);
			else
				cs_puts(b, "missing");
		}
		cs_putc(b, '\n');
	}
	free(s);
}
