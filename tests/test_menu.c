/* test_menu.c: the boot menu's state (efi/menu_state.c, freestanding) on
 * the host, keys in and settings out: when the countdown runs (never for an
 * unattended run unless menu= says so), that its items are the settings
 * file's declarations and nothing else, that every editor stays within
 * its declaration's range, and that keys change the settings the capture
 * records (efi/settings.c's JSON). tests/suite-menu.sh drives the same
 * menu in QEMU with keys sent through the monitor. */
#include <string.h>
#include "check.h"
#include "../efi/settings.c"
#include "../efi/menu_state.c"
#include "../kinds/bandwidth/bw_settings.h"

CS_TEST_MAIN_DEFS;

#define STEPS_MAX 200 /* a walk from bottom to top of any declaration's range */

static struct cs_settings s;
static struct cs_menu m;
static char out[8192];

static void file(const char *text)
{
	cs_settings_default(&s);
	cs_settings_parse(&s, text, strlen(text));
}

/* The countdown's rule: attended 5 s; unattended none; menu= always wins. */
static void test_seconds(void)
{
	file("");
	CHECK(cs_menu_seconds(&s, 0, 0) == CS_SETTINGS_MENU_SECONDS, "defaults: %u s", cs_menu_seconds(&s, 0, 0));
	CHECK(cs_menu_seconds(&s, 1, 0) == 0, "a network boot: no countdown");
	CHECK(cs_menu_seconds(&s, 0, 1) == 0, "under an emulator: no countdown");
	file("after=shutdown\n");
	CHECK(cs_menu_seconds(&s, 0, 0) == 0, "after=shutdown: no countdown");
	file("after=return\n");
	CHECK(cs_menu_seconds(&s, 0, 0) == CS_SETTINGS_MENU_SECONDS, "after=return: someone is there");
	file("after=shutdown\nmenu=30\n");
	CHECK(s.n_errors == 0 && cs_menu_seconds(&s, 1, 1) == 30, "menu=30 said: kept unattended (%s)", s.errors);
	file("menu=0\n");
	CHECK(cs_menu_seconds(&s, 0, 0) == 0, "menu=0: none");
	file("menu=121\n");
	CHECK(s.n_errors == 1 && strstr(s.errors, "from 0 to 120") && cs_menu_seconds(&s, 0, 0) == 5,
	      "menu=121 refused with its range, default kept: %s", s.errors);
}

/* Keys: arrows, Enter, Space, +, -, Esc. */
static void test_keys(void)
{
	CHECK(cs_menu_key_of(CS_MENU_SCAN_UP, 0) == CS_MENU_KEY_UP, "Up");
	CHECK(cs_menu_key_of(CS_MENU_SCAN_DOWN, 0) == CS_MENU_KEY_DOWN, "Down");
	CHECK(cs_menu_key_of(CS_MENU_SCAN_RIGHT, 0) == CS_MENU_KEY_NEXT, "Right");
	CHECK(cs_menu_key_of(CS_MENU_SCAN_LEFT, 0) == CS_MENU_KEY_PREV, "Left");
	CHECK(cs_menu_key_of(CS_MENU_SCAN_ESC, 0) == CS_MENU_KEY_UNDO, "Esc");
	CHECK(cs_menu_key_of(0, '\r') == CS_MENU_KEY_START, "Enter");
	CHECK(cs_menu_key_of(0, ' ') == CS_MENU_KEY_NEXT && cs_menu_key_of(0, '+') == CS_MENU_KEY_NEXT, "Space, +");
	CHECK(cs_menu_key_of(0, '-') == CS_MENU_KEY_PREV, "-");
	CHECK(cs_menu_key_of(0, 'x') == CS_MENU_KEY_NONE, "another key: nothing");
}

/* The items: every declaration the file takes that has a number, a word
 * or on/off, the program's and each kind's; not menu=, not net_backoff=
 * (the network's waits), not the texts. */
static void test_items(void)
{
	uint32_t kind, idx, want = 0;
	const struct cs_setting *d;
	file("");
	cs_menu_open(&m, &s);
	for (uint32_t n = 0; (d = cs_settings_decl(n, &kind, &idx)); n++) {
		int in = 0;
		for (uint32_t i = 0; i < m.n; i++)
			in |= m.item[i] == n;
		int edits = d->type != CS_SETTING_NAME && d->type != CS_SETTING_TEXT &&
			    (d->flags & CS_SETTING_FILE) &&
			    !(kind == CS_KIND_COUNT && (idx == CS_SET_MENU || idx == CS_SET_NET_BACKOFF));
		CHECK(in == edits, "%s: %s the menu", d->key, edits ? "in" : "not in");
		want += edits;
	}
	CHECK(m.n == want && m.n >= 7, "%u items", m.n);
}

/* Every editor within its declaration: from the bottom, Right walks to
 * the top (max) and stays; Left walks back to the bottom; every value on
 * the way is taken by the settings file's own parser, or is the off word
 * or the default said in words. */
static void test_ranges(void)
{
	char text[64];
	for (uint32_t i = 0; i < m.n; i++) {
		uint32_t kind, idx, steps = 0, bad = 0;
		const struct cs_setting *d = cs_settings_decl(m.item[i], &kind, &idx);
		uint64_t u = d->def, top;
		for (; steps < STEPS_MAX && cs_menu_step(d, u, 0) != u; steps++)
			u = cs_menu_step(d, u, 0);
		if (d->type == CS_SETTING_ENUM || d->type == CS_SETTING_BOOL)
			continue; /* these cycle: below */
		for (steps = 0; steps < STEPS_MAX; steps++) {
			struct cs_setting_value v;
			char err[200];
			int ok = (d->off_word && u == CS_SETTING_OFF) || u == d->def;
			if (!ok) {
				snprintf(text, sizeof text, "%llu", (unsigned long long)u);
				ok = cs_setting_parse(d, text, strlen(text), &v, err, sizeof err) == 0 && v.u == u;
			}
			bad += !ok;
			if (cs_menu_step(d, u, 1) == u)
				break;
			u = cs_menu_step(d, u, 1);
		}
		top = u;
		CHECK(!bad && top == d->max, "%s: %u steps up to its max %llu, each taken by its parser",
		      d->key, steps, (unsigned long long)d->max);
		for (steps = 0; steps < STEPS_MAX && cs_menu_step(d, u, 0) != u; steps++)
			u = cs_menu_step(d, u, 0);
		CHECK(u == (d->off_word ? CS_SETTING_OFF : d->def < d->min ? d->def : d->min),
		      "%s: back down to its bottom", d->key);
	}
	{
		struct cs_setting e = { .key = "e", .type = CS_SETTING_ENUM, .words = "a|b|c" };
		struct cs_setting b = { .key = "b", .type = CS_SETTING_BOOL };
		CHECK(cs_menu_step(&e, 2, 1) == 0 && cs_menu_step(&e, 0, 0) == 2 && cs_menu_step(&e, 1, 1) == 2,
		      "an enum cycles through its words");
		CHECK(cs_menu_step(&b, 0, 1) == 1 && cs_menu_step(&b, 1, 0) == 0, "a bool toggles");
	}
}

/* Move the chosen item to key's. */
static int go(const char *key)
{
	for (uint32_t i = 0; i <= m.n; i++) {
		uint32_t kind, idx;
		if (!strcmp(cs_settings_decl(m.item[m.at], &kind, &idx)->key, key))
			return 1;
		cs_menu_key(&m, CS_MENU_KEY_DOWN);
	}
	return 0;
}

static void json(char *buf, size_t n)
{
	struct cs_buf b;
	struct cs_jsonw j;
	cs_buf_init(&b, buf, n);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	cs_settings_json(&j, &s);
	cs_jsonw_obj_end(&j);
}

/* Keys in, settings out: the case tests/suite-menu.sh drives in QEMU. */
static void test_drive(void)
{
	struct cs_buf b;
	file("sweep=quick\nafter=shutdown\nmenu=30\n");
	cs_menu_open(&m, &s);
	CHECK(!cs_menu_key(&m, CS_MENU_KEY_NONE), "another key: the menu stays");
	CHECK(go("repeat"), "repeat is an item");
	cs_menu_key(&m, CS_MENU_KEY_NEXT); /* default (by the sweep) -> 1 */
	cs_menu_key(&m, CS_MENU_KEY_NEXT); /* -> 2 */
	CHECK(go("bandwidth"), "the bandwidth kind's setting is an item");
	cs_menu_key(&m, CS_MENU_KEY_PREV); /* default -> off */
	CHECK(go("sweep"), "sweep is an item");
	cs_menu_key(&m, CS_MENU_KEY_NEXT); /* quick -> full */
	cs_menu_key(&m, CS_MENU_KEY_PREV); /* and back */
	cs_buf_init(&b, out, sizeof out);
	cs_menu_draw(&b, &m);
	CHECK(strstr(out, "  > sweep ") && strstr(out, "repeat          2 *") &&
	      strstr(out, "  the bandwidth kind's:\n    bandwidth       off *") && !strstr(out, "quick *"),
	      "drawn: the chosen item, the changed ones starred, the kind's heading:\n%s", out);
	CHECK(strstr(out, "sweep: quick: 4 KiB") && strstr(out, "sweep must be quick or full; default full"),
	      "drawn: the chosen one's help, range and default");
	CHECK(s.repeat == 2 && cs_settings_repeats(&s) == 2 && s.kind[CS_KIND_BANDWIDTH][CS_BW_SET_BYTES] ==
	      CS_SETTING_OFF && s.quick == 1, "the keys changed the settings");
	CHECK(cs_menu_key(&m, CS_MENU_KEY_START) == 1, "Enter: the run starts");
	CHECK(s.menu_opened && s.menu_changed && s.after == CS_AFTER_SHUTDOWN, "opened, changes kept");
	json(out, sizeof out);
	CHECK(strstr(out, "\"repeat\":2") && strstr(out, "\"bandwidth\":\"off\"") &&
	      strstr(out, "\"menu_opened\":true") && strstr(out, "\"menu_changed\":[\"repeat\",\"bandwidth\"]"),
	      "the capture's settings say what was chosen: %s", out);
	cs_buf_init(&b, out, sizeof out);
	cs_menu_run_line(&b, &s);
	CHECK(strstr(out, "run: sweep=quick ") && strstr(out, " repeat=2 ") && strstr(out, " bandwidth=off\n") &&
	      !strstr(out, "menu=") && !strstr(out, "label="), "the run line: %s", out);
}

/* Esc: every item as loaded; the menu opened, nothing changed. */
static void test_undo(void)
{
	file("max_bytes=4M\n");
	cs_menu_open(&m, &s);
	go("max_bytes");
	cs_menu_key(&m, CS_MENU_KEY_NEXT);
	CHECK(s.max_bytes == (8u << 20), "max_bytes doubles: %llu", (unsigned long long)s.max_bytes);
	cs_menu_key(&m, CS_MENU_KEY_PREV);
	cs_menu_key(&m, CS_MENU_KEY_PREV);
	CHECK(s.max_bytes == (2u << 20), "and halves: %llu", (unsigned long long)s.max_bytes);
	go("after");
	cs_menu_key(&m, CS_MENU_KEY_NEXT);
	CHECK(s.after == CS_AFTER_SHUTDOWN, "after cycles: wait -> shutdown");
	cs_menu_key(&m, CS_MENU_KEY_UNDO);
	CHECK(s.max_bytes == (4u << 20) && s.after == CS_AFTER_WAIT, "Esc: as loaded");
	CHECK(cs_menu_key(&m, CS_MENU_KEY_START) && s.menu_opened && !s.menu_changed, "started, nothing changed");
	json(out, sizeof out);
	CHECK(strstr(out, "\"menu_changed\":[]") && strstr(out, "\"menu\":5"), "recorded: %s", out);
}

int main(void)
{
	test_seconds();
	test_keys();
	test_items();
	test_ranges();
	test_drive();
	test_undo();
	return cs_test_summary("menu");
}
