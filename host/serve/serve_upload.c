/* serve_upload.c: the collection under --dir and its routes
 * (serve_upload.h). SHA-256 and the constant-time comparison are nettle's;
 * the capture is validated by the strict reader; JSON out through
 * common/jsonw. */
#define _GNU_SOURCE
#include "serve_upload.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <nettle/memops.h>
#include <nettle/sha2.h>
#include <yajl/yajl_tree.h>

#include "../input.h"
#include "../../common/buf.h"
#include "../../net/http.h"
#include "../../common/jsonw.h"

#define TMP_PREFIX ".cacheshape-upload-" /* a named temporary file (no O_TMPFILE) */
#define PATH_MAX_STORED 192 /* machine/yyyymmdd-<64 hex>.json, and room */

enum { E_DEAD, E_PENDING, E_STORED };

struct entry {
	uint8_t sha[32];
	int state;
	uint64_t bytes;
	time_t stored;
	char path[PATH_MAX_STORED]; /* machine/yyyymmdd-<hex>.json */
};

struct cs_store {
	int dirfd;
	char path[4096];        /* --dir as given: watched for a replacement */
	/* held shared by an upload from its reservation to its answer (it
	 * writes into dirfd's folders, by index number); exclusively to
	 * replace dirfd and its index, or to remove a machine's folder an
	 * upload made and then could not fill */
	pthread_rwlock_t dirs;
	int has_token;
	uint8_t token_sha[32];
	pthread_mutex_t lock;
	pthread_cond_t settled; /* an entry left E_PENDING */
	struct entry *e;
	size_t n, cap;
	size_t *slot;           /* open addressing: entry index + 1, 0 = empty */
	size_t nslot;
	unsigned long tmpno;
};

static void sha256(const void *p, size_t n, uint8_t out[32])
{
	struct sha256_ctx c;
	sha256_init(&c);
	sha256_update(&c, n, p);
	sha256_digest(&c, 32, out);
}

static void hex(const uint8_t *p, size_t n, char *out)
{
	static const char d[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = d[p[i] >> 4];
		out[2 * i + 1] = d[p[i] & 15];
	}
	out[2 * n] = 0;
}

static void say(struct cs_answer *a, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void say(struct cs_answer *a, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->message, sizeof a->message, fmt, ap);
	va_end(ap);
	a->status = status;
}

/* ---- the index: entries by SHA-256 ---- */

static size_t slot_of(const struct cs_store *s, const uint8_t *sha)
{
	uint64_t k;
	memcpy(&k, sha, sizeof k);
	return (size_t)k & (s->nslot - 1);
}

static struct entry *find(struct cs_store *s, const uint8_t *sha)
{
	if (!s->nslot)
		return NULL;
	for (size_t i = slot_of(s, sha);; i = (i + 1) & (s->nslot - 1)) {
		if (!s->slot[i])
			return NULL;
		if (!memcmp(s->e[s->slot[i] - 1].sha, sha, 32))
			return &s->e[s->slot[i] - 1];
	}
}

static int rehash(struct cs_store *s, size_t nslot)
{
	size_t *slot = calloc(nslot, sizeof *slot);
	if (!slot)
		return -1;
	free(s->slot);
	s->slot = slot;
	s->nslot = nslot;
	for (size_t k = 0; k < s->n; k++) {
		size_t i = slot_of(s, s->e[k].sha);
		while (s->slot[i])
			i = (i + 1) & (nslot - 1);
		s->slot[i] = k + 1;
	}
	return 0;
}

/* A new entry for sha (not in the index); NULL when out of memory. */
static struct entry *add(struct cs_store *s, const uint8_t *sha)
{
	struct entry *e;
	size_t i;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		struct entry *grown = realloc(s->e, cap * sizeof *grown);
		if (!grown)
			return NULL;
		s->e = grown;
		s->cap = cap;
	}
	if (2 * (s->n + 1) > s->nslot && rehash(s, s->nslot ? 2 * s->nslot : 1024) != 0)
		return NULL;
	e = &s->e[s->n];
	memset(e, 0, sizeof *e);
	memcpy(e->sha, sha, 32);
	for (i = slot_of(s, sha); s->slot[i]; i = (i + 1) & (s->nslot - 1))
		;
	s->slot[i] = ++s->n;
	return e;
}

/* ---- files ---- */

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/* The whole file at dirfd/path into a malloc'd buffer (at most max). */
static char *slurp(int dirfd, const char *path, size_t max, size_t *len)
{
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size <= max &&
	    (buf = malloc((size_t)st.st_size + 1)) != NULL) {
		while (got < (size_t)st.st_size) {
			ssize_t k = read(fd, buf + got, (size_t)st.st_size - got);
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				break;
			got += (size_t)k;
		}
		if (got != (size_t)st.st_size) {
			free(buf);
			buf = NULL;
		} else {
			buf[got] = 0;
			*len = got;
		}
	}
	close(fd);
	return buf;
}

/* 1 when dirfd/path holds exactly these bytes. */
static int same_bytes(int dirfd, const char *path, const char *p, size_t n)
{
	size_t len = 0;
	char *have = slurp(dirfd, path, CS_UPLOAD_MAX, &len);
	int same = have && len == n && !memcmp(have, p, n);
	free(have);
	return same;
}

/* Writes p into a new file mdir/name: unnamed (O_TMPFILE) or under a
 * temporary name in the same directory, fsynced, then linked or renamed
 * into place without replacing anything, the directory fsynced. 0; EEXIST
 * when name exists; another errno on failure (nothing left behind). */
static int store_file(struct cs_store *s, int mdir, const char *name, const char *p, size_t n)
{
	char tmp[64], proc[64];
	int fd, err = 0;

	fd = openat(mdir, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
	if (fd >= 0) {
		if (write_all(fd, p, n) != 0 || fsync(fd) != 0) {
			err = errno ? errno : EIO;
		} else {
			snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
			if (linkat(AT_FDCWD, proc, mdir, name, AT_SYMLINK_FOLLOW) != 0)
				err = errno;
		}
		close(fd);
	} else {
		/* no O_TMPFILE on this file system: a named temporary file */
		pthread_mutex_lock(&s->lock);
		snprintf(tmp, sizeof tmp, TMP_PREFIX "%ld-%lu.tmp", (long)getpid(), s->tmpno++);
		pthread_mutex_unlock(&s->lock);
		fd = openat(mdir, tmp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
		if (fd < 0)
			return errno;
		if (write_all(fd, p, n) != 0 || fsync(fd) != 0)
			err = errno ? errno : EIO;
		close(fd);
		if (!err && renameat2(mdir, tmp, mdir, name, RENAME_NOREPLACE) != 0) {
			err = errno;
			if (err == EINVAL || err == ENOSYS) { /* no RENAME_NOREPLACE: link, never replaces */
				err = linkat(mdir, tmp, mdir, name, 0) == 0 ? 0 : errno;
			}
		}
		unlinkat(mdir, tmp, 0);
	}
	if (!err && fsync(mdir) != 0)
		err = errno;
	return err;
}

/* The machine's folder, created (and the top directory fsynced) when new
 * (*made set then). */
static int machine_dir(struct cs_store *s, const char *machine, int *made)
{
	int fd;
	*made = 0;
	if (mkdirat(s->dirfd, machine, 0755) == 0) {
		*made = 1;
		fsync(s->dirfd);
	} else if (errno != EEXIST) {
		return -1;
	}
	fd = openat(s->dirfd, machine, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
	return fd;
}

/* ---- opening: the token, and what is stored already ---- */

static int read_token(struct cs_store *s, const char *file, char *err, size_t errlen)
{
	char tok[CS_UPLOAD_TOKEN_MAX + 2], why[256], *text = NULL;
	size_t n = 0;
	/* bounded in size and time as every input is (host/input.h): a FIFO
	 * given as --token no longer holds serve's start forever */
	if (cs_input_slurp(file, 4096, "a token file", &text, &n, why, sizeof why)) {
		snprintf(err, errlen, "--token %s: %s", file, why);
		return -1;
	}
	if (n > sizeof tok - 1)
		n = sizeof tok - 1; /* too long: refused below by its length */
	memcpy(tok, text, n);
	memset(text, 0, n);
	free(text);
	while (n && (tok[n - 1] == '\n' || tok[n - 1] == '\r' || tok[n - 1] == ' ' || tok[n - 1] == '\t'))
		n--;
	if (n == 0 || n > CS_UPLOAD_TOKEN_MAX || !cs_http_token_ok(tok, n)) {
		snprintf(err, errlen, "--token %s: the file must hold one token of 1 to %d letters, digits and -._~+/ (then '='s), on one line",
			 file, CS_UPLOAD_TOKEN_MAX);
		return -1;
	}
	sha256(tok, n, s->token_sha);
	memset(tok, 0, sizeof tok);
	s->has_token = 1;
	return 0;
}

/* yyyymmdd-<hex>.json */
static int stored_name(const char *n)
{
	size_t len = strlen(n), h;
	if (len < 9 + CS_UPLOAD_PREFIX_HEX + 5 || strcmp(n + len - 5, ".json"))
		return 0;
	for (size_t i = 0; i < 8; i++)
		if (n[i] < '0' || n[i] > '9')
			return 0;
	if (n[8] != '-')
		return 0;
	h = len - 5 - 9;
	if (h != CS_UPLOAD_PREFIX_HEX && h != 64)
		return 0;
	for (size_t i = 9; i < len - 5; i++)
		if (!((n[i] >= '0' && n[i] <= '9') || (n[i] >= 'a' && n[i] <= 'f')))
			return 0;
	return 1;
}

static void scan(struct cs_store *s)
{
	DIR *top = fdopendir(dup(s->dirfd));
	struct dirent *m;
	if (!top)
		return;
	while ((m = readdir(top)) != NULL) {
		int mfd;
		DIR *md;
		struct dirent *f;
		if (m->d_name[0] == '.' || strlen(m->d_name) > CS_UPLOAD_MACHINE_MAX)
			continue;
		mfd = openat(s->dirfd, m->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
		if (mfd < 0)
			continue;
		md = fdopendir(mfd);
		if (!md) {
			close(mfd);
			continue;
		}
		while ((f = readdir(md)) != NULL) {
			char path[600], *data;
			uint8_t sha[32];
			struct stat st;
			size_t len = 0;
			struct entry *e;
			if (!strncmp(f->d_name, TMP_PREFIX, strlen(TMP_PREFIX))) {
				unlinkat(dirfd(md), f->d_name, 0); /* a killed server's */
				continue;
			}
			if (!stored_name(f->d_name))
				continue;
			if (strlen(m->d_name) + 1 + strlen(f->d_name) >= PATH_MAX_STORED)
				continue;
			snprintf(path, sizeof path, "%s/%s", m->d_name, f->d_name);
			data = slurp(s->dirfd, path, CS_UPLOAD_MAX, &len);
			if (!data)
				continue;
			sha256(data, len, sha);
			free(data);
			if (find(s, sha) || !(e = add(s, sha)))
				continue;
			e->state = E_STORED;
			e->bytes = len;
			e->stored = fstatat(s->dirfd, path, &st, 0) == 0 ? st.st_mtime : 0;
			cs_strlcpy(e->path, path, sizeof e->path);
		}
		closedir(md);
	}
	closedir(top);
}

struct cs_store *cs_store_open(const char *dir, const char *token_file,
			       char *err, size_t errlen)
{
	struct cs_store *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->settled, NULL);
	pthread_rwlock_init(&s->dirs, NULL);
	if (strlen(dir) >= sizeof s->path) {
		snprintf(err, errlen, "--dir %s: a path longer than %zu bytes", dir, sizeof s->path - 1);
		goto fail;
	}
	strcpy(s->path, dir);
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "--dir %s: cannot create it: %s", dir, strerror(errno));
		goto fail;
	}
	s->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->dirfd < 0) {
		snprintf(err, errlen, "--dir %s: %s", dir, strerror(errno));
		goto fail;
	}
	if (token_file && read_token(s, token_file, err, errlen) != 0)
		goto fail;
	scan(s);
	return s;
fail:
	cs_store_close(s);
	return NULL;
}

void cs_store_close(struct cs_store *s)
{
	if (!s)
		return;
	if (s->dirfd > 0)
		close(s->dirfd);
	free(s->e);
	free(s->slot);
	pthread_mutex_destroy(&s->lock);
	pthread_cond_destroy(&s->settled);
	pthread_rwlock_destroy(&s->dirs);
	free(s);
}

size_t cs_store_count(struct cs_store *s)
{
	size_t k = 0;
	pthread_mutex_lock(&s->lock);
	for (size_t i = 0; i < s->n; i++)
		k += s->e[i].state == E_STORED;
	pthread_mutex_unlock(&s->lock);
	return k;
}

/* ---- the routes ---- */

void cs_store_machine(const char *json, const struct cs_capture *c, char *out, size_t cap)
{
	static const char *brand[] = { "cpu", "brand", NULL }, *part[] = { "cpu", "part", NULL };
	yajl_val root = yajl_tree_parse(json, NULL, 0), v = NULL;
	const char *name = c->label;
	if (root) {
		v = yajl_tree_get(root, brand, yajl_t_string);
		if (!v || !YAJL_GET_STRING(v)[0])
			v = yajl_tree_get(root, part, yajl_t_string);
		if (v && YAJL_GET_STRING(v)[0])
			name = YAJL_GET_STRING(v);
	}
	cs_short_name(out, cap, name);
	if (!out[0])
		cs_strlcpy(out, "unnamed", cap);
	yajl_tree_free(root);
}

int cs_store_authorized(struct cs_store *s, const char *h)
{
	uint8_t got[32];
	if (!s->has_token)
		return 1;
	if (!h || strncasecmp(h, "Bearer ", 7) != 0)
		return 0;
	h += 7;
	while (*h == ' ')
		h++;
	sha256(h, strlen(h), got);
	return memeql_sec(got, s->token_sha, 32);
}

static void answer_stored(struct cs_answer *a, int status, const struct entry *e)
{
	char mem[512], shahex[65];
	struct cs_buf b;
	struct cs_jsonw j;
	hex(e->sha, 32, shahex);
	snprintf(a->location, sizeof a->location, "/captures/%s", e->path);
	cs_buf_init(&b, mem, sizeof mem);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	cs_jsonw_key(&j, "stored");
	cs_jsonw_str(&j, status == 201 ? "new" : "already");
	cs_jsonw_key(&j, "path");
	cs_jsonw_str(&j, e->path);
	cs_jsonw_key(&j, "location");
	cs_jsonw_str(&j, a->location);
	cs_jsonw_key(&j, "sha256");
	cs_jsonw_str(&j, shahex);
	cs_jsonw_key(&j, "bytes");
	cs_jsonw_u64(&j, e->bytes);
	cs_jsonw_obj_end(&j);
	cs_putc(&b, '\n');
	a->status = status;
	a->json = malloc(b.len);
	a->len = a->json ? b.len : 0;
	if (a->json)
		memcpy(a->json, mem, b.len);
	else
		say(a, 503, "out of memory: try again");
}

/* The checks before anything is stored: the token, the size, the strict
 * reader; and the machine's folder name. 0, or -1 with the answer set. */
static int admit(struct cs_store *s, const char *auth, const char *body, size_t len,
		 int too_large, char *machine, size_t cap, struct cs_answer *a)
{
	char err[512], *text;
	struct cs_capture *c;

	if (!cs_store_authorized(s, auth)) {
		say(a, 401, "%s", CS_UPLOAD_NEED_TOKEN);
		return -1;
	}
	if (too_large) {
		say(a, 413, "a capture is at most %u bytes (4 MiB); this one is larger", CS_UPLOAD_MAX);
		return -1;
	}
	if (!body || !len) {
		say(a, 400, "capture refused: the request has no body (POST the capture's JSON)");
		return -1;
	}
	c = malloc(sizeof *c);
	text = malloc(len + 1);
	if (!c || !text) {
		free(c);
		free(text);
		say(a, 503, "out of memory: try again");
		return -1;
	}
	if (cs_read_capture_mem(body, len, c, NULL, err, sizeof err) != 0) {
		free(c);
		free(text);
		say(a, 400, "capture refused: %s", err);
		return -1;
	}
	memcpy(text, body, len);
	text[len] = 0;
	cs_store_machine(text, c, machine, cap);
	free(text);
	free(c);
	return 0;
}

/* The index's entry for sha, reserved (E_PENDING) for this upload; or
 * the answer when the bytes are stored already (200) or memory ran out.
 * Waits while the same bytes are being stored by another request. */
static int reserve(struct cs_store *s, const uint8_t *sha, size_t len, size_t *idx,
		   struct cs_answer *a)
{
	struct entry *e;
	pthread_mutex_lock(&s->lock);
	while ((e = find(s, sha)) && e->state == E_PENDING)
		pthread_cond_wait(&s->settled, &s->lock);
	if (e && e->state == E_STORED && faccessat(s->dirfd, e->path, F_OK, 0) == 0) {
		struct entry copy = *e;
		pthread_mutex_unlock(&s->lock);
		answer_stored(a, 200, &copy);
		return -1;
	}
	if (!e && !(e = add(s, sha))) {
		pthread_mutex_unlock(&s->lock);
		say(a, 503, "out of memory: try again");
		return -1;
	}
	e->state = E_PENDING;
	e->bytes = len;
	e->stored = time(NULL);
	*idx = (size_t)(e - s->e);
	pthread_mutex_unlock(&s->lock);
	return 0;
}

/* machine/<yyyymmdd>-<prefix>.json written (name says which); an errno.
 * *made: the machine's folder was made for it. */
static int write_capture(struct cs_store *s, const char *machine, const uint8_t *sha,
			 const char *body, size_t len, char *name, size_t cap, int *made)
{
	struct tm tm;
	char h[65];
	int mdir, rc;

	gmtime_r(&(time_t){ time(NULL) }, &tm);
	hex(sha, 32, h);
	snprintf(name, cap, "%04d%02d%02d-%.*s.json", tm.tm_year + 1900, tm.tm_mon + 1,
		 tm.tm_mday, CS_UPLOAD_PREFIX_HEX, h);
	mdir = machine_dir(s, machine, made);
	if (mdir < 0)
		return errno;
	rc = store_file(s, mdir, name, body, len);
	if (rc == EEXIST && !same_bytes(mdir, name, body, len)) {
		/* another capture with the same prefix today: the whole hash */
		snprintf(name, cap, "%04d%02d%02d-%s.json", tm.tm_year + 1900, tm.tm_mon + 1,
			 tm.tm_mday, h);
		rc = store_file(s, mdir, name, body, len);
	}
	if (rc == EEXIST && same_bytes(mdir, name, body, len))
		rc = 0; /* put there by hand, or by a server before a crash */
	close(mdir);
	return rc;
}

/* The folder at s->path now, when it is not the one open: opened, and
 * what it holds indexed instead (under the exclusive lock). 0, or -1 with
 * the answer when there is no folder there. */
static int current_dir(struct cs_store *s, struct cs_answer *a)
{
	struct stat now, have;
	int fd;

	if (stat(s->path, &now) != 0 || !S_ISDIR(now.st_mode)) {
		say(a, 503, "not stored: --dir %s is gone (removed while serving?): make the "
			    "folder again and retry", s->path);
		return -1;
	}
	if (fstat(s->dirfd, &have) == 0 && have.st_dev == now.st_dev && have.st_ino == now.st_ino)
		return 0;
	pthread_rwlock_wrlock(&s->dirs);
	if (fstat(s->dirfd, &have) != 0 || have.st_dev != now.st_dev || have.st_ino != now.st_ino) {
		fd = open(s->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (fd < 0) {
			pthread_rwlock_unlock(&s->dirs);
			say(a, 503, "not stored: --dir %s was replaced and cannot be opened: %s", s->path,
			    strerror(errno));
			return -1;
		}
		close(s->dirfd);
		s->dirfd = fd;
		pthread_mutex_lock(&s->lock);
		s->n = 0;
		if (s->nslot)
			memset(s->slot, 0, s->nslot * sizeof *s->slot);
		scan(s);
		pthread_mutex_unlock(&s->lock);
		fprintf(stderr, "cacheshape serve: --dir %s was replaced while serving: "
			"opened the new folder, %zu captures in it\n", s->path, cs_store_count(s));
	}
	pthread_rwlock_unlock(&s->dirs);
	return 0;
}

/* A machine's folder this upload made and then could not fill, removed
 * (only when still empty: rmdir removes nothing else). */
static void unmake(struct cs_store *s, const char *machine)
{
	pthread_rwlock_wrlock(&s->dirs);
	if (unlinkat(s->dirfd, machine, AT_REMOVEDIR) == 0)
		fsync(s->dirfd);
	pthread_rwlock_unlock(&s->dirs);
}

void cs_store_post(struct cs_store *s, const char *auth, const char *body, size_t len,
		   int too_large, struct cs_answer *a)
{
	char machine[CS_UPLOAD_MACHINE_MAX + 1], name[112];
	struct entry *e, copy;
	uint8_t sha[32];
	size_t idx;
	int rc, made = 0;

	memset(a, 0, sizeof *a);
	if (admit(s, auth, body, len, too_large, machine, sizeof machine, a) != 0)
		return;
	if (current_dir(s, a) != 0)
		return;
	sha256(body, len, sha);
	pthread_rwlock_rdlock(&s->dirs);
	if (reserve(s, sha, len, &idx, a) != 0) {
		pthread_rwlock_unlock(&s->dirs);
		return;
	}
	rc = write_capture(s, machine, sha, body, len, name, sizeof name, &made);
	pthread_mutex_lock(&s->lock);
	e = &s->e[idx]; /* the vector may have moved */
	e->state = rc == 0 ? E_STORED : E_DEAD;
	if (rc == 0) {
		struct cs_buf pb;
		cs_buf_init(&pb, e->path, sizeof e->path);
		cs_puts(&pb, machine);
		cs_putc(&pb, '/');
		cs_puts(&pb, name);
	}
	copy = *e;
	pthread_cond_broadcast(&s->settled);
	pthread_mutex_unlock(&s->lock);
	pthread_rwlock_unlock(&s->dirs);
	if (rc != 0 && made)
		unmake(s, machine);
	if (rc == 0)
		answer_stored(a, 201, &copy);
	else
		say(a, rc == ENOSPC || rc == EDQUOT || rc == EFBIG ? 507 : 500, "not stored: %s/%s: %s",
		    machine, name, strerror(rc));
}
