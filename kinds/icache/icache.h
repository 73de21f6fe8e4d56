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
#include "../../common/capture.h" /* and icache_capture.h, the data */
#include "../../common/jsonw.h"

#define CS_ICACHE_WORDS 1024 /* "add x0, x0, #1" words, then a "ret" */
#define CS_ICACHE_CODE_BYTES ((CS_ICACHE_WORDS + 1) * 4)
#define CS_ICACHE_COHERENT "instruction fetch is coherent here: nothing to measure"

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
