/* bw_expect.h: "expect": {"bandwidth": [...], "bandwidth_witness": [...],
 * "mlp_saturates_at": [...]} of a synthetic capture (docs/bandwidth.md
 * s.8): per series (op, threads) the GB/s of each level, the knees (null
 * where a published level is missing) and its exact set of refusal codes;
 * the cross-witness verdicts in the table's order; each MLP size's chain
 * count at saturation (null: none). Read strictly by bw_expect_read.c
 * (cs_bw_expect_read, freestanding: reader/expect.c walks it); compared
 * by bw_expect.c. */
#ifndef CS_BW_EXPECT_H
#define CS_BW_EXPECT_H

#include "../../common/result.h"

struct cs_expect_bw_series {
	enum cs_bw_op op;
	uint32_t threads;
	int has_gbps;
	uint32_t n_gbps;
	struct cs_expect_size gbps[CS_MAX_LEVELS]; /* .bytes holds GB/s */
	int has_knees;
	uint32_t n_knees;
	struct cs_expect_size knees[CS_MAX_KNEES];
	int has_refusals;
	uint32_t n_refusals;
	char refusals[CS_BW_MAX_REFUSALS][CS_CODE_MAX];
};

struct cs_expect_bw {
	int present;
	uint32_t n;
	struct cs_expect_bw_series s[CS_BW_MAX_SERIES];
	int has_witness;
	uint32_t n_witness;
	uint8_t verdict[CS_BW_MAX_WITNESS]; /* enum cs_bw_verdict */
	int has_sat;
	uint32_t n_sat;
	struct cs_expect_size sat[CS_MLP_MAX_SIZES]; /* .bytes holds the chain count */
};

/* its member of struct cs_expect (reader/expect.h, through build/gen/kinds_expect.h) */
#define CS_EXPECT_MEMBER_BANDWIDTH struct cs_expect_bw bw;

#endif
