/* example.h: the example kind, a throwaway kind that README "A new kind"
 * follows and tests/suite-structure.sh proves: it copies this folder to
 * kinds/example/ in a scratch copy of the tree, adds its one row to
 * common/kinds.h (the row README gives), changes nothing else, and checks
 * that every surface shows it (the host command, both firmwares and a boot
 * of one, the page's module). What it measures is trivial on purpose: its
 * setting's value, doubled, and the page size under the engine's region,
 * asked of the host's platform services (common/services.h).
 *
 * Its members of struct cs_capture, struct cs_result and struct cs_expect
 * are declared here, one macro each (scripts/kinds-h.sh gathers them:
 * docs/layers.md "Storage"). */
#ifndef CS_EXAMPLE_H
#define CS_EXAMPLE_H

#include <stdint.h>

#define CS_EXAMPLE_VALUE_MAX 1000 /* its setting's range: 1 .. this */
#define CS_EXAMPLE_TEXT 96

/* "example": {"value": N, "page_bytes": P, "how": "..."} or {..., "refused": "..."} */
struct cs_example_capture {
	int present;
	uint64_t value;   /* its setting (example_value=, --example-value) */
	int has_page;     /* the host's pool_pages service answered */
	uint64_t page_bytes;
	char how[CS_EXAMPLE_TEXT];    /* how the host knows it, or why it cannot */
};

struct cs_example_result {
	int present;
	uint64_t doubled;
	int has_page;
	uint64_t page_bytes;
	uint32_t knees;   /* the after column: the sweep's knees, read once every row is reduced */
};

/* "expect": {"example": {"doubled": N}}: check's expectation (example_expect.c) */
struct cs_example_expect {
	int present;
	uint64_t doubled;
};

/* The host column (common/host_step.h): what a measuring host (the
 * firmware, the host probe) runs itself before the clock, on its services:
 * here, what the services say of the host, said on its screen and written
 * among its members as "example_host": {"privileged", "emulated"}. */
struct cs_services;
struct cs_buf;
struct cs_jsonw;
void cs_example_host_run(const struct cs_services *s);
void cs_example_host_say(struct cs_buf *b);
void cs_example_host_json(struct cs_jsonw *j);

#define CS_CAPTURE_MEMBER_EXAMPLE struct cs_example_capture example;
#define CS_RESULT_MEMBER_EXAMPLE struct cs_example_result example;
#define CS_EXPECT_MEMBER_EXAMPLE struct cs_example_expect example;

#endif
