/* cores.c: the processors' and the kinds of core's reduce and report
 * columns (common/kinds.h): each kind's sweep reduced once, as a capture of
 * its own (compare.h cs_mp_sweep_capture), into r->mp.kinds. Freestanding. */
#include "mp_compare.h"
#include "../../reduce/kinds.h"

void cs_procs_report(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r)
{
	(void)r;
	if (!c->mp.has_processors || !c->mp.processors_null)
		return;
	cs_puts(b, "processors: not listed: ");
	cs_put_text(b, c->mp.processors_reason);
	cs_putc(b, '\n');
}

/* The reduction of one sweep, kept for the report and reduce --json. */
static void keep(struct cs_side_result *o, const struct cs_result *r)
{
	o->n_levels = r->n_levels < CS_MAX_LEVELS ? r->n_levels : CS_MAX_LEVELS;
	cs_memcpy(o->levels, r->levels, o->n_levels * sizeof r->levels[0]);
	o->n_knees = r->n_knees < CS_MAX_KNEES ? r->n_knees : CS_MAX_KNEES;
	cs_memcpy(o->knees, r->knees, o->n_knees * sizeof r->knees[0]);
	o->n_refusals = r->n_refusals < CS_MAX_REFUSALS ? r->n_refusals : CS_MAX_REFUSALS;
	cs_memcpy(o->refusals, r->refusals, o->n_refusals * sizeof r->refusals[0]);
	o->climbs = r->climbs;
}

int cs_cores_reduce(const struct cs_capture *c, struct cs_work *w,
		    struct cs_result *r, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	r->mp.n_kinds = c->mp.n_kinds < CS_MP_MAX_KINDS ? c->mp.n_kinds : CS_MP_MAX_KINDS;
	for (uint32_t k = 0; k < r->mp.n_kinds; k++) {
		const struct cs_mp_kind *kd = &c->mp.kinds[k];
		struct cs_side_result *o = &r->mp.kinds[k];
		o->swept = kd->has_sweep;
		o->reduced = 0;
		o->err[0] = 0;
		o->n_levels = o->n_knees = o->n_refusals = 0;
		o->climbs.n = o->climbs.n_knees = 0;
		if (!kd->has_sweep)
			continue;
		cs_mp_sweep_capture(c, &kd->sweep, &w->side);
		if (cs_reduce(&w->side, w, &w->side_res, o->err, sizeof o->err) != 0)
			continue;
		o->reduced = 1;
		keep(o, &w->side_res);
	}
	return 0;
}

void cs_cores_report(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r)
{
	for (uint32_t i = 0; i < r->mp.n_kinds; i++) {
		const struct cs_mp_kind *kd = &c->mp.kinds[i];
		const struct cs_side_result *o = &r->mp.kinds[i];
		cs_puts(b, "cores ");
		cs_put_text(b, kd->kind);
		cs_puts(b, " (");
		cs_put_u64(b, kd->n_procs);
		cs_puts(b, kd->n_procs == 1 ? " processor): " : " processors): ");
		if (!o->swept) {
			cs_puts(b, "not swept\n");
			continue;
		}
		if (!o->reduced) {
			cs_puts(b, "cannot be reduced: ");
			cs_puts(b, o->err);
			cs_putc(b, '\n');
			continue;
		}
		cs_put_u64(b, o->n_levels);
		cs_puts(b, " levels, knees");
		for (uint32_t k = 0; k < o->n_knees; k++) {
			cs_putc(b, ' ');
			if (o->knees[k].has_bytes)
				cs_put_size(b, o->knees[k].bytes);
			else
				cs_puts(b, "missing");
		}
		cs_putc(b, '\n');
	}
}
