/* tlb_reduce.c: the TLB kind's reduction (tlb_kind.h, docs/tlb.md), the
 * reduce column of common/kinds.h. The rules of the sweep (reduce/sweep.c:
 * block length, plateaus, levels, knees, the grid's span, the pairing) are
 * called, not copied; what is new here is their words for TLB levels, the
 * aliasing knee, and the two staircases. Freestanding. */
#include "tlb_kind.h"
#include "../../reduce/kinds.h"
#include "../../common/csmath.h"
#include "../../reduce/internal.h"

void cs_put_page(struct cs_buf *b, uint64_t page_bytes)
{
	cs_put_size(b, (double)page_bytes);
}

#define DOUBLE_MAX 1.7976931348623157e308

double cs_tlb_reach(double entries, uint64_t page_bytes)
{
	double p = (double)page_bytes;
	return p > 0 && entries > DOUBLE_MAX / p ? DOUBLE_MAX : entries * p;
}

uint32_t cs_tlb_levels(const struct cs_capture *c, uint64_t page_bytes,
		       double *entries, uint32_t *level, uint32_t max)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < c->tlb.n_published && i < CS_MAX_TLBS; i++) {
		const struct cs_tlb *t = &c->tlb.published[i];
		if (t->page_bytes != page_bytes || t->type == CS_CACHE_INSTRUCTION)
			continue;
		double e = (double)t->entries;
		uint32_t j = n, dup = 0;
		for (uint32_t d = 0; d < n; d++)
			dup |= level[d] == t->level && entries[d] == e;
		if (dup || n >= max)
			continue;
		while (j > 0 && (level[j - 1] > t->level ||
				 (level[j - 1] == t->level && entries[j - 1] > e))) {
			entries[j] = entries[j - 1];
			level[j] = level[j - 1];
			j--;
		}
		entries[j] = e;
		level[j] = t->level;
		n++;
	}
	return n;
}

/* ---- the series' refusals, worded for TLB levels ---- */

static struct cs_buf *refuse(struct cs_tlb_series_result *s, const char *code,
			     struct cs_buf *b)
{
	if (s->n_refusals >= CS_TLB_MAX_REFUSALS) {
		cs_buf_init(b, NULL, 0);
		return b;
	}
	cs_refusal_set(&s->refusals[s->n_refusals++], code, b);
	cs_puts(b, "TLB sweep, ");
	cs_put_page(b, s->page_bytes);
	cs_puts(b, " pages: ");
	return b;
}

/* A knee (three figures) or a published count (every figure). */
static void put_entries(struct cs_buf *b, double entries)
{
	/* whole counts in full; the test needs no conversion (a count past
	 * 2^64 has no integer type to go to) */
	int whole = entries < 18446744073709551616.0 && entries == cs_floor(entries);
	cs_put_g(b, entries, whole ? 9 : 3);
	cs_puts(b, entries == 1 ? " entry" : " entries");
}

static void put_tlb_name(struct cs_buf *b, uint32_t level)
{
	cs_putc(b, 'L');
	cs_put_u64(b, level);
	cs_puts(b, " TLB");
}

/* reduction.md s.4's limits, said as the sweep's are (the section is for
 * the reader of docs/, not of the report: issue 40 item 5) */
static void put_limits(struct cs_buf *b)
{
	cs_put_pair_limits(b);
}

static void refuse_unmatched(const struct cs_capture *c, struct cs_tlb_series_result *s,
			     uint32_t n, const struct cs_tlb_knee *k, const double *pe,
			     const uint32_t *pl, uint32_t np)
{
	struct cs_buf b;
	refuse(s, CS_R_KNEE_UNMATCHED, &b);
	cs_puts(&b, "knee ");
	cs_put_u64(&b, n + 1);
	cs_puts(&b, " at ");
	put_entries(&b, k->entries);
	cs_puts(&b, " (reach ");
	cs_put_size(&b, cs_tlb_reach(k->entries, s->page_bytes));
	cs_puts(&b, ")");
	if (!np) {
		if (c->tlb.published_null) {
			cs_puts(&b, " has nothing to compare with: the processor publishes no TLB sizes (");
			cs_puts(&b, c->tlb.published_reason);
			cs_puts(&b, ")");
		} else {
			cs_puts(&b, " has no published data or unified TLB for these pages to compare with");
		}
		cs_puts(&b, "; it is not assigned to a TLB");
		return;
	}
	uint32_t near = 0;
	for (uint32_t j = 1; j < np; j++)
		if (cs_log2_ratio(k->entries, pe[j]) < cs_log2_ratio(k->entries, pe[near]))
			near = j;
	cs_puts(&b, " is paired with no published TLB: the nearest is ");
	put_tlb_name(&b, pl[near]);
	cs_puts(&b, " (");
	put_entries(&b, pe[near]);
	cs_puts(&b, "), and the knee is ");
	cs_put_g(&b, k->entries / pe[near], 3);
	cs_puts(&b, "x that; ");
	put_limits(&b);
	cs_puts(&b, "; it is not assigned to a TLB");
}

static void refuse_missing(struct cs_tlb_series_result *s, double entries,
			   uint32_t level, double top)
{
	struct cs_buf b;
	refuse(s, CS_R_KNEE_MISSING, &b);
	cs_puts(&b, "no knee for the published ");
	put_tlb_name(&b, level);
	cs_puts(&b, " (");
	put_entries(&b, entries);
	if (top < entries) {
		cs_puts(&b, "): the sweep stops at ");
		cs_put_g(&b, top, 6);
		cs_puts(&b, " pages, short of it");
	} else {
		cs_puts(&b, "): the sweep went past it, up to ");
		cs_put_g(&b, top, 6);
		cs_puts(&b, " pages, and left no knee paired with it (");
		put_limits(&b);
		cs_puts(&b, ")");
	}
	cs_puts(&b, "; missing, never guessed");
}

static void refuse_alias(struct cs_tlb_series_result *s, uint32_t n,
			 const struct cs_tlb_knee *k)
{
	struct cs_buf b;
	refuse(s, CS_R_TLB_ALIAS, &b);
	cs_puts(&b, "knee ");
	cs_put_u64(&b, n + 1);
	cs_puts(&b, " at ");
	cs_put_g(&b, k->entries, 3);
	cs_puts(&b, " pages lies from ");
	cs_put_u64(&b, s->alias_lines);
	cs_puts(&b, " to ");
	cs_put_g(&b, CS_TLB_ALIAS_SPAN, 6);
	cs_puts(&b, "x ");
	cs_put_u64(&b, s->alias_lines);
	cs_puts(&b, " pages: past "); /* docs/tlb.md s.5 */
	cs_put_u64(&b, s->alias_lines);
	cs_puts(&b, " pages the window's lines are reached through several virtual addresses, "
		    "which a cache tagged by virtual address pays for: the data's aliasing, not a TLB level");
}

/* ---- one series ---- */

/* The series' points into w, sorted by pages; -1 when malformed (named as
 * the sweep's are, cs_malformed: "tlb[S].points[I].FIELD: ..."). */
static int load_points(const struct cs_tlb_series *ser, uint32_t si, struct cs_work *w,
		       char *err, size_t errlen)
{
	static const char *const must = "must be a positive finite number";
	char what[32];
	struct cs_buf b;
	cs_buf_init(&b, what, sizeof what);
	cs_puts(&b, "tlb[");
	cs_put_u64(&b, si);
	cs_puts(&b, "].points");
	w->n = 0;
	for (uint32_t i = 0; i < ser->n && i < CS_TLB_MAX_POINTS; i++) {
		const struct cs_tlb_point *p = &ser->pts[i];
		if (!cs_positive(p->pages))
			return cs_malformed(err, errlen, what, i, "pages", must, p->pages);
		if (!cs_positive(p->ns))
			return cs_malformed(err, errlen, what, i, "ns", must, p->ns);
		if (p->has_block && !cs_positive(p->block_ns))
			return cs_malformed(err, errlen, what, i, "block_ns", must, p->block_ns);
		struct cs_point v = { p->pages, p->ns, p->has_block, p->block_ns };
		uint32_t j = w->n++;
		while (j > 0 && w->pts[j - 1].bytes > v.bytes) {
			w->pts[j] = w->pts[j - 1];
			j--;
		}
		w->pts[j] = v;
	}
	for (uint32_t i = 1; i < w->n; i++)
		if (w->pts[i].bytes == w->pts[i - 1].bytes)
			return cs_malformed(err, errlen, what, i, "pages",
					    "counts must be distinct: duplicate", w->pts[i].bytes);
	return 0;
}

/* docs/reduction.md s.6 on the series: a clamp the clock cannot honour refuses
 * it whole, as it does the sweep. 1 when refused. */
static int clock_unusable(const struct cs_capture *c, struct cs_tlb_series_result *s)
{
	if (!cs_clamp_refused(c))
		return 0;
	struct cs_buf b;
	refuse(s, CS_R_CLOCK, &b);
	cs_put_clock_unusable(&b, &c->clock);
	return 1;
}

/* s.1 on the series; 0 when it stands. */
static int block_length(const struct cs_capture *c, struct cs_work *w,
			struct cs_tlb_series_result *s)
{
	uint32_t total = w->n;
	double shortest;
	uint32_t failed = cs_drop_short_blocks(&c->clock, w, &shortest);
	if (!cs_block_refused(failed, total))
		return 0;
	struct cs_buf b;
	refuse(s, CS_R_BLOCK_LENGTH, &b);
	cs_put_block_length(&b, failed, total, &c->clock, shortest, "this TLB sweep");
	return -1;
}

static void grid(struct cs_work *w, struct cs_tlb_series_result *s)
{
	static const struct cs_units pages = { "page counts", "page count", "TLB level" };
	double span = cs_grid_span(w);
	if (!(span > CS_GRID_SPAN_MAX))
		return;
	struct cs_buf b;
	refuse(s, CS_R_GRID_COARSE, &b);
	cs_put_grid_coarse(&b, span, &pages);
}

static void set_missing(struct cs_tlb_knee *k, double entries, uint32_t level)
{
	cs_memset(k, 0, sizeof *k);
	k->has_published = 1;
	k->published_entries = entries;
	k->published_level = level;
}

/* s.3 of docs/tlb.md: pair the knees that are not aliasing with the
 * published levels, list the missing levels in their places as the sweep
 * does (cs_knee_table, docs/reduction.md s.4 v2), and say why for each. */
static void pair(const struct cs_capture *c, struct cs_tlb_series_result *s,
		 const struct cs_tlb_knee *found, uint32_t nf, double top)
{
	double pe[CS_MAX_KNEES], kx[CS_MAX_KNEES];
	uint32_t pl[CS_MAX_KNEES];
	uint8_t alias[CS_MAX_KNEES];
	struct cs_table_row row[CS_TLB_MAX_KNEES];
	uint32_t np = cs_tlb_levels(c, s->page_bytes, pe, pl, CS_MAX_KNEES);

	for (uint32_t i = 0; i < nf; i++) {
		kx[i] = found[i].entries;
		alias[i] = (uint8_t)found[i].alias;
	}
	uint32_t out = cs_knee_table(kx, alias, nf, pe, np, row, CS_TLB_MAX_KNEES);
	for (uint32_t n = 0; n < out; n++) {
		struct cs_tlb_knee *k = &s->knees[n];
		uint32_t j = (uint32_t)row[n].level;
		if (row[n].knee < 0) {
			set_missing(k, pe[j], pl[j]);
			continue;
		}
		*k = found[row[n].knee];
		if (row[n].level >= 0) {
			k->has_published = 1;
			k->published_entries = pe[j];
			k->published_level = pl[j];
			k->has_gap = 1;
			k->gap = k->entries / pe[j] - 1;
		}
	}
	s->n_knees = out;
	for (uint32_t n = 0; n < out; n++) {
		const struct cs_tlb_knee *k = &s->knees[n];
		if (!k->has_entries)
			refuse_missing(s, k->published_entries, k->published_level, top);
		else if (k->alias)
			refuse_alias(s, n, k);
		else if (!k->has_published)
			refuse_unmatched(c, s, n, k, pe, pl, np);
	}
}

/* The staircase (reduce/staircase.h) of the series in entries: its
 * levels, its climbs' refusals (reduction.md s.9), and its knees, each
 * named aliasing or not. Returns how many knees it found. */
static uint32_t staircase(struct cs_work *w, struct cs_tlb_series_result *s,
			  struct cs_tlb_knee *found)
{
	static const struct cs_units pages = { "page counts", "page count", "TLB level" };
	struct cs_stair *st = &w->stair;
	struct cs_outliers o;
	if (cs_drop_outliers(w, &o)) { /* reduction.md s.1: left out, said */
		struct cs_buf b;
		refuse(s, CS_R_OUTLIER, &b);
		cs_put_outliers(&b, &o, &pages);
	}
	cs_staircase(w->pts, w->n, st);
	s->n_plateaus = st->n_plateaus;
	s->n_levels = st->n_levels;
	cs_memcpy(s->levels, st->levels, s->n_levels * sizeof s->levels[0]);
	s->climbs = st->climbs;
	for (uint32_t i = 0; i < st->climbs.n; i++) {
		struct cs_buf b;
		refuse(s, CS_R_CLIMB, &b);
		cs_put_climb(&b, &st->climbs, i, 1);
	}
	if (s->n_levels < CS_MIN_LEVELS) {
		struct cs_buf b;
		refuse(s, CS_R_FEW_PLATEAUS, &b);
		cs_put_few_levels(&b, st, w->n, "curve", "TLB level");
		return 0;
	}
	uint32_t nf = 0;
	for (uint32_t l = 0; l < st->n_knees && nf < CS_TLB_MAX_KNEES; l++) {
		struct cs_tlb_knee *k = &found[nf++];
		cs_memset(k, 0, sizeof *k);
		k->has_entries = 1;
		k->entries = st->knee[l];
		k->has_retired = 1;
		k->retired_entries = st->retired[l];
		k->has_range = 1;
		k->range_lo = st->retired[l];
		k->range_hi = st->first[l];
		k->alias = s->alias_lines && k->entries >= (double)s->alias_lines &&
			   k->entries <= CS_TLB_ALIAS_SPAN * (double)s->alias_lines;
	}
	return nf;
}

static void series(const struct cs_capture *c, struct cs_work *w,
		   struct cs_tlb_series_result *s)
{
	struct cs_tlb_knee found[CS_TLB_MAX_KNEES];

	s->n_used = w->n;
	if (block_length(c, w, s))
		return;
	s->n_used = w->n;
	grid(w, s);
	uint32_t nf = staircase(w, s, found);
	if (s->n_levels < CS_MIN_LEVELS)
		return;
	pair(c, s, found, nf, w->n ? w->pts[w->n - 1].bytes : 0);
}

/* ---- the two staircases (s.4) ---- */

static void staircases(const struct cs_capture *c, const struct cs_result *r,
		       struct cs_tlb_result *t)
{
	for (uint32_t n = 0; n < r->n_knees && t->n_translation < CS_MAX_KNEES; n++) {
		const struct cs_knee *dk = &r->knees[n];
		struct cs_tlb_translation best = { 0 };
		double best_off = 0;
		if (!dk->has_bytes)
			continue;
		for (uint32_t i = 0; i < t->n_series; i++) {
			const struct cs_tlb_series_result *s = &t->series[i];
			if (c->tlb.has_pool_pages && s->page_bytes != c->tlb.pool_pages)
				continue; /* not the pages the data sweep ran on */
			for (uint32_t k = 0; k < s->n_knees; k++) {
				const struct cs_tlb_knee *tk = &s->knees[k];
				if (!tk->has_entries || tk->alias)
					continue;
				double reach = cs_tlb_reach(tk->entries, s->page_bytes);
				double off = cs_fabs(dk->bytes / reach - 1);
				if (off > CS_TLB_TRANSLATION_NEAR || (best.reach > 0 && off >= best_off))
					continue;
				best = (struct cs_tlb_translation){ n, dk->bytes, s->page_bytes,
								    tk->has_published ? tk->published_level : 0,
								    tk->entries, reach };
				best_off = off;
			}
		}
		if (best.reach > 0)
			t->translation[t->n_translation++] = best;
	}
}

/* sweep_large_pages, reduced as the sweep is (docs/reduction.md), in a capture
 * of its own (w's side): the same clock and published caches, its points. */
static void large(const struct cs_capture *c, struct cs_work *w, struct cs_tlb_result *t)
{
	struct cs_capture *side = &w->side;
	cs_capture_init(side);
	side->clock = c->clock;
	side->n_caches = c->n_caches;
	cs_memcpy(side->caches, c->caches, sizeof side->caches);
	side->n_points = c->tlb.n_large;
	cs_memcpy(side->points, c->tlb.large, c->tlb.n_large * sizeof side->points[0]);
	t->has_large = 1;
	if (cs_reduce(side, w, &w->side_res, t->large_err, sizeof t->large_err) != 0)
		return; /* large_err says why; the rest stands */
	t->large_reduced = 1;
	t->n_large_levels = w->side_res.n_levels;
	cs_memcpy(t->large_levels, w->side_res.levels, t->n_large_levels * sizeof t->large_levels[0]);
	t->n_large_knees = w->side_res.n_knees;
	cs_memcpy(t->large_knees, w->side_res.knees, t->n_large_knees * sizeof t->large_knees[0]);
	t->n_large_refusals = w->side_res.n_refusals;
	cs_memcpy(t->large_refusals, w->side_res.refusals,
		  t->n_large_refusals * sizeof t->large_refusals[0]);
	t->large_climbs = w->side_res.climbs;
}

int cs_tlb_reduce_result(const struct cs_capture *c, const struct cs_result *r, struct cs_work *w,
			 struct cs_tlb_result *t, char *err, size_t errlen)
{
	const struct cs_tlb_capture *k = &c->tlb;
	/* The counts and flags, and only the series used: the whole result is
	 * over 100 KB (refusal texts), and zeroing it for every capture, most
	 * with no TLB member, cost a fifth of make bench's read + reduce.
	 * Every reader of it stops at the counts. */
	t->n_translation = 0;
	t->has_large = t->large_reduced = 0;
	t->large_err[0] = 0;
	t->n_large_levels = t->n_large_knees = t->n_large_refusals = 0;
	t->large_climbs.n = t->large_climbs.n_knees = 0;
	t->present = k->has_published || k->n_series || k->has_pool_pages || k->has_large;
	t->n_series = k->n_series < CS_TLB_MAX_SIZES ? k->n_series : CS_TLB_MAX_SIZES;
	for (uint32_t i = 0; i < t->n_series; i++) {
		const struct cs_tlb_series *ser = &k->series[i];
		struct cs_tlb_series_result *s = &t->series[i];
		cs_memset(s, 0, sizeof *s);
		s->page_bytes = ser->page_bytes;
		s->alias_lines = ser->alias_lines;
		s->n_points = ser->n;
		if (ser->refused) {
			struct cs_buf b;
			refuse(s, CS_R_TLB_NOT_MEASURED, &b);
			cs_puts(&b, ser->refusal);
			continue;
		}
		s->measured = 1;
		if (load_points(ser, i, w, err, errlen) != 0)
			return -1;
		if (!clock_unusable(c, s))
			series(c, w, s);
	}
	staircases(c, r, t);
	if (k->has_large)
		large(c, w, t);
	return 0;
}

/* The reduce column (common/kinds.h): after the sweep's, whose knees the
 * two staircases read. */
int cs_tlb_reduce(const struct cs_capture *c, struct cs_work *w, struct cs_result *r,
		  char *err, size_t errlen)
{
	return cs_tlb_reduce_result(c, r, w, &r->tlb, err, errlen);
}
