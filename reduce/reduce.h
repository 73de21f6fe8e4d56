/* reduce.h: the reduction of ../shared/spec/reduction.md, from a capture to
 * levels, knees, adjacency verdicts and refusals.
 * Freestanding: no libc, no libm, no allocation. The caller supplies the
 * result and the workspace; the same code runs in firmware and on the host. */
#ifndef CS_REDUCE_H
#define CS_REDUCE_H

#include <stddef.h>
#include "../common/capture.h"

#define CS_MAX_LEVELS 32
#define CS_MAX_KNEES 32
#define CS_MAX_REFUSALS 48
#define CS_CODE_MAX 32
#define CS_REASON_MAX 320

/* A refusal is an answer: a stable code and a sentence with its figures. */
struct cs_refusal {
	char code[CS_CODE_MAX];
	char reason[CS_REASON_MAX];
};

struct cs_level {
	double floor_ns;
	uint32_t first, last; /* indices into the surviving points (cs_work.pts) */
	double first_bytes, last_bytes;
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

struct cs_result {
	uint32_t n_points;       /* points in the capture */
	uint32_t n_used;         /* passed the block-length rule */
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
};

/* Scratch the caller supplies (large: keep it off small stacks). */
struct cs_work {
	uint32_t n;
	struct cs_point pts[CS_MAX_SWEEP_POINTS]; /* sorted, surviving points */
	struct cs_adj_point adj[CS_MAX_ADJ_POINTS];
	double ratio[CS_MAX_SWEEP_POINTS]; /* s.4 grid: spans of 4 points */
};

/* Reduce a capture. Returns 0 when the capture was reduced (refusals are
 * answers and live in r). Returns -1 when the capture is malformed (a
 * duplicate size, a zero, negative, NaN or infinite value, too many points):
 * err then names what is wrong and r must not be shown. */
int cs_reduce(const struct cs_capture *c, struct cs_work *w,
	      struct cs_result *r, char *err, size_t errlen);

/* Live placement for the adjacency probe (reduction.md section 5): choose a
 * footprint F for placement p such that F and 2F lie inside that level's
 * extent, F a multiple of 'align' bytes and 2F <= max_bytes. Returns 0 and
 * sets *footprint; or -1 and fills 'why' with the refusal (code
 * placement-crosses-edge or placement-no-level). */
int cs_place_adjacency(const struct cs_result *r, enum cs_placement p,
		       double align, double max_bytes, double *footprint,
		       struct cs_refusal *why);

#endif
