/* walk.c: every *.json under a folder, recursively, as sorted relative paths. */
#define _POSIX_C_SOURCE 200809L
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define WALK_MAX_DEPTH 16 /* a symlink loop ends here */

static int add(struct cs_walk *w, const char *rel)
{
	if (w->n == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 64;
		char **p = realloc(w->paths, cap * sizeof(*p));
		if (!p)
			return -1;
		w->paths = p;
		w->cap = cap;
	}
	w->paths[w->n] = strdup(rel);
	return w->paths[w->n++] ? 0 : -1;
}

static int is_json(const char *name)
{
	size_t n = strlen(name);
	return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

static int walk(struct cs_walk *w, const char *root, const char *rel,
		int depth)
{
	char full[4096], sub[4096];
	struct dirent *d;
	struct stat st;
	DIR *dir;
	int rc = 0;

	if (snprintf(full, sizeof(full), "%s%s%s", root, *rel ? "/" : "",
		     rel) >= (int)sizeof(full))
		return 0;
	dir = opendir(full);
	if (!dir)
		return -1;
	while (rc == 0 && (d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue; /* ".", "..", and hidden files */
		if (snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "",
			     d->d_name) >= (int)sizeof(sub) ||
		    snprintf(full, sizeof(full), "%s/%s", root, sub) >=
			    (int)sizeof(full) ||
		    stat(full, &st) != 0)
			continue; /* too long a path, or gone */
		if (S_ISDIR(st.st_mode) && depth < WALK_MAX_DEPTH)
			rc = walk(w, root, sub, depth + 1);
		else if (S_ISREG(st.st_mode) && is_json(d->d_name))
			rc = add(w, sub);
	}
	closedir(dir);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cs_walk_json(const char *root, struct cs_walk *w)
{
	int rc;

	memset(w, 0, sizeof(*w));
	rc = walk(w, root, "", 0);
	if (w->n)
		qsort(w->paths, w->n, sizeof(*w->paths), by_name);
	return rc;
}

void cs_walk_free(struct cs_walk *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->paths[i]);
	free(w->paths);
	memset(w, 0, sizeof(*w));
}
