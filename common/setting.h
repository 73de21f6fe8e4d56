/* setting.h: a setting, declared once. One struct cs_setting names a
 * setting's key in the firmware's settings file (and an old name still
 * taken), its long option on the host (`cacheshape probe --OPTION`), its
 * type, its range and default, and one line of help; from it alone come the
 * firmware's settings-file parser (efi/settings.c), the host probe's
 * getopt_long options and --help (host/probe/probe_cli.c) and
 * docs/settings.md (tests/test_setting_decl.c holds it to them). A value
 * out of range is refused with the declared range, by one parser
 * (cs_setting_parse), so every host says the same range.
 *
 * The settings that are no kind's are the program's table here
 * (cs_prog_settings, setting_table.c); a kind declares its own in its
 * folder (kinds/<name>/<x>_settings.c) and names them in its row of
 * common/kinds.h (the settings column; cs_none_settings for none). A kind's
 * values reach its run in the plan (engine.h: plan.settings[kind][i], i
 * its declaration's place in its table), each a uint64_t: a kind's settings
 * are bool, uint, size or enum. Freestanding. */
#ifndef CS_SETTING_H
#define CS_SETTING_H

#include <stddef.h>
#include <stdint.h>
#include "buf.h"
#include "kinds.h"

enum cs_setting_type {
	CS_SETTING_BOOL, /* off|on (also 0|1, no|yes); the host option takes no value */
	CS_SETTING_UINT, /* decimal digits within [min, max] */
	CS_SETTING_SIZE, /* bytes: decimal digits with K, M, G or T (binary; a
			  * trailing B or iB taken), within [min, max] */
	CS_SETTING_ENUM, /* one of words ("a|b|c"): the word's index */
	CS_SETTING_NAME, /* letters, digits, '-' and '_', 1 to max characters */
	CS_SETTING_TEXT  /* any text (the caller keeps it, cut to its room) */
};

/* A size or uint declared with off_word takes that word too: the value
 * CS_SETTING_OFF (bandwidth=off). */
#define CS_SETTING_OFF UINT64_MAX

/* flags */
#define CS_SETTING_FILE 1u /* the firmware's settings file takes it */
#define CS_SETTING_HOST 2u /* the host probe takes it (option) */
#define CS_SETTING_NO_MENU 4u /* the boot menu does not offer it (efi/menu_state.c) */

struct cs_setting {
	const char *key;      /* in the settings file: key=value */
	const char *alias;    /* an old name the file still takes, or NULL */
	const char *option;   /* the host's long option, without "--", or NULL */
	enum cs_setting_type type;
	uint64_t min, max;    /* uint, size: the range; name: max characters */
	uint64_t def;         /* the default (size/uint 0 where 0 means "by the
			       * program", def_says says how) */
	const char *words;    /* enum: "a|b|c" */
	const char *off_word; /* size, uint: a word taken as CS_SETTING_OFF */
	const char *unit;     /* uint: "a number[ of UNIT]"; name: what it takes */
	const char *min_note; /* size: said after the minimum ("the sweep's first size") */
	const char *long_note; /* name: too long is said "longer than the MAX
				* characters LONG_NOTE:" when set */
	const char *def_says; /* the default in words, or NULL for def itself */
	const char *help;     /* one line */
	unsigned flags;       /* CS_SETTING_FILE, CS_SETTING_HOST */
};

struct cs_setting_table {
	const struct cs_setting *v;
	uint32_t n;
};

/* A value parsed: u (bool 0/1, uint, size, enum index, or CS_SETTING_OFF);
 * for name and text, the text itself (s, n: not NUL-terminated). */
struct cs_setting_value {
	uint64_t u;
	const char *s;
	size_t n;
};

/* text (n bytes, not NUL-terminated) as d's value: 0, or -1 with err the
 * declared range in words ("a number of sweeps from 1 to 9"): each host
 * frames it (the firmware: "repeat must be ..., not 'x'"; the host:
 * "--repeat: 'x' is not ..."). */
int cs_setting_parse(const struct cs_setting *d, const char *text, size_t n,
		     struct cs_setting_value *v, char *err, size_t errlen);
/* What d takes, in words (err's text above); "must be" or "takes" before it
 * (cs_setting_verb); a name too long is said by long_note where d has one. */
void cs_setting_range(struct cs_buf *b, const struct cs_setting *d);
const char *cs_setting_verb(const struct cs_setting *d);
/* The default in words: def_says, or the value ("5", "wait", "4 MiB"). */
void cs_setting_default(struct cs_buf *b, const struct cs_setting *d);
/* A value as the settings file writes it ("off", "64 MiB", "ap", "9"). */
void cs_setting_show(struct cs_buf *b, const struct cs_setting *d, uint64_t u);
/* d's key or its alias is the n bytes at key. */
int cs_setting_is(const struct cs_setting *d, const char *key, size_t n);

/* The program's settings, that are no kind's (setting_table.c), by id. */
enum cs_prog_setting {
	CS_SET_SWEEP, CS_SET_MAX_BYTES, CS_SET_AFTER, CS_SET_CLOCK, CS_SET_COMPETITORS,
	CS_SET_REPEAT, CS_SET_CORE_TYPES, CS_SET_LABEL, CS_SET_NAME, CS_SET_MENU,
	CS_SET_NET_BACKOFF, CS_SET_PROG_COUNT
};
extern const struct cs_setting cs_prog_settings[CS_SET_PROG_COUNT];
#define CS_SETTINGS_MIN_BYTES 4096ull      /* max_bytes: the sweep's first size (4 KiB) */
#define CS_SETTINGS_MAX_BYTES (1ull << 50) /* max_bytes: as the reader's size_bytes */
#define CS_SETTINGS_MAX_COMPETITORS 64
#define CS_SETTINGS_NAME_MAX 47            /* a capture's name, in characters */
#define CS_SETTINGS_CLOCK_MAX 15           /* a counter's name */
#define CS_SETTINGS_MENU_SECONDS 5         /* menu: the countdown before the run */
#define CS_SETTINGS_MENU_MAX 120           /* menu: its longest, in seconds */
#define CS_SETTINGS_NET_BACKOFF_MS 1000    /* net_backoff: before the network's second try */
#define CS_SETTINGS_NET_BACKOFF_MAX 60000  /* net_backoff: its longest, in milliseconds */

/* Each kind's declarations (common/kinds.h's settings column), by enum
 * cs_kind; cs_none_settings for a kind with none. */
#define CS_KIND_SETTINGS_MAX 4 /* settings a kind may declare */
extern const struct cs_setting_table cs_none_settings;
extern const struct cs_setting_table *const cs_kind_settings[CS_KIND_COUNT];
extern const char *const cs_setting_kind_names[CS_KIND_COUNT];
/* Each kind's values at their defaults. */
void cs_kind_settings_default(uint64_t v[CS_KIND_COUNT][CS_KIND_SETTINGS_MAX]);

/* The settings as docs/settings.md holds them (markdown): the program's,
 * then each kind's, each with its key, old name, host option, what it
 * takes (its range), its default and its help. */
void cs_setting_doc(struct cs_buf *b);

#endif
