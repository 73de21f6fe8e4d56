/* geom_result.h: what the geometry kind reduces to (docs/geometry.md), a
 * member of struct cs_result: one entry per data or unified level, its
 * ways, way size, sets and size from the conflict table, what is published,
 * the sweep's knee beside it and their ratio (the share of the level the
 * sweep got), or the refusals that stopped it. Freestanding. */
#ifndef CS_GEOM_RESULT_H
#define CS_GEOM_RESULT_H

#define CS_GEOM_MAX_LEVELS 8
#define CS_GEOM_MAX_REFUSALS 2

struct cs_geom_level {
	uint32_t level;
	enum cs_cache_type type;
	int has_geometry;        /* ways, way_bytes, sets, size_bytes: 0 when refused */
	uint32_t ways;
	double way_bytes, sets, size_bytes;
	uint32_t line_bytes;
	uint32_t published_ways, published_sets; /* 0: not published */
	int has_knee;
	double knee_bytes;       /* the sweep's knee paired with this level */
	int has_share;
	double share;            /* knee / size: the share of the level the sweep got */
	int has_floors;
	double floor_ns, next_ns, line_ns; /* its latency, the next level's, the step's line */
	/* the evidence: at stride i of the capture, the first count the level
	 * could not hold (0: no step within the counts measured) */
	uint32_t step[CS_GEOM_MAX_STRIDES];
	uint32_t n_refusals;
	struct cs_refusal refusals[CS_GEOM_MAX_REFUSALS];
	char note[CS_REASON_MAX]; /* what the table shows beyond the level (s.3), "" when nothing */
};

struct cs_geom_result {
	int present;             /* the capture has a geometry member */
	uint32_t n;
	struct cs_geom_level levels[CS_GEOM_MAX_LEVELS];
};

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_GEOMETRY struct cs_geom_result geom;

#endif
