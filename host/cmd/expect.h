/* expect.h: the "expect" member of a synthetic capture (the answer it was
 * built to have) into struct cs_expect; part of the capture reader. */
#ifndef CS_EXPECT_H
#define CS_EXPECT_H

#include "../jread.h"
#include "../reader.h"
#include "../../common/kinds.h"

void cs_expect_init(struct cs_expect *e);
/* v is the "expect" object; the path is already at it. */
int cs_read_expect(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);
/* The expectations in NAME.expect beside NAME.json (a JSON object of the
 * same form as "expect"), when that file exists: 0 (e->present set when it
 * was there) or -1 with err naming the file and the field. */
int cs_read_expect_beside(const char *capture_path, struct cs_expect *e,
			  char *err, size_t errlen);

/* The expect column of the table (common/kinds.h), declared from it: each
 * kind's prefix P names P_read (its keys of the "expect" object into e),
 * P_compare (the differences with the result, each a line appended to
 * why, which may be NULL; their number) and P_any (whether e states
 * something of it). Walked in the table's order by cs_read_expect,
 * cs_expect_compare_all and cs_expect_any. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, ...) \
	int expect##_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e); \
	int expect##_compare(const struct cs_expect *e, const struct cs_result *r, \
			     char *why, size_t whylen); \
	int expect##_any(const struct cs_expect *e);
CS_KINDS
#undef CS_KIND
int cs_none_expect_read(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);
int cs_none_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			   char *why, size_t whylen);
int cs_none_expect_any(const struct cs_expect *e);

/* Every kind's compare, in the table's order: 0 when the result answers as
 * expected, else the number of differences, each a line in why. */
int cs_expect_compare_all(const struct cs_expect *e, const struct cs_result *r,
			  char *why, size_t whylen);

#endif
