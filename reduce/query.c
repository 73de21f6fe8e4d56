/* query.c: the kinds asked (query.h), through the query column of the
 * table. Freestanding. */
#include "query.h"
#include "reduce.h"

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
	struct cs_query q = { CS_Q_CYCLES_PER_NS, 0, { 0 }, 0 };
	return cs_ask(&q, 0, r) ? q.v[0] : 0;
}

uint32_t cs_knees_found_before(const struct cs_knee *k, uint32_t j)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < j; i++)
		n += k[i].has_bytes != 0;
	return n;
}

uint32_t cs_knees_last_published(const struct cs_knee *k, uint32_t n, uint32_t *found)
{
	uint32_t p = 0;
	*found = 0;
	for (uint32_t i = 0; i < n && i < CS_MAX_KNEES; i++)
		if (k[i].has_bytes) {
			p = k[i].has_published ? k[i].published_level : 0;
			(*found)++;
		}
	return p;
}
