/* icache_capture.h: the instruction-cache kind's data (seed 001,
 * kinds/icache/): what the arch layer observed, as the capture's "icache"
 * member holds it, and what it reduces to. Included by common/capture.h
 * after the core's sizes (CS_WORD_MAX); icache.h has the functions. */
#ifndef CS_ICACHE_CAPTURE_H
#define CS_ICACHE_CAPTURE_H

#include <stdint.h>

#define CS_ICACHE_MAX_STRIDES 16
#define CS_ICACHE_REASON_MAX 512 /* a refusal with its figures */

struct cs_icache_obs {
	uint32_t n_insns;   /* words that add 1 (the ret is not counted) */
	uint64_t first;     /* first run after full maintenance: n_insns */
	uint64_t cached;    /* after the rewrite, no maintenance: stale words */
	uint32_t n;         /* strides tried, ascending */
	uint32_t stride[CS_ICACHE_MAX_STRIDES];
	uint64_t stale[CS_ICACHE_MAX_STRIDES];
	uint32_t imin_line_bytes; /* CTR_EL0.IminLine in bytes; 0: unknown */
	int dic;                  /* CTR_EL0.DIC: no instruction-cache invalidation needed */
	int idc;                  /* CTR_EL0.IDC: no data-cache clean needed */
	/* Each stride run 'runs' times (a preemptible user process): stale[]
	 * is the largest count seen (a stray eviction can only lower one),
	 * stale_min[] the smallest. runs 0 or 1: one run, stale_min unused. */
	uint32_t runs;
	uint64_t stale_min[CS_ICACHE_MAX_STRIDES];
	/* Where even the smallest stride left code stale: the words still
	 * stale when the code was run through a new mapping of its pages
	 * (the host probe's executable view mapped anew). */
	int has_remap;
	uint64_t remap_stale;
};

struct cs_icache_result {
	int has_granule;
	uint32_t granule_bytes;   /* largest stride with nothing stale */
	uint32_t first_stale_stride; /* smallest stride that left code stale */
	int matches_ctr;          /* granule_bytes == IminLine */
	char code[CS_WORD_MAX];   /* refusal code; "" with a granule */
	char reason[CS_ICACHE_REASON_MAX]; /* refusal, or how the granule compares */
};

/* The capture's "icache" member (icache_read.c): the observations, how
 * they were made, and the producer's own answer (a refusal decided without
 * running the probe travels only there: no strides). */
struct cs_icache_capture {
	int present;
	char method[CS_ICACHE_REASON_MAX];
	struct cs_icache_obs obs;
	struct cs_icache_result answer;
};

/* What reduce makes of it (icache_reduce.c): the inference replayed from
 * the observations, or the producer's refusal when it did not run. */
struct cs_icache_kind_result {
	int present;
	int ran;        /* strides were tried: the answer is the replay's */
	struct cs_icache_result r;
};

/* its members of struct cs_capture and struct cs_result (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_ICACHE struct cs_icache_capture icache; /* seed 001 */
#define CS_RESULT_MEMBER_ICACHE struct cs_icache_kind_result icache;

#endif
