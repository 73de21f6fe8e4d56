/* summary.c: the answer at a glance (summary.h, docs/summary.md): the rows
 * from the knee table of struct cs_result, their sentences, the trust
 * line. Freestanding. */
#include "summary.h"
#include "rules.h"
#include "json.h"
#include "emulated.h"
#include "query.h"

typedef void (*cs_summary_fn)(struct cs_summary *s, int row, const struct cs_capture *c,
			      const struct cs_result *r);
static const cs_summary_fn summaries[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, after, summary, ...) summary,
	CS_KINDS
#undef CS_KIND
};

void cs_none_summary(struct cs_summary *s, int row, const struct cs_capture *c,
		     const struct cs_result *r)
{
	(void)s;
	(void)row;
	(void)c;
	(void)r;
}

static int has_refusal(const struct cs_result *r, const char *code)
{
	for (uint32_t i = 0; i < r->n_refusals && i < CS_MAX_REFUSALS; i++)
		if (cs_streq(r->refusals[i].code, code))
			return 1;
	return 0;
}

/* The deepest published data or unified level: shared, as a rule (s.3). */
static uint32_t last_level(const struct cs_capture *c)
{
	uint32_t top = 0;
	for (uint32_t i = 0; i < c->n_caches && i < CS_MAX_CACHES; i++)
		if (c->caches[i].type != CS_CACHE_INSTRUCTION && c->caches[i].level > top)
			top = c->caches[i].level;
	return top;
}

static void put_level(struct cs_buf *b, uint32_t level, double bytes)
{
	cs_putc(b, 'L');
	cs_put_u64(b, level);
	cs_puts(b, " (");
	cs_put_size(b, bytes);
	cs_putc(b, ')');
}

static void put_percent(struct cs_buf *b, double ratio)
{
	cs_puts(b, "about ");
	cs_put_u64(b, (uint64_t)(100 * ratio + 0.5));
	cs_puts(b, " % of it");
}

/* s.3: the virtual machine's words, only where the capture says it is one */
static void vm_words(struct cs_buf *b, const struct cs_capture *c, uint32_t level)
{
	if (c->vm == 1 && level == last_level(c))
		cs_puts(b, "; a shared level in a virtual machine does this");
}

static void put_ratio(struct cs_buf *b, double lo, double hi)
{
	cs_put_fixed(b, lo, 2);
	if (hi > lo * 1.005) { /* two figures where they print apart */
		cs_puts(b, "x to ");
		cs_put_fixed(b, hi, 2);
	}
	cs_putc(b, 'x');
}

static void put_witness(struct cs_buf *b, const struct cs_summary_witness *x)
{
	cs_puts(b, cs_streq(x->kind, CS_W_LATENCY) ? "the latency knee"
		   : cs_streq(x->kind, CS_W_READ) ? "the read-bandwidth knee"
						  : "the geometry (ways x sets)");
	cs_putc(b, ' ');
	cs_put_size(b, x->bytes);
}

/* s.2a: which witnesses the verdict rests on, and whether they agree */
static void witness_words(struct cs_buf *b, const struct cs_summary_row *w)
{
	const struct cs_summary_witness *x = w->witness;
	if (w->n_witnesses == 1) {
		cs_puts(b, "; the only witness: ");
		put_witness(b, &x[0]);
		return;
	}
	if (w->agree == 1) {
		cs_puts(b, "; ");
		cs_put_u64(b, w->n_witnesses);
		cs_puts(b, " witnesses agree within ");
		cs_put_g(b, CS_SUMMARY_WITNESS_AGREE, 3);
		cs_puts(b, "x: ");
		for (uint32_t i = 0; i < w->n_witnesses; i++) {
			cs_puts(b, i ? (i + 1 == w->n_witnesses ? " and " : ", ") : "");
			put_witness(b, &x[i]);
		}
		return;
	}
	const struct cs_summary_witness *a = &x[w->apart[0]], *z = &x[w->apart[1]];
	cs_puts(b, "; the witnesses disagree: ");
	put_witness(b, a);
	cs_puts(b, " against ");
	put_witness(b, z);
	cs_puts(b, " (");
	cs_put_fixed(b, a->bytes > z->bytes ? a->bytes / z->bytes : z->bytes / a->bytes, 1);
	cs_puts(b, "x apart, more than ");
	cs_put_g(b, CS_SUMMARY_WITNESS_AGREE, 3);
	cs_puts(b, "x)");
	if (w->n_witnesses > 2) {
		cs_puts(b, " of ");
		cs_put_u64(b, w->n_witnesses);
	}
}

/* s.2: the claim P held against every witness's range together: smaller
 * or larger only where all of them are, so a disagreement never claims
 * more than the witnesses share */
static const char *judged(struct cs_buf *b, const struct cs_capture *c, const struct cs_summary_row *w)
{
	double P = w->claimed_bytes, lo = w->range_lo / P, hi = w->range_hi / P;
	const char *v;
	if (lo > CS_SUMMARY_CLAIM_FACTOR) {
		cs_puts(b, "larger than claimed: ");
		put_ratio(b, lo, hi);
		cs_puts(b, " the published size (more than ");
		cs_put_g(b, CS_SUMMARY_CLAIM_FACTOR, 3);
		cs_puts(b, "x)");
		v = CS_V_LARGER;
	} else if (hi < 1 / CS_SUMMARY_CLAIM_FACTOR) {
		cs_puts(b, "smaller than claimed: this run held ");
		if (hi > lo * 1.005) {
			cs_puts(b, "between about ");
			cs_put_u64(b, (uint64_t)(100 * lo + 0.5));
			cs_puts(b, " and ");
			cs_put_u64(b, (uint64_t)(100 * hi + 0.5));
			cs_puts(b, " % of it");
		} else {
			put_percent(b, hi);
		}
		vm_words(b, c, w->level);
		v = CS_V_SMALLER;
	} else {
		cs_puts(b, w->agree == 0 ? "as claimed only as far as the witnesses together allow: "
					 : "as claimed: ");
		put_ratio(b, lo, hi);
		cs_puts(b, " the published size (within ");
		cs_put_g(b, CS_SUMMARY_CLAIM_FACTOR, 3);
		cs_puts(b, "x)");
		v = CS_V_AS_CLAIMED;
	}
	witness_words(b, w);
	return v;
}

/* The climb (s.9 of reduction.md) whose span reaches P's pairing range. */
static const struct cs_climb *climb_at(const struct cs_result *r, double P)
{
	for (uint32_t i = 0; i < r->climbs.n && i < CS_MAX_CLIMBS; i++) {
		const struct cs_climb *cl = &r->climbs.climb[i];
		if (cl->last_bytes >= P / CS_PAIR_BELOW && cl->first_bytes <= CS_PAIR_ABOVE * P)
			return cl;
	}
	return 0;
}

/* An unmatched knee just below row n, after the previous paired one. */
static const struct cs_knee *unmatched_below(const struct cs_result *r, uint32_t n)
{
	for (uint32_t i = n; i-- > 0;) {
		const struct cs_knee *k = &r->knees[i];
		if (k->has_published)
			return 0;
		if (k->has_bytes)
			return k;
	}
	return 0;
}

/* s.2: a published level with no knee */
static const char *unpaired(struct cs_buf *b, const struct cs_result *r, uint32_t n)
{
	const struct cs_knee *k = &r->knees[n], *u;
	const struct cs_climb *cl = climb_at(r, k->published_bytes);
	if (r->top_bytes < k->published_bytes) {
		cs_puts(b, "not measured: the sweep stopped short of it, at ");
		cs_put_size(b, r->top_bytes);
		return CS_V_NOT_MEASURED;
	}
	if (has_refusal(r, CS_R_GRID_COARSE)) {
		cs_puts(b, "not measured: the sweep's grid cannot see it (" CS_R_GRID_COARSE ")");
		return CS_V_NOT_MEASURED;
	}
	cs_puts(b, "missing: no knee paired");
	if (cl) {
		cs_puts(b, "; from ");
		cs_put_size(b, cl->first_bytes);
		cs_puts(b, " to ");
		cs_put_size(b, cl->last_bytes);
		cs_puts(b, " the latency climbs smoothly, with no step to mark a level (" CS_R_CLIMB ")");
	} else if ((u = unmatched_below(r, n)) != 0) {
		cs_puts(b, "; the unmatched knee at ");
		cs_put_size(b, u->bytes);
		cs_puts(b, " may be the part of it this run held");
	}
	return CS_V_MISSING;
}

/* The next published level after row n (paired or not), or 0. */
static const struct cs_knee *next_level(const struct cs_result *r, uint32_t n)
{
	for (uint32_t i = n + 1; i < r->n_knees; i++)
		if (r->knees[i].has_published)
			return &r->knees[i];
	return 0;
}

static const struct cs_knee *paired_below(const struct cs_result *r, uint32_t n)
{
	for (uint32_t i = n; i-- > 0;)
		if (r->knees[i].has_published)
			return &r->knees[i];
	return 0;
}

/* s.2b: a kind explains unmatched knee n from what it measured (query.h):
 * the TLB kind a TLB's reach, or page walks */
static int explain(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r,
		   uint32_t n, enum cs_question what)
{
	struct cs_query q = { what, n, { 0 }, b };
	return cs_ask(&q, c, r);
}

/* s.2b: a knee paired with no level (more levels than caches), explained
 * from the capture where it can be: a TLB's reach, page walks, the held
 * share of a shared level with no knee of its own; else said unexplained */
static const char *unmatched(struct cs_buf *b, const struct cs_capture *c,
			     const struct cs_result *r, uint32_t n, int *explained)
{
	const struct cs_knee *k = &r->knees[n], *q = next_level(r, n), *p = paired_below(r, n);
	cs_puts(b, "unmatched: a knee paired with no published level");
	*explained = 1;
	if (!last_level(c)) {
		*explained = -1; /* nothing to explain it against */
		cs_puts(b, "; the capture publishes no data or unified cache to compare it with");
	} else if (explain(b, c, r, n, CS_Q_UNMATCHED_MEASURED)) {
		;
	} else if (q && !q->has_bytes) {
		cs_puts(b, "; explained as a shared level's share: it may be the part of ");
		put_level(b, q->published_level, q->published_bytes);
		cs_puts(b, " this run held, ");
		put_percent(b, k->bytes / q->published_bytes);
		vm_words(b, c, q->published_level);
	} else if (explain(b, c, r, n, CS_Q_UNMATCHED_INDIRECT)) {
		;
	} else {
		*explained = 0;
		cs_puts(b, "; unexplained: ");
		if (!q) {
			cs_puts(b, "past the last published level, and nothing in the capture (a TLB's reach, "
				   "page walks, a memory-side cache) accounts for it");
		} else {
			if (p) {
				cs_puts(b, "above ");
				put_level(b, p->published_level, p->published_bytes);
				cs_puts(b, ", ");
			}
			cs_puts(b, "no TLB's reach or page walk in the capture accounts for it (a prefetcher's "
				   "edge may look so)");
		}
	}
	return CS_V_UNMATCHED;
}

/* The refusals that bear on the rows: the sweep's own (s.3). */
static const char *const weighty[] = { CS_R_CLOCK, CS_R_BLOCK_LENGTH, CS_R_FEW_PLATEAUS,
				       CS_R_GRID_COARSE, CS_R_CLIMB, CS_R_COARSE_CLIMB,
				       CS_R_COARSE_NOISE };
#define N_WEIGHTY (sizeof weighty / sizeof weighty[0])

/* s.2: no knee table at all: the sweep was refused, or found one level */
static void refused_rows(struct cs_summary *s, const struct cs_capture *c,
			 const struct cs_result *r)
{
	const char *why = 0;
	for (uint32_t i = 0; i < N_WEIGHTY && !why; i++)
		if (has_refusal(r, weighty[i]))
			why = weighty[i];
	for (uint32_t i = 0; i < c->n_caches && i < CS_MAX_CACHES && s->n < CS_MAX_KNEES; i++) {
		const struct cs_cache *k = &c->caches[i];
		uint32_t j = s->n, dup = 0;
		if (k->type == CS_CACHE_INSTRUCTION)
			continue;
		for (uint32_t d = 0; d < s->n; d++)
			dup |= s->row[d].level == k->level && s->row[d].claimed_bytes == (double)k->size_bytes;
		if (dup)
			continue;
		/* by level, then size: the knee table's order (sweep.c) */
		while (j > 0 && (s->row[j - 1].level > k->level ||
				 (s->row[j - 1].level == k->level &&
				  s->row[j - 1].claimed_bytes > (double)k->size_bytes))) {
			s->row[j] = s->row[j - 1];
			j--;
		}
		struct cs_summary_row *w = &s->row[j];
		struct cs_buf b;
		cs_memset(w, 0, sizeof *w);
		w->has_level = w->has_claimed = 1;
		w->level = k->level;
		w->claimed_bytes = (double)k->size_bytes;
		w->knee = -1;
		w->verdict = CS_V_NOT_MEASURED; /* unless another witness saw it (finish) */
		cs_buf_init(&b, w->sentence, sizeof w->sentence);
		cs_puts(&b, "not measured: the sweep found no knee (");
		cs_puts(&b, why ? why : "no refusal");
		cs_puts(&b, "; see the refusals)");
		s->n++;
	}
}

/* The floor and cycles cells pair the n-th knee found with the n-th level
 * (the level below it). A knee is found where it has a size; its row gets
 * a floor where it is a witness of the level: a point, or a coarse grid's
 * range (reduction.md s.10), not a range that was refused. */
int cs_summary_knee_found(const struct cs_summary_row *w, const struct cs_result *r)
{
	return w->has_measured || (w->knee >= 0 && r->knees[w->knee].has_bytes);
}

int cs_summary_floor_shown(const struct cs_summary_row *w, const struct cs_result *r)
{
	return w->has_measured || (w->knee >= 0 && r->knees[w->knee].coarse == 1);
}

/* The kinds' cells of every row (read GB/s, geometry, cycles): the
 * summary column of the table (common/kinds.h), row -1. */
static void kind_cells(struct cs_summary *s, const struct cs_capture *c, const struct cs_result *r)
{
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		summaries[k](s, -1, c, r);
}

/* s.2a: the knee's range of sizes (the grid's last point of the faster
 * level to the first of the slower), where it spans at most
 * CS_SUMMARY_RANGE_MAX; else, or where the reduction gives none, the point */
static void knee_range(const struct cs_knee *k, double *lo, double *hi)
{
	*lo = *hi = k->bytes;
	if (k->has_range && k->range_lo <= k->range_hi &&
	    k->range_hi <= CS_SUMMARY_RANGE_MAX * k->range_lo) {
		*lo = k->range_lo;
		*hi = k->range_hi;
	}
}

static void add_witness(struct cs_summary_row *w, const char *kind, double bytes, double lo, double hi)
{
	if (w->n_witnesses >= CS_SUMMARY_MAX_WITNESSES)
		return;
	struct cs_summary_witness *x = &w->witness[w->n_witnesses++];
	x->kind = kind;
	x->bytes = bytes;
	x->lo = lo < bytes ? lo : bytes;
	x->hi = hi > bytes ? hi : bytes;
}

void cs_summary_add_knee(struct cs_summary_row *w, const char *kind, const struct cs_knee *k)
{
	double lo, hi;
	knee_range(k, &lo, &hi);
	add_witness(w, kind, k->bytes, lo, hi);
}

/* s.2a: the witnesses of row w's size, whether they agree, and the range
 * they give together (measured_range) */
static void witnesses(struct cs_summary *s, struct cs_summary_row *w, const struct cs_capture *c,
		      const struct cs_result *r)
{
	/* a coarse grid's refused range (reduction.md s.10) is no witness */
	const struct cs_knee *lat = w->knee >= 0 && r->knees[w->knee].has_bytes &&
					    r->knees[w->knee].coarse != 2
				    ? &r->knees[w->knee]
				    : 0;
	w->n_witnesses = 0;
	if (lat)
		cs_summary_add_knee(w, CS_W_LATENCY, lat);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++) /* the kinds' witnesses (the read's) */
		summaries[k](s, (int)(w - s->row), c, r);
	if (w->has_geometry)
		add_witness(w, CS_W_GEOMETRY, w->geometry_bytes, w->geometry_bytes, w->geometry_bytes);
	w->agree = w->n_witnesses < 2 ? -1 : 1;
	double worst = 0;
	for (uint32_t i = 0; i < w->n_witnesses; i++)
		for (uint32_t j = i + 1; j < w->n_witnesses; j++) {
			const struct cs_summary_witness *a = &w->witness[i], *b = &w->witness[j];
			/* s.2a: the points within the factor, or ranges the grid
			 * cannot tell apart (they overlap) */
			double gap = a->bytes > b->bytes ? a->bytes / b->bytes : b->bytes / a->bytes;
			int overlap = a->lo <= b->hi && b->lo <= a->hi;
			if (gap > CS_SUMMARY_WITNESS_AGREE && !overlap)
				w->agree = 0;
			if (gap > worst) {
				worst = gap;
				w->apart[0] = i;
				w->apart[1] = j;
			}
		}
	w->has_range = w->n_witnesses > 0;
	for (uint32_t i = 0; i < w->n_witnesses; i++) {
		const struct cs_summary_witness *x = &w->witness[i];
		if (!i || x->lo < w->range_lo)
			w->range_lo = x->lo;
		if (!i || x->hi > w->range_hi)
			w->range_hi = x->hi;
	}
}

/* s.2c: under an emulator every row says what its figures are, and no
 * claim is held against them */
static void emulated_words(struct cs_buf *b, const char *emu)
{
	cs_puts(b, "emulated: under ");
	cs_puts(b, emu);
	cs_puts(b, " these figures are the emulator's, timed on the host's caches through its "
		   "translation, not the emulated processor's; no claim is held against them");
}

/* reduction.md s.10: a coarse grid's edge whose range was refused (a climb
 * over more than an octave, or a step within the table's noise) */
static void climb_words(struct cs_buf *b, const struct cs_knee *k)
{
	cs_puts(b, "the latency climbs from ");
	cs_put_size(b, k->range_lo);
	cs_puts(b, " to ");
	cs_put_size(b, k->range_hi);
	cs_puts(b, " with no level between; no range is given (see the refusals)");
}

static const char *climbed(struct cs_buf *b, const struct cs_knee *k)
{
	cs_puts(b, "not measured: ");
	climb_words(b, k);
	return CS_V_NOT_MEASURED;
}

/* The same climb where it pairs with no published level: an edge the
 * table shows (unmatched), but no witness of any level's size. */
static const char *climbed_unmatched(struct cs_buf *b, const struct cs_knee *k)
{
	cs_puts(b, "unmatched: paired with no published level, and ");
	climb_words(b, k);
	return CS_V_UNMATCHED;
}

/* Each row's witnesses, then its verdict: emulated, or held against them
 * all, or (none) what the sweep says of it. */
static void finish(struct cs_summary *s, const struct cs_capture *c, const struct cs_result *r)
{
	char why[CS_TEXT_MAX];
	const char *emu = cs_emulated(c, why, sizeof why);
	for (uint32_t i = 0; i < s->n; i++) {
		struct cs_summary_row *w = &s->row[i];
		struct cs_buf b;
		witnesses(s, w, c, r);
		w->explained = -1;
		if (!emu && w->has_level && !w->n_witnesses && w->knee < 0)
			continue; /* refused_rows' words stand */
		cs_buf_init(&b, w->sentence, sizeof w->sentence);
		if (emu) {
			emulated_words(&b, emu);
			w->verdict = CS_V_EMULATED;
		} else if (!w->has_level && w->knee >= 0 && r->knees[w->knee].coarse == 2) {
			w->verdict = climbed_unmatched(&b, &r->knees[w->knee]);
		} else if (!w->has_level) {
			w->verdict = unmatched(&b, c, r, (uint32_t)w->knee, &w->explained);
		} else if (w->n_witnesses) {
			w->verdict = judged(&b, c, w);
		} else if (w->knee >= 0 && r->knees[w->knee].coarse == 2) {
			w->verdict = climbed(&b, &r->knees[w->knee]);
		} else {
			w->verdict = unpaired(&b, r, (uint32_t)w->knee);
		}
	}
}

/* The floor cell: the floor in ns of the level below the row's knee, by
 * the same pairing as the cycles cell (the n-th found knee tops the n-th
 * level), with or without a stable clock. */
static void floor_cells(struct cs_summary *s, const struct cs_result *r)
{
	for (uint32_t i = 0, found = 0; r->n_knees && i < s->n; i++) {
		struct cs_summary_row *w = &s->row[i];
		if (!cs_summary_knee_found(w, r))
			continue;
		if (cs_summary_floor_shown(w, r) && found < r->n_levels && r->levels[found].floor_ns > 0) {
			w->has_floor = 1;
			w->floor_ns = r->levels[found].floor_ns;
		}
		found++;
	}
}

int cs_summary_column(struct cs_summary *s, const char *heading, const char *key)
{
	if (s->n_columns >= CS_SUMMARY_MAX_COLUMNS)
		return -1;
	s->column[s->n_columns].heading = heading;
	s->column[s->n_columns].key = key;
	return (int)s->n_columns++;
}

void cs_summary_rows(struct cs_summary *s, const struct cs_capture *c,
		     const struct cs_result *r)
{
	s->n = 0;
	s->bandwidth = 0;
	s->n_columns = 0;
	if (!r->n_knees) {
		refused_rows(s, c, r);
		kind_cells(s, c, r); /* no knee: no floor paired, the cycles '-' */
		finish(s, c, r);
		return;
	}
	for (uint32_t n = 0; n < r->n_knees && n < CS_MAX_KNEES; n++) {
		const struct cs_knee *k = &r->knees[n];
		struct cs_summary_row *w = &s->row[s->n++];
		cs_memset(w, 0, sizeof *w);
		w->knee = (int)n;
		w->has_level = w->has_claimed = k->has_published;
		w->level = k->published_level;
		w->claimed_bytes = k->published_bytes;
		w->has_measured = k->has_bytes && !k->coarse;
		w->measured_bytes = k->bytes;
		w->coarse = k->coarse != 0;
		if (r->rep.n && r->rep.knee[n].has) { /* docs/repeats.md s.2 */
			w->has_spread = 1;
			w->spread_min = r->rep.knee[n].min;
			w->spread_max = r->rep.knee[n].max;
		}
	}
	kind_cells(s, c, r);
	finish(s, c, r);
	floor_cells(s, r);
}

/* Words to the width (s.4), continued at column col. */
static void put_wrapped(struct cs_buf *b, size_t s, const char *t, size_t col)
{
	while (*t) {
		size_t w = 0;
		while (t[w] && t[w] != ' ')
			w++;
		if (b->len - s > col && b->len - s + 1 + w > CS_SUMMARY_WIDTH) {
			cs_putc(b, '\n');
			s = b->len;
			cs_pad_to(b, s, col);
		} else if (b->len - s > col) {
			cs_putc(b, ' ');
		}
		cs_putn(b, t, w);
		t += w;
		while (*t == ' ')
			t++;
	}
}

static void put_opt_size(struct cs_buf *b, int has, double v)
{
	if (has)
		cs_put_size(b, v);
	else
		cs_putc(b, '-');
}

void cs_summary_trust(struct cs_buf *b, const struct cs_capture *c,
		      const struct cs_result *r)
{
	const struct cs_clock *k = &c->clock;
	uint32_t n = 0;
	size_t s = b->len;
	char line[2 * CS_SUMMARY_SENTENCE_MAX]; /* the emulator's words and the rest */
	struct cs_buf t;
	char why[CS_TEXT_MAX];
	const char *emu = cs_emulated(c, why, sizeof why);
	cs_buf_init(&t, line, sizeof line);
	if (emu) { /* s.3: said first, before anything else of the run */
		cs_puts(&t, "EMULATED by ");
		cs_puts(&t, emu);
		cs_puts(&t, " (");
		cs_puts(&t, why);
		cs_puts(&t, "): every figure is the emulator's, timed on the host's caches, and no verdict "
			    "is given;");
		if (cs_streq(c->env_kind, "synthetic"))
			cs_puts(&t, " a synthetic capture, made, not measured;");
	} else if (cs_streq(c->env_kind, "synthetic"))
		cs_puts(&t, "a synthetic capture, made, not measured;");
	else if (cs_streq(c->env_kind, "imported"))
		cs_puts(&t, "imported from another tool's output;");
	if (cs_streq(c->env_kind, "synthetic") || emu)
		; /* made, or an emulator: no machine of its own to speak of */
	else if (c->vm == 1)
		cs_puts(&t, " a virtual machine (the hypervisor bit is set): a shared level may be held only in part;");
	else if (c->vm == 0)
		cs_puts(&t, " not a virtual machine, as far as the processor says;");
	else
		cs_puts(&t, " the capture does not say whether it ran in a virtual machine;");
	cs_puts(&t, " clock ");
	cs_puts(&t, k->source[0] ? k->source : "unnamed");
	if (k->has_quantum) {
		cs_puts(&t, ", quantum ");
		cs_put_g(&t, k->quantum_ns, 3);
		cs_puts(&t, " ns");
	}
	if (k->has_clamp) {
		cs_puts(&t, ", clamp ");
		cs_put_g(&t, k->clamp_ns, 6);
		cs_puts(&t, " ns");
	}
	cs_puts(&t, "; refusals that matter:");
	for (uint32_t i = 0; i < N_WEIGHTY; i++)
		if (has_refusal(r, weighty[i])) {
			cs_puts(&t, n++ ? ", " : " ");
			cs_puts(&t, weighty[i]);
		}
	if (!n)
		cs_puts(&t, " none");
	cs_puts(b, "trust: ");
	put_wrapped(b, s, line, 7);
	cs_putc(b, '\n');
}

/* s.9 of reduction.md: each smooth climb, in a plain sentence */
static void climbs_text(struct cs_buf *b, const struct cs_result *r)
{
	for (uint32_t i = 0; i < r->climbs.n && i < CS_MAX_CLIMBS; i++) {
		const struct cs_climb *cl = &r->climbs.climb[i];
		char line[CS_SUMMARY_SENTENCE_MAX];
		struct cs_buf t;
		size_t s = b->len;
		cs_buf_init(&t, line, sizeof line);
		cs_puts(&t, "from ");
		cs_put_size(&t, cl->first_bytes);
		cs_puts(&t, " to ");
		cs_put_size(&t, cl->last_bytes);
		cs_puts(&t, " the latency climbs smoothly, ");
		cs_put_g(&t, cl->rate, 3);
		cs_puts(&t, "x an octave, with no step: no size is read there (" CS_R_CLIMB ")");
		cs_puts(b, "  climb");
		cs_pad_to(b, s, 33);
		put_wrapped(b, s, line, 33);
		cs_putc(b, '\n');
	}
}

/* The summary's optional cells, between "measured" and the verdict, each
 * shown when the capture has what it needs (the kinds add theirs here):
 * its heading, its width with the gap after it, and its figure or '-'. */
static void cell_spread(struct cs_buf *b, const struct cs_summary_row *w)
{
	/* the spread over repeats: its width, max/min - 1 */
	if (!w->has_spread) {
		cs_putc(b, '-');
		return;
	}
	cs_put_fixed(b, 100 * (w->spread_max / w->spread_min - 1), 1);
	cs_puts(b, " %");
}

static void cell_read(struct cs_buf *b, const struct cs_summary_row *w)
{
	if (w->has_read)
		cs_put_g(b, w->read_gbps, w->read_gbps < 10 ? 3 : 4);
	else
		cs_putc(b, '-');
}

/* the size from geometry (docs/geometry.md): ways x way size */
static void cell_geometry(struct cs_buf *b, const struct cs_summary_row *w)
{
	put_opt_size(b, w->has_geometry, w->geometry_bytes);
}

/* the level's floor in core cycles (docs/clock.md), where the clock is stable */
static void cell_cycles(struct cs_buf *b, const struct cs_summary_row *w)
{
	if (w->has_cycles)
		cs_put_g(b, w->floor_cycles, 3);
	else
		cs_putc(b, '-');
}

struct summary_cell {
	const char *heading;
	size_t width;
	void (*put)(struct cs_buf *b, const struct cs_summary_row *w);
};
static const struct summary_cell cells[] = {
	{ "spread", 9, cell_spread },
	{ "read GB/s", 11, cell_read },
	{ "geometry", 12, cell_geometry },
	{ "cycles", 8, cell_cycles },
};
#define N_CELLS (sizeof cells / sizeof cells[0])

static void cells_shown(const struct cs_summary *sum, const struct cs_result *r,
			int shown[N_CELLS])
{
	shown[0] = r->rep.n != 0;
	shown[1] = sum->bandwidth != 0;
	shown[2] = r->geom.present != 0;
	shown[3] = sum->cycles != 0;
}

/* A kind's own column (cs_summary_column): its heading and a gap, at least
 * a figure of four significant digits and a gap wide. */
#define CS_SUMMARY_COLUMN_MIN 11
static size_t column_width(const struct cs_summary_column *k)
{
	size_t n = cs_strlen(k->heading) + 2;
	return n > CS_SUMMARY_COLUMN_MIN ? n : CS_SUMMARY_COLUMN_MIN;
}

void cs_summary_text(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r)
{
	static struct cs_summary sum; /* 10 KiB: off the firmware's stack */
	int shown[N_CELLS];
	cs_summary_rows(&sum, c, r);
	cells_shown(&sum, r, shown);
	cs_puts(b, "summary: each published level, what the processor claims, what this run measured\n");
	if (!sum.n) {
		cs_puts(b, "  no published data or unified cache, and no knee\n");
	} else {
		size_t s = b->len, col = 33;
		cs_puts(b, "  level  claimed     measured");
		for (size_t k = 0; k < N_CELLS; k++)
			if (shown[k]) {
				cs_pad_to(b, s, col);
				cs_puts(b, cells[k].heading);
				col += cells[k].width;
			}
		for (uint32_t k = 0; k < sum.n_columns; k++) {
			cs_pad_to(b, s, col);
			cs_puts(b, sum.column[k].heading);
			col += column_width(&sum.column[k]);
		}
		cs_pad_to(b, s, col);
		cs_puts(b, "verdict\n");
	}
	for (uint32_t i = 0; i < sum.n; i++) {
		const struct cs_summary_row *w = &sum.row[i];
		size_t s = b->len, col = 33;
		cs_puts(b, "  ");
		if (w->has_level) {
			cs_putc(b, 'L');
			cs_put_u64(b, w->level);
		} else {
			cs_putc(b, '-');
		}
		cs_pad_to(b, s, 9);
		put_opt_size(b, w->has_claimed, w->claimed_bytes);
		cs_pad_to(b, s, 21);
		if (w->coarse && w->has_range)
			cs_puts(b, "range"); /* the sentence gives it */
		else
			put_opt_size(b, w->has_measured, w->measured_bytes);
		for (size_t k = 0; k < N_CELLS; k++)
			if (shown[k]) {
				cs_pad_to(b, s, col);
				cells[k].put(b, w);
				col += cells[k].width;
			}
		for (uint32_t k = 0; k < sum.n_columns; k++) {
			cs_pad_to(b, s, col);
			if (w->has_cell[k])
				cs_put_g(b, w->cell[k], 4);
			else
				cs_putc(b, '-');
			col += column_width(&sum.column[k]);
		}
		cs_pad_to(b, s, col);
		/* a sentence said word for word by the row above (under an
		 * emulator, every row's) is said once: the JSON keeps each */
		if (i && cs_streq(w->sentence, sum.row[i - 1].sentence)) {
			char same[64];
			struct cs_buf t;
			cs_buf_init(&t, same, sizeof same);
			cs_puts(&t, w->verdict);
			cs_puts(&t, ": as the row above");
			put_wrapped(b, s, same, col);
		} else
			put_wrapped(b, s, w->sentence, col);
		cs_putc(b, '\n');
	}
	climbs_text(b, r);
	cs_summary_trust(b, c, r);
}

/* s.5: witnesses [{kind, bytes, range}], agree, measured_range */
static void summary_witnesses_json(struct cs_rjson *o, const struct cs_summary_row *w)
{
	cs_rjson_key(o, "witnesses");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < w->n_witnesses; i++) {
		const struct cs_summary_witness *x = &w->witness[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "kind");
		cs_rjson_str(o, x->kind);
		cs_rjson_key(o, "bytes");
		cs_rjson_num(o, x->bytes);
		cs_rjson_key(o, "range");
		cs_rjson_range(o, 1, x->lo, x->hi);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
	cs_rjson_key(o, "agree");
	if (w->agree < 0)
		cs_jsonw_null(&o->j);
	else
		cs_jsonw_bool(&o->j, w->agree);
	cs_rjson_key(o, "measured_range"); /* reduction.md s.4, s.10 */
	cs_rjson_range(o, w->has_range, w->range_lo, w->range_hi);
}

/* reduce --json's "summary": [{level, claimed_bytes, measured_bytes,
 * measured_range, verdict, sentence}], null where a figure does not exist (summary.md s.5) */
void cs_summary_json(struct cs_rjson *o, const struct cs_capture *c,
		     const struct cs_result *r)
{
	static struct cs_summary sum;
	cs_summary_rows(&sum, c, r);
	cs_rjson_key(o, "summary");
	cs_jsonw_arr(&o->j);
	for (uint32_t i = 0; i < sum.n; i++) {
		const struct cs_summary_row *w = &sum.row[i];
		cs_jsonw_obj(&o->j);
		cs_rjson_key(o, "level");
		cs_rjson_opt(o, w->has_level, w->level);
		cs_rjson_key(o, "claimed_bytes");
		cs_rjson_opt(o, w->has_claimed, w->claimed_bytes);
		cs_rjson_key(o, "measured_bytes");
		cs_rjson_opt(o, w->has_measured, w->measured_bytes);
		if (r->rep.n) { /* with repeats: the knee's [min, max] over them */
			cs_rjson_key(o, "spread_bytes");
			if (w->has_spread) {
				cs_jsonw_arr(&o->j);
				cs_rjson_num(o, w->spread_min);
				cs_rjson_num(o, w->spread_max);
				cs_jsonw_arr_end(&o->j);
			} else {
				cs_jsonw_null(&o->j);
			}
		}
		if (r->geom.present) { /* only where the capture has a geometry member */
			cs_rjson_key(o, "geometry_bytes");
			cs_rjson_opt(o, w->has_geometry, w->geometry_bytes);
		}
		cs_rjson_key(o, "read_gbps"); /* the text's read GB/s: null where it says '-' */
		cs_rjson_opt(o, w->has_read, w->read_gbps);
		cs_rjson_key(o, "floor_ns"); /* null: no knee, or no level below it */
		cs_rjson_opt(o, w->has_floor, w->floor_ns);
		cs_rjson_key(o, "floor_cycles"); /* null: no stable core clock, or no knee */
		cs_rjson_opt(o, w->has_cycles, w->floor_cycles);
		for (uint32_t k = 0; k < sum.n_columns; k++) { /* the kinds' own columns */
			cs_rjson_key(o, sum.column[k].key);
			cs_rjson_opt(o, w->has_cell[k], w->cell[k]);
		}
		summary_witnesses_json(o, w);
		cs_rjson_key(o, "verdict");
		cs_rjson_str(o, w->verdict);
		cs_rjson_key(o, "sentence");
		cs_rjson_str(o, w->sentence);
		cs_jsonw_obj_end(&o->j);
	}
	cs_jsonw_arr_end(&o->j);
}
