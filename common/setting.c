/* setting.c: a setting's one parser, its range in words, and the table of
 * the kinds' declarations (setting.h). Freestanding. */
#include "setting.h"

/* Each kind's table by its row (kinds.h's settings column), declared here
 * so that no header lists a kind's settings. */
const struct cs_setting_table cs_none_settings = { 0, 0 };
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, ...) \
	extern const struct cs_setting_table settings;
CS_KINDS
#undef CS_KIND

const struct cs_setting_table *const cs_kind_settings[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, plot, \
		settings, ...) \
	&settings,
	CS_KINDS
#undef CS_KIND
};

const char *const cs_setting_kind_names[CS_KIND_COUNT] = {
#define CS_KIND(id, name, ...) name,
	CS_KINDS
#undef CS_KIND
};

void cs_kind_settings_default(uint64_t v[CS_KIND_COUNT][CS_KIND_SETTINGS_MAX])
{
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		for (uint32_t i = 0; i < CS_KIND_SETTINGS_MAX; i++)
			v[k][i] = i < cs_kind_settings[k]->n ? cs_kind_settings[k]->v[i].def : 0;
}

static int eq_n(const char *p, size_t n, const char *w)
{
	size_t i;
	if (!w)
		return 0;
	for (i = 0; i < n && w[i]; i++)
		if (p[i] != w[i])
			return 0;
	return i == n && !w[i];
}

int cs_setting_is(const struct cs_setting *d, const char *key, size_t n)
{
	return eq_n(key, n, d->key) || eq_n(key, n, d->alias);
}

/* The index of the n bytes at p among words ("a|b|c"), or -1. */
static int word_index(const char *words, const char *p, size_t n)
{
	int i = 0;
	const char *w = words;
	while (w && *w) {
		size_t k = 0;
		while (w[k] && w[k] != '|')
			k++;
		if (k == n) {
			size_t j = 0;
			while (j < n && w[j] == p[j])
				j++;
			if (j == n)
				return i;
		}
		w += k + (w[k] == '|');
		i++;
	}
	return -1;
}

/* The i-th of words into b. */
static void put_word(struct cs_buf *b, const char *words, uint64_t i)
{
	const char *w = words;
	while (i && *w) {
		while (*w && *w != '|')
			w++;
		w += *w == '|';
		i--;
	}
	while (*w && *w != '|')
		cs_putc(b, *w++);
}

/* "a, b or c" */
static void put_words(struct cs_buf *b, const char *words)
{
	uint32_t n = 1;
	for (const char *w = words; *w; w++)
		n += *w == '|';
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			cs_puts(b, i + 1 == n ? " or " : ", ");
		put_word(b, words, i);
	}
}

void cs_setting_range(struct cs_buf *b, const struct cs_setting *d)
{
	switch (d->type) {
	case CS_SETTING_BOOL:
		cs_puts(b, "on or off");
		break;
	case CS_SETTING_ENUM:
		put_words(b, d->words);
		break;
	case CS_SETTING_NAME:
		cs_puts(b, d->unit ? d->unit : "letters, digits, '-' and '_'");
		cs_puts(b, ", 1 to ");
		cs_put_u64(b, d->max);
		cs_puts(b, " characters");
		break;
	case CS_SETTING_TEXT:
		cs_puts(b, "any text");
		break;
	case CS_SETTING_UINT:
	case CS_SETTING_SIZE:
		if (d->off_word) {
			cs_puts(b, d->off_word);
			cs_puts(b, " or ");
		}
		if (d->type == CS_SETTING_SIZE) {
			cs_puts(b, "a whole number of bytes from ");
		} else {
			cs_puts(b, "a number ");
			if (d->unit) {
				cs_puts(b, "of ");
				cs_puts(b, d->unit);
				cs_putc(b, ' ');
			}
			cs_puts(b, "from ");
		}
		cs_put_u64(b, d->min);
		if (d->min_note) {
			cs_puts(b, " (");
			cs_puts(b, d->min_note);
			cs_putc(b, ')');
		}
		cs_puts(b, " to ");
		cs_put_u64(b, d->max);
		if (d->type == CS_SETTING_SIZE)
			cs_puts(b, ", with K, M, G or T");
		break;
	}
}

const char *cs_setting_verb(const struct cs_setting *d)
{
	return d->type == CS_SETTING_NAME ? "takes" : "must be";
}

/* Decimal digits (no sign, no space, no octal or hex); with sizes a K, M,
 * G or T (binary) and an optional B or iB after it. -1 on anything else or
 * on a value past 2^64. */
static int parse_number(const char *p, size_t n, int sizes, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;
	int sh = 0;
	if (n == 0 || p[0] < '0' || p[0] > '9')
		return -1;
	for (; i < n && p[i] >= '0' && p[i] <= '9'; i++) {
		uint64_t d = (uint64_t)(p[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	if (sizes && i < n) {
		char u = p[i];
		sh = (u == 'K' || u == 'k') ? 10 : (u == 'M' || u == 'm') ? 20 : (u == 'G' || u == 'g') ? 30
		   : (u == 'T' || u == 't') ? 40 : -1;
		if (sh < 0)
			return -1;
		i++;
		if (i + 2 == n && p[i] == 'i' && p[i + 1] == 'B')
			i += 2;
		else if (i + 1 == n && p[i] == 'B')
			i++;
		if (v > (UINT64_MAX >> sh))
			return -1;
		v <<= sh;
	}
	if (i != n)
		return -1;
	*out = v;
	return 0;
}

static int name_chars(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = p[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
		      c == '_'))
			return 0;
	}
	return 1;
}

int cs_setting_parse(const struct cs_setting *d, const char *text, size_t n,
		     struct cs_setting_value *v, char *err, size_t errlen)
{
	struct cs_buf b;
	uint64_t u = 0;
	int i;
	v->u = 0;
	v->s = text;
	v->n = n;
	switch (d->type) {
	case CS_SETTING_BOOL:
		if ((i = word_index("off|on|0|1|no|yes", text, n)) >= 0) {
			v->u = (uint64_t)(i & 1);
			return 0;
		}
		break;
	case CS_SETTING_ENUM:
		if ((i = word_index(d->words, text, n)) >= 0) {
			v->u = (uint64_t)i;
			return 0;
		}
		break;
	case CS_SETTING_TEXT:
		return 0;
	case CS_SETTING_NAME:
		if (n > 0 && n <= d->max && name_chars(text, n))
			return 0;
		if (n > d->max && d->long_note) {
			cs_buf_init(&b, err, errlen);
			cs_puts(&b, "is longer than the ");
			cs_put_u64(&b, d->max);
			cs_puts(&b, " characters ");
			cs_puts(&b, d->long_note);
			cs_putc(&b, ':');
			return -1;
		}
		break;
	case CS_SETTING_UINT:
	case CS_SETTING_SIZE:
		if (d->off_word && eq_n(text, n, d->off_word)) {
			v->u = CS_SETTING_OFF;
			return 0;
		}
		if (parse_number(text, n, d->type == CS_SETTING_SIZE, &u) == 0 && u >= d->min && u <= d->max) {
			v->u = u;
			return 0;
		}
		break;
	}
	cs_buf_init(&b, err, errlen);
	cs_puts(&b, cs_setting_verb(d));
	cs_putc(&b, ' ');
	cs_setting_range(&b, d);
	cs_puts(&b, ", not");
	return -1;
}

void cs_setting_show(struct cs_buf *b, const struct cs_setting *d, uint64_t u)
{
	if (u == CS_SETTING_OFF && d->off_word)
		cs_puts(b, d->off_word);
	else if (d->type == CS_SETTING_ENUM)
		put_word(b, d->words, u);
	else if (d->type == CS_SETTING_BOOL)
		cs_puts(b, u ? "on" : "off");
	else if (d->type == CS_SETTING_SIZE)
		cs_put_size(b, (double)u);
	else
		cs_put_u64(b, u);
}

void cs_setting_default(struct cs_buf *b, const struct cs_setting *d)
{
	if (d->def_says)
		cs_puts(b, d->def_says);
	else
		cs_setting_show(b, d, d->def);
}

static void doc_row(struct cs_buf *b, const struct cs_setting *d)
{
	cs_puts(b, "| `");
	cs_puts(b, d->key);
	cs_puts(b, "` | ");
	if (d->alias) {
		cs_putc(b, '`');
		cs_puts(b, d->alias);
		cs_putc(b, '`');
	}
	cs_puts(b, " | ");
	if (d->option && (d->flags & CS_SETTING_HOST)) {
		cs_puts(b, "`--");
		cs_puts(b, d->option);
		cs_putc(b, '`');
	}
	cs_puts(b, " | ");
	cs_setting_range(b, d);
	cs_puts(b, " | ");
	cs_setting_default(b, d);
	cs_puts(b, " | ");
	cs_puts(b, d->help);
	cs_puts(b, " |\n");
}

static void doc_head(struct cs_buf *b)
{
	cs_puts(b, "| key | old name | host option | takes | default | what it does |\n"
		   "|---|---|---|---|---|---|\n");
}

void cs_setting_doc(struct cs_buf *b)
{
	cs_puts(b, "# Settings\n\n"
		   "Generated from the declarations (common/setting.h: the program's in\n"
		   "common/setting_table.c, each kind's in its folder, named by its row of\n"
		   "common/kinds.h); `tests/test_setting_decl.c` fails when this file and\n"
		   "they differ (`build/host/tests/test_setting_decl --write` rewrites it).\n"
		   "The firmware reads them from `\\cacheshape.cfg` on the boot volume\n"
		   "(key=value lines, `#` comments; docs/firmware.md), the host probe as\n"
		   "long options (`cacheshape probe --OPTION VALUE`); both refuse a value\n"
		   "out of range with the range below, the firmware keeping the default.\n"
		   "The firmware's boot menu (`menu`, docs/firmware.md) offers every one\n"
		   "the file takes that is a number, a word or on/off, edited within its range,\n"
		   "but `menu` itself and `net_backoff`.\n"
		   "The network's other keys (`upload`, `upload_token`, `http_client`) are the\n"
		   "network client's (net/netset.h, docs/firmware.md).\n\n"
		   "## The program's\n\n");
	doc_head(b);
	for (uint32_t i = 0; i < CS_SET_PROG_COUNT; i++)
		doc_row(b, &cs_prog_settings[i]);
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++) {
		const struct cs_setting_table *t = cs_kind_settings[k];
		if (!t->n)
			continue;
		cs_puts(b, "\n## The ");
		cs_puts(b, cs_setting_kind_names[k]);
		cs_puts(b, " kind's\n\n");
		doc_head(b);
		for (uint32_t i = 0; i < t->n; i++)
			doc_row(b, &t->v[i]);
	}
}
