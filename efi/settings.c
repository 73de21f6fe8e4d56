/* settings.c: the settings file (settings.h). Freestanding, so the parser
 * could equally run on the host. */
#include "settings.h"
#include "../common/buf.h"
#include "../common/capture.h" /* CS_MAX_REPEATS */

void cs_settings_default(struct cs_settings *s)
{
	cs_memset(s, 0, sizeof *s);
	s->after = CS_AFTER_WAIT;
}

uint32_t cs_settings_repeats(const struct cs_settings *s)
{
	if (s->repeat)
		return s->repeat;
	return s->quick ? CS_SETTINGS_QUICK_REPEATS : CS_SETTINGS_FULL_REPEATS;
}

const char *cs_after_name(enum cs_after a)
{
	return a == CS_AFTER_SHUTDOWN ? "shutdown" : a == CS_AFTER_RETURN ? "return" : "wait";
}

/* One whole message (ending in a newline) into errors, never cut: it goes
 * in when it fits beside the CS_SETTINGS_ERRORS_TAIL bytes kept for the
 * closing notes (which may use them), else it is counted and the closing
 * note says "and N more". */
static void add(struct cs_settings *s, const struct cs_buf *m, int closing)
{
	size_t used = cs_strlen(s->errors);
	size_t room = sizeof s->errors - 1 - used;
	if (!closing)
		room = room > CS_SETTINGS_ERRORS_TAIL ? room - CS_SETTINGS_ERRORS_TAIL : 0;
	if (m->overflow || m->len > room) {
		s->n_unnamed++;
		return;
	}
	cs_memcpy(s->errors + used, m->p, m->len + 1);
}

/* "settings line N: WHAT 'TEXT'; ignored, default kept": TEXT shown as
 * text (control characters escaped, common/buf.h), at most
 * CS_SETTINGS_ECHO characters of it, cut on a character boundary. */
static void complain(struct cs_settings *s, uint32_t line, const char *what,
		     const char *text, size_t n)
{
	char mem[CS_SETTINGS_MSG_MAX];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "settings line ");
	cs_put_u64(&b, line);
	cs_puts(&b, ": ");
	cs_puts(&b, what);
	if (text) {
		size_t keep = cs_utf8_prefix(text, n, CS_SETTINGS_ECHO);
		cs_puts(&b, " '");
		cs_put_textn(&b, text, keep);
		cs_puts(&b, keep < n ? "...'" : "'");
	}
	cs_puts(&b, "; ignored, default kept\n");
	s->n_errors++;
	add(s, &b, 0);
}

/* A message of its own (not one line's), on one line: a closing note
 * (after the lines) may use the room kept for it. */
static void say(struct cs_settings *s, const char *a, uint64_t n1, const char *b_,
		uint64_t n2, const char *c, int closing)
{
	char mem[CS_SETTINGS_MSG_MAX];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, a);
	cs_put_u64(&b, n1);
	cs_puts(&b, b_);
	cs_put_u64(&b, n2);
	cs_puts(&b, c);
	s->n_errors++;
	add(s, &b, closing);
}

/* The closing count of the messages that did not fit (no error itself). */
static void say_unnamed(struct cs_settings *s)
{
	char mem[CS_SETTINGS_MSG_MAX];
	struct cs_buf b;
	uint32_t named = 0;
	for (const char *p = s->errors; *p; p++)
		named += *p == '\n';
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "settings: and ");
	cs_put_u64(&b, s->n_unnamed);
	cs_puts(&b, " more bad lines, not named (the ");
	cs_put_u64(&b, named);
	cs_puts(&b, " above fill the ");
	cs_put_u64(&b, CS_SETTINGS_ERRORS_MAX);
	cs_puts(&b, " bytes kept for messages); each ignored, its default kept\n");
	add(s, &b, 1);
}

static int word_eq(const char *p, size_t n, const char *w)
{
	size_t i;
	for (i = 0; i < n && w[i]; i++)
		if (p[i] != w[i])
			return 0;
	return i == n && !w[i];
}

/* Decimal digits with an optional K, M or G (binary), within [lo, hi];
 * overflow, garbage and anything out of range are refused. */
static int parse_count(const char *p, size_t n, int suffix, uint64_t lo,
		       uint64_t hi, uint64_t *out)
{
	uint64_t v = 0, mul = 1;
	if (suffix && n) {
		char u = p[n - 1];
		if (u == 'K' || u == 'k')
			mul = 1ull << 10;
		else if (u == 'M' || u == 'm')
			mul = 1ull << 20;
		else if (u == 'G' || u == 'g')
			mul = 1ull << 30;
		if (mul > 1)
			n--;
	}
	if (n == 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		uint64_t d = (uint64_t)(p[i] - '0');
		if (v > (hi - d) / 10)
			return -1; /* past hi already: no overflow can follow */
		v = v * 10 + d;
	}
	if (v > hi / mul || v * mul < lo)
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

/* A label keeps its text: UTF-8 as it is, a byte that is not UTF-8 as
 * U+FFFD, a control character as '?', cut on a character boundary. */
static void copy_label(char *dst, size_t cap, const char *src, size_t n)
{
	struct cs_buf b;
	char one[2] = "?";
	size_t i = 0;
	uint32_t cp;
	cs_buf_init(&b, dst, cap);
	while (i < n && !b.overflow) {
		size_t k = cs_utf8_next(src + i, n - i, &cp);
		if (k && cp >= 0x20 && cp != 0x7f && !(cp >= 0x80 && cp < 0xa0)) {
			cs_putn(&b, src + i, k);
		} else if (k) {
			cs_puts(&b, one);
		} else {
			cs_puts(&b, "\xef\xbf\xbd");
			k = 1;
		}
		i += k;
	}
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static void set_max_bytes(struct cs_settings *s, uint32_t no, const char *val, size_t vn)
{
	uint64_t bytes;
	char what[160];
	struct cs_buf b;
	if (parse_count(val, vn, 1, CS_SETTINGS_MIN_BYTES, CS_SETTINGS_MAX_BYTES, &bytes) == 0) {
		s->max_bytes = bytes;
		return;
	}
	cs_buf_init(&b, what, sizeof what);
	cs_puts(&b, "max_bytes must be a whole number of bytes from ");
	cs_put_u64(&b, CS_SETTINGS_MIN_BYTES);
	cs_puts(&b, " (the sweep's first size) to ");
	cs_put_u64(&b, CS_SETTINGS_MAX_BYTES);
	cs_puts(&b, ", with K, M or G, not");
	complain(s, no, what, val, vn);
}

static void set_competitors(struct cs_settings *s, uint32_t no, const char *val, size_t vn)
{
	uint64_t cnt = 0;
	char what[64];
	struct cs_buf b;
	if (parse_count(val, vn, 0, 0, CS_SETTINGS_MAX_COMPETITORS, &cnt) == 0) {
		s->competitors = (uint32_t)cnt;
		return;
	}
	cs_buf_init(&b, what, sizeof what);
	cs_puts(&b, "competitors must be a number from 0 to ");
	cs_put_u64(&b, CS_SETTINGS_MAX_COMPETITORS);
	cs_puts(&b, ", not");
	complain(s, no, what, val, vn);
}

static void set_repeat(struct cs_settings *s, uint32_t no, const char *val, size_t vn)
{
	uint64_t cnt = 0;
	char what[80];
	struct cs_buf b;
	if (parse_count(val, vn, 0, 1, CS_MAX_REPEATS, &cnt) == 0) {
		s->repeat = (uint32_t)cnt;
		return;
	}
	cs_buf_init(&b, what, sizeof what);
	cs_puts(&b, "repeat must be a number of sweeps from 1 to ");
	cs_put_u64(&b, CS_MAX_REPEATS);
	cs_puts(&b, ", not");
	complain(s, no, what, val, vn);
}

static void set_bandwidth(struct cs_settings *s, uint32_t no, const char *val, size_t vn)
{
	uint64_t bytes;
	char what[160];
	struct cs_buf b;
	if (word_eq(val, vn, "off")) {
		s->bw_off = 1;
		return;
	}
	if (parse_count(val, vn, 1, CS_SETTINGS_MIN_BYTES, CS_SETTINGS_MAX_BYTES, &bytes) == 0) {
		s->bw_off = 0;
		s->bw_max_bytes = bytes;
		return;
	}
	cs_buf_init(&b, what, sizeof what);
	cs_puts(&b, "bandwidth must be off or a whole number of bytes from ");
	cs_put_u64(&b, CS_SETTINGS_MIN_BYTES);
	cs_puts(&b, " to ");
	cs_put_u64(&b, CS_SETTINGS_MAX_BYTES);
	cs_puts(&b, ", with K, M or G, not");
	complain(s, no, what, val, vn);
}

static void apply_line(struct cs_settings *s, uint32_t no, const char *p, size_t n);

/* The key of a line, a bit each (kinds= is core_types= by its old name);
 * -1 for the network's keys (net/netset.h) and unknown ones. */
static int key_bit(const char *p, size_t n)
{
	static const char *const keys[] = { "sweep", "max_bytes", "after", "clock", "competitors",
					    "repeat", "core_types", "bandwidth", "label", "name", "kinds" };
	size_t k = 0;
	while (k < n && is_space(p[k]))
		k++;
	p += k, n -= k;
	for (k = 0; k < n && p[k] != '='; k++)
		;
	while (k && is_space(p[k - 1]))
		k--;
	for (int i = 0; i < (int)(sizeof keys / sizeof keys[0]); i++)
		if (word_eq(p, k, keys[i]))
			return i == 10 ? 6 : i;
	return -1;
}

/* A line applied over one that set the same key in this file: said (it
 * used to win silently, hiding a forgotten copy of a line), the last
 * applied as before. A refused line sets nothing and is said already. */
static void one_line(struct cs_settings *s, uint32_t no, const char *p, size_t n)
{
	uint32_t before = s->n_errors;
	int bit = key_bit(p, n);
	apply_line(s, no, p, n);
	if (bit < 0 || s->n_errors != before)
		return;
	if (s->seen & (1u << bit))
		say(s, "settings: line ", no, ": a key given twice (also line ", s->seen_line[bit],
		    "): this line's value applied\n", 0);
	s->seen |= 1u << bit;
	s->seen_line[bit] = no;
}

static void apply_line(struct cs_settings *s, uint32_t no, const char *p, size_t n)
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
		set_max_bytes(s, no, val, vn);
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
		set_competitors(s, no, val, vn);
	} else if (word_eq(p, klen, "repeat")) {
		set_repeat(s, no, val, vn);
	} else if (word_eq(p, klen, "core_types") || word_eq(p, klen, "kinds")) {
		/* kinds=, the old name (sticks in the field have it) */
		if (word_eq(val, vn, "main") || word_eq(val, vn, "ap"))
			s->kinds_on_ap = word_eq(val, vn, "ap");
		else
			complain(s, no, "core_types (kinds) must be main or ap, not", val, vn);
	} else if (word_eq(p, klen, "bandwidth")) {
		set_bandwidth(s, no, val, vn);
	} else if (word_eq(p, klen, "label")) {
		copy_label(s->label, sizeof s->label, val, vn);
	} else if (word_eq(p, klen, "name")) {
		if (name_ok(val, vn))
			copy_n(s->name, sizeof s->name, val, vn);
		else if (vn >= sizeof s->name)
			complain(s, no, "name is longer than the 47 characters a capture's name takes:", val, vn);
		else
			complain(s, no, "name takes letters, digits, '-' and '_', not", val, vn);
	} else {
		char why[200]; /* upload, upload_token, http_client: net/netset.h */
		int r = cs_netset_line(&s->net, p, klen, val, vn, why, sizeof why);
		if (r <= 0)
			complain(s, no, r ? why : "unknown key", r ? NULL : p, r ? 0 : klen);
	}
}

/* UTF-16 (a Windows editor's "Unicode"): a byte-order mark, or a NUL in
 * every other byte of the first line. */
static int looks_utf16(const char *t, size_t len)
{
	size_t nul = 0, n = len < 64 ? len : 64;
	if (len >= 2 && (((unsigned char)t[0] == 0xff && (unsigned char)t[1] == 0xfe) ||
			 ((unsigned char)t[0] == 0xfe && (unsigned char)t[1] == 0xff)))
		return 1;
	for (size_t i = 0; i < n; i++)
		nul += t[i] == 0;
	return n >= 4 && nul * 3 >= n;
}

static void parse(struct cs_settings *s, const char *text, size_t len, int more)
{
	size_t start = 0, end = len;
	uint32_t no = 1, lines = 0;
	s->from_file = 1;
	s->errors[0] = 0; /* this parse's messages; the caller showed the last's */
	s->n_unnamed = 0;
	s->seen = 0; /* per file: the network's may set what the volume's did */
	if (looks_utf16(text, len)) {
		for (size_t i = 0; i < len; i++)
			lines += text[i] == '\n';
		say(s, "settings: the file looks like UTF-16 (", len, " bytes, ", lines + 1,
		    " lines), which this reader does not take: every line skipped, defaults kept; "
		    "save it as ASCII or UTF-8\n", 0);
		return;
	}
	/* a UTF-8 byte-order mark is no part of the first line */
	if (len >= 3 && (unsigned char)text[0] == 0xef && (unsigned char)text[1] == 0xbb &&
	    (unsigned char)text[2] == 0xbf)
		start = 3;
	if (more) { /* the first CS_SETTINGS_MAX bytes of a longer file: whole lines only */
		while (end > start && text[end - 1] != '\n')
			end--;
	}
	for (size_t i = start; i <= end; i++) {
		if (i == end || text[i] == '\n') {
			const char *line = text + start;
			size_t n = i - start, z = 0;
			while (z < n && line[z])
				z++;
			if (z < n)
				complain(s, no, "a NUL byte in the line (is the file UTF-16? write it as ASCII)",
					 NULL, 0);
			else if (i > start || i < end)
				one_line(s, no, line, n);
			start = i + 1;
			no++;
		}
	}
	if (s->n_unnamed)
		say_unnamed(s);
	if (more)
		say(s, "settings: the file is longer than the ", CS_SETTINGS_MAX,
		    " bytes read: line ", no - 1, " on is ignored (what came before is kept)\n", 1);
}

void cs_settings_parse(struct cs_settings *s, const char *text, size_t len)
{
	parse(s, text, len, 0);
}

void cs_settings_parse_head(struct cs_settings *s, const char *text, size_t len)
{
	parse(s, text, len, 1);
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
	cs_jsonw_key(j, "repeat"); /* as run: set, or the sweep's default */
	cs_jsonw_u64(j, cs_settings_repeats(s));
	cs_jsonw_key(j, "kinds");
	cs_jsonw_str(j, s->kinds_on_ap ? "ap" : "main");
	cs_jsonw_key(j, "bandwidth");
	if (s->bw_off)
		cs_jsonw_str(j, "off");
	else if (s->bw_max_bytes)
		cs_jsonw_u64(j, s->bw_max_bytes);
	else
		cs_jsonw_null(j);
	cs_netset_json(j, &s->net);
	cs_jsonw_key(j, "errors");
	cs_jsonw_u64(j, s->n_errors);
	cs_jsonw_obj_end(j);
}
