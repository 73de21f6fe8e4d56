/* test_settings.c: the firmware's settings parser (efi/settings.c, which is
 * freestanding) on the host: good keys take effect, every bad line is named
 * and leaves its default, odd files (CRLF, no final newline, UTF-16) never
 * stop the parse. */
#include <string.h>
#include "check.h"
#include "../efi/settings.c"

CS_TEST_MAIN_DEFS;

struct row {
	const char *name, *text;
	int quick;
	uint64_t max_bytes;
	enum cs_after after;
	uint32_t errors;
	const char *says; /* in the messages, or NULL */
};

static const struct row rows[] = {
	{ "empty", "", 0, 0, CS_AFTER_WAIT, 0, NULL },
	{ "quick shutdown", "sweep=quick\nafter=shutdown\n", 1, 0, CS_AFTER_SHUTDOWN, 0, NULL },
	{ "crlf, spaces, comment", "# run\r\n sweep = full \r\nafter=return\r\n", 0, 0, CS_AFTER_RETURN, 0, NULL },
	{ "no final newline", "max_bytes=16M", 0, 16u << 20, CS_AFTER_WAIT, 0, NULL },
	{ "suffixes", "max_bytes=512k\n", 0, 512u << 10, CS_AFTER_WAIT, 0, NULL },
	{ "bad number", "max_bytes=lots\nsweep=quick\n", 1, 0, CS_AFTER_WAIT, 1, "line 1: max_bytes must be" },
	{ "zero bytes", "max_bytes=0\n", 0, 0, CS_AFTER_WAIT, 1, "max_bytes" },
	{ "no equals", "sweep quick\n", 0, 0, CS_AFTER_WAIT, 1, "line 1: no '='" },
	{ "unknown key", "\n\ncolour=blue\n", 0, 0, CS_AFTER_WAIT, 1, "line 3: unknown key 'colour'" },
	{ "bad after", "after=later\nafter=shutdown\n", 0, 0, CS_AFTER_SHUTDOWN, 1, "after must be" },
	{ "bad name", "name=../evil\n", 0, 0, CS_AFTER_WAIT, 1, "name takes" },
	{ "utf-16", "s\0w\0", 0, 0, CS_AFTER_WAIT, 1, "NUL byte" },
	{ "clock named", "clock=pmccntr\n", 0, 0, CS_AFTER_WAIT, 0, NULL },
	{ "clock empty", "clock=\n", 0, 0, CS_AFTER_WAIT, 1, "clock takes" },
	{ "clock odd", "clock=../tsc\n", 0, 0, CS_AFTER_WAIT, 1, "clock takes" },
};

static void test_clock(void)
{
	struct cs_settings s;
	cs_settings_default(&s);
	cs_settings_parse(&s, "clock=pmccntr\n", 13);
	CHECK(strcmp(s.clock, "pmccntr") == 0, "clock=pmccntr is kept: '%s'", s.clock);
	cs_settings_default(&s);
	CHECK(s.clock[0] == 0, "no clock by default");
}

int main(void)
{
	test_clock();
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		struct cs_settings s;
		size_t len = strcmp(r->name, "utf-16") ? strlen(r->text) : 4;
		cs_settings_default(&s);
		cs_settings_parse(&s, r->text, len);
		CHECK(s.quick == r->quick, "%s: quick %d", r->name, s.quick);
		CHECK(s.max_bytes == r->max_bytes, "%s: max_bytes %llu", r->name, (unsigned long long)s.max_bytes);
		CHECK(s.after == r->after, "%s: after %d", r->name, (int)s.after);
		CHECK(s.n_errors == r->errors, "%s: %u errors: %s", r->name, s.n_errors, s.errors);
		if (r->says)
			CHECK(strstr(s.errors, r->says) != NULL, "%s: message '%s' lacks '%s'", r->name, s.errors, r->says);
	}
	struct cs_settings s;
	cs_settings_default(&s);
	cs_settings_parse(&s, "label=lab run 7\nname=fixed_1\n", 28);
	CHECK(strcmp(s.label, "lab run 7") == 0 && strcmp(s.name, "fixed_1") == 0,
	      "label '%s' name '%s'", s.label, s.name);
	return cs_test_summary("settings");
}
