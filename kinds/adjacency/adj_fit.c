/* adj_fit.c: docs/reduction.md s.5, the placement rule and the ramp fit,
 * and the adjacency's row of the table (cs_adj_reduce: its series checked,
 * then fitted against the levels the sweep's row found). */
#include "adj_fit.h"
#include "../../reduce/internal.h"
#include "../../reduce/kinds.h" /* its row's reduce column, declared from the table */
#include "../../common/csmath.h"

/* One candidate: least squares of t on x = min(d, g). When every x is the
 * same the slope is undefined: the fit is the mean (b = 0, SSE = SST). */
static void fit_one(const struct cs_adj_point *pts, uint32_t n, double g,
		    double *a, double *b, double *sse)
{
	double sx = 0, sy = 0;
	for (uint32_t i = 0; i < n; i++) {
		sx += pts[i].distance < g ? pts[i].distance : g;
		sy += pts[i].ns;
	}
	double mx = sx / n, my = sy / n, sxx = 0, sxy = 0;
	for (uint32_t i = 0; i < n; i++) {
		double x = (pts[i].distance < g ? pts[i].distance : g) - mx;
		sxx += x * x;
		sxy += x * (pts[i].ns - my);
	}
	*b = sxx > 0 ? sxy / sxx : 0;
	*a = my - *b * mx;
	double e = 0;
	for (uint32_t i = 0; i < n; i++) {
		double x = pts[i].distance < g ? pts[i].distance : g;
		double res = pts[i].ns - (*a + *b * x);
		e += res * res;
	}
	*sse = e;
}

int cs_power_of_two(double d)
{
	/* 2^0 .. 2^62 bytes; a distance past that is no line */
	if (!(d >= 1 && d <= 4611686018427387904.0) || d != cs_floor(d))
		return 0;
	uint64_t v = (uint64_t)d;
	return (v & (v - 1)) == 0;
}

void cs_fit_ramp(const struct cs_adj_point *pts, uint32_t n, struct cs_fit *f)
{
	double my = 0;
	for (uint32_t i = 0; i < n; i++)
		my += pts[i].ns;
	my /= n;
	f->sst = 0;
	for (uint32_t i = 0; i < n; i++)
		f->sst += (pts[i].ns - my) * (pts[i].ns - my);
	/* Sums of squares under double rounding of the values are zero: a
	 * flat series must tie exactly, not be decided by rounding noise. */
	double rounding = 1e-24 * my * my * n;
	if (f->sst <= rounding)
		f->sst = 0;

	f->winner = 0;
	f->has_winner = f->has_runner = 0;
	f->sse = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (!cs_power_of_two(pts[i].distance))
			continue; /* data, never a candidate (s.5) */
		double a, b, sse;
		fit_one(pts, n, pts[i].distance, &a, &b, &sse);
		if (sse <= rounding)
			sse = 0;
		/* strictly smaller wins: a tie keeps the smaller g (s.5) */
		if (!f->has_winner || sse < f->sse) {
			if (f->has_winner && (!f->has_runner || f->sse < f->sse_runner)) {
				f->sse_runner = f->sse; /* the one it beat */
				f->has_runner = 1;
			}
			f->has_winner = 1;
			f->sse = sse;
			f->winner = i;
			f->a = a;
			f->b = b;
		} else if (!f->has_runner || sse < f->sse_runner) {
			f->sse_runner = sse;
			f->has_runner = 1;
		}
	}
	f->above = 0;
	f->has_r2 = f->has_margin = f->has_ramp = 0;
	if (!f->has_winner)
		return;
	f->above = n - 1 - f->winner; /* distances are sorted and distinct */

	f->has_r2 = f->sst > 0;
	f->r2 = f->has_r2 ? 1 - f->sse / f->sst : 0;
	f->has_margin = f->has_runner && f->sse_runner > 0;
	f->margin = f->has_margin ? 1 - f->sse / f->sse_runner : 0;
	double g = pts[f->winner].distance, top = f->a + f->b * g;
	f->has_ramp = top > 0;
	f->ramp = f->has_ramp ? f->b * g / top : 0;
}

static uint32_t level_for(enum cs_placement p, uint32_t n_levels)
{
	switch (p) {
	case CS_PLACE_FIRST: return 0;
	case CS_PLACE_MIDDLE: return 1;
	default: return n_levels - 1;
	}
}

static void put_extent(struct cs_buf *b, const struct cs_level *L, int open_top)
{
	cs_puts(b, "[");
	cs_put_size(b, L->first_bytes);
	cs_puts(b, ", ");
	if (open_top)
		cs_puts(b, "unbounded");
	else
		cs_put_size(b, L->last_bytes);
	cs_puts(b, "]");
}

/* Both F and 2F inside the level's extent; the last level has no top. */
static int footprint_legal(const struct cs_result *r, uint32_t l, double F)
{
	const struct cs_level *L = &r->levels[l];
	int open_top = l + 1 == r->n_levels;
	return F >= L->first_bytes && (open_top || 2 * F <= L->last_bytes);
}

static void put_figures(struct cs_buf *b, const struct cs_adj_result *a)
{
	cs_puts(b, " (best distance ");
	cs_put_g(b, a->granule_fit, 6);
	cs_puts(b, " B; ramp ");
	if (a->has_ramp) cs_put_fixed(b, a->ramp, 3); else cs_puts(b, "undefined");
	cs_puts(b, ", r2 ");
	if (a->has_r2) cs_put_fixed(b, a->r2, 3); else cs_puts(b, "undefined");
	cs_puts(b, ", margin ");
	if (a->has_margin) cs_put_fixed(b, a->margin, 3); else cs_puts(b, "undefined");
	cs_puts(b, ")");
}

/* Record the series' refusal and copy it to the capture-wide list. */
static struct cs_buf *refuse_series(struct cs_adj_result *a, const char *code,
				    struct cs_buf *b)
{
	a->refused = 1;
	cs_refusal_set(&a->refusal, code, b);
	cs_puts(b, "adjacency '");
	cs_puts(b, cs_placement_name(a->placement));
	cs_puts(b, "': ");
	return b;
}

static void finish_series(struct cs_result *r, const struct cs_adj_result *a)
{
	struct cs_buf b;
	if (!a->refused)
		return;
	cs_refuse(r, a->refusal.code, &b);
	cs_puts(&b, a->refusal.reason);
}

static void judge_fit(struct cs_adj_result *a,
		      const struct cs_fit *f, uint32_t n)
{
	struct cs_buf b;
	double g = a->granule_fit;
	if (f->above < CS_FIT_MIN_ABOVE) {
		refuse_series(a, CS_R_RULER_END, &b);
		cs_puts(&b, "the best granule, ");
		cs_put_g(&b, g, 6);
		cs_puts(&b, " B, has ");
		cs_put_u64(&b, f->above);
		cs_puts(&b, " swept distance(s) above it (");
		cs_put_u64(&b, n);
		cs_puts(&b, " in all), fewer than ");
		cs_put_u64(&b, CS_FIT_MIN_ABOVE);
		cs_puts(&b, ": past the end of the ruler, never 'small'");
	} else if (f->b <= 0 || !a->has_ramp || a->ramp < CS_FIT_MIN_RAMP) {
		refuse_series(a, CS_R_RAMP_SMALL, &b);
		cs_puts(&b, "the climb is under ");
		cs_put_g(&b, CS_FIT_MIN_RAMP, 6);
		cs_puts(&b, " of the flat level (ramp), or not a climb");
		put_figures(&b, a);
	} else if (!a->has_r2 || a->r2 < CS_FIT_MIN_R2) {
		refuse_series(a, CS_R_R2_LOW, &b);
		cs_puts(&b, "the ramp explains under ");
		cs_put_g(&b, CS_FIT_MIN_R2, 6);
		cs_puts(&b, " of the variance (r2)");
		put_figures(&b, a);
	} else if (!a->has_margin || a->margin < CS_FIT_MIN_MARGIN) {
		refuse_series(a, CS_R_MARGIN_LOW, &b);
		cs_puts(&b, "the best granule beats the runner-up by under ");
		cs_put_g(&b, CS_FIT_MIN_MARGIN, 6);
		cs_puts(&b, " (margin)");
		put_figures(&b, a);
	} else if (a->placement == CS_PLACE_FIRST) {
		/* inside the first level nothing is fetched: an accepted granule
		 * is the fit inventing one, and is reported as its fault */
		refuse_series(a, CS_R_CONTROL, &b);
		cs_puts(&b, "the control inside the first level accepted a granule of ");
		cs_put_g(&b, g, 6);
		cs_puts(&b, " B where there is nothing to fetch: a fault of the fit, not a reading");
		put_figures(&b, a);
	} else {
		a->has_granule = 1;
		a->granule_bytes = g;
	}
}

static void reduce_series(const struct cs_adj_series *s, const struct cs_result *r,
			  struct cs_adj_result *a)
{
	struct cs_buf b;
	a->placement = s->placement;
	a->has_footprint = s->has_footprint;
	a->footprint_bytes = s->footprint_bytes;

	if (s->refused) {
		/* refused where it was measured: the producer's words stand */
		refuse_series(a, s->refusal_code[0] ? s->refusal_code : CS_R_CROSSES_EDGE, &b);
		cs_puts(&b, "refused when measured: ");
		cs_puts(&b, s->refusal_reason);
		return;
	}
	if (r->n_levels < CS_MIN_LEVELS) {
		refuse_series(a, CS_R_NO_LEVEL, &b);
		cs_puts(&b, "the sweep named no cache levels, so no placement can be checked against an edge");
		return;
	}
	uint32_t l = level_for(s->placement, r->n_levels);
	if (!s->has_footprint) {
		refuse_series(a, CS_R_NO_FOOTPRINT, &b);
		cs_puts(&b, "the series has no footprint_bytes, so the placement rule cannot be checked");
		return;
	}
	if (!footprint_legal(r, l, s->footprint_bytes)) {
		refuse_series(a, CS_R_CROSSES_EDGE, &b);
		cs_puts(&b, "footprint ");
		cs_put_size(&b, s->footprint_bytes);
		cs_puts(&b, " and its double ");
		cs_put_size(&b, 2 * s->footprint_bytes);
		cs_puts(&b, " must both lie inside level ");
		cs_put_u64(&b, l + 1);
		cs_puts(&b, "'s extent ");
		put_extent(&b, &r->levels[l], l + 1 == r->n_levels);
		cs_puts(&b, "; not fitted");
		return;
	}
	if (s->n == 0) {
		refuse_series(a, CS_R_NO_DISTANCES, &b);
		cs_puts(&b, "the series has no points");
		return;
	}
	/* sort a copy by distance (insertion: series are short) */
	uint32_t n = s->n;
	struct cs_adj_point pts[CS_MAX_ADJ_POINTS];
	for (uint32_t i = 0; i < n; i++) {
		struct cs_adj_point v = s->pts[i];
		uint32_t j = i;
		while (j > 0 && pts[j - 1].distance > v.distance) {
			pts[j] = pts[j - 1];
			j--;
		}
		pts[j] = v;
	}
	struct cs_fit f;
	cs_fit_ramp(pts, n, &f);
	if (!f.has_winner) {
		refuse_series(a, CS_R_NO_CANDIDATE, &b);
		cs_puts(&b, "none of the ");
		cs_put_u64(&b, n);
		cs_puts(&b, " swept distances is a power of two, and a line or a fetch granule is one: no candidate to fit");
		return;
	}
	a->has_fit = 1;
	a->granule_fit = pts[f.winner].distance;
	a->r2 = f.r2;
	a->has_r2 = f.has_r2;
	a->margin = f.margin;
	a->has_margin = f.has_margin;
	a->ramp = f.ramp;
	a->has_ramp = f.has_ramp;
	judge_fit(a, &f, n);
}

void cs_reduce_adjacency(const struct cs_capture *c, struct cs_work *w,
			 struct cs_result *r)
{
	(void)w; /* the series are short: each sorted on the stack */
	for (uint32_t s = 0; s < c->n_adj && s < CS_MAX_ADJ_SERIES; s++) {
		struct cs_adj_result *a = &r->adj[r->n_adj++];
		reduce_series(&c->adj[s], r, a);
		finish_series(r, a);
	}
}

int cs_place_adjacency(const struct cs_result *r, enum cs_placement p,
		       double align, double max_bytes, double *footprint,
		       struct cs_refusal *why)
{
	struct cs_buf b;
	if (r->n_levels < CS_MIN_LEVELS) {
		cs_refusal_set(why, CS_R_NO_LEVEL, &b);
		cs_puts(&b, "the sweep named no cache levels to place the adjacency probe in");
		return -1;
	}
	uint32_t l = level_for(p, r->n_levels);
	const struct cs_level *L = &r->levels[l];
	int open_top = l + 1 == r->n_levels;
	double lo = L->first_bytes;
	double hi = open_top ? max_bytes : (L->last_bytes < max_bytes ? L->last_bytes : max_bytes);
	if (align < 1)
		align = 1;
	/* the geometric centre of the legal range [lo, hi/2], on the grid */
	double F = cs_floor(cs_sqrt(lo * hi / 2) / align) * align;
	if (F < lo)
		F = cs_floor((lo + align - 1) / align) * align;
	if (F < lo || 2 * F > hi || !cs_isfinite(F)) {
		cs_refusal_set(why, CS_R_CROSSES_EDGE, &b);
		cs_puts(&b, "adjacency '");
		cs_puts(&b, cs_placement_name(p));
		cs_puts(&b, "': no footprint F with F and 2F inside level ");
		cs_put_u64(&b, l + 1);
		cs_puts(&b, "'s extent ");
		put_extent(&b, L, open_top);
		if (open_top || max_bytes < L->last_bytes) {
			cs_puts(&b, " within the memory available (");
			cs_put_size(&b, max_bytes);
			cs_puts(&b, ")");
		}
		cs_puts(&b, "; refused rather than moved");
		return -1;
	}
	*footprint = F;
	return 0;
}

/* The adjacency series are well formed (s.1, s.7: a malformed capture is
 * an error, not a refusal), checked by their own row, after the sweep's
 * row has checked the points and the clock. */
static int check_adjacency(const struct cs_capture *c, char *err, size_t errlen)
{
	static const char *const must = "must be a positive finite number";
	if (c->n_adj > CS_MAX_ADJ_SERIES)
		return cs_malformed(err, errlen, "adjacency", (uint32_t)-1, NULL,
				 "too many series for this build", c->n_adj);
	for (uint32_t s = 0; s < c->n_adj; s++) {
		const struct cs_adj_series *a = &c->adj[s];
		if (a->has_footprint && !cs_positive(a->footprint_bytes))
			return cs_malformed(err, errlen, "adjacency", s, "footprint_bytes", must, a->footprint_bytes);
		if (a->n > CS_MAX_ADJ_POINTS)
			return cs_malformed(err, errlen, "adjacency", s, "points",
					 "too many points for this build", a->n);
		for (uint32_t i = 0; i < a->n; i++) {
			if (!cs_positive(a->pts[i].distance))
				return cs_malformed(err, errlen, "adjacency", s, "points[].distance", must, a->pts[i].distance);
			if (!cs_positive(a->pts[i].ns))
				return cs_malformed(err, errlen, "adjacency", s, "points[].ns", must, a->pts[i].ns);
			for (uint32_t j = 0; j < i; j++)
				if (a->pts[j].distance == a->pts[i].distance)
					return cs_malformed(err, errlen, "adjacency", s, "points[].distance",
							 "duplicate distance", a->pts[i].distance);
		}
	}
	return 0;
}

/* The adjacency's row of the table (s.5): its series fitted against the
 * levels the sweep's row left in r, their refusals after the sweep's. */
int cs_adj_reduce(const struct cs_capture *c, struct cs_work *w,
		  struct cs_result *r, char *err, size_t errlen)
{
	if (errlen)
		err[0] = '\0';
	r->n_adj = 0;
	cs_memset(r->adj, 0, sizeof r->adj);
	if (check_adjacency(c, err, errlen))
		return -1;
	if (!cs_clamp_refused(c))
		cs_reduce_adjacency(c, w, r);
	return 0;
}
