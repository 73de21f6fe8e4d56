/* reader_mp.h: the capture's other-processor members (common/mp_capture.h),
 * read strictly like the rest of the capture: "processors" (null, with
 * "processors_reason", says MP services were missing), "competitor" and
 * "cores", each optional (null is absent) and each its kind's read column
 * (cs_procs_read, cs_competitor_read, cs_cores_read in reader.h). */
#ifndef CS_READER_MP_H
#define CS_READER_MP_H

#include "reader.h"

#endif
