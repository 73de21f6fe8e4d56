/* reader.h: the capture reader: a capture file's bytes
 * (docs/capture.md) into struct cs_capture, strictly, on the
 * strict JSON layer (json.h, on jsmn) and typed field access (field.h).
 * Freestanding: the host command, the firmware (its read-back of what it
 * wrote) and the page (wasm32) compile these very sources. Whatever the
 * reducer could not trust stops here with one message naming the field
 * path; the bounds below keep every input finite, so no file can crash the
 * reader or make it read past a bound. */
#ifndef CS_READER_H
#define CS_READER_H

#include <stddef.h>
#include <stdint.h>
#include "../common/capture.h"
#include "../common/kinds.h"
#include "expect.h"
#include "field.h"

#define CS_READ_MAX_FILE (4u << 20) /* bytes in one capture file (4 MiB) */
#define CS_READ_MAX_DEPTH 32        /* nesting of objects and arrays */
#define CS_READ_MAX_VALUES 262144u  /* JSON values (of any kind) in one file */
/* The arena one read of len bytes needs (jsmn's tokens, the tree and its
 * decoded strings: json.h), at most CS_READ_ARENA for any capture. */
size_t cs_read_arena_need(size_t len);
#define CS_READ_ARENA cs_read_arena_need(CS_READ_MAX_FILE)

/* Read a capture from data[0..len) with arena[0..arena_size) as the
 * tree's room (cs_read_arena_need(len) is always enough). 0: c (and e,
 * when not NULL) hold it. -1: err holds one line naming the field path and
 * the problem; c and e are unspecified. c is reset as cs_capture_init()
 * does but for its long arrays of points past their counts, and the
 * engine's per-point details (run.median_ns, loads, point_s), which no
 * reader fills: they keep what they held (zeroing 185 KB a file cost more
 * than reading a small capture); nothing reads an array past its count. */
int cs_read_capture(const char *data, size_t len, void *arena, size_t arena_size,
		    struct cs_capture *c, struct cs_expect *e, char *err, size_t errlen);

/* Helpers the kinds' readers share. An optional string member (null is
 * absent); with 'allowed' (NULL-terminated), one of those words. */
int cs_read_word(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		 char *out, size_t cap, const char *const *allowed);
/* values[i] repeats an earlier value: an error at [i].field. */
int cs_read_unique(struct cs_jr *r, const double *values, size_t n,
		   const char *what, const char *field);

/* The read column of the table (common/kinds.h), declared from it: each
 * kind's members of the capture, read as strictly as the core
 * (kinds/<name>/<name>_read.c). */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) \
	int read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c);
CS_KINDS
#undef CS_KIND
int cs_none_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c);

#endif
