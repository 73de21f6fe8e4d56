/* expect.h: the "expect" member of a synthetic capture (the answer it was
 * built to have) into struct cs_expect; part of the capture reader. */
#ifndef CS_EXPECT_H
#define CS_EXPECT_H

#include "../jread.h"
#include "../reader.h"

void cs_expect_init(struct cs_expect *e);
/* v is the "expect" object; the path is already at it. */
int cs_read_expect(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);
/* The expectations in NAME.expect beside NAME.json (a JSON object of the
 * same form as "expect"), when that file exists: 0 (e->present set when it
 * was there) or -1 with err naming the file and the field. */
int cs_read_expect_beside(const char *capture_path, struct cs_expect *e,
			  char *err, size_t errlen);

#endif
