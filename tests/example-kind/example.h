/* example.h: a throwaway kind for tests/suite-structure.sh, which copies
 * this folder to kinds/example/ in a scratch copy of the tree, adds one row
 * to common/kinds.h and a member to struct cs_capture and struct cs_result,
 * and builds: what README "A new kind" promises a new kind needs. */
#ifndef CS_EXAMPLE_H
#define CS_EXAMPLE_H

#include <stdint.h>

struct cs_example_capture {
	int present;
	uint64_t value;   /* "example": {"value": N} */
};

struct cs_example_result {
	int present;
	uint64_t doubled;
};

#endif
