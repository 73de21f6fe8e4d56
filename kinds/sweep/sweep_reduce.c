/* sweep_reduce.c: the sweep's reduce column (common/kinds.h): the main
 * sweep reduced by the reducer's rules for a latency series
 * (docs/reduction.md s.1 to s.4, reduce/reduce.c cs_reduce_latency), which
 * every other sweep of a capture shares (the competitor's, each core
 * type's, the TLB's large pages: reduce.h cs_reduce), with its repeats'
 * spreads (reduce/repeat.c). Freestanding. */
#include "../../reduce/kinds.h"

/* The sweep's row of the table: the whole capture's points and clock
 * checked, then levels and knees into a fresh r. */
int cs_sweep_reduce(const struct cs_capture *c, struct cs_work *w,
		    struct cs_result *r, char *err, size_t errlen)
{
	return cs_reduce_latency(c, w, r, err, errlen);
}
