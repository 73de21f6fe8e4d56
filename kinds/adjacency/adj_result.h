/* adj_result.h: the adjacency kind's reduction (docs/reduction.md s.5),
 * its members of struct cs_result through scripts/kinds-h.sh: a verdict
 * a series, in the capture's order. Included by common/result.h's
 * generated header, after struct cs_refusal. */
#ifndef CS_ADJ_RESULT_H
#define CS_ADJ_RESULT_H

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

/* its members of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_ADJACENCY \
	uint32_t n_adj; \
	struct cs_adj_result adj[CS_MAX_ADJ_SERIES]; /* a verdict a series */

#endif
