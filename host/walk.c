/* walk.c: every *.json under a folder, recursively (walk.h). */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* struct dirent's d_type */
#include "walk.h"
#include "../common/buf.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define WALK_MAX_DEPTH 16 /* folders below the root: a bound, said when met */
#define WALK_PATH_MAX 4096 /* bytes of a path, the root's included */

struct seen {
	dev_t dev;
	ino_t ino;
};

struct later {
	char *rel;
	int depth;
};

struct walker {
	struct cs_walk *w;
	const char *root;
	struct seen *seen; /* every folder entered */
	size_t n_seen, cap_seen;
	/* Folders reached through a symbolic link wait until the real tree
	 * is read: a capture is then listed under its own path, and a link
	 * back into the tree is the one named as skipped. */
	struct later *later;
	size_t n_later, cap_later;
	int following; /* set while a link's own entry is taken */
};

static int grow(void **p, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return 0;
	size_t c = *cap ? *cap * 2 : 64;
	void *q = realloc(*p, c * size);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

static int add(struct cs_walk *w, const char *rel)
{
	if (grow((void **)&w->paths, &w->cap, w->n, sizeof *w->paths))
		return -1;
	w->paths[w->n] = strdup(rel);
	return w->paths[w->n++] ? 0 : -1;
}

static int note(struct cs_walk *w, const char *rel, int dir, int error,
		const char *what, const char *detail)
{
	struct cs_walk_note *n;
	size_t len = strlen(rel) + 2;
	if (grow((void **)&w->notes, &w->cap_notes, w->n_notes, sizeof *w->notes))
		return -1;
	n = &w->notes[w->n_notes];
	n->path = malloc(len);
	n->what = malloc(strlen(what) + (detail ? strlen(detail) : 0) + 3);
	if (!n->path || !n->what) {
		free(n->path);
		free(n->what);
		return -1;
	}
	snprintf(n->path, len, "%s%s", *rel ? rel : ".", dir ? "/" : "");
	sprintf(n->what, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
	n->error = error;
	w->n_notes++;
	return 0;
}

static int is_json(const char *name)
{
	size_t n = strlen(name);
	return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* 1 when the folder was entered before (and says so), 0 when new. */
static int seen_before(struct walker *k, const struct stat *st)
{
	for (size_t i = 0; i < k->n_seen; i++)
		if (k->seen[i].dev == st->st_dev && k->seen[i].ino == st->st_ino)
			return 1;
	if (grow((void **)&k->seen, &k->cap_seen, k->n_seen, sizeof *k->seen))
		return -1;
	k->seen[k->n_seen++] = (struct seen){ st->st_dev, st->st_ino };
	return 0;
}

static int walk(struct walker *k, const char *rel, int depth);

/* One entry of a folder: a capture, a folder to enter, or a note. */
static int entry(struct walker *k, const char *rel, const char *name, unsigned char type,
		 int depth)
{
	char sub[WALK_PATH_MAX], full[WALK_PATH_MAX];
	struct stat st;
	int dup;

	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return 0;
	if (snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", name) >= (int)sizeof sub ||
	    snprintf(full, sizeof full, "%s/%s", k->root, sub) >= (int)sizeof full) {
		char cut[160], why[96];
		snprintf(cut, sizeof cut, "%.*s.../%.*s", (int)cs_utf8_prefix(rel, strlen(rel), 40), rel,
			 (int)cs_utf8_prefix(name, strlen(name), 24), name);
		snprintf(why, sizeof why, "skipped: its path is over the %d bytes a path may have here",
			 WALK_PATH_MAX - 1);
		return note(k->w, cut, 0, 0, why, NULL);
	}
	if (name[0] == '.')
		return note(k->w, sub, 0, 0, "skipped: hidden", NULL);
	/* a regular file as the folder lists it needs no stat of its own
	 * (thousands of captures: a tenth of check's time, issue 34 item 4) */
	if (type == DT_REG)
		return is_json(name) ? add(k->w, sub) : 0;
	if (stat(full, &st) != 0)
		return is_json(name) ? note(k->w, sub, 0, 1, "cannot be read", strerror(errno)) : 0;
	if (S_ISDIR(st.st_mode) && !k->following) {
		struct stat l;
		if (lstat(full, &l) == 0 && S_ISLNK(l.st_mode)) {
			if (grow((void **)&k->later, &k->cap_later, k->n_later, sizeof *k->later))
				return -1;
			k->later[k->n_later].rel = strdup(sub);
			k->later[k->n_later].depth = depth;
			return k->later[k->n_later++].rel ? 0 : -1;
		}
	}
	if (S_ISDIR(st.st_mode)) {
		if (depth + 1 > WALK_MAX_DEPTH) {
			char why[64];
			snprintf(why, sizeof why, "skipped: deeper than the %d folders followed", WALK_MAX_DEPTH);
			return note(k->w, sub, 1, 0, why, NULL);
		}
		dup = seen_before(k, &st);
		if (dup < 0)
			return -1;
		if (dup)
			return note(k->w, sub, 1, 0,
				    "skipped: a folder already read (a symbolic link loop, or a second link to it)",
				    NULL);
		return walk(k, sub, depth + 1);
	}
	if (S_ISREG(st.st_mode) && is_json(name))
		return add(k->w, sub);
	if (is_json(name))
		return note(k->w, sub, 0, 0, "skipped: not a regular file", NULL);
	return 0;
}

static int by_name(const void *a, const void *b);

/* A folder's entry as readdir gives it: the name, and its type where the
 * file system says (DT_UNKNOWN where it does not: then stat says). */
struct name {
	char *name;
	unsigned char type;
};

static int by_entry(const void *a, const void *b)
{
	return strcmp(((const struct name *)a)->name, ((const struct name *)b)->name);
}

/* A folder's entries in byte order, so every run lists the same paths. */
static int walk(struct walker *k, const char *rel, int depth)
{
	char full[WALK_PATH_MAX];
	struct name *names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *d;
	DIR *dir;
	int rc = 0;

	snprintf(full, sizeof full, "%s%s%s", k->root, *rel ? "/" : "", rel);
	dir = opendir(full);
	if (!dir)
		return *rel ? note(k->w, rel, 1, 1, "cannot be read", strerror(errno)) : -1;
	while (rc == 0 && (errno = 0, d = readdir(dir))) {
		if (grow((void **)&names, &cap, n, sizeof *names) ||
		    !(names[n].name = strdup(d->d_name)))
			rc = -1;
		else
			names[n++].type = d->d_type;
	}
	if (rc == 0 && errno)
		rc = note(k->w, rel, 1, 1, "could not be read to the end", strerror(errno));
	closedir(dir);
	if (n)
		qsort(names, n, sizeof *names, by_entry);
	for (size_t i = 0; i < n; i++) {
		if (rc == 0)
			rc = entry(k, rel, names[i].name, names[i].type, depth);
		free(names[i].name);
	}
	free(names);
	return rc;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int note_by_name(const void *a, const void *b)
{
	return strcmp(((const struct cs_walk_note *)a)->path, ((const struct cs_walk_note *)b)->path);
}

int cs_walk_json(const char *root, struct cs_walk *w)
{
	struct walker k;
	struct stat st;
	int rc, e;

	memset(w, 0, sizeof(*w));
	memset(&k, 0, sizeof k);
	k.w = w;
	k.root = root;
	if (stat(root, &st) == 0 && seen_before(&k, &st) < 0)
		return -1;
	rc = walk(&k, "", 0);
	/* then the folders reached through links, which may add more */
	for (size_t i = 0; i < k.n_later; i++) {
		char *rel = k.later[i].rel, *slash = strrchr(rel, '/');
		const char *parent = "", *name = rel;
		if (slash) {
			*slash = 0;
			parent = rel;
			name = slash + 1;
		}
		if (rc == 0) {
			k.following = 1;
			rc = entry(&k, parent, name, DT_UNKNOWN, k.later[i].depth);
			k.following = 0;
		}
		free(rel);
	}
	e = errno;
	free(k.later);
	free(k.seen);
	if (w->n)
		qsort(w->paths, w->n, sizeof(*w->paths), by_name);
	if (w->n_notes)
		qsort(w->notes, w->n_notes, sizeof(*w->notes), note_by_name);
	errno = e;
	return rc;
}

void cs_walk_free(struct cs_walk *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->paths[i]);
	for (size_t i = 0; i < w->n_notes; i++) {
		free(w->notes[i].path);
		free(w->notes[i].what);
	}
	free(w->paths);
	free(w->notes);
	memset(w, 0, sizeof(*w));
}
