/* geom_kind.h: the geometry kind (docs/geometry.md, one row of
 * common/kinds.h): its run (geom_run.c: the stride-by-count table of
 * conflicts on the program's memory of known physical address, the
 * engine's geom hooks), capture members (geom_write.c), what is published
 * (geom_published.c), reduction (geom_reduce.c), report (geom_report.c),
 * reduce --json member (geom_json.c), plot panel (geom_plot.c); its reader
 * is geometry_read.c. Freestanding. */
#ifndef CS_GEOM_KIND_H
#define CS_GEOM_KIND_H

#include "../../common/buf.h"
#include "../../common/engine.h"
#include "../../reduce/reduce.h"
#include "rules_geom.h"

/* ---- the plan (s.1) ---- */

/* Counts each stride asks for: 2 x max(CS_GEOM_WAYS_FLOOR, the largest
 * published ways), at most CS_GEOM_MAX_COUNTS. */
uint32_t cs_geom_counts_max(const struct cs_geom_capture *g);
/* The line: the smallest published data or unified line, else 64. */
uint32_t cs_geom_line(const struct cs_capture *c);
/* Strides 2^i from line up to CS_GEOM_STRIDE_MAX that fit two lines in
 * region bytes, and the counts each can hold (at most counts_max): how
 * many (at most CS_GEOM_MAX_STRIDES). */
uint32_t cs_geom_plan(uint32_t line, uint64_t region, uint32_t counts_max, uint64_t *stride,
		      uint32_t *counts);

/* ---- the kernel ---- */

/* One point: k lines at mem + j x stride (j < k) chased as one random
 * cycle seeded from r, blocks of at least min_block_ns: 0 and *ns per
 * load and *block_ns, or -1 when the clock never moved. */
int cs_geom_point(const struct cs_probe_clock *clk, unsigned char *mem, uint64_t stride,
		  uint32_t k, uint32_t blocks, double min_block_ns, struct cs_rng *r, double *ns,
		  double *block_ns);

/* ---- the host's part (geom_platform.c) ---- */

/* The published ways and sets and the kind's hooks (engine.h struct
 * cs_geom_hooks) from the host's services, when the engine has them. */
void cs_geom_platform(struct cs_engine *e, struct cs_capture *c);

/* ---- what is published (geom_published.c) ---- */

struct cs_cpuid_dump;
struct cs_arm_regs;
/* Leaf 4 (Intel) or 0x8000001D (AMD, with TOPOEXT) into g->published:
 * how many; source "cpuid-leaf4" or "cpuid-0x8000001d". */
uint32_t cs_geom_published_cpuid(const struct cs_cpuid_dump *d, struct cs_geom_capture *g);
/* CLIDR and each CCSIDR (the firmware on aarch64), source "ccsidr". */
uint32_t cs_geom_published_arm(const struct cs_arm_regs *r, struct cs_geom_capture *g);
/* The published entry for (level, data or unified), or NULL. */
const struct cs_geom_pub *cs_geom_pub_find(const struct cs_geom_capture *g, uint32_t level);

/* ---- the reduction (geom_reduce.c) ---- */

/* The first count at stride index s over the line 'line_ns' that stays
 * over it (CS_GEOM_STAY), 0 when none. */
uint32_t cs_geom_step(const struct cs_geom_stride *s, double line_ns);
void cs_geom_reduce_result(const struct cs_capture *c, const struct cs_result *r,
			   struct cs_geom_result *g);

#endif
