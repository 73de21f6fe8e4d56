/* field.c: typed, strict access to a JSON tree (json.h) with field paths;
 * freestanding (messages by fmt.h). */
#include "field.h"
#include "fmt.h"

static size_t str_len(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static int finite(double d)
{
	return d == d && d - d == 0;
}

void cs_jr_init(struct cs_jr *r, char *err, size_t errlen)
{
	r->err = err;
	r->errlen = errlen;
	r->depth = 0;
	if (err && errlen)
		err[0] = '\0';
}

size_t cs_jr_push_key(struct cs_jr *r, const char *key)
{
	size_t mark = r->depth;
	if (r->depth < CS_JR_DEPTH)
		r->at[r->depth].key = key;
	r->depth++;
	return mark;
}

size_t cs_jr_push_idx(struct cs_jr *r, size_t i)
{
	size_t mark = r->depth;
	if (r->depth < CS_JR_DEPTH) {
		r->at[r->depth].key = NULL;
		r->at[r->depth].idx = i;
	}
	r->depth++;
	return mark;
}

void cs_jr_pop(struct cs_jr *r, size_t mark)
{
	r->depth = mark;
}

/* "sweep.points[3].ns", cut to fit 'cap'. */
static void path_text(const struct cs_jr *r, char *out, size_t cap)
{
	size_t d, o = 0, n;
	char t[32];
	const char *s;

	out[0] = '\0';
	for (d = 0; d < r->depth && d < CS_JR_DEPTH; d++) {
		if (r->at[d].key) {
			if (o && o + 1 < cap)
				out[o++] = '.';
			s = r->at[d].key;
			n = str_len(s);
		} else {
			n = cs_fmt(t, sizeof(t), "[%zu]", r->at[d].idx);
			s = t;
		}
		if (n > cap - 1 - o)
			n = cap - 1 - o;
		for (size_t i = 0; i < n; i++)
			out[o + i] = s[i];
		o += n;
		out[o] = '\0';
	}
}

int cs_jr_fail(struct cs_jr *r, const char *fmt, ...)
{
	char path[192];
	va_list ap;
	size_t n;

	if (!r->err || !r->errlen)
		return -1;
	path_text(r, path, sizeof(path));
	n = cs_fmt(r->err, r->errlen, "%s: ", path[0] ? path : "capture");
	if (n < r->errlen) {
		va_start(ap, fmt);
		cs_vfmt(r->err + n, r->errlen - n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

void cs_jr_describe(const struct cs_jd *v, char *out, size_t n)
{
	size_t i, o = 0, len;
	const char *s;

	switch (v->kind) {
	case CS_JD_OBJECT: cs_fmt(out, n, "an object"); return;
	case CS_JD_ARRAY: cs_fmt(out, n, "an array"); return;
	case CS_JD_TRUE: cs_fmt(out, n, "true"); return;
	case CS_JD_FALSE: cs_fmt(out, n, "false"); return;
	case CS_JD_NULL: cs_fmt(out, n, "null"); return;
	case CS_JD_NUMBER:
		if (v->int_fits)
			cs_fmt(out, n, "%lld", (long long)v->u.num.i);
		else if (v->int_text) /* an integer past 64 bits: as written */
			cs_fmt(out, n, "%.*s%s",
				 v->u.num.rawlen > 40 ? 40 : (int)v->u.num.rawlen,
				 v->u.num.raw, v->u.num.rawlen > 40 ? "..." : "");
		else
			cs_fmt(out, n, "%.10g", v->u.num.d);
		return;
	case CS_JD_STRING: break;
	}
	/* A quoted string, control bytes shown as '?', cut at 40 bytes. */
	if (n < 8) {
		if (n)
			out[0] = '\0';
		return;
	}
	s = v->u.str.s;
	len = v->u.str.len;
	out[o++] = '"';
	for (i = 0; i < len && o + 5 < n && i < 40; i++)
		out[o++] = (unsigned char)s[i] < 0x20 ? '?' : s[i];
	if (i < len) {
		out[o++] = '.';
		out[o++] = '.';
		out[o++] = '.';
	}
	out[o++] = '"';
	out[o] = '\0';
}

static int fail_got(struct cs_jr *r, const struct cs_jd *v, const char *want)
{
	char got[64];
	cs_jr_describe(v, got, sizeof(got));
	return cs_jr_fail(r, "must be %s, got %s", want, got);
}

int cs_jr_object(struct cs_jr *r, const struct cs_jd *v)
{
	return v->kind == CS_JD_OBJECT ? 0 : fail_got(r, v, "an object");
}

int cs_jr_array(struct cs_jr *r, const struct cs_jd *v, size_t min,
		size_t max)
{
	size_t n;

	if (v->kind != CS_JD_ARRAY)
		return fail_got(r, v, "an array");
	n = v->u.kids.n;
	if (n < min)
		return cs_jr_fail(r, "must have at least %zu element%s, got %zu",
				  min, min == 1 ? "" : "s", n);
	if (n > max)
		return cs_jr_fail(r, "%zu elements, more than the %zu this "
				  "reader accepts", n, max);
	return 0;
}

int cs_jr_positive(struct cs_jr *r, const struct cs_jd *v, double *out)
{
	/* the tree holds finite numbers only */
	if (v->kind != CS_JD_NUMBER || !(v->u.num.d > 0) ||
	    !finite(v->u.num.d))
		return fail_got(r, v, "a positive finite number");
	*out = v->u.num.d;
	return 0;
}

static int fail_uint(struct cs_jr *r, const struct cs_jd *v, uint64_t min,
		     uint64_t max)
{
	char want[96];

	cs_fmt(want, sizeof(want), "an integer from %llu to %llu",
		 (unsigned long long)min, (unsigned long long)max);
	return fail_got(r, v, want);
}

int cs_jr_uint(struct cs_jr *r, const struct cs_jd *v, uint64_t min,
	       uint64_t max, uint64_t *out)
{
	if (v->kind != CS_JD_NUMBER)
		return fail_uint(r, v, min, max);
	if (v->int_text) {
		/* Written as an integer: checked as one, exactly. */
		int64_t i = v->u.num.i;
		if (!v->int_fits || i < 0 || (uint64_t)i < min ||
		    (uint64_t)i > max)
			return fail_uint(r, v, min, max);
		*out = (uint64_t)i;
		return 0;
	} else {
		/* An integral real such as 64.0. Range first: converting an
		 * out-of-range double is undefined. */
		double d = v->u.num.d;
		if (!finite(d) || d < (double)min || d > (double)max ||
		    d >= 18446744073709551616.0 || (double)(uint64_t)d != d)
			return fail_uint(r, v, min, max);
		*out = (uint64_t)d;
		return 0;
	}
}

int cs_jr_string(struct cs_jr *r, const struct cs_jd *v, char *out,
		 size_t cap)
{
	size_t n;

	if (v->kind != CS_JD_STRING)
		return fail_got(r, v, "a string");
	n = v->u.str.len;
	if (n == 0)
		return cs_jr_fail(r, "must not be empty");
	if (n >= cap)
		return cs_jr_fail(r, "%zu bytes long, more than the %zu this "
				  "field holds", n, cap - 1);
	for (size_t i = 0; i < n; i++)
		out[i] = v->u.str.s[i];
	out[n] = '\0';
	return 0;
}

int cs_jr_member(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		 int required, int null_ok, struct cs_jd **out)
{
	struct cs_jd *v = cs_jd_get(obj, key, str_len(key));

	if (v && v->kind == CS_JD_NULL && null_ok)
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

int cs_jr_get_positive(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		       int required, int *has, double *out)
{
	struct cs_jd *v;
	size_t m;
	int rc;

	if (has)
		*has = 0;
	if (cs_jr_member(r, obj, key, required, !required, &v))
		return -1;
	if (!v)
		return 0;
	m = cs_jr_push_key(r, key);
	rc = cs_jr_positive(r, v, out);
	cs_jr_pop(r, m);
	if (has)
		*has = rc == 0;
	return rc;
}

int cs_jr_get_uint(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		   int required, uint64_t min, uint64_t max, uint64_t *out)
{
	struct cs_jd *v;
	size_t m;
	int rc;

	if (cs_jr_member(r, obj, key, required, !required, &v))
		return -1;
	if (!v)
		return 0;
	m = cs_jr_push_key(r, key);
	rc = cs_jr_uint(r, v, min, max, out);
	cs_jr_pop(r, m);
	return rc;
}

int cs_jr_get_string(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		     int required, char *out, size_t cap)
{
	struct cs_jd *v;
	size_t m;
	int rc;

	if (cs_jr_member(r, obj, key, required, !required, &v))
		return -1;
	if (!v)
		return 0;
	m = cs_jr_push_key(r, key);
	rc = cs_jr_string(r, v, out, cap);
	cs_jr_pop(r, m);
	return rc;
}

int cs_jr_get_object(struct cs_jr *r, const struct cs_jd *obj, const char *key,
		     int required, struct cs_jd **out)
{
	size_t m;
	int rc;

	if (cs_jr_member(r, obj, key, required, !required, out))
		return -1;
	if (!*out)
		return 0;
	m = cs_jr_push_key(r, key);
	rc = cs_jr_object(r, *out);
	cs_jr_pop(r, m);
	return rc;
}
