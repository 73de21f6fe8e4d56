/* bw_kind.h: the bandwidth kind (docs/bandwidth.md, one row of
 * common/kinds.h): its capture member "bandwidth" (bw_capture.h, written by
 * bw_write.c, read back by bandwidth_read.c), the names of its operations
 * and the one byte-counting convention both sides hold to. The columns' own
 * functions are declared by each layer from the table. Freestanding. */
#ifndef CS_BW_KIND_H
#define CS_BW_KIND_H

#include "../../common/capture.h"

/* "read", "write", "copy", "nt_write"; NULL past the last */
const char *cs_bw_op_name(enum cs_bw_op op);
/* 0 and *op set when name is one of those; -1 otherwise */
int cs_bw_op_parse(const char *name, enum cs_bw_op *op);
/* The one convention (docs/bandwidth.md s.1): bytes counted per byte of
 * the buffer touched, read 1, write 1, nt_write 1, copy 2 (read + written). */
double cs_bw_convention(enum cs_bw_op op);

#endif
