/* outfile.h: the one rule for every file a cacheshape command writes (plot,
 * probe, and next import and serve's uploads). Use it for any new one.
 *
 *   OUT "-"                 standard output, written directly
 *   OUT that does not exist a new regular file
 *   an existing regular OUT replaced only with CS_OUT_FORCE (--force)
 *   one of the inputs       never, even with --force (same device and inode:
 *                           hard and symbolic links to an input count)
 *   a symbolic link, a directory, a device, a FIFO, a socket
 *                           refused with a message naming what it is
 *
 * The text goes to a temporary file in OUT's directory, named
 * ".<name>.cacheshape-XXXXXX" (hidden, and a name no user would choose); it
 * is flushed, fsynced, read back and compared, handed to the caller's check
 * when there is one (probe: the strict capture reader), then linked to OUT
 * without replacing anything (a new file: link(2), or rename with
 * RENAME_NOREPLACE where the file system has no hard links) or renamed over
 * the old file (--force, after checking it is still the same regular file),
 * and the directory is fsynced. A reader never sees half a file.
 *
 * The temporary file goes away on every exit path: an error, a failed check,
 * exit(), and SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ (the handler
 * removes it, then the signal takes its default course; a signal the
 * process ignores stays ignored). Only SIGKILL, or a crash, can leave one.
 *
 * Every function returns 0 or -1 with why[] a sentence that begins with
 * OUT's name; the caller prefixes its command ("cacheshape plot: "). */
#ifndef CS_OUTFILE_H
#define CS_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

enum {
	CS_OUT_FORCE = 1,     /* --force was given: an existing regular file may go */
	CS_OUT_HAS_FORCE = 2, /* the command has --force: say so when refusing */
};

struct cs_outfile {
	const char *path;
	unsigned flags;
	int to_stdout;
	int replacing;          /* an existing regular file, with force */
	dev_t dev;              /* of the file being replaced */
	ino_t ino;
	mode_t mode;            /* the new file's mode */
	int fd;                 /* the temporary file; -1 when none */
	FILE *f;                /* over fd, or stdout */
	int slot;               /* in the table the signal handler empties */
	char *tmp;              /* its name */
};

/* A check of the bytes written (read back from the file), before OUT
 * appears: 0 when they are good, else -1 with why[]. */
typedef int (*cs_outfile_check_fn)(const char *data, size_t len, void *ctx,
				   char *why, size_t whylen);

/* May OUT be written? Before any long work (a probe measures for minutes):
 * the rule above, and a new file's directory must take files. inputs: the
 * n_inputs paths the command reads (may be NULL). */
int cs_outfile_check(const char *path, unsigned flags,
		     char *const *inputs, int n_inputs, char *why, size_t whylen);

/* Does OUT's name say a format the command writes? exts: the accepted
 * extensions, NULL-terminated, with their dot (".svg"), compared without
 * regard to case. "-" and a name whose last part has no extension (the
 * command's default format) pass; any other extension is refused, the
 * accepted ones named in why[] ("q.csv: ends in .csv, and this command
 * writes .json ..."): a file named .csv that holds JSON misleads whoever opens it. */
int cs_outfile_ext(const char *path, const char *const *exts,
		   char *why, size_t whylen);
/* A capture's: .json (probe, import). */
extern const char *const cs_outfile_capture_exts[];

/* Checks again, then opens the temporary file (or takes stdout). */
int cs_outfile_open(struct cs_outfile *o, const char *path, unsigned flags,
		    char *const *inputs, int n_inputs, char *why,
		    size_t whylen);
/* Where to write: fprintf, fwrite, ... */
FILE *cs_outfile_stream(struct cs_outfile *o);
/* Flushes and puts the file in place (read back, 'check' run over the bytes
 * read when not NULL). On failure the temporary file is gone and OUT is as
 * it was. For stdout: flushed, and 'check' is not run (nothing to read). */
int cs_outfile_commit(struct cs_outfile *o, cs_outfile_check_fn check,
		      void *ctx, char *why, size_t whylen);
/* Gives up: the temporary file is removed, OUT untouched. Safe to call
 * after commit and twice. */
void cs_outfile_abort(struct cs_outfile *o);

/* All of it at once, for a text held in memory (probe, import, uploads):
 * open, write, commit; what is read back must equal data, and 'check' (may
 * be NULL) runs over it before OUT appears. For stdout, 'check' runs over
 * data before it is written. */
int cs_outfile_write(const char *path, unsigned flags, char *const *inputs,
		     int n_inputs, const void *data, size_t len,
		     cs_outfile_check_fn check, void *ctx, char *why,
		     size_t whylen);

#endif
