/* query.c: the kinds asked (query.h), through the query column of the
 * table. Freestanding. */
#include "query.h"
#include "../common/kinds.h"

typedef int (*cs_query_fn)(struct cs_query *q, const struct cs_capture *c,
			   const struct cs_result *r);
static const cs_query_fn queries[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, ...) query,
	CS_KINDS
#undef CS_KIND
};

int cs_none_query(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r)
{
	(void)q;
	(void)c;
	(void)r;
	return 0;
}

int cs_ask(struct cs_query *q, const struct cs_capture *c, const struct cs_result *r)
{
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		if (queries[k](q, c, r))
			return 1;
	return 0;
}

double cs_cycles_per_ns(const struct cs_result *r)
{
	struct cs_query q = { CS_Q_CYCLES_PER_NS, 0, 0, 0 };
	return cs_ask(&q, 0, r) ? q.v : 0;
}
