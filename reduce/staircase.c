/* staircase.c: the one staircase (staircase.h): docs/reduction.md s.2 plateaus,
 * s.3 levels, s.4 knees, s.9 smooth climbs, over sorted points (x, t).
 * Indices i, j, k are into p[0 .. n). Freestanding. */
#include "staircase.h"
#include "rules.h"
#include "../common/csmath.h"

#define LN2 0.69314718055994530942
/* ln of the largest double, and of the smallest normal one: exp stays
 * finite and non-zero between them */
#define EXP_MAX 709.0
#define EXP_MIN (-708.0)

double cs_finite_exp(double v)
{
	if (!(v < EXP_MAX))
		v = cs_isnan(v) ? 0 : EXP_MAX;
	if (v < EXP_MIN)
		v = EXP_MIN;
	return cs_exp(v);
}

/* s.3: open a new level with plateau i..j (floor lo), or join the open one */
static void add_plateau(struct cs_stair *s, uint32_t i, uint32_t j, double lo)
{
	struct cs_level *open = s->n_raw ? &s->raw[s->n_raw - 1] : 0;
	if (!open || lo >= CS_LEVEL_RATIO * open->floor_ns) {
		if (s->n_raw < CS_MAX_LEVELS) {
			struct cs_level *L = &s->raw[s->n_raw++];
			cs_memset(L, 0, sizeof *L);
			L->floor_ns = lo;
			L->first = i;
			L->last = j;
		}
	} else {
		open->last = j;
		if (lo < open->floor_ns)
			open->floor_ns = lo;
	}
}

/* s.2: left to right, the longest flat run from i; a plateau when it has
 * enough points and spans a doubling. Plateaus go straight into s.3. */
static void plateaus_and_levels(const struct cs_point *p, uint32_t n, struct cs_stair *s)
{
	uint32_t i = 0;
	while (i < n) {
		double lo = p[i].ns, hi = p[i].ns;
		uint32_t j = i;
		while (j + 1 < n) {
			double t = p[j + 1].ns;
			double nlo = t < lo ? t : lo, nhi = t > hi ? t : hi;
			if (nhi > CS_FLAT_RATIO * nlo)
				break;
			lo = nlo;
			hi = nhi;
			j++;
		}
		if (j - i + 1 < CS_PLATEAU_MIN_POINTS ||
		    p[j].bytes < CS_PLATEAU_MIN_SPAN * p[i].bytes) {
			i++;
			continue;
		}
		s->n_plateaus++;
		add_plateau(s, i, j, lo);
		i = j + 1;
	}
	for (uint32_t l = 0; l < s->n_raw; l++) {
		s->raw[l].first_bytes = p[s->raw[l].first].bytes;
		s->raw[l].last_bytes = p[s->raw[l].last].bytes;
	}
}

/* s.4: where the curve crosses the geometric mean of two floors, taken by
 * logs: sqrt(a * b) overflows past about 1.3e154 ns (and underflows). */
double cs_knee_between(const struct cs_point *p, const struct cs_level *a,
		       const struct cs_level *b)
{
	double g = cs_exp(0.5 * (cs_log(a->floor_ns) + cs_log(b->floor_ns)));
	if (g < a->floor_ns)
		g = a->floor_ns; /* rounding: the mean lies between the floors */
	if (g > b->floor_ns)
		g = b->floor_ns;
	uint32_t k = a->last + 1;
	while (k < b->first && p[k].ns < g)
		k++;
	/* p[b->first].ns >= floor_b >= g, so k stops inside the range */
	if (p[k - 1].ns >= g)
		return p[k - 1].bytes;
	double l0 = cs_log(p[k - 1].bytes), l1 = cs_log(p[k].bytes);
	double f = (g - p[k - 1].ns) / (p[k].ns - p[k - 1].ns);
	return cs_exp(l0 + f * (l1 - l0));
}

/* s.9: a level's means and sums over all of first(L) .. last(L), in index
 * order, x = log2(bytes), y = ln(t). */
struct fit {
	double mx, my, sxx, sxy;
};

static void level_fit(const struct cs_point *p, const struct cs_level *L, struct fit *f)
{
	double sx = 0, sy = 0, m = (double)(L->last - L->first + 1);
	for (uint32_t i = L->first; i <= L->last; i++) {
		sx += cs_log(p[i].bytes) / LN2;
		sy += cs_log(p[i].ns);
	}
	f->mx = sx / m;
	f->my = sy / m;
	f->sxx = f->sxy = 0;
	for (uint32_t i = L->first; i <= L->last; i++) {
		double dx = cs_log(p[i].bytes) / LN2 - f->mx;
		double dy = cs_log(p[i].ns) - f->my;
		f->sxx += dx * dx;
		f->sxy += dx * dy;
	}
}

int cs_climb_boundary(const struct cs_point *p, const struct cs_level *a,
		      const struct cs_level *b, double *beta, double *delta)
{
	struct fit fa, fb;
	level_fit(p, a, &fa);
	level_fit(p, b, &fb);
	*beta = (fa.sxy + fb.sxy) / (fa.sxx + fb.sxx);
	*delta = (fb.my - fa.my) - *beta * (fb.mx - fa.mx);
	return *beta >= cs_log(CS_CLIMB_SLOPE_MIN) &&
	       *delta <= CS_CLIMB_OCTAVES * *beta &&
	       *delta < cs_log(CS_CLIMB_STEP_MAX);
}

/* s.9: the refused knee at climb boundary l, into the climbs' knees. */
static void refuse_knee(const struct cs_point *p, struct cs_stair *s, uint32_t l,
			double beta, double delta)
{
	struct cs_climbs *cl = &s->climbs;
	if (cl->n_knees >= CS_MAX_LEVELS)
		return;
	struct cs_climb_knee *k = &cl->knees[cl->n_knees++];
	k->bytes = cs_knee_between(p, &s->raw[l], &s->raw[l + 1]);
	k->retired_bytes = s->raw[l].last_bytes;
	k->slope = cs_finite_exp(beta);
	k->excess = cs_finite_exp(delta);
	double bound = cs_finite_exp(CS_CLIMB_OCTAVES * beta);
	k->bound = bound < CS_CLIMB_STEP_MAX ? bound : CS_CLIMB_STEP_MAX;
}

/* s.9: raw levels first..last (a maximal run joined by climbs) as one
 * level, and its climb record. */
static void join(const struct cs_point *p, struct cs_stair *s, uint32_t first,
		 uint32_t last, uint32_t first_knee)
/* (the run's climb boundaries are first .. last - 1, its knees from
 * first_knee on, one each) */
{
	struct cs_level *L = &s->levels[s->n_levels++];
	*L = s->raw[first];
	for (uint32_t l = first + 1; l <= last; l++)
		if (s->raw[l].floor_ns < L->floor_ns)
			L->floor_ns = s->raw[l].floor_ns;
	L->last = s->raw[last].last;
	L->last_bytes = s->raw[last].last_bytes;
	if (first == last)
		return;
	L->climb = 1;
	struct cs_climbs *cl = &s->climbs;
	if (cl->n >= CS_MAX_CLIMBS)
		return;
	struct cs_climb *c = &cl->climb[cl->n++];
	c->first_bytes = L->first_bytes;
	c->last_bytes = L->last_bytes;
	double octaves = (cs_log(L->last_bytes) - cs_log(L->first_bytes)) / LN2;
	c->rate = cs_finite_exp((cs_log(p[L->last].ns) - cs_log(p[L->first].ns)) / octaves);
	c->first_knee = first_knee;
	c->n_knees = last - first;
	if (first_knee + c->n_knees > cl->n_knees)
		c->n_knees = cl->n_knees - first_knee;
}

void cs_staircase(const struct cs_point *p, uint32_t n, struct cs_stair *s)
{
	s->n_plateaus = s->n_raw = s->n_levels = s->n_knees = 0;
	s->climbs.n = s->climbs.n_knees = 0;
	plateaus_and_levels(p, n, s);
	/* every boundary tested on s.3's levels as they stand */
	for (uint32_t l = 0; l + 1 < s->n_raw; l++) {
		double beta, delta;
		s->climb_at[l] = (uint8_t)cs_climb_boundary(p, &s->raw[l], &s->raw[l + 1],
							    &beta, &delta);
		if (s->climb_at[l])
			refuse_knee(p, s, l, beta, delta);
		else if (s->n_knees < CS_MAX_KNEES) {
			s->knee[s->n_knees] = cs_knee_between(p, &s->raw[l], &s->raw[l + 1]);
			s->retired[s->n_knees] = s->raw[l].last_bytes;
			s->first[s->n_knees++] = s->raw[l + 1].first_bytes;
		}
	}
	uint32_t first = 0, knee0 = 0, seen = 0;
	for (uint32_t l = 0; l < s->n_raw; l++) {
		if (l + 1 < s->n_raw && s->climb_at[l]) {
			seen++;
			continue;
		}
		join(p, s, first, l, knee0);
		knee0 = seen < CS_MAX_LEVELS ? seen : CS_MAX_LEVELS;
		first = l + 1;
	}
}

/* One end of a climb, or a knee: a size, or pages. */
static void put_x(struct cs_buf *b, double v, int pages, int knee)
{
	if (!pages) {
		cs_put_size(b, v);
		return;
	}
	cs_put_g(b, v, knee ? 3 : 9);
}

static void put_times(struct cs_buf *b, double v)
{
	cs_put_g(b, v, 3);
	cs_putc(b, 'x');
}

/* Room for one refused knee's figures, and the count after it. */
#define CLIMB_KNEE_ROOM 95

void cs_put_climb(struct cs_buf *b, const struct cs_climbs *cl, uint32_t i, int pages)
{
	const struct cs_climb *c = &cl->climb[i];
	put_x(b, c->first_bytes, pages, 0);
	cs_puts(b, " .. ");
	put_x(b, c->last_bytes, pages, 0);
	cs_puts(b, pages ? " pages is one smooth climb, " : " is one smooth climb, ");
	put_times(b, c->rate);
	cs_puts(b, " per octave (a smooth climb: levels climbing >= ");
	put_times(b, CS_CLIMB_SLOPE_MIN);
	cs_puts(b, "/octave, steps <= ");
	cs_put_g(b, CS_CLIMB_OCTAVES, 6);
	cs_puts(b, " octaves of it, < ");
	put_times(b, CS_CLIMB_STEP_MAX);
	cs_puts(b, "). Not knees:");
	for (uint32_t q = 0; q < c->n_knees; q++) {
		const struct cs_climb_knee *k = &cl->knees[c->first_knee + q];
		if (b->cap - b->len < CLIMB_KNEE_ROOM && q + 1 < c->n_knees) {
			cs_puts(b, "; ");
			cs_put_u64(b, c->n_knees - q);
			cs_puts(b, " more in reduce --json");
			return;
		}
		cs_puts(b, q ? "; " : " ");
		put_x(b, k->bytes, pages, 1);
		cs_puts(b, " (retired ");
		put_x(b, k->retired_bytes, pages, 0);
		cs_puts(b, "): step ");
		put_times(b, k->excess);
		cs_puts(b, ", levels ");
		put_times(b, k->slope);
		cs_puts(b, ", bound ");
		put_times(b, k->bound);
	}
}

void cs_put_few_levels(struct cs_buf *b, const struct cs_stair *s, uint32_t points,
		       const char *curve, const char *what)
{
	cs_puts(b, "the ");
	cs_puts(b, curve);
	cs_puts(b, " shows ");
	cs_put_u64(b, s->n_plateaus);
	cs_puts(b, s->n_plateaus == 1 ? " plateau" : " plateaus");
	cs_puts(b, " forming ");
	cs_put_u64(b, s->n_levels);
	cs_puts(b, s->n_levels == 1 ? " level" : " levels");
	if (s->n_levels != s->n_raw) {
		cs_puts(b, " (");
		cs_put_u64(b, s->n_raw);
		cs_puts(b, " joined by a smooth climb)");
	}
	cs_puts(b, " over ");
	cs_put_u64(b, points);
	cs_puts(b, " points; naming a ");
	cs_puts(b, what);
	cs_puts(b, " needs ");
	cs_put_u64(b, CS_MIN_LEVELS);
	cs_puts(b, " levels whose floors differ by at least ");
	cs_put_g(b, CS_LEVEL_RATIO, 6);
	cs_puts(b, "x, each from plateaus of at least ");
	cs_put_u64(b, CS_PLATEAU_MIN_POINTS);
	cs_puts(b, " points spanning ");
	cs_put_g(b, CS_PLATEAU_MIN_SPAN, 6);
	cs_puts(b, "x, flat within ");
	cs_put_g(b, CS_FLAT_RATIO, 6);
	cs_puts(b, "x");
}
