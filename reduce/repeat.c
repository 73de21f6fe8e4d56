/* repeat.c: the sweep's repeats reduced, and the reference conditions on
 * them (repeat.h, docs/repeats.md). Freestanding. */
#include "repeat.h"
#include "internal.h"
#include "rules_repeat.h"
#include "kinds.h"

/* Repeat k of c as a capture of its own in w->side: the same sizes,
 * blocks, clock and published levels, ns the repeat's figures. */
static void side_of(const struct cs_capture *c, uint32_t k, struct cs_capture *s)
{
	s->n_points = c->n_points;
	for (uint32_t i = 0; i < c->n_points; i++) {
		s->points[i] = c->points[i];
		s->points[i].ns = c->rep.ns[i][k];
	}
}

/* s.3: the repeat's floor under level L: its lowest figure among the
 * sizes of L (its surviving points, sorted, in w->pts). */
static void floor_of(const struct cs_work *w, const struct cs_level *L, struct cs_spread *f)
{
	double lo = 0;
	int any = 0;
	for (uint32_t i = 0; i < w->n; i++) {
		const struct cs_point *p = &w->pts[i];
		if (p->bytes < L->first_bytes || p->bytes > L->last_bytes)
			continue;
		lo = !any || p->ns < lo ? p->ns : lo;
		any = 1;
	}
	if (!any)
		return;
	f->min = !f->found || lo < f->min ? lo : f->min;
	f->max = !f->found || lo > f->max ? lo : f->max;
	f->found++;
	f->has = 1;
}

/* s.2: repeat k's knee nearest K, within CS_REPEAT_MATCH_OCTAVES. */
static void knee_of(const struct cs_repeat_result *rr, uint32_t k, double K, struct cs_spread *s)
{
	double best = 0, d = 0;
	int any = 0;
	for (uint32_t j = 0; j < rr->n_knees[k]; j++) {
		double e = cs_log2_ratio(rr->knees[k][j], K);
		if (!any || e < d) {
			best = rr->knees[k][j];
			d = e;
			any = 1;
		}
	}
	if (!any || d > CS_REPEAT_MATCH_OCTAVES)
		return;
	s->min = !s->found || best < s->min ? best : s->min;
	s->max = !s->found || best > s->max ? best : s->max;
	s->found++;
	s->has = 1;
}

/* s.1: repeat k reduced as the median curve is; its found knees kept. */
static void one_repeat(const struct cs_capture *c, uint32_t k, struct cs_work *w,
		       struct cs_result *r)
{
	struct cs_repeat_result *rr = &r->rep;
	char err[8];
	side_of(c, k, &w->side);
	rr->n_knees[k] = 0;
	rr->reduced[k] = cs_sweep_reduce(&w->side, w, &w->side_res, err, sizeof err) == 0;
	if (!rr->reduced[k])
		return;
	for (uint32_t j = 0; j < w->side_res.n_knees; j++)
		if (w->side_res.knees[j].has_bytes && rr->n_knees[k] < CS_MAX_KNEES)
			rr->knees[k][rr->n_knees[k]++] = w->side_res.knees[j].bytes;
	for (uint32_t l = 0; l < r->n_levels && l < CS_MAX_LEVELS; l++)
		floor_of(w, &r->levels[l], &rr->floor[l]);
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++)
		if (r->knees[j].has_bytes)
			knee_of(rr, k, r->knees[j].bytes, &rr->knee[j]);
}

void cs_repeat_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r)
{
	struct cs_capture *s = &w->side;
	cs_memset(&r->rep, 0, sizeof r->rep);
	if (c->rep.n < 2 || c == s)
		return; /* one pass; or a repeat's own reduction */
	cs_capture_init(s);
	s->clock = c->clock;
	s->n_caches = c->n_caches;
	cs_memcpy(s->caches, c->caches, sizeof s->caches);
	r->rep.n = c->rep.n < CS_MAX_REPEATS ? c->rep.n : CS_MAX_REPEATS;
	for (uint32_t k = 0; k < r->rep.n; k++)
		one_repeat(c, k, w, r);
}

/* ---- the reference conditions (s.4) ---- */

static void set_code(char *code, size_t codelen, const char *v)
{
	if (codelen)
		cs_strlcpy(code, v, codelen);
}

int cs_ref_repeats(const struct cs_capture *c, const struct cs_result *r,
		   char *code, size_t codelen, char *why, size_t whylen)
{
	struct cs_buf b;
	uint32_t n = c->rep.n > 1 ? c->rep.n : 1;
	(void)r;
	if (n >= CS_REF_MIN_REPEATS)
		return 1;
	set_code(code, codelen, CS_REF_REPEATS);
	cs_buf_init(&b, why, whylen);
	cs_puts(&b, "the sweep ran ");
	cs_put_u64(&b, n);
	cs_puts(&b, n == 1 ? " time" : " times");
	cs_puts(&b, "; a reference repeats it at least ");
	cs_put_u64(&b, CS_REF_MIN_REPEATS);
	cs_puts(&b, " times (CS_REF_MIN_REPEATS; probe --repeat, the firmware's repeat=)");
	return 0;
}

/* The first knee whose spread fails, into b: 1 when one did. */
static int spread_fails(const struct cs_result *r, struct cs_buf *b)
{
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++) {
		const struct cs_spread *s = &r->rep.knee[j];
		if (!r->knees[j].has_bytes)
			continue;
		cs_puts(b, "knee ");
		cs_put_u64(b, j + 1);
		cs_puts(b, " (");
		cs_put_size(b, r->knees[j].bytes);
		if (s->found < r->rep.n) {
			cs_puts(b, ") was found in ");
			cs_put_u64(b, s->found);
			cs_puts(b, " of ");
			cs_put_u64(b, r->rep.n);
			cs_puts(b, " repeats (within ");
			cs_put_g(b, CS_REPEAT_MATCH_OCTAVES, 6);
			cs_puts(b, " octave, CS_REPEAT_MATCH_OCTAVES)");
			return 1;
		}
		if (s->max > CS_REF_KNEE_SPREAD * s->min) {
			cs_puts(b, ") spreads ");
			cs_put_size(b, s->min);
			cs_puts(b, " .. ");
			cs_put_size(b, s->max);
			cs_puts(b, " over ");
			cs_put_u64(b, r->rep.n);
			cs_puts(b, " repeats, ");
			cs_put_fixed(b, s->max / s->min, 3);
			cs_puts(b, "x, more than ");
			cs_put_g(b, CS_REF_KNEE_SPREAD, 6);
			cs_puts(b, "x (CS_REF_KNEE_SPREAD: one step of the size grid)");
			return 1;
		}
		cs_buf_reset(b); /* this one holds: the next overwrites it */
	}
	return 0;
}

int cs_ref_knee_spread(const struct cs_capture *c, const struct cs_result *r,
		       char *code, size_t codelen, char *why, size_t whylen)
{
	struct cs_buf b;
	uint32_t found = 0;
	(void)c;
	cs_buf_init(&b, why, whylen);
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++)
		found += r->knees[j].has_bytes;
	if (r->rep.n < 2)
		cs_puts(&b, "the sweep was not repeated: no knee has a spread to check");
	else if (!found)
		cs_puts(&b, "the median curve has no knee: no spread to check");
	else if (!spread_fails(r, &b))
		return 1;
	set_code(code, codelen, CS_REF_KNEE_SPREAD_CODE);
	return 0;
}
