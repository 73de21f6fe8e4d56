/* clock_reference.h: whether a capture is a reference capture (issue 25 item 4,
 * docs/clock.md s.4): a table of conditions, each
 *     int cond(const struct cs_capture *c, const struct cs_result *r,
 *              char *code, size_t codelen, char *why, size_t whylen);
 * 1 when it holds; 0 when it fails, with a code and a sentence with its
 * figures. The capture is a reference when every condition holds; the
 * reasons are the failed ones, in the table's order. Run after every kind
 * is reduced: the clock kind's after column (common/kinds.h), which
 * reduce/kinds.c walks once every row is reduced. Freestanding. */
#ifndef CS_REFERENCE_H
#define CS_REFERENCE_H

#include <stddef.h>
#include "../../common/capture.h"
#include "../../common/result.h"

typedef int (*cs_ref_cond)(const struct cs_capture *c, const struct cs_result *r,
			   char *code, size_t codelen, char *why, size_t whylen);

/* r->clock.ref from the table. */
void cs_clock_reference(const struct cs_capture *c, struct cs_result *r);

#endif
