/* icache.h: seed 001's instruction-cache experiment. The kernel of the
 * architecture the build chose (kinds/icache/<arch>/icache_kernel.c: in the
 * firmware's code pages, or in the host probe's two views of one memfd,
 * both the host's code memory, common/services.h) runs 1024
 * "add x0, x0, #1" words, rewrites them to "add #0" and, after
 * invalidating with each stride, counts how many still ran as the old
 * code. From those counts: the invalidation granule (the largest stride
 * that leaves nothing stale), or a refusal that says why not, with the
 * evidence. Pure and freestanding, so host tests feed recorded counts to
 * the same code. */
#ifndef CS_ICACHE_H
#define CS_ICACHE_H

#include <stddef.h>
#include <stdint.h>
#include "../../common/buf.h"
#include "../../common/capture.h" /* and icache_capture.h, the data */
#include "../../common/jsonw.h"

struct cs_services;

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

/* ---- the kernel (kinds/icache/<arch>/icache_kernel.c) ---- */

/* Where the code is written (w) and run (x): one view (w == x) in a
 * privileged program's pages, two views of the same pages in a user
 * process (no page writable and executable at once, as W^X kernels
 * require), each at least CS_ICACHE_CODE_BYTES. */
struct cs_icache_views {
	void *w, *x;             /* NULL: no pages (no_pages says why) */
	const char *no_pages;
	int privileged;          /* the firmware: interrupts masked, one run a
				  * stride, the pages' mapping walked into how[] */
	uint32_t runs;           /* a user process: each stride this many times */
	const char *where;       /* the method's words for the pages */
	/* Maps the executable view anew (x replaced): 0, or -1. Called when
	 * even the smallest stride left code stale. May be NULL. */
	int (*remap)(void *ctx, void **x);
	void *ctx;
	char how[96];            /* privileged: how the pages were found executable */
};
/* 0 with *o filled (cs_icache_infer reduces it); 1 when there is nothing to
 * measure by architecture (x86_64 keeps fetch coherent with stores), -1
 * when it could not run; why[] says which. */
int cs_icache_kernel(struct cs_icache_views *v, struct cs_icache_obs *o, char *why, size_t whylen);
/* The method's words for a run on v. */
void cs_icache_kernel_method(struct cs_buf *b, const struct cs_icache_views *v);

/* ---- a host's run (icache_platform.c): once a program, before the clock ---- */

/* The experiment on the host's code memory (common/services.h), kept in
 * the kind (one run a program). */
void cs_icache_host_run(const struct cs_services *s);
/* Its capture members: "icache", and where it ran how the pages were
 * made ("icache_pages" in one view, "icache_mapping" in two). */
void cs_icache_host_json(struct cs_jsonw *j);
/* Its lines for the screen (none where a privileged host has nothing to
 * measure). */
void cs_icache_host_say(struct cs_buf *b);
/* What the run found (the tests). */
struct cs_icache_host {
	int rc;                  /* the kernel's: 0 ran, 1 coherent, -1 not run */
	int privileged, views;   /* the host's; 2: two views */
	struct cs_icache_obs obs;
	struct cs_icache_result res;
	char method[CS_ICACHE_REASON_MAX];
	char how[400];
};
const struct cs_icache_host *cs_icache_host_last(void);

#endif
