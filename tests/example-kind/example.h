/* example.h: a throwaway kind for tests/suite-structure.sh, which copies
 * this folder to kinds/example/ in a scratch copy of the tree, adds one row
 * to common/kinds.h, and builds: what README "A new kind" promises a new
 * kind needs. Its members of struct cs_capture and struct cs_result are
 * declared here (scripts/kinds-h.sh gathers them: docs/layers.md). */
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

#define CS_CAPTURE_MEMBER_EXAMPLE struct cs_example_capture example;
#define CS_RESULT_MEMBER_EXAMPLE struct cs_example_result example;

#endif
