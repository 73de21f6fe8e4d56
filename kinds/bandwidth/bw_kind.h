/* bw_kind.h: the bandwidth kind (docs/bandwidth.md, one row of
 * common/kinds.h): its capture member "bandwidth" (bw_capture.h, written by
 * bw_write.c, read back by bandwidth_read.c), the names of its operations
 * and the one byte-counting convention both sides hold to. The columns' own
 * functions are declared by each layer from the table. Freestanding. */
#ifndef CS_BW_KIND_H
#define CS_BW_KIND_H

#include "../../common/capture.h"
#include "../../common/buf.h"
#include "../../reduce/reduce.h"
#include "rules_bw.h"

/* "read", "write", "copy", "nt_write"; NULL past the last */
const char *cs_bw_op_name(enum cs_bw_op op);
/* 0 and *op set when name is one of those; -1 otherwise */
int cs_bw_op_parse(const char *name, enum cs_bw_op *op);
/* The one convention (docs/bandwidth.md s.1): bytes counted per byte of
 * the buffer touched, read 1, write 1, nt_write 1, copy 2 (read + written). */
double cs_bw_convention(enum cs_bw_op op);
/* The bytes a point's buffer size puts in the caches (docs/bandwidth.md
 * s.2): a copy's source and its destination, 2 x bytes; 1 x for the rest.
 * The reduction and the plot place a series' points at bytes x this, so
 * its knees are the cache sizes, as the latency sweep's are. */
double cs_bw_footprint(enum cs_bw_op op);

/* "read, 1 thread" / "read, 8 threads" */
void cs_bw_put_series(struct cs_buf *b, enum cs_bw_op op, uint32_t threads);
/* GB/s of a level (1 GB = 1e9 B): 1 / its floor in ns per byte */
double cs_bw_gbps(const struct cs_level *L);
/* The read series on one processor, reduced and measured; NULL when none. */
const struct cs_bw_series_result *cs_bw_read1(const struct cs_bw_result *t);
/* "agree", "disagree", "latency only", "bandwidth only", "neither" */
const char *cs_bw_verdict_name(enum cs_bw_verdict v);

/* s.5 and s.6 (bw_witness.c): the cross-witness table and each MLP size's
 * level and Little's law, on the sweep's result r and t's series. */
void cs_bw_reduce_witness(const struct cs_capture *c, const struct cs_result *r, struct cs_bw_result *t);
void cs_bw_reduce_mlp(const struct cs_capture *c, const struct cs_result *r, struct cs_bw_result *t);

#endif
