/* settings.c: the settings file (settings.h). Freestanding, so the parser
 * could equally run on the host. */
#include "settings.h"
#include "../common/buf.h"

void cs_settings_default(struct cs_settings *s)
{
	cs_memset(s, 0, sizeof *s);
	s->after = CS_AFTER_WAIT;
}

const char *cs_after_name(enum cs_after a)
{
	return a == CS_AFTER_SHUTDOWN ? "shutdown" : a == CS_AFTER_RETURN ? "return" : "wait";
}

static void complain(struct cs_settings *s, uint32_t line, const char *what,
		     const char *text, size_t n)
{
	struct cs_buf b;
	size_t used = cs_strlen(s->errors);
	cs_buf_init(&b, s->errors + used, sizeof s->errors - used);
	cs_puts(&b, "settings line ");
	cs_put_u64(&b, line);
	cs_puts(&b, ": ");
	cs_puts(&b, what);
	if (text) {
		cs_puts(&b, " '");
		for (size_t i = 0; i < n && i < 40; i++)
			cs_putc(&b, text[i] >= 32 && text[i] < 127 ? text[i] : '?');
		cs_puts(&b, n > 40 ? "...'" : "'");
	}
	cs_puts(&b, "; ignored, default kept\n");
	s->n_errors++;
}

static int word_eq(const char *p, size_t n, const char *w)
{
	size_t i;
	for (i = 0; i < n && w[i]; i++)
		if (p[i] != w[i])
			return 0;
	return i == n && !w[i];
}

/* N with an optional K, M or G (binary); 0 and garbage are refused. */
static int parse_bytes(const char *p, size_t n, uint64_t *out)
{
	uint64_t v = 0, mul = 1;
	size_t i = 0;
	if (n && (p[n - 1] == 'K' || p[n - 1] == 'k'))
		mul = 1024, n--;
	else if (n && (p[n - 1] == 'M' || p[n - 1] == 'm'))
		mul = 1024 * 1024, n--;
	else if (n && (p[n - 1] == 'G' || p[n - 1] == 'g'))
		mul = 1024 * 1024 * 1024, n--;
	if (n == 0 || n > 12)
		return -1;
	for (; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (uint64_t)(p[i] - '0');
	}
	if (v == 0)
		return -1;
	*out = v * mul;
	return 0;
}

static int name_ok(const char *p, size_t n)
{
	if (n == 0 || n >= 48)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = p[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '-' || c == '_'))
			return 0;
	}
	return 1;
}

static void copy_n(char *dst, size_t cap, const char *src, size_t n)
{
	size_t i;
	for (i = 0; i < n && i + 1 < cap; i++)
		dst[i] = src[i] >= 32 && src[i] < 127 ? src[i] : '?';
	dst[i] = 0;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static void one_line(struct cs_settings *s, uint32_t no, const char *p, size_t n)
{
	size_t k = 0, klen, v;
	while (n && is_space(p[n - 1]))
		n--;
	while (n && is_space(*p))
		p++, n--;
	if (n == 0 || p[0] == '#')
		return;
	while (k < n && p[k] != '=')
		k++;
	if (k == n) {
		complain(s, no, "no '=' in", p, n);
		return;
	}
	klen = k;
	while (klen && is_space(p[klen - 1]))
		klen--;
	v = k + 1;
	while (v < n && is_space(p[v]))
		v++;
	const char *val = p + v;
	size_t vn = n - v;
	if (word_eq(p, klen, "sweep")) {
		if (word_eq(val, vn, "quick") || word_eq(val, vn, "full"))
			s->quick = word_eq(val, vn, "quick");
		else
			complain(s, no, "sweep must be quick or full, not", val, vn);
	} else if (word_eq(p, klen, "max_bytes")) {
		if (parse_bytes(val, vn, &s->max_bytes))
			complain(s, no, "max_bytes must be a number with K, M or G, not", val, vn);
	} else if (word_eq(p, klen, "after")) {
		if (word_eq(val, vn, "wait"))
			s->after = CS_AFTER_WAIT;
		else if (word_eq(val, vn, "shutdown"))
			s->after = CS_AFTER_SHUTDOWN;
		else if (word_eq(val, vn, "return"))
			s->after = CS_AFTER_RETURN;
		else
			complain(s, no, "after must be wait, shutdown or return, not", val, vn);
	} else if (word_eq(p, klen, "clock")) {
		if (vn > 0 && vn < sizeof s->clock && name_ok(val, vn))
			copy_n(s->clock, sizeof s->clock, val, vn);
		else
			complain(s, no, "clock takes a counter's name (tsc, cntvct, pmccntr), not", val, vn);
	} else if (word_eq(p, klen, "competitors")) {
		uint64_t cnt = 0;
		if ((vn == 1 && val[0] == '0') || (parse_bytes(val, vn, &cnt) == 0 && cnt <= 64 &&
						   val[vn - 1] >= '0' && val[vn - 1] <= '9'))
			s->competitors = (uint32_t)cnt;
		else
			complain(s, no, "competitors must be a number from 0 to 64, not", val, vn);
	} else if (word_eq(p, klen, "kinds")) {
		if (word_eq(val, vn, "main") || word_eq(val, vn, "ap"))
			s->kinds_on_ap = word_eq(val, vn, "ap");
		else
			complain(s, no, "kinds must be main or ap, not", val, vn);
	} else if (word_eq(p, klen, "label")) {
		copy_n(s->label, sizeof s->label, val, vn);
	} else if (word_eq(p, klen, "name")) {
		if (name_ok(val, vn))
			copy_n(s->name, sizeof s->name, val, vn);
		else
			complain(s, no, "name takes letters, digits, '-' and '_', not", val, vn);
	} else {
		complain(s, no, "unknown key", p, klen);
	}
}

void cs_settings_parse(struct cs_settings *s, const char *text, size_t len)
{
	size_t start = 0;
	uint32_t no = 1;
	s->from_file = 1;
	for (size_t i = 0; i <= len; i++) {
		if (i == len || text[i] == '\n') {
			if (i > start || i < len)
				one_line(s, no, text + start, i - start);
			start = i + 1;
			no++;
		} else if (text[i] == 0) {
			complain(s, no, "a NUL byte (is the file UTF-16? write it as ASCII)", NULL, 0);
			return;
		}
	}
}

void cs_settings_json(struct cs_jsonw *j, const struct cs_settings *s)
{
	cs_jsonw_key(j, "settings");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "from_file");
	cs_jsonw_bool(j, s->from_file);
	cs_jsonw_key(j, "sweep");
	cs_jsonw_str(j, s->quick ? "quick" : "full");
	cs_jsonw_key(j, "max_bytes");
	if (s->max_bytes)
		cs_jsonw_u64(j, s->max_bytes);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "after");
	cs_jsonw_str(j, cs_after_name(s->after));
	cs_jsonw_key(j, "clock");
	if (s->clock[0])
		cs_jsonw_str(j, s->clock);
	else
		cs_jsonw_null(j);
	cs_jsonw_key(j, "competitors");
	cs_jsonw_u64(j, s->competitors);
	cs_jsonw_key(j, "kinds");
	cs_jsonw_str(j, s->kinds_on_ap ? "ap" : "main");
	cs_jsonw_key(j, "errors");
	cs_jsonw_u64(j, s->n_errors);
	cs_jsonw_obj_end(j);
}
