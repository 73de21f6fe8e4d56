/* sweep.c: reduction.md s.1 to s.4, from sorted points to levels and knees.
 * Indices i, j, k are into the surviving points w->pts[0 .. w->n). */
#include "internal.h"
#include "../common/csmath.h"

/* s.1: drop points whose shortest block is under 100 quanta. Returns 0 when
 * the sweep stands, -1 when more than half failed (refused). */
static int block_length(const struct cs_capture *c, struct cs_work *w,
			struct cs_result *r)
{
	if (!c->clock.has_quantum)
		return 0; /* nothing to compare with: every point passes */
	double need = CS_BLOCK_MIN_QUANTA * c->clock.quantum_ns;
	uint32_t kept = 0, total = w->n;
	double shortest = 0;
	for (uint32_t i = 0; i < total; i++) {
		const struct cs_point *p = &w->pts[i];
		if (p->has_block && p->block_ns < need) {
			if (shortest == 0 || p->block_ns < shortest)
				shortest = p->block_ns;
			continue;
		}
		w->pts[kept++] = *p;
	}
	w->n = kept;
	uint32_t failed = total - kept;
	if ((double)failed > CS_BLOCK_MAX_FAIL_FRACTION * (double)total) {
		struct cs_buf b;
		cs_refuse(r, CS_R_BLOCK_LENGTH, &b);
		cs_put_u64(&b, failed);
		cs_puts(&b, " of ");
		cs_put_u64(&b, total);
		cs_puts(&b, " points were timed in blocks shorter than 100 clock quanta (");
		cs_put_g(&b, need, 4);
		cs_puts(&b, " ns at a quantum of ");
		cs_put_g(&b, c->clock.quantum_ns, 4);
		cs_puts(&b, " ns; shortest block ");
		cs_put_g(&b, shortest, 4);
		cs_puts(&b, " ns): more than half, so the sweep is not reduced");
		return -1;
	}
	return 0;
}

/* s.2: left to right, the longest flat run from i; a plateau when it has
 * enough points and spans a doubling. Plateaus go straight into s.3. */
static void plateaus_and_levels(struct cs_work *w, struct cs_result *r)
{
	const struct cs_point *p = w->pts;
	uint32_t n = w->n, i = 0;
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
		r->n_plateaus++;
		/* s.3: open a new level, or join the one open */
		struct cs_level *open = r->n_levels ? &r->levels[r->n_levels - 1] : NULL;
		if (!open || lo >= CS_LEVEL_RATIO * open->floor_ns) {
			if (r->n_levels < CS_MAX_LEVELS) {
				struct cs_level *L = &r->levels[r->n_levels++];
				L->floor_ns = lo;
				L->first = i;
				L->last = j;
			}
		} else {
			open->last = j;
			if (lo < open->floor_ns)
				open->floor_ns = lo;
		}
		i = j + 1;
	}
	for (uint32_t l = 0; l < r->n_levels; l++) {
		r->levels[l].first_bytes = p[r->levels[l].first].bytes;
		r->levels[l].last_bytes = p[r->levels[l].last].bytes;
	}
}

/* s.4: where the curve crosses the geometric mean of two floors. */
static double knee_between(const struct cs_work *w, const struct cs_level *a,
			   const struct cs_level *b)
{
	const struct cs_point *p = w->pts;
	double g = cs_sqrt(a->floor_ns * b->floor_ns);
	uint32_t k = a->last + 1;
	while (k < b->first && p[k].ns < g)
		k++;
	/* p[b->first].ns >= floor_b > g, so k stops inside the range */
	if (p[k - 1].ns >= g)
		return p[k - 1].bytes;
	double l0 = cs_log(p[k - 1].bytes), l1 = cs_log(p[k].bytes);
	double f = (g - p[k - 1].ns) / (p[k].ns - p[k - 1].ns);
	return cs_exp(l0 + f * (l1 - l0));
}

/* The n-th published data or unified level, ascending; 0 when none. */
static uint32_t published_levels(const struct cs_capture *c, double *size,
				 uint32_t *level, uint32_t max)
{
	uint32_t n = 0;
	uint32_t last = 0;
	for (;;) {
		/* the smallest level above 'last' that has a data/unified cache */
		uint32_t best = 0;
		double best_size = 0;
		for (uint32_t i = 0; i < c->n_caches; i++) {
			const struct cs_cache *k = &c->caches[i];
			if (k->type == CS_CACHE_INSTRUCTION || k->level <= last)
				continue;
			if (!best || k->level < best) {
				best = k->level;
				best_size = (double)k->size_bytes;
			}
		}
		if (!best || n >= max)
			return n;
		size[n] = best_size;
		level[n] = best;
		n++;
		last = best;
	}
}

static void put_level_name(struct cs_buf *b, uint32_t level)
{
	cs_putc(b, 'L');
	cs_put_u64(b, level);
}

static void match_published(const struct cs_capture *c, const struct cs_work *w,
			    struct cs_result *r, uint32_t found)
{
	double size[CS_MAX_KNEES];
	uint32_t level[CS_MAX_KNEES];
	uint32_t np = published_levels(c, size, level, CS_MAX_KNEES);
	double top = w->n ? w->pts[w->n - 1].bytes : 0;
	struct cs_buf b;

	for (uint32_t n = 0; n < found; n++) {
		struct cs_knee *k = &r->knees[n];
		if (n < np) {
			k->has_published = 1;
			k->published_bytes = size[n];
			k->published_level = level[n];
			k->has_gap = 1;
			k->gap = k->bytes / size[n] - 1;
			continue;
		}
		cs_refuse(r, CS_R_KNEE_UNMATCHED, &b);
		cs_puts(&b, "knee ");
		cs_put_u64(&b, n + 1);
		cs_puts(&b, " at ");
		cs_put_size(&b, k->bytes);
		if (np) {
			cs_puts(&b, " lies past the last published level (");
			put_level_name(&b, level[np - 1]);
			cs_puts(&b, ", ");
			cs_put_size(&b, size[np - 1]);
			cs_puts(&b, ")");
		} else {
			cs_puts(&b, " has no published cache to compare with");
		}
		cs_puts(&b, ": a step of the memory plateau (TLB reach, nested paging) may look so; it is not assigned to a cache");
	}
	/* published levels the sweep found no knee for: missing, never guessed */
	for (uint32_t n = found; n < np && r->n_knees < CS_MAX_KNEES; n++) {
		struct cs_knee *k = &r->knees[r->n_knees++];
		k->has_published = 1;
		k->published_bytes = size[n];
		k->published_level = level[n];
		cs_refuse(r, CS_R_KNEE_MISSING, &b);
		cs_puts(&b, "no knee for the published ");
		put_level_name(&b, level[n]);
		cs_puts(&b, " (");
		cs_put_size(&b, size[n]);
		if (top < size[n]) {
			cs_puts(&b, "): the sweep stops at ");
			cs_put_size(&b, top);
			cs_puts(&b, ", short of it");
		} else {
			cs_puts(&b, "): no further level was found in the sweep up to ");
			cs_put_size(&b, top);
		}
	}
}

static void gap_order(struct cs_result *r)
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

void cs_reduce_sweep(const struct cs_capture *c, struct cs_work *w,
		     struct cs_result *r)
{
	if (block_length(c, w, r))
		return;
	r->n_used = w->n;
	plateaus_and_levels(w, r);
	if (r->n_levels < CS_MIN_LEVELS) {
		struct cs_buf b;
		cs_refuse(r, CS_R_FEW_PLATEAUS, &b);
		cs_puts(&b, "the sweep shows ");
		cs_put_u64(&b, r->n_plateaus);
		cs_puts(&b, r->n_plateaus == 1 ? " plateau" : " plateaus");
		cs_puts(&b, " forming ");
		cs_put_u64(&b, r->n_levels);
		cs_puts(&b, r->n_levels == 1 ? " level" : " levels");
		cs_puts(&b, " over ");
		cs_put_u64(&b, w->n);
		cs_puts(&b, " points; naming a cache needs two levels whose floors differ by at least 1.35x");
		return;
	}
	uint32_t found = 0;
	for (uint32_t l = 0; l + 1 < r->n_levels && found < CS_MAX_KNEES; l++) {
		struct cs_knee *k = &r->knees[found++];
		k->has_bytes = 1;
		k->bytes = knee_between(w, &r->levels[l], &r->levels[l + 1]);
		k->has_retired = 1;
		k->retired_bytes = r->levels[l].last_bytes;
	}
	r->n_knees = found;
	match_published(c, w, r, found);
	gap_order(r);
}
