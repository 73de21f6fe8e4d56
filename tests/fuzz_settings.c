/* fuzz_settings.c: libFuzzer target for the firmware's settings parser
 * (efi/settings.c reads \cacheshape.cfg from a stick anyone may have
 * written), run on the host as the firmware runs it: a file over 4 KiB
 * through cs_settings_parse_head with its first 4096 bytes. What must hold
 * for every input: the parse ends; every field is in its range and its
 * charset; the label is valid UTF-8 with no control character, and the
 * label the firmware builds from it (common/buf.h cs_put_utf8) goes into
 * a capture the strict reader takes; the messages are valid UTF-8 with no
 * control character but the newline, each one whole (a bad line's ends
 * "; ignored, default kept", a note starts "settings: "), and the named
 * ones with "and N more" account for every error; the settings' JSON
 * passes the strict check (common/jsoncheck.h). Seeds: tests/data/settings. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../common/capture_write.h"
#include "../common/jsoncheck.h"
#include "../efi/settings.h"
#include "../host/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int utf8_text(const char *s, int newline_ok)
{
	size_t n = strlen(s);
	uint32_t cp;
	for (size_t i = 0; i < n;) {
		size_t k = cs_utf8_next(s + i, n - i, &cp);
		if (!k || (cp < 0x20 && !(newline_ok && cp == '\n')) || cp == 0x7f ||
		    (cp >= 0x80 && cp < 0xa0))
			return 0;
		i += k;
	}
	return 1;
}

static int word(const char *s, size_t cap)
{
	size_t n = strnlen(s, cap);
	if (n >= cap)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '_'))
			return 0;
	return 1;
}

/* The firmware's label (efi/record.c) in a capture: read back strictly. */
static void label_round_trip(const struct cs_settings *s)
{
	static struct cs_capture c, back;
	static char text[1 << 16];
	struct cs_buf b;
	char err[512];
	cs_capture_init(&c);
	cs_buf_init(&b, c.label, sizeof c.label);
	cs_puts(&b, "QEMU TCG emulated, not a real cache: Caf");
	cs_put_utf8(&b, "\xe9 CPU");
	cs_puts(&b, ", UEFI firmware probe 0.1.0 - ");
	cs_put_utf8(&b, s->label);
	c.n_points = 1;
	c.points[0].bytes = 4096;
	c.points[0].ns = 1;
	cs_buf_init(&b, text, sizeof text);
	if (cs_capture_write(&b, &c, NULL, NULL) != 0)
		abort();
	if (cs_read_capture_mem(text, b.len, &back, NULL, err, sizeof err) != 0)
		abort(); /* a capture the firmware would write and the reader refuse */
	if (strcmp(back.label, c.label) != 0)
		abort();
}

/* Every message whole; named + unnamed = this parse's errors. */
static void messages_whole(const struct cs_settings *s, uint32_t errors)
{
	uint32_t named = 0, notes = 0, more = 0;
	for (const char *p = s->errors; *p;) {
		const char *e = strchr(p, '\n');
		if (!e)
			abort(); /* a message without its newline: cut */
		if (strncmp(p, "settings: and ", 14) == 0)
			more = (uint32_t)strtoul(p + 14, NULL, 10), notes++;
		else if (strncmp(p, "settings line ", 14) == 0 &&
			 (e - p < 23 || strncmp(e - 23, "; ignored, default kept", 23) != 0))
			abort(); /* a bad line's message cut */
		else if (strncmp(p, "settings line ", 14) != 0 && strncmp(p, "settings: ", 10) != 0)
			abort();
		else
			named++;
		p = e + 1;
	}
	if (more != s->n_unnamed || notes > 1 || named + more != errors)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[8192];
	struct cs_settings s;
	struct cs_jsoncheck jc;
	struct cs_jsonw j;
	struct cs_buf b;

	cs_settings_default(&s);
	if (size > CS_SETTINGS_MAX)
		cs_settings_parse_head(&s, (const char *)data, CS_SETTINGS_MAX);
	else
		cs_settings_parse(&s, (const char *)data, size);
	if (!memchr(s.errors, 0, sizeof s.errors) || !utf8_text(s.errors, 1))
		abort();
	messages_whole(&s, s.n_errors);
	if (!memchr(s.label, 0, sizeof s.label) || !utf8_text(s.label, 0))
		abort();
	if (!word(s.name, sizeof s.name) || !word(s.clock, sizeof s.clock))
		abort();
	if (s.max_bytes && (s.max_bytes < CS_SETTINGS_MIN_BYTES || s.max_bytes > CS_SETTINGS_MAX_BYTES))
		abort();
	if (s.competitors > CS_SETTINGS_MAX_COMPETITORS || (unsigned)s.after > CS_AFTER_RETURN ||
	    (s.quick != 0 && s.quick != 1) || !s.from_file)
		abort();
	cs_buf_init(&b, text, sizeof text);
	cs_jsonw_init(&j, &b, 1);
	cs_jsonw_obj(&j);
	cs_settings_json(&j, &s);
	cs_jsonw_obj_end(&j);
	if (cs_jsonw_finish(&j) != 0 || cs_json_check(text, b.len, &jc) != 0)
		abort();
	label_round_trip(&s);
	return 0;
}
