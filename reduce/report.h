/* report.h: the reduction as text for people, freestanding: the same words
 * on the firmware's screen and from `cacheshape reduce`. */
#ifndef CS_REPORT_H
#define CS_REPORT_H

#include "../common/buf.h"
#include "reduce.h"

/* Levels (floor, extent), knees (size, retired-rule size, published size,
 * signed gap), whether the gap grows with depth, adjacency verdicts, and
 * every refusal with its reason. Lines end with '\n'. */
void cs_report_text(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r);

#endif
