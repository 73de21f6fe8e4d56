/* mp_result.h: the other-processor members of a reduction (issue 8) for
 * `cacheshape reduce`: the competitor comparison (reduce/compare.h) and one
 * reduction per kind of core; absent when the capture measured neither. */
#ifndef CS_MP_RESULT_H
#define CS_MP_RESULT_H

#include "../common/buf.h"
#include "../common/capture.h"
#include "../reduce/reduce.h"

/* The comparison line and one line per kind of core, for the text report. */
void cs_mp_result_text(struct cs_buf *b, const struct cs_capture *c,
		       const struct cs_result *r);

#endif
