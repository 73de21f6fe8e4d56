/* menu_state.c: the boot menu's state (menu_state.h). Freestanding: the
 * host's tests/test_menu.c drives it with keys. */
#include "menu_state.h"

#define CS_MENU_KEY_COLUMN 16 /* an item's value starts after its key, padded */

uint32_t cs_menu_seconds(const struct cs_settings *s, int netbooted, int emulated)
{
	if (s->menu_said)
		return s->menu;
	if (s->after == CS_AFTER_SHUTDOWN || netbooted || emulated)
		return 0;
	return s->menu;
}

enum cs_menu_key cs_menu_key_of(uint16_t scan, uint16_t ch)
{
	switch (scan) {
	case CS_MENU_SCAN_UP: return CS_MENU_KEY_UP;
	case CS_MENU_SCAN_DOWN: return CS_MENU_KEY_DOWN;
	case CS_MENU_SCAN_RIGHT: return CS_MENU_KEY_NEXT;
	case CS_MENU_SCAN_LEFT: return CS_MENU_KEY_PREV;
	case CS_MENU_SCAN_ESC: return CS_MENU_KEY_UNDO;
	default: break;
	}
	switch (ch) {
	case '\r':
	case '\n': return CS_MENU_KEY_START;
	case ' ':
	case '+': return CS_MENU_KEY_NEXT;
	case '-': return CS_MENU_KEY_PREV;
	case 0x1b: return CS_MENU_KEY_UNDO;
	default: return CS_MENU_KEY_NONE;
	}
}

/* The default is said in words and lies outside the range (repeat=,
 * max_bytes=, bandwidth=: "by the program"): a step of its own. */
static int def_apart(const struct cs_setting *d)
{
	return d->def < d->min || d->def > d->max;
}

static uint64_t words_n(const char *w)
{
	uint64_t n = 1;
	for (; *w; w++)
		n += *w == '|';
	return n;
}

/* From the bottom: the off word, the default said in words, then min to
 * max (a size by doubling from min, max the last step). */
uint64_t cs_menu_step(const struct cs_setting *d, uint64_t u, int up)
{
	int off = d->off_word != NULL, apart = def_apart(d);
	uint64_t v;
	switch (d->type) {
	case CS_SETTING_BOOL:
		return !u;
	case CS_SETTING_ENUM:
		v = words_n(d->words);
		return up ? (u + 1) % v : (u + v - 1) % v;
	case CS_SETTING_UINT:
	case CS_SETTING_SIZE:
		break;
	default:
		return u; /* a name or a text: the settings file's */
	}
	if (up) {
		if (off && u == CS_SETTING_OFF)
			return apart ? d->def : d->min;
		if ((apart && u == d->def) || u < d->min)
			return d->min;
		if (u >= d->max)
			return d->max;
		if (d->type == CS_SETTING_UINT)
			return u + 1;
		for (v = d->min; v <= u; v *= 2)
			if (v > d->max / 2)
				return d->max;
		return v;
	}
	if (off && u == CS_SETTING_OFF)
		return u;
	if (apart && u == d->def)
		return off ? CS_SETTING_OFF : u;
	if (u <= d->min)
		return apart ? d->def : off ? CS_SETTING_OFF : d->min;
	if (u > d->max)
		return d->max;
	if (d->type == CS_SETTING_UINT)
		return u - 1;
	for (v = d->min; v * 2 < u;)
		v *= 2;
	return v;
}

/* The menu offers what it can edit: a bool, a number, a size, a word. */
static int offered(const struct cs_setting *d)
{
	if (!(d->flags & CS_SETTING_FILE) || (d->flags & CS_SETTING_NO_MENU))
		return 0; /* menu= (the countdown that opened it), net_backoff= */
	return d->type == CS_SETTING_BOOL || d->type == CS_SETTING_UINT || d->type == CS_SETTING_SIZE ||
	       d->type == CS_SETTING_ENUM;
}

static void show(struct cs_buf *b, const struct cs_setting *d, uint64_t u)
{
	if (def_apart(d) && u == d->def && !(d->off_word && u == CS_SETTING_OFF))
		cs_puts(b, "default");
	else
		cs_setting_show(b, d, u);
}

void cs_menu_open(struct cs_menu *m, struct cs_settings *s)
{
	uint32_t kind, idx;
	const struct cs_setting *d;
	m->s = s;
	m->n = m->at = 0;
	for (uint32_t n = 0; n < CS_SETTINGS_KEYS_MAX && (d = cs_settings_decl(n, &kind, &idx)); n++)
		if (offered(d)) {
			m->item[m->n] = n;
			m->loaded[m->n] = cs_settings_get(s, n);
			m->n++;
		}
}

void cs_menu_run_line(struct cs_buf *b, const struct cs_settings *s)
{
	uint32_t kind, idx;
	const struct cs_setting *d;
	cs_puts(b, "run:");
	for (uint32_t n = 0; n < CS_SETTINGS_KEYS_MAX && (d = cs_settings_decl(n, &kind, &idx)); n++)
		if (offered(d)) {
			cs_putc(b, ' ');
			cs_puts(b, d->key);
			cs_putc(b, '=');
			show(b, d, cs_settings_get(s, n));
		}
	cs_putc(b, '\n');
}

int cs_menu_key(struct cs_menu *m, enum cs_menu_key k)
{
	uint32_t kind, idx, n;
	const struct cs_setting *d;
	if (!m->n)
		return k == CS_MENU_KEY_START;
	n = m->item[m->at];
	d = cs_settings_decl(n, &kind, &idx);
	switch (k) {
	case CS_MENU_KEY_UP:
		m->at = (m->at + m->n - 1) % m->n;
		break;
	case CS_MENU_KEY_DOWN:
		m->at = (m->at + 1) % m->n;
		break;
	case CS_MENU_KEY_NEXT:
	case CS_MENU_KEY_PREV:
		cs_settings_set(m->s, n, cs_menu_step(d, cs_settings_get(m->s, n), k == CS_MENU_KEY_NEXT));
		break;
	case CS_MENU_KEY_UNDO:
		for (uint32_t i = 0; i < m->n; i++)
			cs_settings_set(m->s, m->item[i], m->loaded[i]);
		break;
	case CS_MENU_KEY_START:
		m->s->menu_opened = 1;
		m->s->menu_changed = 0;
		for (uint32_t i = 0; i < m->n; i++)
			if (cs_settings_get(m->s, m->item[i]) != m->loaded[i])
				m->s->menu_changed |= 1u << m->item[i];
		return 1;
	default:
		break;
	}
	return 0;
}

static void pad(struct cs_buf *b, size_t from, size_t to)
{
	while (from++ < to)
		cs_putc(b, ' ');
}

void cs_menu_draw(struct cs_buf *b, const struct cs_menu *m)
{
	uint32_t kind = CS_KIND_COUNT, idx = 0, last = CS_KIND_COUNT;
	const struct cs_setting *d;
	cs_puts(b, "boot menu: Up/Down choose a setting, Left/Right or Space change it,\n"
		   "           Enter measures with them, Esc undoes every change (marked *)\n");
	for (uint32_t i = 0; i < m->n; i++) {
		uint64_t u = cs_settings_get(m->s, m->item[i]);
		d = cs_settings_decl(m->item[i], &kind, &idx);
		if (kind != last && kind < CS_KIND_COUNT) {
			cs_puts(b, "  the ");
			cs_puts(b, cs_setting_kind_names[kind]);
			cs_puts(b, " kind's:\n");
		}
		last = kind;
		cs_puts(b, i == m->at ? "  > " : "    ");
		cs_puts(b, d->key);
		pad(b, cs_strlen(d->key), CS_MENU_KEY_COLUMN);
		show(b, d, u);
		if (u != m->loaded[i])
			cs_puts(b, " *");
		cs_putc(b, '\n');
	}
	if (!m->n)
		return;
	d = cs_settings_decl(m->item[m->at], &kind, &idx);
	cs_puts(b, "\n");
	cs_puts(b, d->key);
	cs_puts(b, ": ");
	cs_puts(b, d->help);
	cs_puts(b, "\n  ");
	cs_puts(b, d->key);
	cs_putc(b, ' ');
	cs_puts(b, cs_setting_verb(d));
	cs_putc(b, ' ');
	cs_setting_range(b, d);
	cs_puts(b, "; default ");
	cs_setting_default(b, d);
	cs_putc(b, '\n');
}
