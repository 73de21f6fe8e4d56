/* query.h: what one kind lends the others and the layers above, asked of
 * the table of kinds (common/kinds.h, the query column), never of a kind
 * by name (docs/layers.md "Queries"): the core clock's cycles per ns for
 * every figure in cycles, the clock kind's timing of an emulator, the TLB
 * kind's explanation of a knee that pairs with no cache level. The asker
 * names the question; the first kind in the table's order that answers it
 * (its query returns 1) gives the answer. Freestanding. */
#ifndef CS_QUERY_H
#define CS_QUERY_H

#include <stdint.h>
#include "../common/buf.h"
#include "../common/kinds.h"

struct cs_capture;
struct cs_result;

enum cs_question {
	/* v: core cycles per ns, from the result, where the core clock is
	 * stable; unanswered (0) without one: every figure in cycles is
	 * refused then, the clock's refusals say why */
	CS_Q_CYCLES_PER_NS,
	/* from the capture alone (the kinds that reduce before the clock ask
	 * it too): a chain of dependent adds timed at a rate no core has, an
	 * emulator's translation, said in words into b (docs/emulators.md s.3) */
	CS_Q_EMULATION,
	/* knee n of the sweep, paired with no published level (summary.md
	 * s.2b): the kind measured what it is, said into b ("; explained: ...") */
	CS_Q_UNMATCHED_MEASURED,
	/* ... the weaker evidence, asked after the shared level's share */
	CS_Q_UNMATCHED_INDIRECT,
	/* v[0]: the read on one thread in GB/s (the bandwidth kind), the
	 * level below its knee paired with published level n (as the summary
	 * pairs it, never the k-th plateau of the read) ... */
	CS_Q_READ_GBPS,
	/* ... or the level past its last knee, when that knee pairs with
	 * published level n (memory, past the latency's last knee paired so) */
	CS_Q_READ_GBPS_PAST,
	/* v[0..2]: ways, sets and size in bytes of published level n (the
	 * geometry kind), where it measured them */
	CS_Q_GEOMETRY,
};

struct cs_query {
	enum cs_question what;
	uint32_t n;        /* the knee, or the published level, it asks of */
	double v[3];       /* the answer, for numbers */
	struct cs_buf *b;  /* the answer's words, for the others */
};

/* The query column of the table, declared from it. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, ...) \
	int query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r);
CS_KINDS
#undef CS_KIND

/* The kinds asked in the table's order; 1 when one answered. r is NULL for
 * a question of the capture alone (CS_Q_EMULATION): a kind's query looks
 * at the question before it reads r. */
int cs_ask(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r);
int cs_none_query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r);

/* CS_Q_CYCLES_PER_NS: core cycles per ns, 0 without a stable core clock. */
double cs_cycles_per_ns(const struct cs_result *r);

/* Knee tables, for the askers and the kinds alike (the sweep's, a
 * series'): the level below knee j is the count of found knees (with a
 * size) among k[0 .. j); the published level of the last found knee of
 * k[0 .. n) (0: unmatched, or none), with *found how many were found. */
struct cs_knee;
uint32_t cs_knees_found_before(const struct cs_knee *k, uint32_t j);
uint32_t cs_knees_last_published(const struct cs_knee *k, uint32_t n, uint32_t *found);

#endif
