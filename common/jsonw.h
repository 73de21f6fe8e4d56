/* jsonw.h: a small JSON writer over cs_buf, freestanding.
 * Used by the capture writer (firmware, host probe, synthetic generator).
 * Commas and nesting are tracked; strings are escaped; non-finite numbers
 * are written as null. Output is indented two spaces a level when 'pretty'. */
#ifndef CS_JSONW_H
#define CS_JSONW_H

#include <stdint.h>
#include "buf.h"

#define CS_JSONW_DEPTH 16

struct cs_jsonw {
	struct cs_buf *b;
	int pretty;
	int depth;
	int count[CS_JSONW_DEPTH]; /* members written at each depth */
	int after_key;
	int error;                 /* nesting misuse or overflow */
};

void cs_jsonw_init(struct cs_jsonw *j, struct cs_buf *b, int pretty);
void cs_jsonw_obj(struct cs_jsonw *j);     /* { */
void cs_jsonw_obj_end(struct cs_jsonw *j); /* } */
void cs_jsonw_arr(struct cs_jsonw *j);     /* [ */
void cs_jsonw_arr_end(struct cs_jsonw *j); /* ] */
void cs_jsonw_key(struct cs_jsonw *j, const char *k);
void cs_jsonw_str(struct cs_jsonw *j, const char *s);
void cs_jsonw_num(struct cs_jsonw *j, double v); /* integers exactly, else 15 digits */
void cs_jsonw_numsig(struct cs_jsonw *j, double v, int sig);
void cs_jsonw_u64(struct cs_jsonw *j, uint64_t v);
void cs_jsonw_i64(struct cs_jsonw *j, int64_t v);
void cs_jsonw_hex(struct cs_jsonw *j, uint64_t v); /* as a string "0x..." */
void cs_jsonw_bool(struct cs_jsonw *j, int v);
void cs_jsonw_null(struct cs_jsonw *j);
/* A value that is JSON text already, as it was read (a number's digits
 * kept exactly, import --into): the caller vouches for it. */
void cs_jsonw_raw(struct cs_jsonw *j, const char *text, size_t len);
/* key: [v0, v1, ...] on one line whatever 'pretty' says (long series). */
void cs_jsonw_num_row(struct cs_jsonw *j, const char *key, const double *v,
		      uint32_t n, int sig);
void cs_jsonw_u64_row(struct cs_jsonw *j, const char *key, const uint64_t *v,
		      uint32_t n);
/* A key and its value in one call: the members most objects are made of. */
void cs_jsonw_key_u64(struct cs_jsonw *j, const char *key, uint64_t v);
void cs_jsonw_key_numsig(struct cs_jsonw *j, const char *key, double v, int sig);
void cs_jsonw_key_bool(struct cs_jsonw *j, const char *key, int v);
void cs_jsonw_key_str(struct cs_jsonw *j, const char *key, const char *s);
/* 0 when the document is complete and nothing overflowed. */
int cs_jsonw_finish(struct cs_jsonw *j);

#endif
