/* input.h: every file a host command reads (a capture, an import's text, a
 * NAME.expect), from any kind of file: a regular file, a FIFO, a device
 * (/dev/zero), standard input ("-"). Two bounds, both stated in the
 * refusal (docs/inputs.md):
 *   size: at most the caller's limit; one byte more is read to tell "too
 *         big" from "exactly at the limit", and the read stops there (an
 *         endless stream, /dev/zero, ends in a refusal);
 *   time: a FIFO or device named by its path is waited on at most
 *         CS_INPUT_WAIT_S seconds for each next byte (a FIFO no program
 *         writes to is refused, never waited on forever). Standard input
 *         is its writer's pipe: `producer | cacheshape reduce -` waits for
 *         the producer, as any filter does, and stops at the size bound.
 * Host only. */
#ifndef CS_HOST_INPUT_H
#define CS_HOST_INPUT_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#define CS_INPUT_WAIT_S 10 /* seconds a named FIFO or device may stay silent */

/* Open path for reading ("-": a copy of standard input's descriptor, so
 * closing it leaves stdin to the caller). A FIFO is opened without waiting
 * for a writer. A directory is refused. The descriptor, st filled, or -1
 * with err ("cannot open: ...", "is a directory"). */
int cs_input_open(const char *path, struct stat *st, char *err, size_t errlen);

/* Read fd (from cs_input_open) until its end or n bytes: how many, or -1
 * with err (a read error, or a named FIFO/device silent CS_INPUT_WAIT_S s). */
ssize_t cs_input_read_fd(int fd, const char *path, const struct stat *st, char *buf, size_t n,
			 char *err, size_t errlen);

/* The whole of path, at most max bytes, into a new block (NUL after it):
 * 0 with *text (free() it) and *len, or -1 with err naming the bound
 * ("larger than the 4194304 bytes an import file may have", what being
 * "an import file"). */
int cs_input_slurp(const char *path, size_t max, const char *what, char **text, size_t *len,
		   char *err, size_t errlen);

#endif
