/* outfile.c: the output-file rule (outfile.h). */
#define _GNU_SOURCE
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_SLOTS 32 /* temporary files open at once (serve: one an upload) */
#define TMP_BASE_MAX 200 /* of OUT's name in the temporary name: under NAME_MAX */

/* ---- temporary files the signal handler removes ----
 * A slot goes free (0) -> taken (1) -> holds a file (2) by atomic
 * exchange, so threads may write files at once; the name is filled with
 * the signals blocked, and the handler only unlinks slots at 2 (unlink(2)
 * is async-signal-safe). */
static char tmp_name[TMP_SLOTS][PATH_MAX];
static volatile sig_atomic_t tmp_state[TMP_SLOTS];
static volatile pid_t tmp_pid[TMP_SLOTS]; /* the process that made it */
static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ };

static void remove_all(void)
{
	pid_t me = getpid(); /* a forked child leaves its parent's files alone */
	for (int i = 0; i < TMP_SLOTS; i++)
		if (tmp_state[i] == 2 && tmp_pid[i] == me) {
			unlink(tmp_name[i]);
			tmp_state[i] = 0;
		}
}

static void on_signal(int sig)
{
	int e = errno;
	remove_all();
	/* SA_RESETHAND put the default action back: it is taken when this
	 * handler returns. */
	raise(sig);
	errno = e;
}

static void install(void)
{
	static int done;
	if (__atomic_exchange_n(&done, 1, __ATOMIC_SEQ_CST))
		return;
	atexit(remove_all);
	for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++) {
		struct sigaction old, sa;
		if (sigaction(caught[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
			continue; /* ignored (nohup, a shell's choice): stays so */
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = SA_RESETHAND;
		sigaction(caught[i], &sa, NULL);
	}
}

static int take_slot(void)
{
	install();
	for (int i = 0; i < TMP_SLOTS; i++) {
		sig_atomic_t free_ = 0;
		if (__atomic_compare_exchange_n(&tmp_state[i], &free_, 1, 0, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return i;
	}
	return -1; /* more at once than slots: still removed on every error path */
}

/* mkostemp with the caught signals held back until the name is in its
 * slot: no moment where a file exists that the handler does not know. */
static int make_temp(char *name, int slot)
{
	sigset_t set, old;
	int fd, e;
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof caught / sizeof caught[0]; i++)
		sigaddset(&set, caught[i]);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	fd = mkostemp(name, O_CLOEXEC);
	e = errno;
	if (fd >= 0 && slot >= 0) {
		strcpy(tmp_name[slot], name);
		tmp_pid[slot] = getpid();
		tmp_state[slot] = 2;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = e;
	return fd;
}

static void release_slot(int slot)
{
	if (slot >= 0)
		tmp_state[slot] = 0;
}

/* ---- the rule ---- */

static void dir_of(const char *path, char *out, size_t cap)
{
	const char *s = strrchr(path, '/');
	if (!s)
		snprintf(out, cap, ".");
	else if (s == path)
		snprintf(out, cap, "/");
	else
		snprintf(out, cap, "%.*s", (int)(s - path), path);
}

static const char *kind(mode_t m)
{
	return S_ISLNK(m) ? "a symbolic link (not followed: name the file itself)"
	     : S_ISDIR(m) ? "a directory"
	     : S_ISCHR(m) ? "a character device"
	     : S_ISBLK(m) ? "a block device"
	     : S_ISFIFO(m) ? "a FIFO"
	     : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

static int is_input(const struct stat *st, char *const *inputs, int n, const char **which)
{
	for (int i = 0; i < n; i++) {
		struct stat in;
		if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == st->st_dev &&
		    in.st_ino == st->st_ino) {
			*which = inputs[i];
			return 1;
		}
	}
	return 0;
}

/* The rule; o (may be NULL) learns what is being replaced. */
static int check(const char *path, unsigned flags, char *const *inputs, int n,
		 struct cs_outfile *o, char *why, size_t whylen)
{
	struct stat st;
	char dir[PATH_MAX];
	const char *which;

	if (!path || !*path) {
		snprintf(why, whylen, "the output file name is empty");
		return -1;
	}
	if (!strcmp(path, "-"))
		return 0;
	if (path[strlen(path) - 1] == '/') {
		snprintf(why, whylen, "%s: names a directory, not a file", path);
		return -1;
	}
	if (strlen(path) >= PATH_MAX - 32) {
		snprintf(why, whylen, "%.64s...: a path of %zu bytes is too long", path, strlen(path));
		return -1;
	}
	if (lstat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			snprintf(why, whylen, "%s: is %s; refused", path, kind(st.st_mode));
			return -1;
		}
		if (is_input(&st, inputs, n, &which)) {
			snprintf(why, whylen, "%s: is the input %s; never overwritten", path, which);
			return -1;
		}
		if (!(flags & CS_OUT_FORCE)) {
			snprintf(why, whylen, "%s: exists; not overwritten%s", path,
				 flags & CS_OUT_HAS_FORCE ? " (--force replaces a regular file)" : "");
			return -1;
		}
		if (o) {
			o->replacing = 1;
			o->dev = st.st_dev;
			o->ino = st.st_ino;
			o->mode = st.st_mode & 07777;
		}
		return 0;
	}
	if (errno != ENOENT) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		return -1;
	}
	dir_of(path, dir, sizeof dir);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "%s: no such directory %s", path, dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		snprintf(why, whylen, "%s: cannot write in %s: %s", path, dir, strerror(errno));
		return -1;
	}
	return 0;
}

const char *const cs_outfile_capture_exts[] = { ".json", NULL };

int cs_outfile_ext(const char *path, const char *const *exts,
		   char *why, size_t whylen)
{
	const char *base = strrchr(path, '/'), *dot;
	size_t len = 0;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!strcmp(path, "-") || !dot || dot == base)
		return 0; /* standard output, or no extension: the default format */
	for (size_t i = 0; exts[i]; i++)
		if (!strcasecmp(dot, exts[i]))
			return 0;
	len = (size_t)snprintf(why, whylen, "%s: ends in %s, and this command writes ", path, dot);
	for (size_t i = 0; exts[i] && len < whylen; i++)
		len += (size_t)snprintf(why + len, whylen - len, "%s%s", i ? (exts[i + 1] ? ", " : " or ") : "",
					exts[i]);
	if (len < whylen)
		snprintf(why + len, whylen - len, " (name OUT with one of those; nothing was written)");
	return -1;
}

int cs_outfile_check(const char *path, unsigned flags, char *const *inputs,
		     int n_inputs, char *why, size_t whylen)
{
	char dir[PATH_MAX], *tmp;
	if (check(path, flags, inputs, n_inputs, NULL, why, whylen))
		return -1;
	if (!strcmp(path, "-"))
		return 0;
	/* access() says yes to root everywhere, /sys and read-only mounts
	 * included: a file made and removed again is the only sure answer
	 * before minutes of measuring (issue 41: probe -o /sys/x measured,
	 * then said NOT written) */
	dir_of(path, dir, sizeof dir);
	size_t len = strlen(dir) + TMP_BASE_MAX + 32;
	if (!(tmp = malloc(len))) {
		snprintf(why, whylen, "%s: out of memory", path);
		return -1;
	}
	snprintf(tmp, len, "%s/.cacheshape-check-XXXXXX", dir);
	int slot = take_slot(), fd = make_temp(tmp, slot), e = errno;
	if (fd >= 0) {
		unlink(tmp);
		close(fd);
	}
	release_slot(slot);
	free(tmp);
	if (fd < 0) {
		snprintf(why, whylen, "%s: cannot create a file in %s: %s", path, dir, strerror(e));
		return -1;
	}
	return 0;
}

int cs_outfile_open(struct cs_outfile *o, const char *path, unsigned flags,
		    char *const *inputs, int n_inputs, char *why, size_t whylen)
{
	char dir[PATH_MAX];
	const char *base;
	size_t len;

	memset(o, 0, sizeof *o);
	o->fd = -1;
	o->slot = -1;
	o->path = path;
	o->flags = flags;
	if (check(path, flags, inputs, n_inputs, o, why, whylen))
		return -1;
	if (!strcmp(path, "-")) {
		o->to_stdout = 1;
		o->f = stdout;
		return 0;
	}
	if (!o->replacing) {
		mode_t mask = umask(0);
		umask(mask);
		o->mode = 0666 & ~mask;
	}
	dir_of(path, dir, sizeof dir);
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	len = strlen(dir) + TMP_BASE_MAX + 32;
	o->tmp = malloc(len);
	if (!o->tmp) {
		snprintf(why, whylen, "%s: out of memory", path);
		return -1;
	}
	snprintf(o->tmp, len, "%s/.%.*s.cacheshape-XXXXXX", dir, TMP_BASE_MAX, base);
	o->slot = take_slot();
	o->fd = make_temp(o->tmp, o->slot);
	if (o->fd < 0) {
		snprintf(why, whylen, "%s: cannot create a temporary file in %s: %s", path, dir,
			 strerror(errno));
		release_slot(o->slot);
		o->slot = -1;
		free(o->tmp);
		o->tmp = NULL;
		return -1;
	}
	(void)fchmod(o->fd, o->mode);
	o->f = fdopen(o->fd, "w+");
	if (!o->f) {
		snprintf(why, whylen, "%s: %s", path, strerror(errno));
		cs_outfile_abort(o);
		return -1;
	}
	return 0;
}

FILE *cs_outfile_stream(struct cs_outfile *o)
{
	return o->f;
}

void cs_outfile_abort(struct cs_outfile *o)
{
	if (o->to_stdout) {
		o->f = NULL;
		return;
	}
	if (o->f)
		fclose(o->f);
	else if (o->fd >= 0)
		close(o->fd);
	o->f = NULL;
	o->fd = -1;
	if (o->tmp) {
		unlink(o->tmp);
		release_slot(o->slot);
		free(o->tmp);
		o->tmp = NULL;
	}
	o->slot = -1;
}

/* The temporary file's bytes, read back from the disk's side of the
 * cache as far as the kernel lets us (after fsync). */
static char *read_back(struct cs_outfile *o, size_t *len, char *why, size_t whylen)
{
	struct stat st;
	size_t got = 0;
	char *buf;
	if (fstat(o->fd, &st) != 0 || st.st_size < 0) {
		snprintf(why, whylen, "%s: reading back: %s", o->path, strerror(errno));
		return NULL;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		snprintf(why, whylen, "%s: reading back: out of memory", o->path);
		return NULL;
	}
	while (got < (size_t)st.st_size) {
		ssize_t k = pread(o->fd, buf + got, (size_t)st.st_size - got, (off_t)got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			snprintf(why, whylen, "%s: reading back: %s", o->path,
				 k < 0 ? strerror(errno) : "shorter than written");
			free(buf);
			return NULL;
		}
		got += (size_t)k;
	}
	buf[got] = 0;
	*len = got;
	return buf;
}

/* Puts the temporary file at OUT: never over anything for a new file,
 * over the same regular file only when replacing. */
static int place(struct cs_outfile *o, char *why, size_t whylen)
{
	struct stat st;
	if (o->replacing) {
		if (lstat(o->path, &st) == 0 &&
		    (!S_ISREG(st.st_mode) || st.st_dev != o->dev || st.st_ino != o->ino)) {
			snprintf(why, whylen, "%s: changed while it was being written (now %s); not replaced",
				 o->path, S_ISREG(st.st_mode) ? "another file" : kind(st.st_mode));
			return -1;
		}
		if (rename(o->tmp, o->path) != 0) {
			snprintf(why, whylen, "%s: %s", o->path, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (link(o->tmp, o->path) == 0) {
		unlink(o->tmp);
		return 0;
	}
	if (errno == EEXIST) {
		snprintf(why, whylen, "%s: appeared while it was being written; not replaced", o->path);
		return -1;
	}
	/* No hard links here (FAT, some network file systems): a rename that
	 * still never replaces an existing name. */
	if (renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->path, RENAME_NOREPLACE) != 0) {
		snprintf(why, whylen, "%s: %s", o->path,
			 errno == EEXIST ? "appeared while it was being written; not replaced"
					 : strerror(errno));
		return -1;
	}
	return 0;
}

static int verify(struct cs_outfile *o, const void *data, size_t len,
		  cs_outfile_check_fn fn, void *ctx, char *why, size_t whylen)
{
	size_t got = 0;
	char *back = read_back(o, &got, why, whylen);
	int rc = 0;
	if (!back)
		return -1;
	if (data && (got != len || memcmp(back, data, len) != 0)) {
		snprintf(why, whylen, "%s: what was read back is not what was written (%zu of %zu bytes)",
			 o->path, got, len);
		rc = -1;
	} else if (fn && fn(back, got, ctx, why, whylen) != 0) {
		rc = -1;
	}
	free(back);
	return rc;
}

static int commit(struct cs_outfile *o, const void *data, size_t len,
		  cs_outfile_check_fn fn, void *ctx, char *why, size_t whylen)
{
	char dir[PATH_MAX];
	int dfd;

	if (o->to_stdout) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			snprintf(why, whylen, "standard output: %s", strerror(errno));
			return -1;
		}
		return 0;
	}
	if (!o->f || fflush(o->f) != 0 || ferror(o->f)) {
		snprintf(why, whylen, "%s: writing %s: %s", o->path, o->tmp ? o->tmp : "", strerror(errno));
		goto fail;
	}
	if (fsync(o->fd) != 0) {
		snprintf(why, whylen, "%s: fsync: %s", o->path, strerror(errno));
		goto fail;
	}
	if (verify(o, data, len, fn, ctx, why, whylen) || place(o, why, whylen))
		goto fail;
	release_slot(o->slot);
	o->slot = -1;
	fclose(o->f);
	o->f = NULL;
	o->fd = -1;
	free(o->tmp);
	o->tmp = NULL;
	dir_of(o->path, dir, sizeof dir);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		(void)fsync(dfd);
		close(dfd);
	}
	return 0;
fail:
	cs_outfile_abort(o);
	return -1;
}

int cs_outfile_commit(struct cs_outfile *o, cs_outfile_check_fn fn, void *ctx,
		      char *why, size_t whylen)
{
	return commit(o, NULL, 0, fn, ctx, why, whylen);
}

int cs_outfile_write(const char *path, unsigned flags, char *const *inputs,
		     int n_inputs, const void *data, size_t len,
		     cs_outfile_check_fn fn, void *ctx, char *why, size_t whylen)
{
	struct cs_outfile o;
	if (cs_outfile_open(&o, path, flags, inputs, n_inputs, why, whylen))
		return -1;
	if (o.to_stdout && fn && fn(data, len, ctx, why, whylen) != 0)
		return -1;
	if (len && fwrite(data, 1, len, o.f) != len) {
		snprintf(why, whylen, "%s: %s", o.to_stdout ? "standard output" : path, strerror(errno));
		cs_outfile_abort(&o);
		return -1;
	}
	return commit(&o, data, len, o.to_stdout ? NULL : fn, ctx, why, whylen);
}
