/* capture_write.h: a capture to JSON text (docs/capture.md), freestanding.
 * Everything measured comes from struct cs_capture: the core members, then
 * each kind's (kinds.h write column); a producer adds its own top-level
 * members (register dumps, calibration, settings) through the 'extra'
 * callback, called inside the top-level object after those, with the
 * writer positioned to take keys; then each kind's record of how it was
 * measured (the record column). */
#ifndef CS_CAPTURE_WRITE_H
#define CS_CAPTURE_WRITE_H

#include "capture.h"
#include "jsonw.h"
#include "kinds.h"

typedef void (*cs_capture_extra_fn)(struct cs_jsonw *j, void *ctx);

/* Returns 0 on success; -1 when the buffer was too small (b->overflow). */
int cs_capture_write(struct cs_buf *b, const struct cs_capture *c,
		     cs_capture_extra_fn extra, void *ctx);

/* "KEY": {"points": [...]}, one point a line (the sweep's shape). */
void cs_points_write(struct cs_jsonw *j, const char *key, const struct cs_point *pts, uint32_t n);
/* "points": [...] alone, inside an object the caller has open. */
/* One point of any series, on one line: {XKEY: x, "ns", ["ns_median"],
 * ["block_ns"]}: the sweep's (bytes) and a TLB sweep's (pages). */
void cs_point_write(struct cs_jsonw *j, const char *xkey, double x, double ns, int has_median,
		    double ns_median, int has_block, double block_ns);
void cs_points_array_write(struct cs_jsonw *j, const struct cs_point *pts, uint32_t n);

/* The write, record and published columns of the table (kinds.h),
 * declared from it. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, ...) \
	void write(struct cs_jsonw *j, const struct cs_capture *c); \
	void record(struct cs_jsonw *j, const struct cs_capture *c); \
	void published(struct cs_jsonw *j, const struct cs_capture *c);
CS_KINDS
#undef CS_KIND
void cs_none_write(struct cs_jsonw *j, const struct cs_capture *c);
void cs_none_record(struct cs_jsonw *j, const struct cs_capture *c);
void cs_none_published(struct cs_jsonw *j, const struct cs_capture *c);

#endif
