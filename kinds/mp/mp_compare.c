/* compare.c: the competitor comparison (compare.h), and the competitor
 * kind's reduce and report columns (common/kinds.h). Freestanding. */
#include "mp_compare.h"
#include "../../reduce/kinds.h"

static void refuse(struct cs_comparison *out, const char *code, const char *a,
		   uint32_t n1, const char *b2, uint32_t n2, const char *c3)
{
	struct cs_buf b;
	out->compared = 0;
	cs_strlcpy(out->refusal.code, code, sizeof out->refusal.code);
	cs_buf_init(&b, out->refusal.reason, sizeof out->refusal.reason);
	cs_puts(&b, a);
	if (b2) {
		cs_put_u64(&b, n1);
		cs_puts(&b, b2);
		cs_put_u64(&b, n2);
	}
	cs_puts(&b, c3);
}

/* The knees a sweep found, in order: the table of knees also lists the
 * published levels it missed (docs/reduction.md s.4), which have no size. */
static uint32_t found_knees(const struct cs_result *r, const struct cs_knee **k)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < r->n_knees && i < CS_MAX_KNEES; i++)
		if (r->knees[i].has_bytes)
			k[n++] = &r->knees[i];
	return n;
}

int cs_compare(const struct cs_result *alone, const struct cs_result *with,
	       uint32_t threads, struct cs_comparison *out)
{
	const struct cs_knee *ka[CS_MAX_KNEES], *kw[CS_MAX_KNEES];
	uint32_t nk, both = 0, last = 0;
	uint32_t na = found_knees(alone, ka), nw = found_knees(with, kw);
	cs_memset(out, 0, sizeof *out);
	out->threads = threads;
	nk = na < nw ? na : nw;
	out->n_knees = nk;
	for (uint32_t i = 0; i < nk; i++) {
		const struct cs_knee *a = ka[i], *w = kw[i];
		if (!(a->bytes > 0))
			continue;
		out->has_knee_fall[i] = 1;
		out->knee_fall[i] = 1.0 - w->bytes / a->bytes;
		both++;
		last = i;
	}
	out->n_floors = alone->n_levels < with->n_levels ? alone->n_levels : with->n_levels;
	if (out->n_floors > CS_MAX_LEVELS)
		out->n_floors = CS_MAX_LEVELS;
	for (uint32_t i = 0; i < out->n_floors; i++) {
		double f = with->levels[i].floor_ns;
		out->floor_fall[i] = f > 0 ? 1.0 - alone->levels[i].floor_ns / f : 0;
	}
	if (nk == 0 || !out->has_knee_fall[0]) {
		refuse(out, "compare-knees", "the first-level (private) knee is missing from ",
		       0, NULL, 0,
		       na ? "the competitor's sweep: nothing to compare it with"
			       : "the sweep alone: nothing to compare it with");
		return -1;
	}
	if (both < CS_CMP_MIN_KNEES || last == 0) {
		refuse(out, "compare-knees", "only ", both, " knee(s) found in both sweeps (",
		       na,
		       " in the sweep alone): a private and a shared one are needed; a longer sweep may reach the shared level");
		return -1;
	}
	out->compared = 1;
	out->private_knee = 0;
	out->shared_knee = last;
	out->private_fall = out->knee_fall[0];
	out->shared_fall = out->knee_fall[last];
	out->prediction_held = out->shared_fall > out->private_fall + CS_CMP_MARGIN;
	return 0;
}

void cs_mp_sweep_capture(const struct cs_capture *c, const struct cs_mp_sweep *s,
			 struct cs_capture *out)
{
	cs_capture_init(out);
	out->version = c->version;
	cs_memcpy(out->label, c->label, sizeof out->label);
	cs_memcpy(out->env_kind, c->env_kind, sizeof out->env_kind);
	cs_memcpy(out->arch, c->arch, sizeof out->arch);
	out->clock = c->clock;
	cs_memcpy(out->published_source, c->published_source, sizeof out->published_source);
	out->n_caches = c->n_caches;
	cs_memcpy(out->caches, c->caches, sizeof out->caches);
	out->n_points = s->n_points <= CS_MP_MAX_POINTS ? s->n_points : CS_MP_MAX_POINTS;
	cs_memcpy(out->points, s->points, out->n_points * sizeof out->points[0]);
}

int cs_compare_capture(const struct cs_capture *c, const struct cs_result *alone,
		       struct cs_capture *tmp, struct cs_work *w,
		       struct cs_result *with, struct cs_comparison *out)
{
	char err[CS_REASON_MAX - 64];
	cs_memset(out, 0, sizeof *out);
	if (!c->mp.has_competitor) {
		refuse(out, "compare-no-sweep", "no competitor sweep in this capture", 0, NULL, 0, "");
		return -1;
	}
	out->threads = c->mp.threads;
	cs_mp_sweep_capture(c, &c->mp.comp, tmp);
	if (cs_reduce(tmp, w, with, err, sizeof err) != 0) {
		refuse(out, "compare-no-sweep", "the competitor's sweep cannot be reduced: ",
		       0, NULL, 0, err);
		out->threads = c->mp.threads;
		return -1;
	}
	return cs_compare(alone, with, c->mp.threads, out);
}

void cs_compare_text(struct cs_buf *b, const struct cs_comparison *k)
{
	cs_puts(b, "competitor (");
	cs_put_u64(b, k->threads);
	cs_puts(b, k->threads == 1 ? " thread): " : " threads): ");
	if (!k->compared) {
		cs_puts(b, "not compared (");
		cs_puts(b, k->refusal.code);
		cs_puts(b, "): ");
		cs_puts(b, k->refusal.reason);
		cs_putc(b, '\n');
		return;
	}
	cs_puts(b, "private knee 1 fell ");
	cs_put_pct(b, k->private_fall);
	cs_puts(b, ", shared knee ");
	cs_put_u64(b, k->shared_knee + 1);
	cs_puts(b, " fell ");
	cs_put_pct(b, k->shared_fall);
	cs_puts(b, k->prediction_held ? ": the prediction held\n"
				      : ": the prediction failed\n");
}

int cs_competitor_reduce(const struct cs_capture *c, struct cs_work *w,
			 struct cs_result *r, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	r->mp.has_competitor = c->mp.has_competitor;
	if (c->mp.has_competitor)
		cs_compare_capture(c, r, &w->side, w, &w->side_res, &r->mp.cmp);
	return 0;
}

void cs_competitor_report(struct cs_buf *b, const struct cs_capture *c,
			  const struct cs_result *r)
{
	if (!r->mp.has_competitor)
		return;
	cs_compare_text(b, &r->mp.cmp);
	if (!c->mp.stopped_clean)
		cs_puts(b, "competitor: an application processor did not stop within the bounded wait\n");
}
