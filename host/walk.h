/* walk.h: the capture files under a folder (every *.json, recursively), as
 * paths relative to it, sorted byte-wise, and what was not followed, each
 * with its reason: a folder already seen (a symbolic link loop, or a second
 * link to one folder: tracked by device and inode), a folder or capture
 * that cannot be read, a hidden entry, a path over the length a path may
 * have, a folder deeper than WALK_MAX_DEPTH. Nothing is skipped silently
 * but files whose names do not end in .json. */
#ifndef CS_WALK_H
#define CS_WALK_H

#include <stddef.h>

struct cs_walk_note {
	char *path;  /* relative to the root; a folder ends in '/' */
	char *what;  /* why it was not followed, one sentence */
	int error;   /* 1: something that should have been read could not be */
};

struct cs_walk {
	char **paths;
	size_t n, cap;
	struct cs_walk_note *notes;
	size_t n_notes, cap_notes;
};

/* 0, or -1 when root itself cannot be opened, or out of memory; errno is
 * kept. Folders under root that cannot be read are notes, not failures. */
int cs_walk_json(const char *root, struct cs_walk *w);
void cs_walk_free(struct cs_walk *w);

#endif
