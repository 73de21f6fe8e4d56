/* expect.c: the "expect" member of a synthetic capture, read as strictly as
 * the capture itself: a check that silently compared nothing would pass. */
#define _POSIX_C_SOURCE 200809L
#include "expect.h"
#include "../input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* "NAME.expect" beside a capture NAME.json: the "expect" object of a
 * capture that is data and cannot carry one (an imported curve: captures
 * are never edited). Absent is not an error. */
int cs_read_expect_beside(const char *capture_path, struct cs_expect *e,
			  char *err, size_t errlen)
{
	static const struct cs_jd_limits lim = { 4096, 8 };
	char path[4200], text[16384];
	size_t n = strlen(capture_path), len;
	struct cs_jr r;
	struct cs_jd *root;
	char *slurped;
	void *arena;
	int rc;

	if (n < 5 || strcmp(capture_path + n - 5, ".json") ||
	    snprintf(path, sizeof(path), "%.*s.expect", (int)(n - 5), capture_path) >= (int)sizeof(path))
		return 0;
	if (access(path, F_OK))
		return 0;
	/* bounded in size and time as every input is (input.h) */
	if (cs_input_slurp(path, sizeof(text) - 1, "a NAME.expect file", &slurped, &len, err, errlen)) {
		snprintf(text, sizeof(text), "%s", err);
		snprintf(err, errlen, "%s: %s", path, text);
		return -1;
	}
	memcpy(text, slurped, len + 1);
	free(slurped);
	arena = malloc(1 << 20);
	if (!arena) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	cs_expect_init(e);
	cs_jr_init(&r, err, errlen);
	root = cs_jd_parse(text, len, arena, 1 << 20, &lim, err, errlen);
	rc = !root || cs_jr_object(&r, root) || cs_read_expect(&r, root, e) ? -1 : 0;
	if (rc) {
		char why[512];
		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%s: %s", path, why);
	}
	free(arena);
	return rc;
}
