/* settings.h: the run's settings, from \cacheshape.cfg on the boot volume:
 * key=value lines, '#' comments. Keys: sweep=quick|full, max_bytes=N[K|M|G],
 * after=wait|shutdown|return, competitors=N (0-64), kinds=main|ap, label=TEXT, name=NAME (the capture's file
 * name, without .json). A bad line is reported and ignored: its key keeps
 * the default, so a malformed file never stops a run or hangs it. */
#ifndef CS_EFI_SETTINGS_H
#define CS_EFI_SETTINGS_H

#include <stddef.h>
#include <stdint.h>
#include "../common/jsonw.h"

enum cs_after { CS_AFTER_WAIT, CS_AFTER_SHUTDOWN, CS_AFTER_RETURN };

struct cs_settings {
	int quick;
	uint64_t max_bytes;   /* 0: four times the largest published cache */
	enum cs_after after;
	char label[128];      /* appended to the capture's label */
	char name[48];        /* "" : <date>-<time>-<cpu> */
	char clock[16];       /* "" : the arch's default counter */
	uint32_t competitors; /* 0: none; N: the sweep again beside N streaming APs */
	int kinds_on_ap;      /* kinds=ap: every kind of core swept on an AP */
	int from_file;
	uint32_t n_errors;
	char errors[768];     /* one message a line */
};

void cs_settings_default(struct cs_settings *s);
/* Applies text (not NUL-terminated: len bytes) over the current settings. */
void cs_settings_parse(struct cs_settings *s, const char *text, size_t len);
const char *cs_after_name(enum cs_after a);
void cs_settings_json(struct cs_jsonw *j, const struct cs_settings *s);

#endif
