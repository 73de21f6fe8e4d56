/* walk.h: the capture files under a folder (every *.json, recursively,
 * hidden entries skipped), as paths relative to it, sorted byte-wise. */
#ifndef CS_WALK_H
#define CS_WALK_H

#include <stddef.h>

struct cs_walk {
	char **paths;
	size_t n, cap;
};

/* 0, or -1 when root (or a folder under it) cannot be opened, or out of
 * memory; errno is kept. */
int cs_walk_json(const char *root, struct cs_walk *w);
void cs_walk_free(struct cs_walk *w);

#endif
