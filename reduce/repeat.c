/* repeat.c: the sweep's repeats reduced, and the reference conditions on
 * them (repeat.h, docs/repeats.md). Freestanding. */
#include "repeat.h"
#include "internal.h"
#include "rules_repeat.h"
#include "kinds.h"
#include "../common/csmath.h"

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
 * sizes of L (its surviving points, sorted, in w->pts); kept in *v. */
static void floor_of(const struct cs_work *w, const struct cs_level *L, struct cs_spread *f, double *v)
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
	if (any && f->found < CS_MAX_REPEATS)
		v[f->found++] = lo;
}

/* s.2: repeat k's knee nearest K, within CS_REPEAT_MATCH_OCTAVES; kept in *v. */
static void knee_of(const struct cs_repeat_result *rr, uint32_t k, double K, struct cs_spread *s, double *v)
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
	if (any && d <= CS_REPEAT_MATCH_OCTAVES && s->found < CS_MAX_REPEATS)
		v[s->found++] = best;
}

/* s.1: repeat k reduced as the median curve is; its found knees kept. */
static void one_repeat(const struct cs_capture *c, uint32_t k, struct cs_work *w,
		       struct cs_result *r)
{
	struct cs_repeat_result *rr = &r->rep;
	char err[8];
	side_of(c, k, &w->side);
	rr->n_knees[k] = 0;
	rr->reduced[k] = cs_reduce_latency(&w->side, w, &w->side_res, err, sizeof err) == 0;
	if (!rr->reduced[k])
		return;
	for (uint32_t j = 0; j < w->side_res.n_knees; j++)
		if (w->side_res.knees[j].has_bytes && rr->n_knees[k] < CS_MAX_KNEES)
			rr->knees[k][rr->n_knees[k]++] = w->side_res.knees[j].bytes;
	for (uint32_t l = 0; l < r->n_levels && l < CS_MAX_LEVELS; l++)
		floor_of(w, &r->levels[l], &rr->floor[l], rr->floor_at[l]);
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++)
		if (r->knees[j].has_bytes)
			knee_of(rr, k, r->knees[j].bytes, &rr->knee[j], rr->knee_at[j]);
}

/* ---- the size grid (s.2, s.5) ---- */

double cs_grid_pos(const struct cs_capture *c, double bytes)
{
	double lo = 0, hi = 0, lo2 = 0;
	uint32_t rank = 0, n = 0;
	for (uint32_t i = 0; i < c->n_points; i++) {
		double x = c->points[i].bytes;
		if (!(x > 0) || !cs_isfinite(x))
			continue;
		n++;
		if (x <= bytes) {
			if (x > lo) {
				lo2 = lo > lo2 ? lo : lo2;
				lo = x;
			} else if (x > lo2) {
				lo2 = x;
			}
		} else if (!hi || x < hi) {
			hi = x;
		}
	}
	if (n < 2 || !(bytes > 0))
		return cs_log(bytes > 0 ? bytes : 1) / cs_log(CS_GRID_RATIO); /* no grid: the engine's */
	for (uint32_t i = 0; i < c->n_points; i++)
		rank += c->points[i].bytes > 0 && c->points[i].bytes < lo;
	if (lo && hi)
		return rank + cs_log(bytes / lo) / cs_log(hi / lo);
	if (hi) { /* below the first size: the first step, extended */
		double hi2 = 0;
		for (uint32_t i = 0; i < c->n_points; i++)
			if (c->points[i].bytes > hi && (!hi2 || c->points[i].bytes < hi2))
				hi2 = c->points[i].bytes;
		return -cs_log(hi / bytes) / cs_log(hi2 / hi);
	}
	if (!(lo2 > 0) || !(lo > lo2))
		return rank + cs_log(bytes / lo) / cs_log(CS_GRID_RATIO);
	return rank + cs_log(bytes / lo) / cs_log(lo / lo2); /* past the last: the last step */
}

double cs_grid_steps(const struct cs_capture *c, double a, double b)
{
	double d = cs_grid_pos(c, b) - cs_grid_pos(c, a);
	return d < 0 ? -d : d;
}

/* ---- s.2, s.3: robust spreads, and the figure drawn from the repeats ---- */

/* v[0..n) sorted ascending (n <= CS_MAX_REPEATS). */
static void sort(double *v, uint32_t n)
{
	for (uint32_t a = 1; a < n; a++)
		for (uint32_t b = a; b > 0 && v[b - 1] > v[b]; b--) {
			double t = v[b];
			v[b] = v[b - 1];
			v[b - 1] = t;
		}
}

/* The lower median of v[0..n) sorted: one of the values, never between. */
static double lower_median(const double *v, uint32_t n)
{
	return v[(n - 1) / 2];
}

/* s.2/s.3: the repeats' values v[0..f->found) as positions u (grid steps
 * for a knee, the log of a floor): those more than CS_REPEAT_WILD_MADS
 * median absolute deviations (at least 'scale') off the median are wild,
 * the rest give min .. max; returns their lower median (one of them). */
static double robust(struct cs_spread *f, double *v, const double *u, double scale)
{
	double pos[CS_MAX_REPEATS], dev[CS_MAX_REPEATS], kept[CS_MAX_REPEATS];
	uint32_t n = f->found, m = 0;
	for (uint32_t i = 0; i < n; i++)
		pos[i] = u[i];
	sort(pos, n);
	double med = n % 2 ? pos[n / 2] : (pos[n / 2 - 1] + pos[n / 2]) / 2;
	for (uint32_t i = 0; i < n; i++)
		dev[i] = cs_fabs(u[i] - med);
	sort(dev, n);
	double mad = n % 2 ? dev[n / 2] : (dev[n / 2 - 1] + dev[n / 2]) / 2;
	double limit = CS_REPEAT_WILD_MADS * (mad > scale ? mad : scale);
	for (uint32_t i = 0; i < n; i++)
		if (cs_fabs(u[i] - med) <= limit + CS_GRID_EPS * scale)
			kept[m++] = v[i];
	sort(kept, m);
	f->wild = n - m;
	f->min = kept[0];
	f->max = kept[m - 1];
	f->has = 1;
	return lower_median(kept, m);
}

/* The median curve's knees and floors replaced by those drawn from the
 * repeats (s.2, s.3: each the lower median of its unwild repeats, so it
 * lies within its spread), and the gaps they give. */
static void draw_from_repeats(const struct cs_capture *c, struct cs_result *r)
{
	struct cs_repeat_result *rr = &r->rep;
	double u[CS_MAX_REPEATS];
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++) {
		struct cs_knee *k = &r->knees[j];
		if (!k->has_bytes || !rr->knee[j].found)
			continue;
		for (uint32_t i = 0; i < rr->knee[j].found; i++)
			u[i] = cs_grid_pos(c, rr->knee_at[j][i]);
		k->bytes = robust(&rr->knee[j], rr->knee_at[j], u, CS_REPEAT_MAD_MIN_STEPS);
		if (k->has_gap)
			k->gap = k->bytes / k->published_bytes - 1;
	}
	for (uint32_t l = 0; l < r->n_levels && l < CS_MAX_LEVELS; l++) {
		if (!rr->floor[l].found)
			continue;
		for (uint32_t i = 0; i < rr->floor[l].found; i++)
			u[i] = cs_log(rr->floor_at[l][i]);
		r->levels[l].floor_ns = robust(&rr->floor[l], rr->floor_at[l], u, cs_log(CS_REPEAT_MAD_MIN_FLOOR));
	}
	cs_gap_order(r);
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
	draw_from_repeats(c, r);
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
static int spread_fails(const struct cs_capture *c, const struct cs_result *r, struct cs_buf *b)
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
		if (s->wild) {
			cs_puts(b, ") had ");
			cs_put_u64(b, s->wild);
			cs_puts(b, " wild repeat");
			cs_puts(b, s->wild == 1 ? "" : "s");
			cs_puts(b, " of ");
			cs_put_u64(b, r->rep.n);
			cs_puts(b, " (more than ");
			cs_put_g(b, CS_REPEAT_WILD_MADS, 6);
			cs_puts(b, " median absolute deviations off the median, CS_REPEAT_WILD_MADS): a reference has none");
			return 1;
		}
		double steps = cs_grid_steps(c, s->min, s->max);
		if (steps > CS_REF_KNEE_SPREAD_STEPS + CS_GRID_EPS) {
			cs_puts(b, ") spreads ");
			cs_put_size(b, s->min);
			cs_puts(b, " .. ");
			cs_put_size(b, s->max);
			cs_puts(b, " over ");
			cs_put_u64(b, r->rep.n);
			cs_puts(b, " repeats, ");
			cs_put_fixed(b, steps, 2);
			cs_puts(b, " steps of the size grid, more than ");
			cs_put_g(b, CS_REF_KNEE_SPREAD_STEPS, 6);
			cs_puts(b, " (CS_REF_KNEE_SPREAD_STEPS, on the grid's own sizes)");
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
	cs_buf_init(&b, why, whylen);
	for (uint32_t j = 0; j < r->n_knees && j < CS_MAX_KNEES; j++)
		found += r->knees[j].has_bytes;
	if (r->rep.n < 2)
		cs_puts(&b, "the sweep was not repeated: no knee has a spread to check");
	else if (!found)
		cs_puts(&b, "the median curve has no knee: no spread to check");
	else if (!spread_fails(c, r, &b))
		return 1;
	set_code(code, codelen, CS_REF_KNEE_SPREAD_CODE);
	return 0;
}
