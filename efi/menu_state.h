/* menu_state.h: the boot menu's state, freestanding (keys in, settings
 * out), so tests/test_menu.c runs it on the host and efi/menu.c only reads
 * keys and shows text. The menu knows no setting by name: its items are
 * the declarations the settings file takes (common/setting.h: the
 * program's and each kind's, efi/settings.h's cs_settings_decl), each
 * edited by its type and range: a bool toggles, an enum cycles through its
 * words, a number steps within its declared range (a size by doubling),
 * reaching its off word and its default said in words at the bottom.
 * Names and texts (clock=, label=, name=) are the settings file's alone;
 * a declaration marked CS_SETTING_NO_MENU is not offered: menu= itself
 * (the countdown that opened the menu), net_backoff= (the network's). */
#ifndef CS_EFI_MENU_STATE_H
#define CS_EFI_MENU_STATE_H

#include <stdint.h>
#include "../common/buf.h"
#include "settings.h"

enum cs_menu_key {
	CS_MENU_KEY_NONE,  /* a key the menu ignores */
	CS_MENU_KEY_UP,    /* the item above */
	CS_MENU_KEY_DOWN,  /* the item below */
	CS_MENU_KEY_NEXT,  /* Right, Space or '+': the next value */
	CS_MENU_KEY_PREV,  /* Left or '-': the value before */
	CS_MENU_KEY_START, /* Enter: measure with these settings */
	CS_MENU_KEY_UNDO   /* Esc: every item back to the settings as loaded */
};

/* UEFI's scan codes (EFI_SIMPLE_TEXT_INPUT_PROTOCOL) the menu reads */
#define CS_MENU_SCAN_UP 0x01
#define CS_MENU_SCAN_DOWN 0x02
#define CS_MENU_SCAN_RIGHT 0x03
#define CS_MENU_SCAN_LEFT 0x04
#define CS_MENU_SCAN_ESC 0x17

struct cs_menu {
	struct cs_settings *s;
	uint32_t item[CS_SETTINGS_KEYS_MAX];  /* declaration numbers (cs_settings_decl) */
	uint64_t loaded[CS_SETTINGS_KEYS_MAX]; /* each item's value when opened */
	uint32_t n, at;                        /* items, the one chosen */
};

/* The countdown's seconds for this boot: menu= when the settings said it;
 * else none for an unattended run (after=shutdown, a network boot, or
 * under an emulator, where QEMU's test boots run), else the default. */
uint32_t cs_menu_seconds(const struct cs_settings *s, int netbooted, int emulated);
/* The run about to be done, one line: "run: sweep=full after=wait ..."
 * (every item's value). */
void cs_menu_run_line(struct cs_buf *b, const struct cs_settings *s);
/* A key as UEFI gives it: scan code and character. */
enum cs_menu_key cs_menu_key_of(uint16_t scan, uint16_t ch);

void cs_menu_open(struct cs_menu *m, struct cs_settings *s);
/* One key: 1 when the run is to start (menu_changed then set), else 0. */
int cs_menu_key(struct cs_menu *m, enum cs_menu_key k);
/* The menu as text: the keys, each item (its kind's heading before a
 * kind's first, '>' at the chosen one, '*' where changed), then the
 * chosen one's help, range and default. */
void cs_menu_draw(struct cs_buf *b, const struct cs_menu *m);
/* A value's next or previous step within d's range (above). */
uint64_t cs_menu_step(const struct cs_setting *d, uint64_t u, int up);

#endif
