/* summary.h: the answer at a glance (docs/summary.md), freestanding: one
 * row per published data or unified level, what the processor claims,
 * what this run measured (the knee) and a verdict in words; a row for
 * each knee paired with no level; then one line on the run's trust. The
 * firmware's screen, `cacheshape probe`, `cacheshape reduce` (first, or
 * alone with --brief), reduce --json's "summary" and the page print it
 * from the same rows. Computed from struct cs_result and the capture,
 * never reduced again. */
#ifndef CS_SUMMARY_H
#define CS_SUMMARY_H

#include "../common/buf.h"
#include "reduce.h"
#include "rules_summary.h"
#include "../common/kinds.h"

#define CS_SUMMARY_SENTENCE_MAX 320

/* One witness of a level's size (summary.md s.2a): what saw it, its size
 * and the range of sizes its grid allows. */
#define CS_SUMMARY_MAX_WITNESSES 4
/* The kinds' own columns a summary holds (cs_summary_column). */
#define CS_SUMMARY_MAX_COLUMNS 4
struct cs_summary_witness {
	const char *kind;      /* a CS_W_ code */
	double bytes, lo, hi;
};

struct cs_summary_row {
	int has_level;         /* 0: an unmatched knee (level null) */
	uint32_t level;
	int has_claimed;
	double claimed_bytes;  /* the published size */
	int has_measured;
	double measured_bytes; /* the knee; none on a coarse grid (coarse) */
	int coarse;            /* reduction.md s.10: the range alone, no point */
	int has_spread;        /* with repeats: the knee's min .. max over them */
	double spread_min, spread_max;
	const char *verdict;   /* a CS_V_ code (rules_summary.h) */
	int has_read;          /* the read bandwidth of this level (docs/bandwidth.md) */
	double read_gbps;
	int has_geometry;      /* the size from geometry (docs/geometry.md) */
	double geometry_bytes;
	int has_floor;         /* the floor of the level below the knee, in ns */
	double floor_ns;
	int has_cycles;        /* the level's floor in core cycles (docs/clock.md) */
	double floor_cycles;   /* ... where the capture's core clock is stable */
	uint32_t n_witnesses;  /* s.2a: latency knee first, then the others */
	struct cs_summary_witness witness[CS_SUMMARY_MAX_WITNESSES];
	int agree;             /* 1 all within CS_SUMMARY_WITNESS_AGREE, 0 not, -1 fewer than two */
	uint32_t apart[2];     /* when not: the two witnesses furthest apart */
	int has_range;         /* measured_range: every witness's range together */
	double range_lo, range_hi;
	int knee;              /* the knee table's row, -1 none (a refused sweep) */
	int explained;         /* s.2b, an unmatched row: 1 explained from the capture, 0 not, -1 other rows */
	char sentence[CS_SUMMARY_SENTENCE_MAX];
	/* the kinds' own cells (cs_summary_column), by column */
	int has_cell[CS_SUMMARY_MAX_COLUMNS];
	double cell[CS_SUMMARY_MAX_COLUMNS];
};

/* A column a kind adds to the summary of its own (cs_summary_column): its
 * heading in the text, its key in each row of reduce --json's "summary". */
struct cs_summary_column {
	const char *heading, *key;
};

struct cs_summary {
	uint32_t n;
	int bandwidth;         /* a read on one thread was reduced: the read GB/s cell */
	int cycles;            /* the core clock is stable: the cycles cell */
	struct cs_summary_row row[CS_MAX_KNEES];
	uint32_t n_columns;    /* the kinds' own columns, in the table's order */
	struct cs_summary_column column[CS_SUMMARY_MAX_COLUMNS];
};

/* The summary column of the table (common/kinds.h), declared from it: a
 * kind's cells of every row (row -1: s->row[i]'s has_read and read_gbps,
 * has_geometry and geometry_bytes, has_cycles and floor_cycles, and s's
 * flags), then its witnesses of row `row`'s size (row >= 0:
 * cs_summary_add_knee, after the latency knee and before the geometry's
 * size, which the geometry's cell gives). cs_summary_rows calls it; the
 * knee table, the floors, the verdicts and the sentences are this layer's. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, after, summary, ...) \
	void summary(struct cs_summary *s, int row, const struct cs_capture *c, \
		     const struct cs_result *r);
CS_KINDS
#undef CS_KIND
void cs_none_summary(struct cs_summary *s, int row, const struct cs_capture *c,
		     const struct cs_result *r);
/* For the kinds' columns: a witness of row w's size at knee k (s.2a: its
 * range where the grid gives one), of kind a CS_W_ code; and the pairing
 * of the floor and cycles cells (the n-th found knee tops the n-th level:
 * a row's knee is found where it has a size, its floor shown where it is a
 * witness of the level, a point or a coarse grid's range, reduction.md
 * s.10). */
void cs_summary_add_knee(struct cs_summary_row *w, const char *kind, const struct cs_knee *k);
/* For a kind with a cell the table above has no column for (a new kind's
 * figure per level): a column of its own, after the others and before the
 * verdict, shown in the text under heading and written in every row of
 * reduce --json's "summary" under key (null where the row's has_cell is 0;
 * no key at all in a summary no kind adds a column to). Called in the
 * kind's summary column at row -1, it returns the column's index i, whose
 * cells are each row's has_cell[i] and cell[i] (a number, printed to four
 * significant figures); -1 when CS_SUMMARY_MAX_COLUMNS are taken. */
int cs_summary_column(struct cs_summary *s, const char *heading, const char *key);
int cs_summary_knee_found(const struct cs_summary_row *w, const struct cs_result *r);
int cs_summary_floor_shown(const struct cs_summary_row *w, const struct cs_result *r);

/* The rows, in the knee table's order (levels by size, unmatched knees
 * where they stand). */
void cs_summary_rows(struct cs_summary *s, const struct cs_capture *c,
		     const struct cs_result *r);

/* The table and the trust line, as text ending in '\n' (the start of every
 * text report, reduce/kinds.c; and --brief's whole output). */
void cs_summary_text(struct cs_buf *b, const struct cs_capture *c,
		     const struct cs_result *r);
/* "trust: ...": virtual machine or not, the clock, the refusals that
 * bear on the rows. */
void cs_summary_trust(struct cs_buf *b, const struct cs_capture *c,
		      const struct cs_result *r);
/* The same rows as reduce --json's "summary" member (json.c writes it
 * after "label"). */
struct cs_rjson;
void cs_summary_json(struct cs_rjson *o, const struct cs_capture *c,
		     const struct cs_result *r);

#endif
