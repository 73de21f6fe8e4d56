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

struct cs_adj_result {
	enum cs_placement placement;
	int has_footprint;
	double footprint_bytes;
	int has_fit;          /* 1 when the fit ran (it may still be refused) */
	double granule_fit;   /* the winning distance, accepted or not */
	double r2, margin, ramp;
	int has_r2, has_margin, has_ramp; /* 0 when undefined (e.g. SST == 0) */
	int has_granule;      /* accepted */
	double granule_bytes;
	int refused;
	struct cs_refusal refusal;
};

enum cs_gap_order {
	CS_GAP_ORDER_UNKNOWN = -1, /* fewer than two matched knees */
	CS_GAP_ORDER_NO = 0,
	CS_GAP_ORDER_FALLS = 1     /* each deeper knee falls further behind */
};

/* ---- seed 003's experiments (kinds/experiments/exp_reduce.h) ---- */

/* One single-access series reduced. */
struct cs_exp_series_result {
	uint32_t stride_bytes;
	uint32_t n_slow;
	double median_ns;
	int has_period;       /* best period found (accepted or not) */
	uint32_t period;      /* in accesses */
	double score;
	int accepted;
	struct cs_refusal refusal; /* when not accepted */
};

struct cs_exp_result {
	int present;          /* the capture has any experiment */
	int has_single;
	uint32_t n_series;
	struct cs_exp_series_result series[CS_EXP_SINGLE_SERIES];
	int has_line;
	double line_bytes;
	int single_refused;
	struct cs_refusal single_refusal;

	int has_stride;
	int flat;
	int has_break;
	double break_bytes;
	double base_ns, worst_ns, worst_bytes;
	int stride_refused;
	struct cs_refusal stride_refusal;

	int has_random;
	double fixed_ns, random_ns;
	int has_ratio;
	double ratio;
	int defeated;         /* ratio >= CS_EXP_RANDOM_RATIO */
	int random_refused;
	struct cs_refusal random_refusal;
};

/* ---- other processors (kinds/mp/mp_compare.h) ---- */

/* The competitor's sweep against the sweep alone (seed 000 s.4). */
struct cs_comparison {
	int compared;            /* 0: refused (see refusal) */
	struct cs_refusal refusal;
	uint32_t threads;
	uint32_t n_knees;        /* found knees, in order: min of both sweeps */
	int has_knee_fall[CS_MAX_KNEES];
	double knee_fall[CS_MAX_KNEES];   /* 1 - knee_with / knee_alone */
	uint32_t n_floors;
	double floor_fall[CS_MAX_LEVELS]; /* 1 - floor_alone / floor_with: speed lost */
	uint32_t private_knee, shared_knee; /* indices (0-based) */
	double private_fall, shared_fall;
	int prediction_held;     /* valid when compared */
};

/* Another sweep of the same capture (a kind of core's), reduced: what the
 * report and reduce --json show of it. */
struct cs_side_result {
	int swept;               /* the capture holds this sweep */
	int reduced;             /* 0: err says why it could not be */
	char err[CS_REASON_MAX];
	uint32_t n_levels;
	struct cs_level levels[CS_MAX_LEVELS];
	uint32_t n_knees;
	struct cs_knee knees[CS_MAX_KNEES];
	uint32_t n_refusals;
	struct cs_refusal refusals[CS_MAX_REFUSALS];
	struct cs_climbs climbs; /* s.9: one per smooth-climb refusal, in order */
};

struct cs_mp_result {
	int has_competitor;
	struct cs_comparison cmp;
	uint32_t n_kinds;
	struct cs_side_result kinds[CS_MP_MAX_KINDS];
};

#include "../kinds/tlb/tlb_result.h" /* uses cs_level, cs_knee, cs_refusal */
#include "../kinds/sweep/sweep_result.h" /* the sweep's repeats: likewise */
#include "../kinds/geometry/geom_result.h" /* uses cs_refusal */
#include "../kinds/bandwidth/bw_result.h" /* likewise */
#include "../kinds/clock/clock_result.h" /* uses cs_refusal */

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
	uint32_t n_adj;
	struct cs_adj_result adj[CS_MAX_ADJ_SERIES];
	uint32_t n_refusals;     /* capture-wide and per-series, in order */
	struct cs_refusal refusals[CS_MAX_REFUSALS];
	struct cs_climbs climbs; /* s.9: one per smooth-climb refusal, in order */
	/* The other kinds (common/kinds.h), reduced with the rest: */
	struct cs_exp_result exp; /* seed 003's experiments */
	struct cs_mp_result mp;   /* the competitor, each kind of core */
	struct cs_tlb_result tlb; /* the translation caches (kinds/tlb/) */
	struct cs_icache_kind_result icache; /* seed 001 (kinds/icache/) */
	struct cs_repeat_result rep; /* the sweep's repeats (kinds/sweep/sweep_result.h) */
	struct cs_geom_result geom; /* ways and sets by conflicts (kinds/geometry/) */
	struct cs_bw_result bw; /* bandwidth and misses in flight (kinds/bandwidth/) */
	struct cs_clock_result clock; /* the core clock, the reference verdict (kinds/clock/) */
};

#endif
