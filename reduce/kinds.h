/* kinds.h (reduce): the reduce, report and after columns of the table of kinds
 * (common/kinds.h), declared from it: one function a kind, each in its own
 * unit, and a kind's needs no line here. */
#ifndef CS_REDUCE_KINDS_H
#define CS_REDUCE_KINDS_H

#include "reduce.h"
#include "report.h"
#include "../common/kinds.h"

#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, after, ...) \
	int reduce(const struct cs_capture *c, struct cs_work *w, \
		   struct cs_result *r, char *err, size_t errlen); \
	void report(struct cs_buf *b, const struct cs_capture *c, \
		    const struct cs_result *r); \
	void after(const struct cs_capture *c, struct cs_result *r);
CS_KINDS
#undef CS_KIND
int cs_none_reduce(const struct cs_capture *c, struct cs_work *w,
		   struct cs_result *r, char *err, size_t errlen);
void cs_none_report(struct cs_buf *b, const struct cs_capture *c,
		    const struct cs_result *r);
void cs_none_after(const struct cs_capture *c, struct cs_result *r);

#endif
