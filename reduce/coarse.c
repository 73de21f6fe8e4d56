/* coarse.c: docs/reduction.md s.10, a sweep of about one point per octave
 * (ramlat, sbc-bench): each level's edge is the range between two rows, never
 * a point. Indices i, j, k are into the surviving points w->pts[0 .. w->n).
 * Freestanding. */
#include "internal.h"
#include "../common/csmath.h"

/* The table's noise (s.10): the largest fall between consecutive rows, at
 * least 1. Latency never truly falls as the working set grows, so a fall
 * is what the table shows of its own noise. */
static double table_noise(const struct cs_point *p, uint32_t n)
{
	double N = 1;
	for (uint32_t i = 0; i + 1 < n; i++)
		if (p[i].ns > N * p[i + 1].ns)
			N = p[i].ns / p[i + 1].ns;
	return N;
}

/* One edge of s.10: rows a_first .. a_last are the faster level, k the
 * first row of the slower. */
struct edge {
	uint32_t a_first, a_last, k;
	double floor_ns, lo, hi, rise;
	double mid;          /* a climb's half-way point (ns), or 0 */
	uint32_t cross;      /* a climb's crossing row, or 0 */
	const char *refused; /* a CS_R_COARSE_ code, or 0 */
};

/* s.10 step 4: a climb across more than one octave, from the faster level's
 * floor to the slower's (the lowest of the rows from k flat within `flat`
 * of row k, at least two of them: a level): its edge is the two rows either side of the half-way point in
 * log, sqrt(fast x slow), when the rows cross it once, each lies at
 * least max(N, CS_COARSE_CROSS_MARGIN) x from it, and the step across it
 * is at least max(N, CS_COARSE_CROSS_DOMINANT) x every other step of the
 * climb; else coarse-climb. */
static void cross_climb(const struct cs_point *p, uint32_t n, double N, double flat,
			struct edge *E)
{
	double slow = p[E->k].ns, margin = N > CS_COARSE_CROSS_MARGIN ? N : CS_COARSE_CROSS_MARGIN;
	uint32_t r, t;
	for (t = E->k + 1; t < n && p[t].ns <= flat * p[E->k].ns; t++)
		if (p[t].ns < slow)
			slow = p[t].ns;
	E->refused = CS_R_COARSE_CLIMB;
	if (t < E->k + 2)
		return; /* one row after the climb: no slower floor to halve to */
	E->mid = cs_exp(0.5 * (cs_log(E->floor_ns) + cs_log(slow)));
	for (r = E->a_last + 1; r <= E->k && p[r].ns < E->mid; r++)
		;
	if (r > E->k)
		return; /* never crosses: the slower floor lies below row k */
	for (t = r; t <= E->k; t++)
		if (p[t].ns < margin * E->mid)
			return; /* falls back, or a row within the noise of it */
	if (p[r - 1].ns * margin > E->mid)
		return;
	double dom = N > CS_COARSE_CROSS_DOMINANT ? N : CS_COARSE_CROSS_DOMINANT;
	for (t = E->a_last + 1; t <= E->k; t++)
		if (t != r && p[r].ns * p[t - 1].ns < dom * p[t].ns * p[r - 1].ns)
			return; /* another step of the climb as large: smooth */
	E->cross = r;
	E->lo = p[r - 1].bytes;
	E->hi = p[r].bytes;
	E->refused = 0;
}

/* s.10 steps 1 to 4: the edges of the table, in order; returns how many. */
static uint32_t find_edges(const struct cs_point *p, uint32_t n, double N,
			   struct edge *e, uint32_t max)
{
	double flat = CS_COARSE_FLAT > N ? CS_COARSE_FLAT : N;
	double noise = cs_exp(CS_COARSE_NOISE_POWER * cs_log(N));
	uint32_t m = 0, i = 0;
	while (i < n && m < max) {
		double lo = p[i].ns, hi = p[i].ns;
		uint32_t j = i, k;
		while (j + 1 < n) { /* the faster level: rows flat within `flat` */
			double t = p[j + 1].ns;
			double nlo = t < lo ? t : lo, nhi = t > hi ? t : hi;
			if (nhi > flat * nlo)
				break;
			lo = nlo;
			hi = nhi;
			j++;
		}
		if (j + 1 >= n)
			break; /* the last level: no edge above it */
		if (j == i) {
			i++; /* a lone row is no level: a row of a climb */
			continue;
		}
		for (k = j + 1; k < n && p[k].ns < CS_COARSE_STEP * lo; k++)
			;
		if (k >= n)
			break; /* no row leaves the level by a step */
		/* a departure under CS_COARSE_SHARP that goes on rising by a
		 * step a row is a climb: the slower level starts where it stops */
		if (p[k].ns < CS_COARSE_SHARP * p[k - 1].ns)
			while (k + 1 < n && p[k + 1].ns >= CS_COARSE_STEP * p[k].ns)
				k++;
		struct edge *E = &e[m++];
		E->a_first = i;
		E->a_last = j;
		E->k = k;
		E->floor_ns = lo;
		E->lo = p[j].bytes;
		E->hi = p[k].bytes;
		E->rise = p[k].ns / lo;
		E->refused = 0;
		E->mid = 0;
		E->cross = 0;
		if (E->hi > CS_COARSE_RANGE_MAX * E->lo)
			cross_climb(p, n, N, flat, E);
		if (E->refused)
			;
		else if (E->rise < noise)
			E->refused = CS_R_COARSE_NOISE;
		i = k;
	}
	return m;
}

static void put_rules(struct cs_buf *b)
{
	/* short: with the case before it, all of it must fit a refusal's
	 * CS_REASON_MAX bytes, every constant's value included */
	cs_puts(b, " (coarse-grid rule: levels flat within ");
	cs_put_g(b, CS_COARSE_FLAT, 6);
	cs_puts(b, "x, edges ");
	cs_put_g(b, CS_COARSE_STEP, 6);
	cs_puts(b, "x over a floor, sharp rises ");
	cs_put_g(b, CS_COARSE_SHARP, 6);
	cs_puts(b, "x, ranges at most ");
	cs_put_g(b, CS_COARSE_RANGE_MAX, 6);
	cs_puts(b, "x, crossings ");
	cs_put_g(b, CS_COARSE_CROSS_MARGIN, 6);
	cs_puts(b, "x clear by a step ");
	cs_put_g(b, CS_COARSE_CROSS_DOMINANT, 6);
	cs_puts(b, "x the others, noise to the power ");
	cs_put_g(b, CS_COARSE_NOISE_POWER, 6);
	cs_puts(b, ")");
}

static void refuse_edge(struct cs_result *r, const struct edge *E, double N)
{
	struct cs_buf b;
	cs_refuse(r, E->refused, &b);
	cs_puts(&b, "from ");
	cs_put_size(&b, E->lo);
	cs_puts(&b, " to ");
	cs_put_size(&b, E->hi);
	if (cs_streq(E->refused, CS_R_COARSE_CLIMB)) {
		cs_puts(&b, " the latency climbs ");
		cs_put_g(&b, E->rise, 3);
		cs_puts(&b, "x across ");
		cs_put_u64(&b, E->k - E->a_last);
		cs_puts(&b, " rows with no level between: the edge's range spans ");
		cs_put_g(&b, E->hi / E->lo, 3);
		cs_puts(&b, "x, more than ");
		cs_put_g(&b, CS_COARSE_RANGE_MAX, 6);
		if (E->mid > 0) {
			cs_puts(&b, "x (one octave), and it does not cross the half-way point ");
			cs_put_g(&b, E->mid, 3);
			cs_puts(&b, " ns between its floors once, by rows at least ");
			cs_put_g(&b, N > CS_COARSE_CROSS_MARGIN ? N : CS_COARSE_CROSS_MARGIN, 3);
			cs_puts(&b, "x from it and a step ");
			cs_put_g(&b, N > CS_COARSE_CROSS_DOMINANT ? N : CS_COARSE_CROSS_DOMINANT, 3);
			cs_puts(&b, "x any other: no range is given");
		} else {
			cs_puts(&b, "x (one octave), and the climb ends on a single row, no slower level to take half-way to, so no range is given");
		}
	} else {
		cs_puts(&b, " the latency rises ");
		cs_put_g(&b, E->rise, 3);
		cs_puts(&b, "x over the level's floor, less than the table's noise allows: its largest fall between rows is ");
		cs_put_g(&b, N, 3);
		cs_puts(&b, "x, and a step must exceed ");
		cs_put_g(&b, cs_exp(CS_COARSE_NOISE_POWER * cs_log(N)), 3);
		cs_puts(&b, "x; no range is given");
	}
	put_rules(&b);
}

/* The published data or unified levels by level, then size (sweep.c's
 * order); returns how many. */
static uint32_t published(const struct cs_capture *c, double *size, uint32_t *level,
			  uint32_t max)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < c->n_caches && i < CS_MAX_CACHES; i++) {
		const struct cs_cache *k = &c->caches[i];
		double v = (double)k->size_bytes;
		uint32_t j = n, dup = 0;
		if (k->type == CS_CACHE_INSTRUCTION)
			continue;
		for (uint32_t d = 0; d < n; d++)
			dup |= level[d] == k->level && size[d] == v;
		if (dup || n >= max)
			continue;
		while (j > 0 && (level[j - 1] > k->level ||
				 (level[j - 1] == k->level && size[j - 1] > v))) {
			size[j] = size[j - 1];
			level[j] = level[j - 1];
			j--;
		}
		size[j] = v;
		level[j] = k->level;
		n++;
	}
	return n;
}

/* How far P lies outside [lo, hi], in octaves (0 inside). */
static double outside(const struct edge *E, double P)
{
	if (P < E->lo)
		return cs_log2_ratio(E->lo, P);
	if (P > E->hi)
		return cs_log2_ratio(P, E->hi);
	return 0;
}

/* s.10 step 5: the published levels, in order, each with at most one
 * edge, order kept, an edge paired only with a level whose size lies in its
 * range or at most CS_COARSE_PAIR_OCTAVES outside it. Of all such pairings,
 * the one that pairs the most levels; within those, each level in order
 * takes the earliest edge it can (the faster edge is the smaller cache's),
 * but a level whose pairing would not lower the total distance in octaves
 * leaves the edge to the levels after it (an edge two levels reach equally
 * is the larger's). with[j]: the edge of level j, or -1. */
static void pair(const struct edge *e, uint32_t m, const double *size, uint32_t np,
		 int32_t *with)
{
	/* the best pairing of levels j.. with edges q..: its count, its
	 * distance, and level j's edge */
	static uint32_t cnt[CS_MAX_KNEES + 1][CS_MAX_KNEES + 1];
	static double cost[CS_MAX_KNEES + 1][CS_MAX_KNEES + 1];
	static int32_t pick[CS_MAX_KNEES + 1][CS_MAX_KNEES + 1];
	for (int32_t j = (int32_t)np; j >= 0; j--)
		for (int32_t q = (int32_t)m; q >= 0; q--) {
			int in = j < (int32_t)np;
			cnt[j][q] = in ? cnt[j + 1][q] : 0; /* level j unpaired */
			cost[j][q] = in ? cost[j + 1][q] : 0;
			pick[j][q] = -1;
			for (int32_t t = q; in && t < (int32_t)m; t++) {
				double d = outside(&e[t], size[j]);
				if (d > CS_COARSE_PAIR_OCTAVES)
					continue;
				uint32_t c = 1 + cnt[j + 1][t + 1];
				double s = d + cost[j + 1][t + 1];
				if (c > cnt[j][q] || (c == cnt[j][q] && pick[j][q] < 0 && s < cost[j][q])) {
					cnt[j][q] = c;
					cost[j][q] = s;
					pick[j][q] = t;
				}
			}
		}
	for (uint32_t j = 0, q = 0; j < np; j++) {
		with[j] = pick[j][q];
		if (with[j] >= 0)
			q = (uint32_t)with[j] + 1;
	}
}

static void put_knee(struct cs_knee *k, const struct edge *E)
{
	cs_memset(k, 0, sizeof *k);
	k->has_bytes = 1;
	k->bytes = E->lo; /* the bound the grid defends: the faster level held it */
	k->has_retired = 1;
	k->retired_bytes = E->lo;
	k->has_range = 1;
	k->range_lo = E->lo;
	k->range_hi = E->hi;
	k->coarse = E->refused ? 2 : 1;
}

static void put_missing(struct cs_result *r, double P, uint32_t level, double top)
{
	struct cs_knee *k = &r->knees[r->n_knees++];
	struct cs_buf b;
	cs_memset(k, 0, sizeof *k);
	k->has_published = 1;
	k->published_bytes = P;
	k->published_level = level;
	cs_refuse(r, CS_R_KNEE_MISSING, &b);
	cs_puts(&b, "no edge for the published L");
	cs_put_u64(&b, level);
	cs_puts(&b, " (");
	cs_put_size(&b, P);
	if (top < P) {
		cs_puts(&b, "): the sweep stops at ");
		cs_put_size(&b, top);
		cs_puts(&b, ", short of it");
	} else {
		cs_puts(&b, "): no edge's range lies within ");
		cs_put_g(&b, CS_COARSE_PAIR_OCTAVES, 6);
		cs_puts(&b, " octave of it");
	}
	cs_puts(&b, "; missing, never guessed");
}

void cs_reduce_coarse(const struct cs_capture *c, struct cs_work *w, struct cs_result *r)
{
	const struct cs_point *p = w->pts;
	uint32_t n = w->n, m, np, l = 0;
	static struct edge e[CS_MAX_KNEES]; /* off the firmware's stack */
	double size[CS_MAX_KNEES], N = table_noise(p, n);
	uint32_t level[CS_MAX_KNEES];
	int32_t with[CS_MAX_KNEES];

	m = find_edges(p, n, N, e, CS_MAX_KNEES);
	/* the levels: each edge's faster level, then the rows after the last */
	r->n_levels = 0;
	for (uint32_t q = 0; q < m && r->n_levels < CS_MAX_LEVELS; q++) {
		struct cs_level *L = &r->levels[r->n_levels++];
		cs_memset(L, 0, sizeof *L);
		L->floor_ns = e[q].floor_ns;
		L->first = e[q].a_first;
		L->last = e[q].a_last;
		L->first_bytes = p[L->first].bytes;
		L->last_bytes = p[L->last].bytes;
	}
	if (m && r->n_levels < CS_MAX_LEVELS) {
		struct cs_level *L = &r->levels[r->n_levels++];
		cs_memset(L, 0, sizeof *L);
		L->first = e[m - 1].k;
		L->last = n - 1;
		L->floor_ns = p[L->first].ns;
		for (uint32_t i = L->first; i < n; i++)
			if (p[i].ns < L->floor_ns)
				L->floor_ns = p[i].ns;
		L->first_bytes = p[L->first].bytes;
		L->last_bytes = p[L->last].bytes;
	}
	r->n_plateaus = r->n_levels;
	if (!m) {
		struct cs_buf b;
		cs_refuse(r, CS_R_FEW_PLATEAUS, &b);
		cs_puts(&b, "no edge on this grid of about one point per octave: no level of two rows or more is left by a step");
		put_rules(&b);
		return;
	}
	np = published(c, size, level, CS_MAX_KNEES);
	pair(e, m, size, np, with);
	/* the table: edges in order, each published level where it stands */
	r->n_knees = 0;
	for (uint32_t q = 0; q < m && r->n_knees < CS_MAX_KNEES; q++) {
		int32_t mine = -1;
		for (uint32_t j = 0; j < np; j++)
			if (with[j] == (int32_t)q)
				mine = (int32_t)j;
		for (; l < np && (mine >= 0 ? l < (uint32_t)mine : (with[l] < 0 && size[l] < e[q].lo)) &&
		       r->n_knees < CS_MAX_KNEES; l++)
			if (with[l] < 0)
				put_missing(r, size[l], level[l], r->top_bytes);
		struct cs_knee *k = &r->knees[r->n_knees++];
		put_knee(k, &e[q]);
		if (e[q].refused)
			refuse_edge(r, &e[q], N);
		if (mine >= 0) {
			k->has_published = 1;
			k->published_bytes = size[mine];
			k->published_level = level[mine];
			l = (uint32_t)mine + 1;
		} else if (!e[q].refused) {
			struct cs_buf b;
			cs_refuse(r, CS_R_KNEE_UNMATCHED, &b);
			cs_puts(&b, "the edge at ");
			cs_put_size(&b, e[q].lo);
			cs_puts(&b, " .. ");
			cs_put_size(&b, e[q].hi);
			cs_puts(&b, np ? " is paired with no published level (by the coarse-grid rule a range pairs with a level within " :
				      " has no published cache to compare with (by the coarse-grid rule a range pairs with a level within ");
			cs_put_g(&b, CS_COARSE_PAIR_OCTAVES, 6);
			cs_puts(&b, " octave of it); it is not assigned to a cache");
		}
	}
	for (; l < np && r->n_knees < CS_MAX_KNEES; l++)
		if (with[l] < 0)
			put_missing(r, size[l], level[l], r->top_bytes);
}
