/* settings.h: the run's settings, from \cacheshape.cfg on the boot volume:
 * key=value lines, '#' comments. The keys are declared once
 * (common/setting.h: the program's table, common/setting_table.c, and each
 * kind's, its row's settings column), listed with their ranges and defaults
 * in docs/settings.md; the network's (upload=, upload_token=, http_client=)
 * are net/netset.h's. A bad line is reported and ignored: its key keeps
 * the default, so a malformed file never stops a run or hangs it. */
#ifndef CS_EFI_SETTINGS_H
#define CS_EFI_SETTINGS_H

#include <stddef.h>
#include <stdint.h>
#include "../common/jsonw.h"
#include "../common/setting.h"
#include "../net/netset.h"

enum cs_after { CS_AFTER_WAIT, CS_AFTER_SHUTDOWN, CS_AFTER_RETURN };

#define CS_SETTINGS_MAX 4096         /* bytes of the file read */
/* repeat= unsaid: a full sweep (the default boot) is a reference's, so it
 * repeats as reduce/rules_repeat.h's CS_REF_MIN_REPEATS asks; a quick one
 * (QEMU's tests, a first look) runs once */
#define CS_SETTINGS_FULL_REPEATS 5
#define CS_SETTINGS_QUICK_REPEATS 1
#define CS_SETTINGS_ECHO 40          /* characters of a bad value quoted */
#define CS_SETTINGS_ERRORS_MAX 4096  /* one parse's messages, each whole */
#define CS_SETTINGS_ERRORS_TAIL 320  /* of them, kept for the closing notes */
#define CS_SETTINGS_MSG_MAX 512      /* one message, at its longest */
/* keys a file may set, a bit each in seen: the program's and the kinds' */
#define CS_SETTINGS_KEYS_MAX 32

struct cs_settings {
	int quick;
	uint64_t max_bytes;   /* 0: four times the largest published cache */
	enum cs_after after;
	char label[128];      /* appended to the capture's label */
	char name[48];        /* "" : <date>-<time>-<cpu> */
	char clock[16];       /* "" : the arch's default counter */
	uint32_t competitors; /* 0: none; N: the sweep again beside N streaming APs */
	uint32_t repeat;      /* 0: by the sweep (cs_settings_repeats); N: N passes */
	int kinds_on_ap;      /* kinds=ap: every kind of core swept on an AP */
	uint32_t menu;        /* menu=: the countdown's seconds; as run once
			       * efi/menu.c has applied the unattended rule */
	int menu_said;        /* menu= was given (kept even when unattended) */
	int menu_opened;      /* the boot menu was opened (efi/menu.c) */
	uint32_t menu_changed; /* the settings it changed, a bit each (as seen) */
	/* each kind's settings (its row's declarations), as plan.settings
	 * takes them: bandwidth=off|N among them */
	uint64_t kind[CS_KIND_COUNT][CS_KIND_SETTINGS_MAX];
	struct cs_netset net; /* upload=, upload_token=, http_client= */
	uint32_t net_backoff_ms; /* net_backoff=: before the network's second try */
	int from_file;
	uint32_t n_errors;    /* bad lines, and notes, of every parse */
	uint32_t n_unnamed;   /* the last parse's, counted but not named */
	uint32_t seen;        /* the last parse's keys applied, a bit each */
	uint32_t seen_line[CS_SETTINGS_KEYS_MAX]; /* ... and the line that applied each */
	char errors[CS_SETTINGS_ERRORS_MAX]; /* the last parse's messages, one a
					 * line, each whole; "and N more" last */
};

void cs_settings_default(struct cs_settings *s);
/* Applies text (not NUL-terminated: len bytes) over the current settings.
 * The file comes from a stick anyone may have written: a UTF-8 byte-order
 * mark is skipped, a line with a NUL is named and skipped (a UTF-16 file
 * as a whole), numbers are decimal and range-checked (no overflow), a
 * label keeps its UTF-8 text (a byte that is not UTF-8 as U+FFFD), and
 * every message shows the text it quotes escaped. errors holds this
 * parse's messages (the caller shows them), each whole: those that do not
 * fit are counted in one closing "and N more" line. tests/fuzz_settings.c
 * runs it on the host. */
void cs_settings_parse(struct cs_settings *s, const char *text, size_t len);
/* The same over the first CS_SETTINGS_MAX bytes of a longer file: the
 * whole lines among them are applied (an unattended after= is kept), and
 * the rest is named as ignored. */
void cs_settings_parse_head(struct cs_settings *s, const char *text, size_t len);
const char *cs_after_name(enum cs_after a);
/* The sweep's passes: repeat= when set, else by sweep= (full 5, quick 1). */
uint32_t cs_settings_repeats(const struct cs_settings *s);
void cs_settings_json(struct cs_jsonw *j, const struct cs_settings *s);

/* Every declaration the file takes, by one number: the program's, then
 * each kind's in the table's order (a key's bit in seen and
 * menu_changed): NULL past the last. kind is CS_KIND_COUNT for the
 * program's, idx the declaration's place in its table. */
const struct cs_setting *cs_settings_decl(uint32_t n, uint32_t *kind, uint32_t *idx);
/* The value of declaration n as a number (bool, uint, size, enum index;
 * 0 for a name or a text), and set so: what the boot menu edits
 * (efi/menu_state.h) without knowing which setting it is. */
uint64_t cs_settings_get(const struct cs_settings *s, uint32_t n);
void cs_settings_set(struct cs_settings *s, uint32_t n, uint64_t u);

#endif
