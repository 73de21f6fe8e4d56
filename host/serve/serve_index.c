/* serve_index.c: GET /captures/index.json, kept between requests (serve.h).
 * Built as it always was (walk.h's walk, then only what /captures/ would
 * serve), after the folders under --dir are noted with their inode and
 * modification time; a request whose folders all still have theirs gets
 * the kept text, and any other rebuilds it. A folder is noted before it
 * is read, so a change made while the listing is built is seen by the
 * next request. An upload links a new file into a folder (and makes a
 * machine's folder in --dir): it changes that folder's time too. A
 * folder changed within INDEX_RACY_S of the build is not trusted (its time
 * has the file system clock's coarse tick): that listing is not kept. */
#define _GNU_SOURCE
#include "serve.h"
#include "../walk.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <yajl/yajl_gen.h>

#define INDEX_MAX_FOLDERS 8192  /* noted at most; past it nothing is kept */
/* A folder changed this close to the build (seconds) may change again
 * within the same tick of the file system's clock, its time unchanged:
 * such a listing is not kept (the next request builds it again). */
#define INDEX_RACY_S 2
#define INDEX_MAX_DEPTH 17      /* walk.c's WALK_MAX_DEPTH (16) and one */

struct folder {
	char *path; /* under --dir, "" for --dir itself */
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
};

struct cs_index {
	pthread_mutex_t lock;
	char dir[4096];  /* the --dir the kept text is of */
	char *text;      /* NULL: nothing kept */
	size_t len;
	struct folder *f;
	size_t n, cap;
	int overflow;    /* more folders than INDEX_MAX_FOLDERS */
	int racy;        /* a folder changed within INDEX_RACY_S of the build */
	size_t count;    /* the captures the kept text lists */
};

struct cs_index *cs_index_new(void)
{
	struct cs_index *x = calloc(1, sizeof *x);
	if (x)
		pthread_mutex_init(&x->lock, NULL);
	return x;
}

static void forget(struct cs_index *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->f[i].path);
	x->n = 0;
	x->overflow = 0;
	x->racy = 0;
	free(x->text);
	x->text = NULL;
	x->len = 0;
}

void cs_index_free(struct cs_index *x)
{
	if (!x)
		return;
	forget(x);
	free(x->f);
	pthread_mutex_destroy(&x->lock);
	free(x);
}

static int same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* dir/rel's inode and time; -1 when it is gone or no folder. */
static int look(const char *dir, const char *rel, struct stat *st)
{
	char full[8192];
	if (snprintf(full, sizeof full, "%s%s%s", dir, *rel ? "/" : "", rel) >= (int)sizeof full)
		return -1;
	return stat(full, st) == 0 && S_ISDIR(st->st_mode) ? 0 : -1;
}

static int seen(const struct cs_index *x, const struct stat *st)
{
	for (size_t i = 0; i < x->n; i++)
		if (x->f[i].dev == st->st_dev && x->f[i].ino == st->st_ino)
			return 1;
	return 0;
}

/* rel and the folders under it noted, each before it is read. */
static void note(struct cs_index *x, const char *dir, const char *rel, int depth)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	char full[8192];

	if (x->overflow || look(dir, rel, &st) != 0 || seen(x, &st))
		return;
	if (x->n == INDEX_MAX_FOLDERS || depth > INDEX_MAX_DEPTH) {
		x->overflow = 1;
		return;
	}
	if (x->n == x->cap) {
		size_t cap = x->cap ? 2 * x->cap : 64;
		struct folder *g = realloc(x->f, cap * sizeof *g);
		if (!g) {
			x->overflow = 1;
			return;
		}
		x->f = g;
		x->cap = cap;
	}
	if (!(x->f[x->n].path = strdup(rel))) {
		x->overflow = 1;
		return;
	}
	x->f[x->n].dev = st.st_dev;
	x->f[x->n].ino = st.st_ino;
	x->f[x->n].mtime = st.st_mtim;
	x->n++;
	snprintf(full, sizeof full, "%s%s%s", dir, *rel ? "/" : "", rel);
	if (!(d = opendir(full)))
		return;
	while ((e = readdir(d)) != NULL) {
		char sub[8192];
		if (e->d_name[0] == '.' || (e->d_type != DT_DIR && e->d_type != DT_LNK && e->d_type != DT_UNKNOWN))
			continue;
		if (snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", e->d_name) >= (int)sizeof sub)
			continue; /* walk.c says it; the listing has nothing there */
		note(x, dir, sub, depth + 1);
	}
	closedir(d);
}

/* 1 when every folder noted is still there with its inode and time. */
static int still(const struct cs_index *x, const char *dir)
{
	struct stat st;
	if (!x->text || x->overflow || x->racy || strcmp(x->dir, dir))
		return 0;
	for (size_t i = 0; i < x->n; i++)
		if (look(dir, x->f[i].path, &st) != 0 || st.st_dev != x->f[i].dev ||
		    st.st_ino != x->f[i].ino || !same_time(&st.st_mtim, &x->f[i].mtime))
			return 0;
	return 1;
}

/* A name yajl can write: UTF-8 (a file name need not be). */
static int utf8_ok(const unsigned char *s)
{
	while (*s) {
		int n = *s < 0x80 ? 0 : *s >= 0xc2 && *s < 0xe0 ? 1 : *s >= 0xe0 && *s < 0xf0 ? 2
			: *s >= 0xf0 && *s < 0xf5 ? 3 : -1;
		if (n < 0)
			return 0;
		for (s++; n--; s++)
			if ((*s & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

/* The listing: every capture /captures/ would serve, sorted:
 * {"captures": [{"path": "host/x.json", "bytes": N, "expect": true}, ...]}
 * ("expect" when NAME.expect lies beside it). A capture named index.json at
 * the top of --dir is hidden by this listing. */
int cs_index_admits(const char *dir, const char *p)
{
	char rel[4096];
	const char *why;
	size_t bytes;
	return !(!strcmp(p, "index.json") || !utf8_ok((const unsigned char *)p) ||
		 cs_serve_decode(p, rel, sizeof rel, &why) || strcmp(rel, p) ||
		 cs_serve_inside(dir, rel, &bytes));
}

static int build(const char *dir, char **text, size_t *len, size_t *count)
{
	struct cs_walk w;
	yajl_gen g = yajl_gen_alloc(NULL);
	const unsigned char *buf;

	if (!g)
		return -1;
	if (cs_walk_json(dir, &w) != 0) {
		cs_walk_free(&w);
		yajl_gen_free(g);
		return -1;
	}
	yajl_gen_config(g, yajl_gen_beautify, 1);
	yajl_gen_map_open(g);
	yajl_gen_string(g, (const unsigned char *)"captures", 8);
	yajl_gen_array_open(g);
	*count = 0;
	for (size_t i = 0; i < w.n; i++) {
		const char *p = w.paths[i], *why;
		char rel[4096];
		size_t bytes;
		if (!cs_index_admits(dir, p) ||
		    cs_serve_decode(p, rel, sizeof rel, &why) || cs_serve_inside(dir, rel, &bytes))
			continue; /* what capture_file would refuse is not listed */
		++*count;
		yajl_gen_map_open(g);
		yajl_gen_string(g, (const unsigned char *)"path", 4);
		yajl_gen_string(g, (const unsigned char *)p, strlen(p));
		yajl_gen_string(g, (const unsigned char *)"bytes", 5);
		yajl_gen_integer(g, (long long)bytes);
		snprintf(rel + strlen(rel) - 5, 8, ".expect");
		if (cs_serve_inside(dir, rel, &bytes) == 0) {
			yajl_gen_string(g, (const unsigned char *)"expect", 6);
			yajl_gen_bool(g, 1);
		}
		yajl_gen_map_close(g);
	}
	yajl_gen_array_close(g);
	yajl_gen_map_close(g);
	cs_walk_free(&w);
	yajl_gen_get_buf(g, &buf, len);
	*text = malloc(*len ? *len : 1);
	if (*text)
		memcpy(*text, buf, *len);
	yajl_gen_free(g);
	return *text ? 0 : -1;
}

int cs_index_get(struct cs_index *x, const char *dir, char **text, size_t *len)
{
	int rc = 0;
	pthread_mutex_lock(&x->lock);
	if (!still(x, dir)) {
		forget(x);
		snprintf(x->dir, sizeof x->dir, "%s", dir);
		time_t start = time(NULL);
		note(x, dir, "", 0);
		for (size_t i = 0; i < x->n; i++)
			x->racy |= x->f[i].mtime.tv_sec >= start - INDEX_RACY_S;
		if (build(dir, &x->text, &x->len, &x->count) != 0) {
			x->text = NULL;
			rc = -1;
		}
	}
	if (!rc && (*text = malloc(x->len ? x->len : 1)) != NULL) {
		memcpy(*text, x->text, x->len);
		*len = x->len;
	} else {
		rc = -1;
	}
	pthread_mutex_unlock(&x->lock);
	return rc;
}

int cs_index_count(struct cs_index *x, const char *dir, size_t *n)
{
	char *text;
	size_t len;
	if (cs_index_get(x, dir, &text, &len) != 0)
		return -1;
	free(text);
	pthread_mutex_lock(&x->lock);
	*n = x->count;
	pthread_mutex_unlock(&x->lock);
	return 0;
}
