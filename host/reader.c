/* reader.c: the host's side of the capture reader (reader.h): files, and
 * the tree's arena kept per thread; the reading itself is the freestanding
 * reader/ the firmware and the page run too. */
#define _POSIX_C_SOURCE 200809L
#include "reader.h"
#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* The tree of one capture, kept from one read to the next (per thread):
 * a fresh block each time would be handed back to the kernel and faulted in
 * again, which costs more than the parse. Only the pages a capture uses are
 * ever touched. It is as large as the largest capture read so far needs
 * (cs_read_arena_need), not CS_READ_ARENA (46 MiB) from the start: under
 * AddressSanitizer a block's whole shadow is written when it is allocated
 * and again when it is freed, which cost every sanitized run reading one
 * small capture 12 MB of shadow faulted in (a third of its CPU time). */
static _Thread_local void *arena;
static _Thread_local size_t arena_size;

void cs_read_release(void)
{
	free(arena);
	arena = NULL;
	arena_size = 0;
}

int cs_read_capture_mem(const char *data, size_t len, struct cs_capture *c,
			struct cs_expect *e, char *err, size_t errlen)
{
	size_t need = cs_read_arena_need(len);

	if (need > arena_size) {
		cs_read_release();
		if (!(arena = malloc(need))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		arena_size = need;
	}
	return cs_read_capture(data, len, arena, arena_size, c, e, err, errlen);
}

int cs_read_capture_file(const char *path, struct cs_capture *c,
			 struct cs_expect *e, char *err, size_t errlen)
{
	/* "-": standard input; any kind of file, bounded in size and,
	 * a named FIFO or device, in time (input.h) */
	struct stat st;
	int fd = cs_input_open(path, &st, err, errlen);
	size_t cap = CS_READ_MAX_FILE;
	char small[64 * 1024], *buf;
	ssize_t n;
	int rc;

	if (fd < 0)
		return -1;
	if (S_ISREG(st.st_mode) && st.st_size >= 0 && (uint64_t)st.st_size < CS_READ_MAX_FILE)
		cap = (size_t)st.st_size;
	/* One byte past what is expected tells "too big" (or "grew") from
	 * "exactly at the bound", for pipes as well as files. A small file
	 * is read on the stack: a heap block freed per capture makes glibc
	 * hand memory back and fault it in again, which costs more than the
	 * read. */
	buf = cap < sizeof(small) ? small : malloc(cap + 1);
	if (!buf) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = cs_input_read_fd(fd, path, &st, buf, cap + 1, err, errlen);
	if (n < 0) {
		rc = -1;
	} else if ((size_t)n > CS_READ_MAX_FILE) {
		snprintf(err, errlen, "larger than the %u bytes (4 MiB) a "
			 "capture may have", CS_READ_MAX_FILE);
		rc = -1;
	} else if ((size_t)n > cap && S_ISREG(st.st_mode) && st.st_size == 0) {
		/* /proc, /sys: "regular" files whose size is made as read */
		snprintf(err, errlen, "not a regular file: its size reads as 0 yet it holds data "
			 "(a /proc or /sys file?)");
		rc = -1;
	} else if ((size_t)n > cap) {
		snprintf(err, errlen, "changed size while being read");
		rc = -1;
	} else {
		rc = cs_read_capture_mem(buf, (size_t)n, c, e, err, errlen);
	}
	if (buf != small)
		free(buf);
	close(fd);
	return rc;
}
