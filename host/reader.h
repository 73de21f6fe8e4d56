/* reader.h: a capture file (docs/capture.md) into struct cs_capture,
 * strictly, on yajl's streaming parser (jdom.h). Host only. Whatever the
 * reducer could not trust stops here with one message naming the field path;
 * the bounds below keep every input finite, so no file can crash the reader
 * or make it read past a bound. */
#ifndef CS_READER_H
#define CS_READER_H

#include <stddef.h>
#include <stdint.h>
#include "../common/capture.h"
#include "../reduce/reduce.h"
#include "../kinds/experiments/exp_expect.h"
#include "../kinds/tlb/tlb_expect.h"
#include "../common/kinds.h"

#define CS_READ_MAX_FILE (4u << 20) /* bytes in one capture file (4 MiB) */
#define CS_READ_MAX_DEPTH 32        /* nesting of objects and arrays */
#define CS_READ_MAX_VALUES 262144u  /* JSON values (of any kind) in one file */
/* The tree of one capture: its values (56 bytes each, and 8 more to sort a
 * large object's keys), and its decoded strings (never longer than the
 * file), in one block kept from one read to the next (20 MiB of address
 * space; only what a capture uses is touched). */
#define CS_READ_ARENA \
	((size_t)CS_READ_MAX_VALUES * 64 + CS_READ_MAX_FILE + 4096)

/* One expected size: a knee or a granule, or null (has_bytes 0). */
struct cs_expect_size {
	int has_bytes;
	double bytes;
};

/* "expect" of a synthetic capture: the answer it was built to have. */
struct cs_expect {
	int present;          /* the capture carries "expect" */
	int has_knees;
	uint32_t n_knees;
	struct cs_expect_size knees[CS_MAX_KNEES];
	double knee_tolerance; /* relative; CS_EXPECT_TOLERANCE when absent */
	int has_refusals;     /* the exact set of refusal codes */
	uint32_t n_refusals;
	char refusals[CS_MAX_REFUSALS][CS_CODE_MAX];
	int has_granules;     /* per adjacency series, in order */
	uint32_t n_granules;
	struct cs_expect_size granules[CS_MAX_ADJ_SERIES];
	int has_known_failure;
	char known_failure[CS_TEXT_MAX];
	struct cs_expect_exp exp; /* seed 003: expect_experiments.h */
	struct cs_expect_tlb tlb; /* translation caches: expect_tlb.h */
};

#define CS_EXPECT_TOLERANCE 0.02

/* Read a capture. 0: c (and e, when not NULL) hold it. -1: err holds one
 * line naming the field path and the problem; c and e are unspecified. */
int cs_read_capture_file(const char *path, struct cs_capture *c,
			 struct cs_expect *e, char *err, size_t errlen);
int cs_read_capture_mem(const char *data, size_t len, struct cs_capture *c,
			struct cs_expect *e, char *err, size_t errlen);
/* The calling thread's tree block, kept from one read to the next, handed
 * back (a thread about to end, or one that reads rarely). */
void cs_read_release(void);

/* The read column of the table (common/kinds.h), declared from it: each
 * kind's members of the capture, read as strictly as the core (reader.c,
 * reader_*.c, or a kind's own <name>_read.c). */
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, ...) \
	int read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c);
CS_KINDS
#undef CS_KIND
int cs_none_read(struct cs_jr *r, const struct cs_jd *root, struct cs_capture *c);

#endif
