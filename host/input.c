/* input.c: bounded reading of any kind of file (input.h). */
#define _GNU_SOURCE
#include "input.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cs_input_open(const char *path, struct stat *st, char *err, size_t errlen)
{
	/* O_NONBLOCK: open() of a FIFO otherwise waits for a writer, without
	 * end when there is none; reads wait in poll() below, bounded */
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
				   : fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fstat(fd, st) != 0) {
		snprintf(err, errlen, "cannot read: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (S_ISDIR(st->st_mode)) {
		close(fd);
		snprintf(err, errlen, "is a directory");
		return -1;
	}
	return fd;
}

ssize_t cs_input_read_fd(int fd, const char *path, const struct stat *st, char *buf, size_t n,
			 char *err, size_t errlen)
{
	/* a regular file never blocks; standard input waits for its writer;
	 * a named FIFO or device waits at most CS_INPUT_WAIT_S per byte */
	int wait = !S_ISREG(st->st_mode), bounded = wait && strcmp(path, "-");
	size_t got = 0;

	while (got < n) {
		if (wait) {
			struct pollfd p = { fd, POLLIN, 0 };
			int r = poll(&p, 1, bounded ? CS_INPUT_WAIT_S * 1000 : -1);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0) {
				snprintf(err, errlen, "cannot read: %s", strerror(errno));
				return -1;
			}
			if (r == 0) {
				snprintf(err, errlen, "nothing to read for %d s (CS_INPUT_WAIT_S): a FIFO "
					 "no program writes to?", CS_INPUT_WAIT_S);
				return -1;
			}
		}
		ssize_t k = read(fd, buf + got, n - got);
		if (k < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (k < 0) {
			snprintf(err, errlen, "cannot read: %s", strerror(errno));
			return -1;
		}
		if (k == 0)
			break;
		got += (size_t)k;
	}
	return (ssize_t)got;
}

int cs_input_slurp(const char *path, size_t max, const char *what, char **text, size_t *len,
		   char *err, size_t errlen)
{
	struct stat st;
	int fd = cs_input_open(path, &st, err, errlen);
	size_t cap = max;
	ssize_t n;

	*text = NULL;
	if (fd < 0)
		return -1;
	if (S_ISREG(st.st_mode) && st.st_size >= 0 && (unsigned long long)st.st_size < max)
		cap = (size_t)st.st_size;
	/* one byte past the bound (and past a regular file's size, which
	 * tells a /proc file, whose size reads as 0, or a growing one) */
	char *buf = malloc(cap + 2);
	if (!buf) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = cs_input_read_fd(fd, path, &st, buf, cap + 1, err, errlen);
	close(fd);
	if (n >= 0 && (size_t)n > max)
		snprintf(err, errlen, "larger than the %zu bytes %s may have", max, what);
	else if (n >= 0 && (size_t)n > cap && S_ISREG(st.st_mode) && st.st_size == 0)
		snprintf(err, errlen, "not a regular file: its size reads as 0 yet it holds data "
			 "(a /proc or /sys file?)");
	else if (n >= 0 && (size_t)n > cap)
		snprintf(err, errlen, "changed size while being read");
	if (n < 0 || (size_t)n > cap) {
		free(buf);
		return -1;
	}
	buf[n] = '\0';
	*text = buf;
	*len = (size_t)n;
	return 0;
}
