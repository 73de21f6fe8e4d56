/* settings.c: the settings file (settings.h). Freestanding, so the parser
 * could equally run on the host. */
#include "settings.h"
#include "../common/buf.h"
#include "../common/capture.h" /* CS_MAX_REPEATS */

void cs_settings_default(struct cs_settings *s)
{
	cs_memset(s, 0, sizeof *s);
	s->after = CS_AFTER_WAIT;
	s->menu = (uint32_t)cs_prog_settings[CS_SET_MENU].def;
	s->net_backoff_ms = (uint32_t)cs_prog_settings[CS_SET_NET_BACKOFF].def;
	cs_kind_settings_default(s->kind);
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

/* The declaration whose key (or old name) is the n bytes at p, and its bit
 * in seen: the program's settings first, then each kind's in the table's
 * order. NULL for the network's keys (net/netset.h) and unknown ones. */
static const struct cs_setting *find_key(const char *p, size_t n, int *bit, uint32_t *kind, uint32_t *idx)
{
	int b = 0;
	for (uint32_t i = 0; i < CS_SET_PROG_COUNT; i++, b++)
		if (cs_setting_is(&cs_prog_settings[i], p, n)) {
			*bit = b, *kind = CS_KIND_COUNT, *idx = i;
			return &cs_prog_settings[i];
		}
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		for (uint32_t i = 0; i < cs_kind_settings[k]->n && i < CS_KIND_SETTINGS_MAX; i++, b++)
			if ((cs_kind_settings[k]->v[i].flags & CS_SETTING_FILE) &&
			    cs_setting_is(&cs_kind_settings[k]->v[i], p, n)) {
				*bit = b < CS_SETTINGS_KEYS_MAX ? b : -1, *kind = k, *idx = i;
				return &cs_kind_settings[k]->v[i];
			}
	*bit = -1;
	return NULL;
}

/* A program's setting's value into its place in s. */
static void store(struct cs_settings *s, uint32_t id, const struct cs_setting_value *v)
{
	switch (id) {
	case CS_SET_SWEEP: s->quick = v->u == 0; break; /* "quick|full" */
	case CS_SET_MAX_BYTES: s->max_bytes = v->u; break;
	case CS_SET_AFTER: s->after = (enum cs_after)v->u; break; /* "wait|shutdown|return" */
	case CS_SET_CLOCK: copy_n(s->clock, sizeof s->clock, v->s, v->n); break;
	case CS_SET_COMPETITORS: s->competitors = (uint32_t)v->u; break;
	case CS_SET_REPEAT: s->repeat = (uint32_t)v->u; break;
	case CS_SET_CORE_TYPES: s->kinds_on_ap = v->u == 1; break; /* "main|ap" */
	case CS_SET_LABEL: copy_label(s->label, sizeof s->label, v->s, v->n); break;
	case CS_SET_NAME: copy_n(s->name, sizeof s->name, v->s, v->n); break;
	case CS_SET_MENU: s->menu = (uint32_t)v->u, s->menu_said = 1; break;
	case CS_SET_NET_BACKOFF: s->net_backoff_ms = (uint32_t)v->u; break;
	}
}

const struct cs_setting *cs_settings_decl(uint32_t n, uint32_t *kind, uint32_t *idx)
{
	*kind = CS_KIND_COUNT, *idx = 0;
	if (n < CS_SET_PROG_COUNT) {
		*kind = CS_KIND_COUNT, *idx = n;
		return &cs_prog_settings[n];
	}
	n -= CS_SET_PROG_COUNT;
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++) {
		uint32_t m = cs_kind_settings[k]->n < CS_KIND_SETTINGS_MAX ? cs_kind_settings[k]->n
									: CS_KIND_SETTINGS_MAX;
		if (n < m) {
			*kind = k, *idx = n;
			return &cs_kind_settings[k]->v[n];
		}
		n -= m;
	}
	return NULL;
}

uint64_t cs_settings_get(const struct cs_settings *s, uint32_t n)
{
	uint32_t kind, idx;
	if (!cs_settings_decl(n, &kind, &idx))
		return 0;
	if (kind < CS_KIND_COUNT)
		return s->kind[kind][idx];
	switch (idx) {
	case CS_SET_SWEEP: return s->quick ? 0 : 1; /* "quick|full" */
	case CS_SET_MAX_BYTES: return s->max_bytes;
	case CS_SET_AFTER: return (uint64_t)s->after;
	case CS_SET_COMPETITORS: return s->competitors;
	case CS_SET_REPEAT: return s->repeat;
	case CS_SET_CORE_TYPES: return s->kinds_on_ap ? 1 : 0; /* "main|ap" */
	case CS_SET_MENU: return s->menu;
	case CS_SET_NET_BACKOFF: return s->net_backoff_ms;
	default: return 0; /* clock, label, name: text */
	}
}

void cs_settings_set(struct cs_settings *s, uint32_t n, uint64_t u)
{
	uint32_t kind, idx;
	const struct cs_setting *d = cs_settings_decl(n, &kind, &idx);
	struct cs_setting_value v = { u, NULL, 0 };
	if (!d || d->type == CS_SETTING_NAME || d->type == CS_SETTING_TEXT)
		return;
	if (kind < CS_KIND_COUNT)
		s->kind[kind][idx] = u;
	else
		store(s, idx, &v);
}

/* "KEY (OLD) must be RANGE, not" */
static void refuse(struct cs_settings *s, uint32_t no, const struct cs_setting *d, const char *why,
		   const char *val, size_t vn)
{
	char what[CS_SETTINGS_MSG_MAX / 2];
	struct cs_buf b;
	cs_buf_init(&b, what, sizeof what);
	cs_puts(&b, d->key);
	if (d->alias) {
		cs_puts(&b, " (");
		cs_puts(&b, d->alias);
		cs_putc(&b, ')');
	}
	cs_putc(&b, ' ');
	cs_puts(&b, why);
	complain(s, no, what, val, vn);
}

static void apply_line(struct cs_settings *s, uint32_t no, const char *p, size_t n, int *bit);

/* A line applied over one that set the same key in this file: said (it
 * used to win silently, hiding a forgotten copy of a line), the last
 * applied as before. A refused line sets nothing and is said already. */
static void one_line(struct cs_settings *s, uint32_t no, const char *p, size_t n)
{
	uint32_t before = s->n_errors;
	int bit = -1;
	apply_line(s, no, p, n, &bit);
	if (bit < 0 || s->n_errors != before)
		return;
	if (s->seen & (1u << bit))
		say(s, "settings: line ", no, ": a key given twice (also line ", s->seen_line[bit],
		    "): this line's value applied\n", 0);
	s->seen |= 1u << bit;
	s->seen_line[bit] = no;
}

static void apply_line(struct cs_settings *s, uint32_t no, const char *p, size_t n, int *bit)
{
	size_t k = 0, klen, v;
	const struct cs_setting *d;
	struct cs_setting_value val_;
	uint32_t kind, idx;
	char why[CS_SETTINGS_MSG_MAX / 2];
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
	d = find_key(p, klen, bit, &kind, &idx);
	if (d) {
		if (cs_setting_parse(d, val, vn, &val_, why, sizeof why) != 0)
			refuse(s, no, d, why, val, vn);
		else if (kind < CS_KIND_COUNT)
			s->kind[kind][idx] = val_.u;
		else
			store(s, idx, &val_);
	} else {
		char why2[200]; /* upload, upload_token, http_client: net/netset.h */
		int r = cs_netset_line(&s->net, p, klen, val, vn, why2, sizeof why2);
		if (r <= 0)
			complain(s, no, r ? why2 : "unknown key", r ? NULL : p, r ? 0 : klen);
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
	/* the boot menu (efi/menu.c): the countdown as run, whether it was
	 * opened, and the keys it changed (their values as run above) */
	cs_jsonw_key(j, "menu");
	cs_jsonw_u64(j, s->menu);
	cs_jsonw_key(j, "menu_opened");
	cs_jsonw_bool(j, s->menu_opened);
	cs_jsonw_key(j, "menu_changed");
	cs_jsonw_arr(j);
	for (uint32_t n = 0, kind, idx; n < CS_SETTINGS_KEYS_MAX; n++) {
		const struct cs_setting *d = cs_settings_decl(n, &kind, &idx);
		if (!d)
			break;
		if (s->menu_changed & (1u << n))
			cs_jsonw_str(j, d->key);
	}
	cs_jsonw_arr_end(j);
	/* each kind's, after the program's: a default said in words is null */
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		for (uint32_t i = 0; i < cs_kind_settings[k]->n && i < CS_KIND_SETTINGS_MAX; i++) {
			const struct cs_setting *d = &cs_kind_settings[k]->v[i];
			uint64_t u = s->kind[k][i];
			cs_jsonw_key(j, d->key);
			if (u == CS_SETTING_OFF && d->off_word)
				cs_jsonw_str(j, d->off_word);
			else if (u == d->def && d->def_says)
				cs_jsonw_null(j);
			else if (d->type == CS_SETTING_BOOL)
				cs_jsonw_bool(j, u != 0);
			else if (d->type == CS_SETTING_ENUM) {
				char w[32];
				struct cs_buf b;
				cs_buf_init(&b, w, sizeof w);
				cs_setting_show(&b, d, u);
				cs_jsonw_str(j, w);
			} else
				cs_jsonw_u64(j, u);
		}
	cs_netset_json(j, &s->net);
	cs_jsonw_key(j, "errors");
	cs_jsonw_u64(j, s->n_errors);
	cs_jsonw_obj_end(j);
}
