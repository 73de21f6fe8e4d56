/* expect.h: the "expect" member of a synthetic capture (the answer it was
 * built to have) into struct cs_expect; part of the capture reader. */
#ifndef CS_EXPECT_H
#define CS_EXPECT_H

#include "jread.h"
#include "reader.h"

void cs_expect_init(struct cs_expect *e);
/* v is the "expect" object; the path is already at it. */
int cs_read_expect(struct cs_jr *r, const struct cs_jd *v, struct cs_expect *e);

#endif
