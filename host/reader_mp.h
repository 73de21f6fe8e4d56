/* reader_mp.h: the capture's other-processor members (common/mp_capture.h),
 * read strictly like the rest of the capture (reader.c calls it). */
#ifndef CS_READER_MP_H
#define CS_READER_MP_H

#include "../common/capture.h"
#include "jread.h"

/* "processors", "processors_reason", "competitor", "cores": each optional
 * (null is absent, except "processors": null, which says MP services were
 * missing and wants "processors_reason"). 0, or -1 with r's error set. */
int cs_read_mp(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c);

#endif
