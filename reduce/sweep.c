/* sweep.c: docs/reduction.md s.1 to s.4, from sorted points to levels and knees.
 * Indices i, j, k are into the surviving points w->pts[0 .. w->n). */
#include "internal.h"
#include "../common/csmath.h"

uint32_t cs_drop_short_blocks(const struct cs_clock *k, struct cs_work *w,
			      double *shortest)
{
	*shortest = 0;
	if (!k->has_quantum)
		return 0; /* nothing to compare with: every point passes */
	double need = CS_BLOCK_MIN_QUANTA * k->quantum_ns;
	uint32_t kept = 0, total = w->n;
	for (uint32_t i = 0; i < total; i++) {
		const struct cs_point *p = &w->pts[i];
		if (p->has_block && p->block_ns < need) {
			if (*shortest == 0 || p->block_ns < *shortest)
				*shortest = p->block_ns;
			continue;
		}
		w->pts[kept++] = *p;
	}
	w->n = kept;
	return total - kept;
}

int cs_block_refused(uint32_t failed, uint32_t total)
{
	return (double)failed > CS_BLOCK_MAX_FAIL_FRACTION * (double)total;
}

void cs_put_block_length(struct cs_buf *b, uint32_t failed, uint32_t total,
			 const struct cs_clock *k, double shortest, const char *series)
{
	cs_put_u64(b, failed);
	cs_puts(b, " of ");
	cs_put_u64(b, total);
	cs_puts(b, " points were timed in blocks shorter than ");
	cs_put_g(b, CS_BLOCK_MIN_QUANTA, 6);
	cs_puts(b, " clock quanta (");
	cs_put_g(b, CS_BLOCK_MIN_QUANTA * k->quantum_ns, 4);
	cs_puts(b, " ns at a quantum of ");
	cs_put_g(b, k->quantum_ns, 4);
	cs_puts(b, " ns; shortest block ");
	cs_put_g(b, shortest, 4);
	cs_puts(b, " ns): more than ");
	cs_put_g(b, CS_BLOCK_MAX_FAIL_FRACTION, 6);
	cs_puts(b, " of them, so ");
	cs_puts(b, series);
	cs_puts(b, " is not reduced");
}

/* s.1: drop points whose shortest block is under 100 quanta. Returns 0 when
 * the sweep stands, -1 when more than half failed (refused). */
static int block_length(const struct cs_capture *c, struct cs_work *w,
			struct cs_result *r)
{
	uint32_t total = w->n;
	double shortest;
	uint32_t failed = cs_drop_short_blocks(&c->clock, w, &shortest);
	if (!cs_block_refused(failed, total))
		return 0;
	struct cs_buf b;
	cs_refuse(r, CS_R_BLOCK_LENGTH, &b);
	cs_put_block_length(&b, failed, total, &c->clock, shortest, "the sweep");
	return -1;
}

/* One published data or unified level (s.4 v2). */
struct pub {
	double size;
	uint32_t level;
};

/* The published data or unified levels, ordered by level, then size;
 * instruction caches take no part. A descriptor repeated (same level, same
 * size) is one level. Returns how many. */
static uint32_t published_levels(const struct cs_capture *c, struct pub *p,
				 uint32_t max)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < c->n_caches && i < CS_MAX_CACHES; i++) {
		const struct cs_cache *k = &c->caches[i];
		if (k->type == CS_CACHE_INSTRUCTION)
			continue;
		struct pub v = { (double)k->size_bytes, k->level };
		uint32_t j = n, dup = 0;
		for (uint32_t d = 0; d < n; d++)
			dup |= p[d].level == v.level && p[d].size == v.size;
		if (dup || n >= max)
			continue;
		while (j > 0 && (p[j - 1].level > v.level ||
				 (p[j - 1].level == v.level && p[j - 1].size > v.size))) {
			p[j] = p[j - 1];
			j--;
		}
		p[j] = v;
		n++;
	}
	return n;
}

static void put_level_name(struct cs_buf *b, uint32_t level)
{
	cs_putc(b, 'L');
	cs_put_u64(b, level);
}

/* s.4 v2: P / CS_PAIR_BELOW <= knee <= CS_PAIR_ABOVE * P */
static int admissible(double knee, double P)
{
	return P / CS_PAIR_BELOW <= knee && knee <= CS_PAIR_ABOVE * P;
}

double cs_log2_ratio(double a, double b)
{
	return cs_fabs(cs_log(a / b) / cs_log(2.0));
}

/* Costs closer than this are equal: the tie rule decides (sums of logs
 * of sizes differ by more than this whenever the sizes really differ). */
#define PAIR_COST_TIE 1e-9

/* The matching of s.4 v2, by dynamic programming over suffixes: best[i][j]
 * is the best order-preserving matching of knees i.. with levels j.., its
 * choice one of: pair (i, j), leave knee i, leave level j. "Best" is most
 * pairs, then the smallest sum of |log2(knee / P)|, then (ties) the
 * sequence of pairs that is lexicographically first by knee index, then
 * level index: the smaller knees with the smaller levels. Every
 * order-preserving matching is a path through this table, so the optimum
 * is exact; the table is at most 33 x 33. */
enum { PICK_PAIR, PICK_SKIP_KNEE, PICK_SKIP_LEVEL, PICK_END };
struct cell {
	uint8_t pairs, pick;
	double cost;
};
struct matching {
	uint32_t m, n;
	struct cell t[CS_MAX_KNEES + 1][CS_MAX_KNEES + 1];
};

/* The pairs of the matching chosen at (i, j), as knee index * 64 + level. */
static uint32_t pairs_from(const struct matching *M, uint32_t i, uint32_t j,
			   uint32_t *seq)
{
	uint32_t n = 0;
	while (i < M->m && j < M->n) {
		uint8_t pick = M->t[i][j].pick;
		if (pick == PICK_PAIR)
			seq[n++] = i * 64 + j;
		if (pick == PICK_PAIR || pick == PICK_SKIP_KNEE)
			i++;
		if (pick == PICK_PAIR || pick == PICK_SKIP_LEVEL)
			j++;
		if (pick == PICK_END)
			break;
	}
	return n;
}

/* < 0 when candidate a (pairs first, then the matching at (ai, aj)) is
 * better than b; the candidates have as many pairs and costs within the
 * tie. */
static int lex_compare(const struct matching *M, int a_first, uint32_t ai,
		       uint32_t aj, uint32_t afirst, int b_first, uint32_t bi,
		       uint32_t bj, uint32_t bfirst)
{
	uint32_t sa[CS_MAX_KNEES + 1], sb[CS_MAX_KNEES + 1], na = 0, nb = 0;
	if (a_first)
		sa[na++] = afirst;
	if (b_first)
		sb[nb++] = bfirst;
	na += pairs_from(M, ai, aj, sa + na);
	nb += pairs_from(M, bi, bj, sb + nb);
	for (uint32_t k = 0; k < na && k < nb; k++)
		if (sa[k] != sb[k])
			return sa[k] < sb[k] ? -1 : 1;
	return 0;
}

static void match(struct matching *M, const double *knee, uint32_t m,
		  const double *size, uint32_t n)
{
	M->m = m;
	M->n = n;
	for (uint32_t ii = m + 1; ii-- > 0;) {
		for (uint32_t jj = n + 1; jj-- > 0;) {
			struct cell *c = &M->t[ii][jj];
			c->pairs = 0;
			c->cost = 0;
			c->pick = PICK_END;
			if (ii == m || jj == n)
				continue;
			/* candidates: leave knee ii, leave level jj, pair them */
			struct cell best = M->t[ii + 1][jj];
			best.pick = PICK_SKIP_KNEE;
			uint32_t bi = ii + 1, bj = jj, bfirst = 0;
			int bpaired = 0;
			struct cell cand[2];
			uint32_t ci[2], cj[2], nc = 0;
			cand[nc] = M->t[ii][jj + 1];
			cand[nc].pick = PICK_SKIP_LEVEL;
			ci[nc] = ii;
			cj[nc++] = jj + 1;
			if (admissible(knee[ii], size[jj])) {
				cand[nc] = M->t[ii + 1][jj + 1];
				cand[nc].pairs++;
				cand[nc].cost += cs_log2_ratio(knee[ii], size[jj]);
				cand[nc].pick = PICK_PAIR;
				ci[nc] = ii + 1;
				cj[nc++] = jj + 1;
			}
			for (uint32_t k = 0; k < nc; k++) {
				int paired = cand[k].pick == PICK_PAIR;
				int better;
				if (cand[k].pairs != best.pairs)
					better = cand[k].pairs > best.pairs;
				else if (cand[k].cost < best.cost - PAIR_COST_TIE)
					better = 1;
				else if (cand[k].cost > best.cost + PAIR_COST_TIE)
					better = 0;
				else
					better = lex_compare(M, paired, ci[k], cj[k], ii * 64 + jj,
							     bpaired, bi, bj, bfirst) < 0;
				if (better) {
					best = cand[k];
					bi = ci[k];
					bj = cj[k];
					bpaired = paired;
					bfirst = ii * 64 + jj;
				}
			}
			*c = best;
		}
	}
}

uint32_t cs_pair_knees(const double *knee, uint32_t m, const double *size,
		       uint32_t n, int32_t *paired_with)
{
	static struct matching M; /* 8.7 KiB: off the firmware's stack */
	uint32_t seq[CS_MAX_KNEES];
	if (m > CS_MAX_KNEES)
		m = CS_MAX_KNEES;
	if (n > CS_MAX_KNEES)
		n = CS_MAX_KNEES;
	for (uint32_t i = 0; i < m; i++)
		paired_with[i] = -1;
	match(&M, knee, m, size, n);
	uint32_t npairs = pairs_from(&M, 0, 0, seq);
	for (uint32_t q = 0; q < npairs; q++)
		paired_with[seq[q] / 64] = (int32_t)(seq[q] % 64);
	return npairs;
}

void cs_put_pair_limits(struct cs_buf *b)
{
	cs_puts(b, "a knee pairs with a published level P only when P/");
	cs_put_g(b, CS_PAIR_BELOW, 6);
	cs_puts(b, " <= knee <= ");
	cs_put_g(b, CS_PAIR_ABOVE, 6);
	cs_puts(b, "P");
}

static void refuse_unmatched(struct cs_result *r, uint32_t n, double bytes,
			     const struct pub *p, uint32_t np)
{
	struct cs_buf b;
	cs_refuse(r, CS_R_KNEE_UNMATCHED, &b);
	cs_puts(&b, "knee ");
	cs_put_u64(&b, n + 1);
	cs_puts(&b, " at ");
	cs_put_size(&b, bytes);
	if (!np) {
		cs_puts(&b, " has no published cache to compare with; it is not assigned to a cache");
		return;
	}
	uint32_t near = 0;
	for (uint32_t j = 1; j < np; j++)
		if (cs_log2_ratio(bytes, p[j].size) < cs_log2_ratio(bytes, p[near].size))
			near = j;
	cs_puts(&b, " is paired with no published level: the nearest is ");
	put_level_name(&b, p[near].level);
	cs_puts(&b, " (");
	cs_put_size(&b, p[near].size);
	cs_puts(&b, "), and the knee is ");
	cs_put_g(&b, bytes / p[near].size, 3);
	cs_puts(&b, "x that; ");
	cs_put_pair_limits(&b);
	uint32_t reach = 0;
	for (uint32_t j = 0; j < np; j++)
		reach += admissible(bytes, p[j].size) != 0;
	if (reach)
		cs_puts(&b, ", and the levels within reach went to other knees (most pairs, then the nearest)");
	else
		cs_puts(&b, ", and no level has it within reach");
	if (bytes > CS_PAIR_ABOVE * p[np - 1].size)
		cs_puts(&b, ". Past the last published level, a step of the memory plateau (TLB reach, nested paging) may look so");
	cs_puts(&b, "; it is not assigned to a cache");
}

static void refuse_missing(struct cs_result *r, const struct pub *P,
			   double top)
{
	struct cs_buf b;
	cs_refuse(r, CS_R_KNEE_MISSING, &b);
	cs_puts(&b, "no knee for the published ");
	put_level_name(&b, P->level);
	cs_puts(&b, " (");
	cs_put_size(&b, P->size);
	if (top < P->size) {
		cs_puts(&b, "): the sweep stops at ");
		cs_put_size(&b, top);
		cs_puts(&b, ", short of it");
	} else {
		cs_puts(&b, "): the sweep went past it, up to ");
		cs_put_size(&b, top);
		cs_puts(&b, ", and left no knee paired with it (");
		cs_put_pair_limits(&b);
		cs_puts(&b, ")");
	}
	cs_puts(&b, "; missing, never guessed");
}

static void set_missing(struct cs_knee *k, const struct pub *P)
{
	cs_memset(k, 0, sizeof *k);
	k->has_published = 1;
	k->published_bytes = P->size;
	k->published_level = P->level;
}

uint32_t cs_knee_table(const double *knee, const uint8_t *skip, uint32_t m, const double *size,
		       uint32_t np, struct cs_table_row *row, uint32_t max)
{
	double kx[CS_MAX_KNEES] = { 0 };
	uint32_t idx[CS_MAX_KNEES], q = 0, out = 0, next = 0; /* next level not yet placed */
	int32_t with[CS_MAX_KNEES], to[CS_MAX_KNEES];
	uint8_t paired[CS_MAX_KNEES] = { 0 };
	m = m < CS_MAX_KNEES ? m : CS_MAX_KNEES;
	np = np < CS_MAX_KNEES ? np : CS_MAX_KNEES;
	for (uint32_t i = 0; i < m; i++) {
		to[i] = -1;
		if (!skip || !skip[i]) {
			kx[q] = knee[i];
			idx[q++] = i;
		}
	}
	cs_pair_knees(kx, q, size, np, with);
	for (uint32_t k = 0; k < q; k++)
		if (with[k] >= 0) {
			to[idx[k]] = with[k];
			paired[with[k]] = 1;
		}
	for (uint32_t i = 0; i < m && out < max; i++) {
		if (to[i] >= 0) {
			for (; next < (uint32_t)to[i] && out < max; next++)
				row[out++] = (struct cs_table_row){ -1, (int32_t)next };
			next = (uint32_t)to[i] + 1;
		} else if (!skip || !skip[i]) {
			for (; next < np && !paired[next] && size[next] <= knee[i] && out < max; next++)
				row[out++] = (struct cs_table_row){ -1, (int32_t)next };
		}
		if (out < max)
			row[out++] = (struct cs_table_row){ (int32_t)i, to[i] };
	}
	for (; next < np && out < max; next++)
		row[out++] = (struct cs_table_row){ -1, (int32_t)next };
	return out;
}

/* s.4 v2: the knees found, paired with the published levels, with the
 * missing levels in their places (cs_knee_table), and why for each. */
static void match_published(const struct cs_capture *c, const struct cs_work *w,
			    struct cs_result *r, uint32_t found)
{
	struct pub p[CS_MAX_KNEES];
	struct cs_knee knees[CS_MAX_KNEES];
	struct cs_table_row row[CS_MAX_KNEES];
	double kb[CS_MAX_KNEES] = { 0 }, size[CS_MAX_KNEES] = { 0 };
	uint32_t np = published_levels(c, p, CS_MAX_KNEES);
	double top = w->n ? w->pts[w->n - 1].bytes : 0;

	for (uint32_t i = 0; i < found; i++) {
		knees[i] = r->knees[i];
		kb[i] = knees[i].bytes;
	}
	for (uint32_t j = 0; j < np; j++)
		size[j] = p[j].size;
	uint32_t out = cs_knee_table(kb, NULL, found, size, np, row, CS_MAX_KNEES);
	for (uint32_t n = 0; n < out; n++) {
		struct cs_knee *k = &r->knees[n];
		if (row[n].knee < 0) {
			set_missing(k, &p[row[n].level]);
			continue;
		}
		*k = knees[row[n].knee];
		if (row[n].level >= 0) {
			const struct pub *P = &p[row[n].level];
			k->has_published = 1;
			k->published_bytes = P->size;
			k->published_level = P->level;
			k->has_gap = 1;
			k->gap = k->bytes / P->size - 1;
		}
	}
	r->n_knees = out;

	/* refusals in the order of the table: unpaired knees and missing
	 * levels, each where it stands */
	for (uint32_t n = 0; n < out; n++) {
		if (row[n].knee < 0)
			refuse_missing(r, &p[row[n].level], top);
		else if (row[n].level < 0)
			refuse_unmatched(r, n, r->knees[n].bytes, p, np);
	}
}

void cs_gap_order(struct cs_result *r)
{
	uint32_t matched = 0;
	double prev = 0;
	r->gap_order = CS_GAP_ORDER_FALLS;
	for (uint32_t n = 0; n < r->n_knees; n++) {
		const struct cs_knee *k = &r->knees[n];
		if (!k->has_gap)
			continue;
		if (matched && !(k->gap < prev))
			r->gap_order = CS_GAP_ORDER_NO;
		prev = k->gap;
		matched++;
	}
	if (matched < 2)
		r->gap_order = CS_GAP_ORDER_UNKNOWN;
}

/* "a plateau: at least 4 points spanning 2x, flat within 1.25x" */
static void put_plateau_rule(struct cs_buf *b)
{
	cs_puts(b, "at least ");
	cs_put_u64(b, CS_PLATEAU_MIN_POINTS);
	cs_puts(b, " points spanning ");
	cs_put_g(b, CS_PLATEAU_MIN_SPAN, 6);
	cs_puts(b, "x, flat within ");
	cs_put_g(b, CS_FLAT_RATIO, 6);
	cs_puts(b, "x");
}

/* s.4 coarse grids: s = median of bytes[i+3] / bytes[i] over the surviving
 * points (of a sweep that stands: one refused by the block-length rule is not
 * judged further); refused when s > CS_GRID_SPAN_MAX. With fewer than 4 points there
 * is no such ratio and no median: the grid is not judged (and no plateau
 * can form, which fewer-than-two-plateaus says). */
/* The k-th smallest of v[0..n) (0-based), v reordered so that every
 * element before k is no larger: Hoare's selection, linear on average (an
 * insertion sort of the spans was a twentieth of make bench's reduce). */
static double kth_smallest(double *v, int32_t n, int32_t k)
{
	int32_t lo = 0, hi = n - 1;
	while (lo < hi) {
		double pivot = v[lo + (hi - lo) / 2];
		int32_t i = lo, j = hi;
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				double t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return v[k];
}

double cs_grid_span(struct cs_work *w)
{
	const uint32_t span = CS_PLATEAU_MIN_POINTS - 1;
	if (w->n <= span)
		return 0;
	int32_t m = (int32_t)(w->n - span);
	double *v = w->ratio;
	for (int32_t i = 0; i < m; i++) {
		v[i] = w->pts[i + span].bytes / w->pts[i].bytes;
		if (!(v[i] <= 1.7976931348623157e308))
			v[i] = 1.7976931348623157e308; /* sizes 1e-300 .. 1e300: finite */
	}
	double hi = kth_smallest(v, m, m / 2);
	if (m % 2)
		return hi;
	double lo = v[0]; /* the largest of the lower half: v[0 .. m/2) */
	for (int32_t i = 1; i < m / 2; i++)
		if (v[i] > lo)
			lo = v[i];
	return (lo + hi) / 2;
}

void cs_put_grid_coarse(struct cs_buf *b, double s, const struct cs_units *u)
{
	const uint32_t span = CS_PLATEAU_MIN_POINTS - 1;
	cs_puts(b, "the ");
	cs_puts(b, u->xs);
	cs_puts(b, " grow ");
	cs_put_g(b, s, 3);
	cs_puts(b, "x over ");
	cs_put_u64(b, CS_PLATEAU_MIN_POINTS);
	cs_puts(b, " consecutive points (median), more than ");
	cs_put_g(b, CS_GRID_SPAN_MAX, 6);
	cs_puts(b, "x: about ");
	cs_put_fixed(b, (double)span * cs_log(2.0) / cs_log(s), 2);
	cs_puts(b, " points per octave. A plateau needs ");
	put_plateau_rule(b);
	cs_puts(b, ", so the narrowest ");
	cs_puts(b, u->level);
	cs_puts(b, " this grid can see spans ");
	cs_put_g(b, s, 3);
	cs_puts(b, "x in ");
	cs_puts(b, u->x);
	cs_puts(b, "; a ");
	cs_puts(b, u->level);
	cs_puts(b, " narrower than that cannot form a plateau, and missing levels may be there");
}

/* 1 when the grid is coarse (s.4), refused so: the sweep is then reduced
 * by s.10, each edge a range between two rows. */
static int grid_too_coarse(struct cs_work *w, struct cs_result *r)
{
	static const struct cs_units bytes = { "sizes", "size", "level" };
	double s = cs_grid_span(w);
	if (!(s > CS_GRID_SPAN_MAX))
		return 0;
	struct cs_buf b;
	cs_refuse(r, CS_R_GRID_COARSE, &b);
	cs_put_grid_coarse(&b, s, &bytes);
	cs_puts(&b, ". Each edge is read instead as a range between two rows (the coarse-grid rule)");
	return 1;
}

/* s.9: each climb's refusal, its figures kept for reduce --json. */
static void refuse_climbs(struct cs_result *r, const struct cs_stair *s)
{
	r->climbs = s->climbs;
	for (uint32_t i = 0; i < s->climbs.n; i++) {
		struct cs_buf b;
		cs_refuse(r, CS_R_CLIMB, &b);
		cs_put_climb(&b, &s->climbs, i, 0);
	}
}

/* s.1 "Outliers": said after the other refusals (never a level's reason). */
static void note_outliers(struct cs_result *r, const struct cs_outliers *o)
{
	struct cs_buf b;
	if (!o->n)
		return;
	cs_refuse(r, CS_R_OUTLIER, &b);
	cs_put_outliers(&b, o, NULL);
}

void cs_reduce_sweep(const struct cs_capture *c, struct cs_work *w,
		     struct cs_result *r)
{
	struct cs_stair *s = &w->stair;
	struct cs_outliers o;
	r->climbs.n = r->climbs.n_knees = 0;
	if (block_length(c, w, r))
		return; /* nothing of the sweep is judged, its grid neither */
	cs_drop_outliers(w, &o);
	r->n_used = w->n;
	r->top_bytes = w->n ? w->pts[w->n - 1].bytes : 0;
	if (grid_too_coarse(w, r) && !w->staircase_only) {
		cs_reduce_coarse(c, w, r); /* s.10: ranges, not points */
		r->gap_order = CS_GAP_ORDER_UNKNOWN;
		return;
	}
	cs_staircase(w->pts, w->n, s);
	r->n_plateaus = s->n_plateaus;
	r->n_levels = s->n_levels;
	cs_memcpy(r->levels, s->levels, s->n_levels * sizeof s->levels[0]);
	refuse_climbs(r, s);
	if (r->n_levels < CS_MIN_LEVELS) {
		struct cs_buf b;
		cs_refuse(r, CS_R_FEW_PLATEAUS, &b);
		cs_put_few_levels(&b, s, w->n, "sweep", "cache");
		note_outliers(r, &o);
		return;
	}
	for (uint32_t k = 0; k < s->n_knees; k++) {
		r->knees[k].has_bytes = 1;
		r->knees[k].bytes = s->knee[k];
		r->knees[k].has_retired = 1;
		r->knees[k].retired_bytes = s->retired[k];
		r->knees[k].has_range = 1;
		r->knees[k].range_lo = s->retired[k];
		r->knees[k].range_hi = s->first[k];
	}
	r->n_knees = s->n_knees;
	match_published(c, w, r, s->n_knees);
	cs_gap_order(r);
	note_outliers(r, &o);
}
