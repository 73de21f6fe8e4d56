/* jread.c: typed, strict access to a jansson tree with field paths. */
#include "jread.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void cs_jr_init(struct cs_jr *r, char *err, size_t errlen)
{
	r->err = err;
	r->errlen = errlen;
	r->path[0] = '\0';
	r->plen = 0;
	if (err && errlen)
		err[0] = '\0';
}

/* Plain copies, no printf: a path is pushed for every field read. */
static void append(struct cs_jr *r, const char *text, size_t n)
{
	if (n > sizeof(r->path) - 1 - r->plen)
		n = sizeof(r->path) - 1 - r->plen;
	memcpy(r->path + r->plen, text, n);
	r->plen += n;
	r->path[r->plen] = '\0';
}

size_t cs_jr_push_key(struct cs_jr *r, const char *key)
{
	size_t mark = r->plen;
	if (r->plen)
		append(r, ".", 1);
	append(r, key, strlen(key));
	return mark;
}

size_t cs_jr_push_idx(struct cs_jr *r, size_t i)
{
	char text[24];
	size_t n = sizeof(text), mark = r->plen;

	text[--n] = ']';
	do
		text[--n] = (char)('0' + i % 10);
	while ((i /= 10) && n > 1);
	text[--n] = '[';
	append(r, text + n, sizeof(text) - n);
	return mark;
}

void cs_jr_pop(struct cs_jr *r, size_t mark)
{
	r->plen = mark;
	r->path[mark] = '\0';
}

int cs_jr_fail(struct cs_jr *r, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!r->err || !r->errlen)
		return -1;
	n = snprintf(r->err, r->errlen, "%s: ",
		     r->plen ? r->path : "capture");
	if (n >= 0 && (size_t)n < r->errlen) {
		va_start(ap, fmt);
		vsnprintf(r->err + n, r->errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

void cs_jr_describe(const json_t *v, char *out, size_t n)
{
	size_t i, o = 0;
	const char *s;

	switch (json_typeof(v)) {
	case JSON_OBJECT: snprintf(out, n, "an object"); return;
	case JSON_ARRAY: snprintf(out, n, "an array"); return;
	case JSON_TRUE: snprintf(out, n, "true"); return;
	case JSON_FALSE: snprintf(out, n, "false"); return;
	case JSON_NULL: snprintf(out, n, "null"); return;
	case JSON_INTEGER:
		snprintf(out, n, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		return;
	case JSON_REAL: snprintf(out, n, "%.10g", json_real_value(v)); return;
	case JSON_STRING: break;
	}
	/* A quoted string, control bytes shown as '?', cut at 40 bytes. */
	if (n < 8) {
		if (n)
			out[0] = '\0';
		return;
	}
	s = json_string_value(v);
	out[o++] = '"';
	for (i = 0; s[i] && o + 5 < n && i < 40; i++)
		out[o++] = (unsigned char)s[i] < 0x20 ? '?' : s[i];
	if (s[i]) {
		out[o++] = '.';
		out[o++] = '.';
		out[o++] = '.';
	}
	out[o++] = '"';
	out[o] = '\0';
}

static int fail_got(struct cs_jr *r, const json_t *v, const char *want)
{
	char got[64];
	cs_jr_describe(v, got, sizeof(got));
	return cs_jr_fail(r, "must be %s, got %s", want, got);
}

int cs_jr_object(struct cs_jr *r, const json_t *v)
{
	return json_is_object(v) ? 0 : fail_got(r, v, "an object");
}

int cs_jr_array(struct cs_jr *r, const json_t *v, size_t min, size_t max)
{
	size_t n;

	if (!json_is_array(v))
		return fail_got(r, v, "an array");
	n = json_array_size(v);
	if (n < min)
		return cs_jr_fail(r, "must have at least %zu element%s, got %zu",
				  min, min == 1 ? "" : "s", n);
	if (n > max)
		return cs_jr_fail(r, "%zu elements, more than the %zu this "
				  "reader accepts", n, max);
	return 0;
}

int cs_jr_positive(struct cs_jr *r, const json_t *v, double *out)
{
	double d;

	if (!json_is_number(v))
		return fail_got(r, v, "a positive finite number");
	d = json_number_value(v);
	if (!isfinite(d) || !(d > 0))
		return fail_got(r, v, "a positive finite number");
	*out = d;
	return 0;
}

int cs_jr_uint(struct cs_jr *r, const json_t *v, uint64_t min, uint64_t max,
	       uint64_t *out)
{
	char want[96];

	snprintf(want, sizeof(want), "an integer from %llu to %llu",
		 (unsigned long long)min, (unsigned long long)max);
	if (json_is_integer(v)) {
		json_int_t i = json_integer_value(v);
		if (i < 0 || (uint64_t)i < min || (uint64_t)i > max)
			return fail_got(r, v, want);
		*out = (uint64_t)i;
		return 0;
	}
	if (json_is_real(v)) {
		double d = json_real_value(v);
		/* Range first: converting an out-of-range double is undefined. */
		if (!isfinite(d) || d != floor(d) || d < (double)min ||
		    d > (double)max)
			return fail_got(r, v, want);
		*out = (uint64_t)d;
		return 0;
	}
	return fail_got(r, v, want);
}

int cs_jr_string(struct cs_jr *r, const json_t *v, char *out, size_t cap)
{
	size_t n;

	if (!json_is_string(v))
		return fail_got(r, v, "a string");
	n = json_string_length(v);
	if (n == 0)
		return cs_jr_fail(r, "must not be empty");
	if (n >= cap)
		return cs_jr_fail(r, "%zu bytes long, more than the %zu this "
				  "field holds", n, cap - 1);
	memcpy(out, json_string_value(v), n + 1);
	return 0;
}

int cs_jr_member(struct cs_jr *r, const json_t *obj, const char *key,
		 int required, int null_ok, json_t **out)
{
	json_t *v = json_object_get(obj, key);

	if (v && json_is_null(v) && null_ok)
		v = NULL;
	*out = v;
	if (!v && required) {
		size_t mark = cs_jr_push_key(r, key);
		cs_jr_fail(r, "missing (required)");
		cs_jr_pop(r, mark);
		return -1;
	}
	return 0;
}
