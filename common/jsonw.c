/* jsonw.c: a small JSON writer over cs_buf, freestanding. */
#include "jsonw.h"
#include "csmath.h"

void cs_jsonw_init(struct cs_jsonw *j, struct cs_buf *b, int pretty)
{
	j->b = b;
	j->pretty = pretty;
	j->depth = 0;
	j->count[0] = 0;
	j->after_key = 0;
	j->error = 0;
}

static void newline(struct cs_jsonw *j)
{
	if (!j->pretty)
		return;
	cs_putc(j->b, '\n');
	for (int i = 0; i < j->depth; i++)
		cs_puts(j->b, "  ");
}

/* Before any value: a comma and a line break unless it follows its key. */
static void before_value(struct cs_jsonw *j)
{
	if (j->after_key) {
		j->after_key = 0;
		return;
	}
	if (j->depth > 0) {
		if (j->count[j->depth])
			cs_putc(j->b, ',');
		newline(j);
	}
	j->count[j->depth]++;
}

static void jw_open(struct cs_jsonw *j, char c)
{
	before_value(j);
	cs_putc(j->b, c);
	if (j->depth + 1 >= CS_JSONW_DEPTH) {
		j->error = 1;
		return;
	}
	j->depth++;
	j->count[j->depth] = 0;
}

static void jw_close(struct cs_jsonw *j, char c)
{
	if (j->depth == 0 || j->after_key) {
		j->error = 1;
		return;
	}
	int had = j->count[j->depth];
	j->depth--;
	if (had)
		newline(j);
	cs_putc(j->b, c);
}

void cs_jsonw_obj(struct cs_jsonw *j) { jw_open(j, '{'); }
void cs_jsonw_obj_end(struct cs_jsonw *j) { jw_close(j, '}'); }
void cs_jsonw_arr(struct cs_jsonw *j) { jw_open(j, '['); }
void cs_jsonw_arr_end(struct cs_jsonw *j) { jw_close(j, ']'); }

/* The escapes of yajl's generator (\b \f, upper-case hex), so that
 * `reduce --json`, which yajl wrote first, keeps its bytes (reduce/json.h).
 * Always valid UTF-8 out, whatever comes in: a byte that does not start a
 * valid character (RFC 3629, as cs_utf8_next) is written as U+FFFD, so a
 * Latin-1 brand string or a file name in another encoding still gives a
 * capture every strict reader takes. Valid text is written unchanged. */
static void put_string(struct cs_buf *b, const char *s)
{
	static const char hx[] = "0123456789ABCDEF";
	size_t n = cs_strlen(s), i = 0;
	cs_putc(b, '"');
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80) {
			i += cs_put_utf8_char(b, s + i, n - i);
			continue;
		}
		i++;
		switch (c) {
		case '"': cs_puts(b, "\\\""); break;
		case '\\': cs_puts(b, "\\\\"); break;
		case '\n': cs_puts(b, "\\n"); break;
		case '\r': cs_puts(b, "\\r"); break;
		case '\t': cs_puts(b, "\\t"); break;
		case '\b': cs_puts(b, "\\b"); break;
		case '\f': cs_puts(b, "\\f"); break;
		default:
			if (c < 0x20) {
				cs_puts(b, "\\u00");
				cs_putc(b, hx[c >> 4]);
				cs_putc(b, hx[c & 15]);
			} else {
				cs_putc(b, (char)c);
			}
		}
	}
	cs_putc(b, '"');
}

void cs_jsonw_key(struct cs_jsonw *j, const char *k)
{
	if (j->after_key) {
		j->error = 1;
		return;
	}
	before_value(j);
	put_string(j->b, k);
	cs_putc(j->b, ':');
	if (j->pretty)
		cs_putc(j->b, ' ');
	j->after_key = 1;
}

void cs_jsonw_str(struct cs_jsonw *j, const char *s)
{
	before_value(j);
	put_string(j->b, s);
}

void cs_jsonw_numsig(struct cs_jsonw *j, double v, int sig)
{
	before_value(j);
	if (cs_isfinite(v))
		cs_put_g(j->b, v, sig);
	else
		cs_puts(j->b, "null"); /* JSON has no number for it */
}

/* Whole numbers below 2^53 (sizes, frequencies) are written exactly, as
 * integers; the rest with 15 significant digits. */
void cs_jsonw_num(struct cs_jsonw *j, double v)
{
	if (cs_isfinite(v) && v == cs_floor(v) && cs_fabs(v) < 9007199254740992.0) {
		before_value(j);
		if (v < 0)
			cs_put_i64(j->b, (int64_t)v);
		else
			cs_put_u64(j->b, (uint64_t)v);
		return;
	}
	cs_jsonw_numsig(j, v, 15);
}

void cs_jsonw_u64(struct cs_jsonw *j, uint64_t v)
{
	before_value(j);
	cs_put_u64(j->b, v);
}

void cs_jsonw_i64(struct cs_jsonw *j, int64_t v)
{
	before_value(j);
	cs_put_i64(j->b, v);
}

void cs_jsonw_hex(struct cs_jsonw *j, uint64_t v)
{
	before_value(j);
	cs_putc(j->b, '"');
	cs_put_hex(j->b, v, 8);
	cs_putc(j->b, '"');
}

void cs_jsonw_bool(struct cs_jsonw *j, int v)
{
	before_value(j);
	cs_puts(j->b, v ? "true" : "false");
}

void cs_jsonw_raw(struct cs_jsonw *j, const char *text, size_t len)
{
	before_value(j);
	for (size_t i = 0; i < len; i++)
		cs_putc(j->b, text[i]);
}

void cs_jsonw_null(struct cs_jsonw *j)
{
	before_value(j);
	cs_puts(j->b, "null");
}

int cs_jsonw_finish(struct cs_jsonw *j)
{
	if (j->depth != 0 || j->after_key)
		j->error = 1;
	if (j->pretty)
		cs_putc(j->b, '\n');
	return (j->error || j->b->overflow) ? -1 : 0;
}

void cs_jsonw_num_row(struct cs_jsonw *j, const char *key, const double *v,
		      uint32_t n, int sig)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, key);
	cs_jsonw_arr(j);
	j->pretty = 0;
	for (uint32_t i = 0; i < n; i++)
		cs_jsonw_numsig(j, v[i], sig);
	cs_jsonw_arr_end(j);
	j->pretty = pretty;
}

void cs_jsonw_u64_row(struct cs_jsonw *j, const char *key, const uint64_t *v,
		      uint32_t n)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, key);
	cs_jsonw_arr(j);
	j->pretty = 0;
	for (uint32_t i = 0; i < n; i++)
		cs_jsonw_u64(j, v[i]);
	cs_jsonw_arr_end(j);
	j->pretty = pretty;
}

void cs_jsonw_key_u64(struct cs_jsonw *j, const char *key, uint64_t v)
{
	cs_jsonw_key(j, key);
	cs_jsonw_u64(j, v);
}

void cs_jsonw_key_numsig(struct cs_jsonw *j, const char *key, double v, int sig)
{
	cs_jsonw_key(j, key);
	cs_jsonw_numsig(j, v, sig);
}

void cs_jsonw_key_bool(struct cs_jsonw *j, const char *key, int v)
{
	cs_jsonw_key(j, key);
	cs_jsonw_bool(j, v);
}

void cs_jsonw_key_str(struct cs_jsonw *j, const char *key, const char *s)
{
	cs_jsonw_key(j, key);
	cs_jsonw_str(j, s);
}
