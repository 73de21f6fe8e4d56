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
