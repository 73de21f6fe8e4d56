/* bw_run.h: what the bandwidth kind's run files share (bw_run.c, the
 * streams and the series on one processor; bw_gang.c, every processor at
 * once; bw_mlp.c, the misses in flight). Freestanding. */
#ifndef CS_BW_RUN_H
#define CS_BW_RUN_H

#include "../../common/engine.h"

/* One processor streaming op over [buf, buf + bytes) (and, for copy, into
 * dst), from at, wrapping; sink keeps what the reads summed. */
struct cs_bw_stream {
	const struct cs_bw_kernels *k;
	enum cs_bw_op op;
	char *buf, *dst;
	uint64_t bytes, at, sink;
};
/* chunks of CS_BW_CHUNK bytes from s->at on, wrapping at the end. */
void cs_bw_stream_pass(struct cs_bw_stream *s, uint64_t chunks);

/* The kind's hooks (bw_probe.h struct cs_bw_hooks: kernels, vector
 * state, gang) from the host's services (bw_platform.c), when the engine
 * has them; off and the sizes stay the host's. */
void cs_bw_platform(struct cs_engine *e);

/* The blocks a point and their floor (bw_run.c: the plan's, bounded). */
void cs_bw_block_plan(const struct cs_engine *e, uint32_t *blocks, double *floor_ns);
/* A point of bytes by the block rule over w, whose units (chunks) count
 * per_chunk bytes each: 0 and *p (ns per counted byte), or -1. */
int cs_bw_point_time(const struct cs_engine *e, const struct cs_walk *w, double bytes,
		     double per_chunk, struct cs_bw_point *p);
/* The grid's sizes up to max as multiples of CS_BW_CHUNK: their count. */
uint32_t cs_bw_sizes(uint64_t max, uint64_t *out, uint32_t cap);
/* bytes rounded up to its alignment (2 MiB from 2 MiB on, else 4 KiB). */
uint64_t cs_bw_align(uint64_t bytes);

/* The read on every processor at once, a series appended (bw_gang.c): 0,
 * or -1 with bw->all_cores_note when there is none. */
int cs_bw_all_cores(struct cs_engine *e, struct cs_bw_capture *bw,
		    const struct cs_bw_kernels *k, uint64_t max);
/* The misses in flight into bw's mlp member (bw_mlp.c). */
void cs_bw_mlp(struct cs_engine *e, const struct cs_capture *c, struct cs_bw_capture *bw);

#endif
