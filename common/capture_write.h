/* capture_write.h: a capture to JSON text (capture.md), freestanding.
 * The core fields come from struct cs_capture; a producer adds its own
 * top-level members (register dumps, calibration, experiments) through the
 * 'extra' callback, which is called inside the top-level object after the
 * core members, with the writer positioned to take keys. */
#ifndef CS_CAPTURE_WRITE_H
#define CS_CAPTURE_WRITE_H

#include "capture.h"
#include "jsonw.h"

typedef void (*cs_capture_extra_fn)(struct cs_jsonw *j, void *ctx);

/* Returns 0 on success; -1 when the buffer was too small (b->overflow). */
int cs_capture_write(struct cs_buf *b, const struct cs_capture *c,
		     cs_capture_extra_fn extra, void *ctx);

#endif
