/* icache.h: seed 001's instruction-cache experiment, the inference half.
 * The arch layer (arch/aarch64/icache_probe.c: in the firmware's code
 * pages, or in the host probe's two views of one memfd) runs 1024
 * "add x0, x0, #1" words, rewrites them to "add #0" and, after
 * invalidating with each stride, counts how many still ran as the old
 * code. From those counts: the invalidation granule (the largest stride
 * that leaves nothing stale), or a refusal that says why not, with the
 * evidence. Pure and freestanding, so host tests feed recorded counts to
 * the same code. */
#ifndef CS_ICACHE_H
#define CS_ICACHE_H

#include <stdint.h>
#include "../../common/capture.h"
#include "../../common/jsonw.h"

#define CS_ICACHE_WORDS 1024 /* "add x0, x0, #1" words, then a "ret" */
#define CS_ICACHE_CODE_BYTES ((CS_ICACHE_WORDS + 1) * 4)
#define CS_ICACHE_MAX_STRIDES 16
#define CS_ICACHE_REASON_MAX 512 /* a refusal with its figures */
#define CS_ICACHE_COHERENT "instruction fetch is coherent here: nothing to measure"

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

/* 0 with a granule; -1 with a refusal in r->code and r->reason. */
int cs_icache_infer(const struct cs_icache_obs *o, struct cs_icache_result *r);

/* The coherent refusal's evidence, appended to CS_ICACHE_COHERENT. */
#define CS_ICACHE_DIC_NOTE "CTR_EL0.DIC is set: the architecture needs no instruction-cache invalidation here"

/* A refusal decided without running the probe: the pages could not be had,
 * or the architecture keeps instruction fetch coherent (x86_64: code
 * "coherent", reason CS_ICACHE_COHERENT and why). */
void cs_icache_refuse(struct cs_icache_result *r, const char *code,
		      const char *reason);

/* "icache": {...} as a capture member: method, the counts, the answer. */
void cs_icache_json(struct cs_jsonw *j, const struct cs_icache_obs *o,
		    const struct cs_icache_result *r, const char *method);

#endif
