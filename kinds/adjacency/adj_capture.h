/* adj_capture.h: the adjacency kind's data (docs/capture.md "adjacency"),
 * its members of struct cs_capture through scripts/kinds-h.sh: a series
 * of distances a placement, or the placement's refusal. Included by
 * common/capture.h's generated header, after the core's types
 * (enum cs_placement, CS_MAX_ADJ_SERIES, CS_MAX_ADJ_POINTS). */
#ifndef CS_ADJ_CAPTURE_H
#define CS_ADJ_CAPTURE_H

#include <stdint.h>

struct cs_adj_point {
	double distance; /* bytes from the first word to the second */
	double ns;       /* cost per pair */
};

struct cs_adj_series {
	enum cs_placement placement;
	int has_footprint;
	double footprint_bytes; /* F: distinct-line bytes while both words share a line */
	/* A placement the producer refused before measuring (no legal
	 * footprint, docs/reduction.md s.5): no points, and the refusal travels in
	 * the capture as "refusal": {"code", "reason"} so a replay shows it. */
	int refused;
	char refusal_code[CS_WORD_MAX];
	char refusal_reason[CS_TEXT_MAX];
	uint32_t n;
	struct cs_adj_point pts[CS_MAX_ADJ_POINTS];
};

/* its members of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_ADJACENCY \
	uint32_t n_adj; \
	struct cs_adj_series adj[CS_MAX_ADJ_SERIES]; /* the placements, in order */

#endif
