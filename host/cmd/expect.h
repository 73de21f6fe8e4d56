/* expect.h: what a capture was built to answer, compared with its
 * reduction (`check`); host only. The "expect" member itself (and
 * NAME.expect's same form) is read by the capture reader
 * (reader/expect.c: freestanding, since the page reads it too). */
#ifndef CS_EXPECT_H
#define CS_EXPECT_H

#include <stddef.h>
#include "../../reader/expect.h"
#include "../../common/kinds.h"

/* The expectations in NAME.expect beside NAME.json (a JSON object of the
 * same form as "expect"), when that file exists: 0 (e->present set when it
 * was there) or -1 with err naming the file and the field. */
int cs_read_expect_beside(const char *capture_path, struct cs_expect *e,
			  char *err, size_t errlen);

/* The expect column of the table (common/kinds.h), declared from it: each
 * kind's prefix P names P_compare (the differences with the result, each a
 * line appended to why, which may be NULL; their number) and P_any
 * (whether e states something of it). Walked in the table's order by
 * cs_expect_compare_all and cs_expect_any. */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, ...) \
	int expect##_compare(const struct cs_expect *e, const struct cs_result *r, \
			     char *why, size_t whylen); \
	int expect##_any(const struct cs_expect *e);
CS_KINDS
#undef CS_KIND
int cs_none_expect_compare(const struct cs_expect *e, const struct cs_result *r,
			   char *why, size_t whylen);
int cs_none_expect_any(const struct cs_expect *e);

/* A list of differences being written: each note one line appended to p
 * (cap bytes, NUL-terminated; p may be NULL), n counting them all, also
 * those that no longer fit. */
struct cs_why {
	char *p;
	size_t cap, len;
	int n;
};
void cs_why_note(struct cs_why *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Every kind's compare, in the table's order: 0 when the result answers as
 * expected, else the number of differences, each a line in why. */
int cs_expect_compare_all(const struct cs_expect *e, const struct cs_result *r,
			  char *why, size_t whylen);

/* The summary's rows against "expect"."summary" (docs/summary.md): the
 * number of differences, each a line appended to why. */
int cs_expect_summary_compare(const struct cs_expect *e, const struct cs_capture *c,
			      const struct cs_result *r, char *why, size_t whylen);

#endif
