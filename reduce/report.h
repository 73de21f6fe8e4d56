/* report.h: the reduction as text for people, freestanding: the same words
 * on the firmware's screen and from `cacheshape reduce`. */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include "../common/buf.h"
#include "reduce.h"

/* Every kind's lines in the table's order (common/kinds.h): levels (floor,
 * extent), knees (size, retired-rule size, published size, signed gap),
 * whether the gap grows with depth, adjacency verdicts, the experiments,
 * the other processors; then every refusal of the sweep and the adjacency
 * probe with its reason. Lines end with '\n'. (reduce/kinds.c) */
void cs_report_text(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r);

#endif
