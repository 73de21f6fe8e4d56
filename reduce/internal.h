/* internal.h: what the reducer's units share among themselves. */
#ifndef CS_REDUCE_INTERNAL_H
#define CS_REDUCE_INTERNAL_H

#include "reduce.h"
#include "rules.h"
#include "../common/buf.h"

/* Append a refusal; returns b, positioned to write its reason (when the list
 * is full the last slot says so, and b then writes nowhere). */
struct cs_buf *cs_refuse(struct cs_result *r, const char *code,
			 struct cs_buf *b);
/* Fill one refusal record in place. */
void cs_refusal_set(struct cs_refusal *f, const char *code, struct cs_buf *b);

/* reduce.c: v is a positive finite number; and the malformed-capture
 * error "WHAT[IDX].FIELD: RULE, got V" (IDX (uint32_t)-1 and FIELD NULL
 * leave theirs out) into err: always -1 (s.1, s.7). */
int cs_positive(double v);
int cs_malformed(char *err, size_t errlen, const char *what, uint32_t idx,
		 const char *field, const char *rule, double v);
/* coarse.c: s.10, the levels and edge ranges of a grid of about one point
 * per octave (the sweep's median span over CS_GRID_SPAN_MAX), paired with
 * the published levels, into r (levels, knees with coarse set, refusals). */
void cs_reduce_coarse(const struct cs_capture *c, struct cs_work *w, struct cs_result *r);
/* sweep.c: block-length, plateaus, levels, knees (s.1 to s.4). */
void cs_reduce_sweep(const struct cs_capture *c, struct cs_work *w,
		     struct cs_result *r);
/* Its rules alone, on the sorted points w->pts[0 .. w->n) (x in .bytes:
 * sizes for the sweep, pages for a TLB sweep), for the other series reduced
 * by the same rules (tlb.c). s.1: drops the points timed in blocks under
 * CS_BLOCK_MIN_QUANTA quanta of clock k, returns how many, and the
 * shortest such block. */
uint32_t cs_drop_short_blocks(const struct cs_clock *k, struct cs_work *w,
			      double *shortest);
/* s.1: more than CS_BLOCK_MAX_FAIL_FRACTION of the points failed; and the
 * sentence, for "the sweep" or "this TLB sweep" (series). */
int cs_block_refused(uint32_t failed, uint32_t total);
void cs_put_block_length(struct cs_buf *b, uint32_t failed, uint32_t total,
			 const struct cs_clock *k, double shortest, const char *series);
/* s.1 "Outliers": the points of w->pts far off their neighbours
 * (common/outlier.h) dropped; how many, and the one furthest off. The
 * note for the series' refusals (code CS_R_OUTLIER): u NULL for sizes in
 * bytes, else the series' units (a TLB sweep's page counts). */
struct cs_outliers {
	uint32_t n;
	double worst_bytes, worst_factor;
};
struct cs_units;
/* s.4: r->gap_order from its knees' gaps (sweep.c; again after repeat.c
 * draws the knees from the repeats) */
void cs_gap_order(struct cs_result *r);
uint32_t cs_drop_outliers(struct cs_work *w, struct cs_outliers *o);
void cs_put_outliers(struct cs_buf *b, const struct cs_outliers *o, const struct cs_units *u);
/* What a series' x is, in the sentences: "sizes" / "size" / "level" for
 * the sweep, "page counts" / "page count" / "TLB level" for a TLB sweep. */
struct cs_units {
	const char *xs, *x, *level;
};
/* s.4 coarse grids: the grid-too-coarse sentence for median span s. */
void cs_put_grid_coarse(struct cs_buf *b, double s, const struct cs_units *u);
/* s.4 coarse grids: the median of x[i+3]/x[i] (0 with fewer than 4 points). */
double cs_grid_span(struct cs_work *w);
/* docs/reduction.md s.6: a clamp finer than CS_CLAMP_MAX_RATIO x the quantum
 * the clock moves in refuses a series whole; the sentence, for any kind. */
int cs_clamp_refused(const struct cs_capture *c);
void cs_put_clock_unusable(struct cs_buf *b, const struct cs_clock *k);
/* s.4 v2, the pairing alone (exported for the unit tests): knees
 * knee[0..m) ascending, published level sizes size[0..n) in level order.
 * Sets paired_with[i] to the level index knee i pairs with, or -1; returns
 * the number of pairs. m and n are cut at CS_MAX_KNEES. */
uint32_t cs_pair_knees(const double *knee, uint32_t m, const double *size,
		       uint32_t n, int32_t *paired_with);
/* s.4 v2, the table of knees: the found knees knee[0..m) (ascending; those
 * with skip[i] set take no part in the pairing, as a TLB's aliasing knee)
 * paired with the published sizes size[0..np) (in level order), and each
 * published level left unpaired listed where it stands: before the first
 * knee paired with a later level, or before the first unpaired knee above
 * its size. Rows: knee index or -1 (missing), level index or -1
 * (unmatched). Returns how many rows (at most max). */
struct cs_table_row {
	int32_t knee, level;
};
uint32_t cs_knee_table(const double *knee, const uint8_t *skip, uint32_t m, const double *size,
		       uint32_t np, struct cs_table_row *row, uint32_t max);
/* |log2(a / b)|, and "a knee pairs with a published level P only when
 * P/CS_PAIR_BELOW <= knee <= CS_PAIR_ABOVEP": the pairing's words */
double cs_log2_ratio(double a, double b);
void cs_put_pair_limits(struct cs_buf *b);

#endif
