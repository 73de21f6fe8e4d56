/* expect.h: what a capture was built to answer, compared with its
 * reduction (`check`); host only. The "expect" member itself (and
 * NAME.expect's same form) is read by the capture reader
 * (reader/expect.c: freestanding, since the page reads it too). */
#ifndef CS_EXPECT_H
#define CS_EXPECT_H

#include <stddef.h>
#include "../../reader/expect.h"

/* The expectations in NAME.expect beside NAME.json (a JSON object of the
 * same form as "expect"), when that file exists: 0 (e->present set when it
 * was there) or -1 with err naming the file and the field. */
int cs_read_expect_beside(const char *capture_path, struct cs_expect *e,
			  char *err, size_t errlen);

#endif
