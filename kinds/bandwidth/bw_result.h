/* bw_result.h: what the bandwidth kind reduces to (docs/bandwidth.md), a
 * member of struct cs_result (common/result.h includes this after its own
 * types): per series the staircase of (bytes, ns per byte), its levels in
 * GB/s (1 GB = 1e9 B: 1 / floor ns per byte), its knees paired with the
 * published levels (s.4 version 2); per MLP size the parallelism and where
 * it saturates, the level of the sweep it lies in and Little's law; the
 * cross-witness table. Freestanding. */
#ifndef CS_BW_RESULT_H
#define CS_BW_RESULT_H

#define CS_BW_MAX_REFUSALS 12
#define CS_BW_MAX_WITNESS 24

struct cs_bw_series_result {
	enum cs_bw_op op;
	uint32_t threads;
	char kernel[CS_BW_NAME_MAX];
	int measured;            /* 0: the producer refused this operation */
	uint32_t n_points, n_used;
	uint32_t n_levels;
	struct cs_level levels[CS_MAX_LEVELS]; /* floor_ns: ns per byte */
	uint32_t n_knees;        /* found, missing and unmatched, in order */
	struct cs_knee knees[CS_MAX_KNEES];
	uint32_t n_refusals;
	struct cs_refusal refusals[CS_BW_MAX_REFUSALS];
	struct cs_climbs climbs; /* reduction.md s.9 */
};

/* Where an MLP size lies on the latency staircase (s.4). */
enum cs_bw_where { CS_BW_IN_CACHE, CS_BW_IN_UNNAMED, CS_BW_IN_MEMORY };

struct cs_mlp_result {
	double bytes;
	uint32_t n;
	uint32_t chains[CS_MLP_MAX_CHAINS];
	double ns[CS_MLP_MAX_CHAINS];
	double mlp[CS_MLP_MAX_CHAINS];   /* ns(1) / ns(N); 0 without a 1-chain figure */
	enum cs_bw_where where;
	uint32_t level;          /* CS_BW_IN_CACHE: the published level; else the staircase level, 1-based */
	int has_sat;
	uint32_t sat_n;          /* the chain count it saturates at */
	double sat_mlp;          /* MLP there */
	/* Little's law (s.6): read ~= MLP x line / latency */
	int has_little;
	double latency_ns, line_bytes, predicted_gbps, read_gbps, ratio;
	int finding;             /* ratio outside [1 / CS_BW_LITTLE_FAR, CS_BW_LITTLE_FAR] */
	uint32_t n_refusals;
	struct cs_refusal refusals[2];
};

enum cs_bw_verdict { CS_BW_AGREE, CS_BW_DISAGREE, CS_BW_LATENCY_ONLY, CS_BW_BANDWIDTH_ONLY,
		     CS_BW_NEITHER };

/* One published level, or an unpublished knee, seen by the two witnesses. */
struct cs_bw_witness {
	int has_published;
	uint32_t level;
	double published_bytes;
	int has_latency, has_bandwidth;
	double latency_bytes, bandwidth_bytes;
	double ratio;            /* larger / smaller knee, when both */
	enum cs_bw_verdict verdict;
};

struct cs_bw_result {
	int present;             /* the capture has the member */
	int null;                /* ... as null: c->bw.why says why */
	uint32_t n_series;
	struct cs_bw_series_result series[CS_BW_MAX_SERIES];
	int mlp_present;
	uint32_t n_mlp;
	struct cs_mlp_result mlp[CS_MLP_MAX_SIZES];
	int has_witness;         /* a read series on one thread was reduced */
	uint32_t n_witness;
	struct cs_bw_witness witness[CS_BW_MAX_WITNESS];
};

/* its member of struct cs_result (scripts/kinds-h.sh) */
#define CS_RESULT_MEMBER_BANDWIDTH struct cs_bw_result bw;

#endif
