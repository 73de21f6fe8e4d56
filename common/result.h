/* result.h: what a capture reduces to, as data: the reduction of every kind
 * of measurement (common/kinds.h) in one struct cs_result, each reduced once
 * a capture (reduce/kinds.c cs_reduce_capture) and read by every consumer
 * (the text report, reduce --json, check, the chart). The rules that fill
 * it are the reducer's (reduce/); the types are here so that the code that
 * draws or prints a result needs nothing from the reducer. Freestanding. */
#ifndef CS_RESULT_H
#define CS_RESULT_H

#include <stdint.h>
#include "capture.h"

#define CS_MAX_LEVELS 32
#define CS_MAX_KNEES 32
#define CS_MAX_REFUSALS 48
#define CS_CODE_MAX 32
/* 512: a guest's geometry refusal ran past 320 bytes and was cut mid-word
 * ("...cannot be tol"); a cut sentence is a defect (issue 40 item 5) */
#define CS_REASON_MAX 512

/* A refusal is an answer: a stable code and a sentence with its figures. */
struct cs_refusal {
	char code[CS_CODE_MAX];
	char reason[CS_REASON_MAX];
};

struct cs_level {
	double floor_ns;
	uint32_t first, last; /* indices into the surviving points (cs_work.pts) */
	double first_bytes, last_bytes;
	int climb;            /* reduction.md s.9: levels joined by a smooth climb */
};

/* reduction.md s.9: the smooth climbs of a staircase, each one level, and
 * the knees s.4 found at their boundaries, refused (never knees). Sizes
 * are the series' x (bytes, or pages for a TLB sweep). */
#define CS_MAX_CLIMBS (CS_MAX_LEVELS / 2)
struct cs_climb_knee {
	double bytes;         /* the knee s.4 found at the climb boundary */
	double retired_bytes; /* its retired-rule bound: top of the plateau */
	double slope;         /* exp(beta): the levels' own climb per octave */
	double excess;        /* exp(delta): the step between their lines */
	double bound;         /* min(exp(CS_CLIMB_OCTAVES * beta), CS_CLIMB_STEP_MAX) */
};
struct cs_climb {
	double first_bytes, last_bytes; /* first point of the first level .. last of the last */
	double rate;          /* t at the last point over t at the first, per octave */
	uint32_t first_knee, n_knees; /* into cs_climbs.knees */
};
struct cs_climbs {
	uint32_t n, n_knees;
	struct cs_climb climb[CS_MAX_CLIMBS];
	struct cs_climb_knee knees[CS_MAX_LEVELS];
};

struct cs_knee {
	int has_bytes;     /* 0: the knee is missing (sweep too short, or no step) */
	double bytes;
	int has_retired;
	double retired_bytes; /* top of plateau: the retired rule, a lower bound */
	int has_published;    /* 0: unmatched (paired with no published level) */
	double published_bytes;
	uint32_t published_level;
	int has_gap;
	double gap;           /* knee / published - 1 */
	/* docs/reduction.md s.4 "Ranges": the sizes the grid allows for this
	 * edge, from the last point of the faster level (range_lo, the retired
	 * rule's) to the first point of the slower (range_hi) */
	int has_range;
	double range_lo, range_hi;
	/* s.10 coarse grids: the edge is the range alone, no point was
	 * measured (bytes is then range_lo, the bound the grid defends, for
	 * pairing and ordering; reduce --json's summary says null) */
	int coarse;
};

enum cs_gap_order {
	CS_GAP_ORDER_UNKNOWN = -1, /* fewer than two matched knees */
	CS_GAP_ORDER_NO = 0,
	CS_GAP_ORDER_FALLS = 1     /* each deeper knee falls further behind */
};

/* Every kind's result, declared in its folder (CS_RESULT_MEMBER_<ID>) and
 * gathered by scripts/kinds-h.sh (docs/layers.md "Storage"). */
#include "../build/gen/kinds_result.h"

/* A capture's reduction: the sweep and its adjacency series (docs/reduction.md),
 * then every other kind of the table. */
struct cs_result {
	uint32_t n_points;       /* points in the capture */
	uint32_t n_used;         /* passed the block-length rule */
	double top_bytes;        /* the largest of them; 0 when none (docs/summary.md) */
	uint32_t n_plateaus;
	uint32_t n_levels;
	struct cs_level levels[CS_MAX_LEVELS];
	uint32_t n_knees;        /* found, missing and unmatched, in order */
	struct cs_knee knees[CS_MAX_KNEES];
	enum cs_gap_order gap_order;
	uint32_t n_refusals;     /* capture-wide and per-series, in order */
	struct cs_refusal refusals[CS_MAX_REFUSALS];
	struct cs_climbs climbs; /* s.9: one per smooth-climb refusal, in order */
	/* The other kinds (common/kinds.h), reduced with the rest, each's in
	 * folder order (kinds/NAME/): */
	CS_KINDS_RESULT_MEMBERS
};

#endif
