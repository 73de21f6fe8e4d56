/* armcache.h: AArch64 cache and core identification from system registers.
 * The firmware reads MIDR/CTR/CLIDR/ID_AA64MMFR2 and each CCSIDR (selected by
 * CSSELR) into cs_arm_regs; decoding is pure, so host tests feed recorded
 * values to the same code. */
#ifndef CS_ARMCACHE_H
#define CS_ARMCACHE_H

#include <stdint.h>
#include "../common/capture.h"
#include "../common/jsonw.h"

#define CS_ARM_MAX_CCSIDR 14 /* 7 levels x (data/unified, instruction) */

struct cs_arm_regs {
	uint64_t midr, ctr, clidr, mmfr2;
	uint32_t n_ccsidr;
	struct {
		uint32_t csselr; /* Level[3:1] = level-1, InD[0] = instruction */
		uint64_t ccsidr;
	} ccsidr[CS_ARM_MAX_CCSIDR];
};

struct cs_arm_ctr {
	uint32_t imin_line_bytes, dmin_line_bytes; /* 4 << IminLine/DminLine */
	uint32_t cwg_bytes, erg_bytes;             /* 0: not published */
	int dic, idc;
	uint32_t l1ip; /* L1Ip[15:14]: 0 VPIPT, 1 AIVIVT, 2 VIPT, 3 PIPT */
};

void cs_arm_ctr_decode(uint64_t ctr, struct cs_arm_ctr *out);

/* CSSELR value for a level (1-based) and instruction flag. */
uint32_t cs_arm_csselr(uint32_t level, int instruction);

/* Caches per CLIDR Ctype (1 I, 2 D, 3 split, 4 unified), sized from the
 * matching CCSIDR entry in the format chosen by ID_AA64MMFR2_EL1.CCIDX.
 * Levels whose CCSIDR is missing are skipped. Returns the number written. */
uint32_t cs_arm_caches(const struct cs_arm_regs *r, struct cs_cache *out,
		       uint32_t max);

/* MIDR_EL1 fields. */
static inline uint32_t cs_arm_midr_implementer(uint64_t midr) { return (uint32_t)(midr >> 24) & 0xff; }
static inline uint32_t cs_arm_midr_variant(uint64_t midr) { return (uint32_t)(midr >> 20) & 0xf; }
static inline uint32_t cs_arm_midr_part(uint64_t midr) { return (uint32_t)(midr >> 4) & 0xfff; }
static inline uint32_t cs_arm_midr_revision(uint64_t midr) { return (uint32_t)midr & 0xf; }

/* "ctr": {imin_line_bytes, dmin_line_bytes, cwg_bytes, erg_bytes, dic,
 * idc, l1ip} and "midr_fields": {implementer, variant, part, revision},
 * each on one line: the firmware's and the host probe's captures alike. */
void cs_arm_ctr_json(struct cs_jsonw *j, const struct cs_arm_ctr *ctr);
void cs_arm_midr_json(struct cs_jsonw *j, uint64_t midr);

/* "unknown" when not in the table. */
const char *cs_arm_implementer_name(uint32_t implementer);
const char *cs_arm_part_name(uint32_t implementer, uint32_t part);

#endif
