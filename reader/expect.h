/* expect.h: the "expect" member of a synthetic capture (the answer it was
 * built to have), read as strictly as the capture itself (a check that
 * silently compared nothing would pass): the core's knees, granules and
 * refusals, seed 003's experiments (docs/experiments.md) and the TLB
 * kind's (docs/tlb.md). Part of the freestanding capture reader, as is its
 * judgement against a reduction (expect_compare.c and each kind's
 * <name>_expect.c, the expect column of common/kinds.h): `cacheshape
 * check` and the page (web/wasm/judge.c) judge with the same C. */
#ifndef CS_READER_EXPECT_H
#define CS_READER_EXPECT_H

#include <stddef.h>
#include <stdint.h>
#include "field.h"
#include "../common/capture.h"
#include "../common/result.h"
#include "../reduce/reduce.h"

/* "expect": {"experiments": {...}} */
struct cs_expect_exp {
	int present;
	int has_line;          /* line_bytes; 0 when null */
	double line_bytes;
	char single_refusal[CS_CODE_MAX]; /* "" when null */
	int stride_flat;       /* 1, 0, or -1 when null */
	int has_breaks;
	double breaks_at_bytes;
	char stride_refusal[CS_CODE_MAX];
	int random_defeated;   /* 1, 0, or -1 when null */
	char random_refusal[CS_CODE_MAX];
};

/* "expect": {"tlb": [...], "translation": [...]}: per page size the TLB
 * knees it was built to have (null where a published level is missing)
 * and its exact set of refusal codes; and the data-cache knees (numbers
 * from 1) that lie at a TLB's reach. */
struct cs_expect_tlb_series {
	uint64_t page_bytes;
	int has_knees;
	uint32_t n_knees;
	int has[CS_TLB_MAX_KNEES];
	double entries[CS_TLB_MAX_KNEES];
	int has_refusals;
	uint32_t n_refusals;
	char refusals[CS_TLB_MAX_REFUSALS][CS_CODE_MAX];
};

struct cs_expect_tlb {
	int present;
	int has_series;          /* "tlb" given: its count is compared too */
	uint32_t n;
	struct cs_expect_tlb_series s[CS_TLB_MAX_SIZES];
	int has_translation;
	uint32_t n_translation;
	uint32_t translation[CS_MAX_KNEES];
};

/* "expect": {"clock": {"is_reference": bool, "refusals": [codes]}}: the
 * verdict, and the exact set of codes among the clock's refusals and the
 * reference's failed conditions (kinds/clock/clock_expect.c). */
#define CS_EXPECT_CLOCK_CODES 16
struct cs_expect_clock {
	int present;
	int is_reference;        /* 1, 0, or -1 when not given */
	int has_refusals;
	uint32_t n_refusals;
	char refusals[CS_EXPECT_CLOCK_CODES][CS_CODE_MAX];
};

/* "expect": {"geometry": [{level, ways, sets} or {level, refusal}]}: each
 * level's ways and sets, or the refusal code it was built to get
 * (docs/geometry.md; read by kinds/geometry/geometry_read.c). */
struct cs_expect_geom_level {
	uint32_t level;
	int has_ways;
	uint32_t ways;
	uint64_t sets;
	char refusal[CS_CODE_MAX];
};
struct cs_expect_geom {
	int present;
	uint32_t n;
	struct cs_expect_geom_level l[CS_GEOM_MAX_LEVELS];
};

/* "expect": {"summary": [{verdict, agree}]}: each summary row's verdict
 * code and whether its witnesses agree (true, false, null: fewer than
 * two), in the rows' order (docs/summary.md s.2; compared by
 * host/cmd/expect_compare.c with the capture, which the summary reads). */
struct cs_expect_summary_row {
	uint32_t level;          /* the published level's row; 0: by position */
	char verdict[CS_CODE_MAX];
	int agree;               /* 1, 0, -1 null */
	int explained;           /* an unmatched row: 1, 0; -1 not stated */
};
struct cs_expect_summary {
	int present;
	int by_level;            /* every row names its level: those rows alone */
	uint32_t n;
	struct cs_expect_summary_row row[CS_MAX_KNEES];
};

/* One expected size: a knee or a granule, or null (has_bytes 0). */
struct cs_expect_size {
	int has_bytes;
	double bytes;
};

/* The kinds' own members of struct cs_expect, each declared in its folder
 * (#define CS_EXPECT_MEMBER_<ID> struct ... name;), gathered by
 * scripts/kinds-h.sh (docs/layers.md "Storage"); their types may use
 * struct cs_expect_size above. */
#include "../build/gen/kinds_expect.h"

/* "expect" of a synthetic capture: the answer it was built to have. */
struct cs_expect {
	int present;          /* the capture carries "expect" */
	int has_knees;
	uint32_t n_knees;
	struct cs_expect_size knees[CS_MAX_KNEES];
	double knee_tolerance; /* relative; CS_EXPECT_TOLERANCE when absent */
	int has_refusals;     /* the exact set of refusal codes */
	uint32_t n_refusals;
	char refusals[CS_MAX_REFUSALS][CS_CODE_MAX];
	int has_granules;     /* per adjacency series, in order */
	uint32_t n_granules;
	struct cs_expect_size granules[CS_MAX_ADJ_SERIES];
	int has_known_failure;
	char known_failure[CS_TEXT_MAX];
	struct cs_expect_exp exp; /* seed 003: expect_experiments.h */
	struct cs_expect_tlb tlb; /* translation caches: expect_tlb.h */
	struct cs_expect_clock clock; /* the core clock, the reference verdict */
	struct cs_expect_geom geom; /* ways and sets (kinds/geometry/) */
	struct cs_expect_summary summary; /* the summary's rows (docs/summary.md) */
	CS_KINDS_EXPECT_MEMBERS   /* the kinds' own (bandwidth: kinds/bandwidth/bw_expect.h) */
};

#define CS_EXPECT_TOLERANCE 0.02

void cs_expect_init(struct cs_expect *e);
/* v is the "expect" object; the path is already at it. Each kind reads
 * its own members (the expect column's P_read, in the table's order), then
 * the summary's rows, the tolerance and a known failure. */
int cs_read_expect(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);
/* The list readers the kinds' expectations share: an array of sizes or
 * nulls under key; obj's "refusals", distinct codes. */
int cs_read_expect_sizes(struct cs_jr *r, const struct cs_jd *obj, const char *key, size_t max,
			 int *has, uint32_t *n, struct cs_expect_size *out);
int cs_read_expect_codes(struct cs_jr *r, const struct cs_jd *obj, size_t max,
			 char (*out)[CS_CODE_MAX], uint32_t *n, int *has);

/* ---- the judgement (expect_compare.c) ---- */

#include "../common/kinds.h"

/* The expect column of the table (common/kinds.h), declared from it: each
 * kind's prefix P names P_read (its members of "expect", v that object,
 * read strictly into e: 0, or -1 with the reader's message), P_compare
 * (the differences with the result, each a line appended to why, which
 * may be NULL; their number) and P_any (whether e states something of
 * it). Walked in the table's order by cs_read_expect, cs_expect_compare_all
 * and cs_expect_any. */
struct cs_jr;
struct cs_jd;
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, ...) \
	int expect##_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e); \
	int expect##_compare(const struct cs_expect *e, const struct cs_result *r, \
			     char *why, size_t whylen); \
	int expect##_any(const struct cs_expect *e);
CS_KINDS
#undef CS_KIND
int cs_none_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);
int cs_none_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			   char *why, size_t whylen);
int cs_none_expect_any(const struct cs_expect *e);

/* A list of differences being written: each note one line appended to p
 * (cap bytes, NUL-terminated; p may be NULL), n counting them all, also
 * those that no longer fit. cs_why_begin starts one after what why holds. */
struct cs_why {
	char *p;
	size_t cap, len;
	int n;
};
void cs_why_begin(struct cs_why *w, char *why, size_t whylen);
void cs_why_note(struct cs_why *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The sweep's row (kinds/sweep/sweep_expect.c): knees (same count, nulls
 * in the same places, sizes within the relative tolerance), the set of
 * refusal codes, and the granule of each series. 0 when it answers as
 * expected; otherwise the number of differences, each a line in why
 * (begun afresh; may be NULL). */
int cs_expect_compare(const struct cs_expect *e, const struct cs_result *r,
		      char *why, size_t whylen);

/* True when e states something to compare: of any kind, or the summary. */
int cs_expect_any(const struct cs_expect *e);

/* Every kind's compare, in the table's order: 0 when the result answers as
 * expected, else the number of differences, each a line in why. */
int cs_expect_compare_all(const struct cs_expect *e, const struct cs_result *r,
			  char *why, size_t whylen);

/* The summary's rows against "expect"."summary" (docs/summary.md): the
 * number of differences, each a line appended to why. */
int cs_expect_summary_compare(const struct cs_expect *e, const struct cs_capture *c,
			      const struct cs_result *r, char *why, size_t whylen);

/* `check`'s verdict on one capture read into c and e and reduced into r:
 * NONE when e states nothing (and knows no failure), else OK or FAIL by
 * the differences, which why holds a line each (begun afresh); a known
 * failure is KNOWN while it still fails, OK once it answers. */
#define CS_JUDGE_WHY 1536 /* bytes of differences check and the page keep */
enum cs_judgement { CS_JUDGE_NONE, CS_JUDGE_OK, CS_JUDGE_KNOWN, CS_JUDGE_FAIL };
enum cs_judgement cs_expect_judge(const struct cs_expect *e, const struct cs_capture *c,
				  const struct cs_result *r, char *why, size_t whylen);
/* The verdict's word in check's table: "-", "ok", "known failure", "FAIL". */
const char *cs_judgement_word(enum cs_judgement v);
/* A known failure's first note, before its text (NULL without one):
 * "known failure: " while it fails, else a call to remove it. */
const char *cs_expect_known_note(const struct cs_expect *e, enum cs_judgement v);

#endif
