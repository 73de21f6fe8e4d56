/* field.h: typed, strict access to a JSON tree (json.h) that remembers where it
 * is, so that every error names its field path ("sweep.points[3].ns: ...").
 * Used by the capture reader and each kind's reader; freestanding. All
 * getters return 0, or -1 with r->err set. */
#ifndef CS_READER_FIELD_H
#define CS_READER_FIELD_H

#include <stddef.h>
#include <stdint.h>
#include "json.h"

#define CS_JR_DEPTH 40 /* path components kept (the tree is at most 32 deep) */

/* The path is a stack of components (a key, or an index when key is NULL),
 * written out as text only when there is an error to report: a path is
 * pushed for every field read. */
struct cs_jr {
	char *err;
	size_t errlen;
	struct {
		const char *key;
		size_t idx;
	} at[CS_JR_DEPTH];
	size_t depth; /* components in use; may pass CS_JR_DEPTH (not kept) */
};

void cs_jr_init(struct cs_jr *r, char *err, size_t errlen);
/* Descend into ".key" or "[i]"; each returns the mark that cs_jr_pop takes.
 * The key must outlive its use (a literal, or text of the tree). */
size_t cs_jr_push_key(struct cs_jr *r, const char *key);
size_t cs_jr_push_idx(struct cs_jr *r, size_t i);
void cs_jr_pop(struct cs_jr *r, size_t mark);
/* Fill err with "PATH: message" (printf format) and return -1. */
int cs_jr_fail(struct cs_jr *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "got ..." text for a value: a number, a quoted string, null, an object... */
void cs_jr_describe(const struct cs_jd *v, char *out, size_t n);

/* Each getter is called with the path already at the value. */
int cs_jr_object(struct cs_jr *r, const struct cs_jd *v);
/* An array of at most 'max' elements (at least 'min'). */
int cs_jr_array(struct cs_jr *r, const struct cs_jd *v, size_t min, size_t max);
/* A number > 0 and finite. */
int cs_jr_positive(struct cs_jr *r, const struct cs_jd *v, double *out);
/* An integer in [min, max] (an integral real such as 64.0 is accepted). */
int cs_jr_uint(struct cs_jr *r, const struct cs_jd *v, uint64_t min, uint64_t max,
	       uint64_t *out);
/* A non-empty string that fits in cap bytes with its NUL, copied to out. */
int cs_jr_string(struct cs_jr *r, const struct cs_jd *v, char *out, size_t cap);
/* The member 'key' of obj: missing is an error when 'required', else *out is
 * NULL. A JSON null counts as missing when 'null_ok'. */
int cs_jr_member(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		 int required, int null_ok, struct cs_jd **out);

/* A member and its value in one call, with the key pushed on the path for
 * any message: absent (or null, when not required) leaves the output alone
 * and returns 0; *has, when given, says whether a value was read. */
int cs_jr_get_positive(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		       int required, int *has, double *out);
int cs_jr_get_uint(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		   int required, uint64_t min, uint64_t max, uint64_t *out);
int cs_jr_get_string(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		     int required, char *out, size_t cap);
/* *out NULL when absent; an error when present and not an object. */
int cs_jr_get_object(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		     int required, struct cs_jd **out);

#endif
