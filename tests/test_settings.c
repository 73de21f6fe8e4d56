/* test_settings.c: the firmware's settings parser (efi/settings.c, which is
 * freestanding) on the host: good keys take effect, every bad line is named
 * and leaves its default, odd files (CRLF, no final newline, UTF-16) never
 * stop the parse. */
#include <string.h>
#include "check.h"
#include "../efi/settings.c"
#include "../kinds/bandwidth/bw_settings.h"

CS_TEST_MAIN_DEFS;

struct row {
	const char *name, *text;
	size_t len; /* 0: strlen(text) */
	int quick;
	uint64_t max_bytes;
	enum cs_after after;
	uint32_t errors;
	const char *says; /* in the messages, or NULL */
};

static const struct row rows[] = {
	{ "empty", "", 0, 0, 0, CS_AFTER_WAIT, 0, NULL },
	{ "quick shutdown", "sweep=quick\nafter=shutdown\n", 0, 1, 0, CS_AFTER_SHUTDOWN, 0, NULL },
	{ "crlf, spaces, comment", "# run\r\n sweep = full \r\nafter=return\r\n", 0, 0, 0, CS_AFTER_RETURN, 0, NULL },
	{ "no final newline", "max_bytes=16M", 0, 0, 16u << 20, CS_AFTER_WAIT, 0, NULL },
	{ "suffixes", "max_bytes=512k\n", 0, 0, 512u << 10, CS_AFTER_WAIT, 0, NULL },
	{ "bad number", "max_bytes=lots\nsweep=quick\n", 0, 1, 0, CS_AFTER_WAIT, 1, "line 1: max_bytes must be" },
	{ "zero bytes", "max_bytes=0\n", 0, 0, 0, CS_AFTER_WAIT, 1, "max_bytes" },
	{ "no equals", "sweep quick\n", 0, 0, 0, CS_AFTER_WAIT, 1, "line 1: no '='" },
	{ "unknown key", "\n\ncolour=blue\n", 0, 0, 0, CS_AFTER_WAIT, 1, "line 3: unknown key 'colour'" },
	{ "bad after", "after=later\nafter=shutdown\n", 0, 0, 0, CS_AFTER_SHUTDOWN, 1, "after must be" },
	{ "bad name", "name=../evil\n", 0, 0, 0, CS_AFTER_WAIT, 1, "name takes" },
	{ "utf-16", "s\0w\0", 4, 0, 0, CS_AFTER_WAIT, 1, "looks like UTF-16" },
	{ "utf-16 with a mark", "\xff\xfes\0w\0=\0q\0\n\0", 12, 0, 0, CS_AFTER_WAIT, 1, "every line skipped" },
	/* issue 17, item 9 and item 2: each as it was found */
	{ "max_bytes overflowing to 0", "max_bytes=17179869184G\n", 0, 0, 0, CS_AFTER_WAIT, 1, "max_bytes must be a whole number of bytes from 4096" },
	{ "max_bytes wrapping to 4 GiB", "max_bytes=17179869188G\n", 0, 0, 0, CS_AFTER_WAIT, 1, "'17179869188G'" },
	{ "max_bytes under the first size", "max_bytes=1K\n", 0, 0, 0, CS_AFTER_WAIT, 1, "from 4096 (the sweep's first size)" },
	{ "max_bytes 4K", "max_bytes=4K\n", 0, 0, 4096, CS_AFTER_WAIT, 0, NULL },
	{ "max_bytes 2^50", "max_bytes=1048576G\n", 0, 0, 1ull << 50, CS_AFTER_WAIT, 0, NULL },
	{ "max_bytes over 2^50", "max_bytes=1048577G\n", 0, 0, 0, CS_AFTER_WAIT, 1, "to 1125899906842624" },
	{ "max_bytes decimal", "max_bytes=010M\n", 0, 0, 10u << 20, CS_AFTER_WAIT, 0, NULL },
	{ "a NUL in one line", "sweep=quick\nab\0c\nafter=shutdown\n", 32, 1, 0, CS_AFTER_SHUTDOWN, 1, "line 2: a NUL byte" },
	{ "a UTF-8 byte-order mark", "\xef\xbb\xbfsweep=quick\nafter=shutdown\n", 0, 1, 0, CS_AFTER_SHUTDOWN, 0, NULL },
	{ "a bad value's escapes shown", "after=\x1b[2J\n", 0, 0, 0, CS_AFTER_WAIT, 1, "'\\e[2J'" },
	{ "competitors 65", "competitors=65\n", 0, 0, 0, CS_AFTER_WAIT, 1, "from 0 to 64" },
	{ "competitors hex", "competitors=0x10\n", 0, 0, 0, CS_AFTER_WAIT, 1, "competitors must be" },
	{ "clock named", "clock=pmccntr\n", 0, 0, 0, CS_AFTER_WAIT, 0, NULL },
	{ "clock empty", "clock=\n", 0, 0, 0, CS_AFTER_WAIT, 1, "clock takes" },
	{ "clock odd", "clock=../tsc\n", 0, 0, 0, CS_AFTER_WAIT, 1, "clock takes" },
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

/* repeat=: full sweeps repeat CS_SETTINGS_FULL_REPEATS times unless told,
 * quick ones CS_SETTINGS_QUICK_REPEATS; 1..CS_MAX_REPEATS taken, the rest
 * named and ignored. */
static void repeat_is(const char *text, uint32_t want, uint32_t errors)
{
	struct cs_settings s;
	cs_settings_default(&s);
	cs_settings_parse(&s, text, strlen(text));
	CHECK(cs_settings_repeats(&s) == want && s.n_errors == errors,
	      "'%s': %u repeats and %u errors, want %u and %u (%s)", text, cs_settings_repeats(&s),
	      s.n_errors, want, errors, s.errors);
}

static void test_repeat(void)
{
	repeat_is("", 5, 0); /* the default boot from a stick: a full sweep */
	repeat_is("sweep=quick\n", 1, 0);
	repeat_is("sweep=quick\nrepeat=5\n", 5, 0);
	repeat_is("repeat=1\n", 1, 0);
	repeat_is("repeat=9\n", 9, 0);
	repeat_is("repeat=10\n", 5, 1);
	repeat_is("repeat=0\nsweep=quick\n", 1, 1);
	repeat_is("repeat=three\n", 5, 1);
	CHECK(CS_SETTINGS_FULL_REPEATS == 5 && CS_SETTINGS_QUICK_REPEATS == 1,
	      "the defaults are 5 (full) and 1 (quick): %d, %d", CS_SETTINGS_FULL_REPEATS,
	      CS_SETTINGS_QUICK_REPEATS);
	{
		struct cs_settings s;
		cs_settings_default(&s);
		cs_settings_parse(&s, "repeat=99\n", 10);
		CHECK(strstr(s.errors, "repeat must be a number of sweeps from 1 to 9") != NULL,
		      "the refusal names its bounds: %s", s.errors);
	}
}

/* bandwidth=off|N: the bandwidth kind's largest buffer; a bad value keeps
 * the default (on, the sweep's size) and is named. */
static void test_bandwidth(void)
{
	static const struct { const char *text; int off; uint64_t max; uint32_t errors; } rows_bw[] = {
		{ "bandwidth=off\n", 1, 0, 0 },
		{ "bandwidth=64M\n", 0, 64u << 20, 0 },
		{ "bandwidth=off\nbandwidth=4K\n", 0, 4096, 1 }, /* the last applied, the twice said */
		{ "bandwidth=1K\n", 0, 0, 1 },
		{ "bandwidth=lots\n", 0, 0, 1 },
		{ "bandwidth=\n", 0, 0, 1 },
	};
	for (size_t i = 0; i < sizeof rows_bw / sizeof rows_bw[0]; i++) {
		struct cs_settings s;
		cs_settings_default(&s);
		cs_settings_parse(&s, rows_bw[i].text, strlen(rows_bw[i].text));
		uint64_t v = s.kind[CS_KIND_BANDWIDTH][CS_BW_SET_BYTES];
		int off = v == CS_SETTING_OFF;
		uint64_t max = off ? 0 : v;
		CHECK(off == rows_bw[i].off && max == rows_bw[i].max &&
		      s.n_errors == rows_bw[i].errors, "'%s': off %d max %llu, %u errors: %s", rows_bw[i].text,
		      off, (unsigned long long)max, s.n_errors, s.errors);
		if (rows_bw[i].errors)
			CHECK(strstr(s.errors, "bandwidth must be off or a whole number of bytes from 4096") != NULL ||
				      strstr(s.errors, "settings: line 2: a key given twice (also line 1)") != NULL,
			      "'%s' named: %s", rows_bw[i].text, s.errors);
	}
}

static void label_is(const char *text, const char *want)
{
	struct cs_settings s;
	cs_settings_default(&s);
	cs_settings_parse(&s, text, strlen(text));
	CHECK(!strcmp(s.label, want) && s.n_errors == 0, "'%s': label '%s', want '%s'", text, s.label, want);
}

static void test_labels(void)
{
	char text[512] = "label=", want[200] = "";
	label_is("label=caf\xc3\xa9 \xe2\x9c\x93", "caf\xc3\xa9 \xe2\x9c\x93"); /* was "caf? ???" */
	label_is("label=caf\xe9", "caf\xef\xbf\xbd");
	label_is("label=a\x1b[2Jb\x7f", "a?[2Jb?");
	for (int i = 0; i < 200; i++)
		strcat(text, "\xc3\xa9");
	for (int i = 0; i < 63; i++) /* 127 bytes: 63 whole characters */
		strcat(want, "\xc3\xa9");
	label_is(text, want);
}

/* A file over 4 KiB: its first 4096 bytes are read, whole lines applied,
 * the rest named (an unattended run used to fall back to after=wait). */
static void test_head(void)
{
	static char text[8192];
	struct cs_settings s;
	size_t n = 0;
	n += (size_t)sprintf(text + n, "after=shutdown\nsweep=quick\n");
	while (n < 5000)
		n += (size_t)sprintf(text + n, "# a comment line to fill the file\n");
	n += (size_t)sprintf(text + n, "max_bytes=8M\n");
	cs_settings_default(&s);
	cs_settings_parse_head(&s, text, CS_SETTINGS_MAX);
	CHECK(s.after == CS_AFTER_SHUTDOWN && s.quick && s.max_bytes == 0, "head: after %d quick %d max %llu",
	      (int)s.after, s.quick, (unsigned long long)s.max_bytes);
	CHECK(strstr(s.errors, "longer than the 4096 bytes read: line 122 on is ignored") != NULL, "head: %s", s.errors);
}

/* Every message line of errors is whole: a bad line's ends as complain()
 * ends it, a note starts "settings: ". Returns the lines; *more gets the
 * N of "and N more" (0 when none). */
static int whole_lines(const char *errors, unsigned *more, const char *name)
{
	int lines = 0;
	*more = 0;
	for (const char *p = errors; *p;) {
		const char *e = strchr(p, '\n');
		int ok;
		CHECK(e != NULL, "%s: the last message has no newline (cut?): '%s'", name, p);
		if (!e)
			break;
		ok = (strncmp(p, "settings line ", 14) == 0 &&
		      e - p >= 23 && strncmp(e - 23, "; ignored, default kept", 23) == 0) ||
		     strncmp(p, "settings: ", 10) == 0;
		CHECK(ok, "%s: a message cut or glued: '%.*s'", name, (int)(e - p), p);
		if (strncmp(p, "settings: and ", 14) == 0)
			for (const char *d = p + 14; *d >= '0' && *d <= '9'; d++)
				*more = *more * 10 + (unsigned)(*d - '0');
		lines++;
		p = e + 1;
	}
	return lines;
}

/* Issue 22 item 12: 25 bad lines; the firmware named about five, the
 * fifth cut mid-word and glued to the next console line. Each is named
 * or counted in "and N more", and no message is ever cut. */
static void test_many_errors(void)
{
	static char text[8192];
	struct cs_settings s;
	unsigned more;
	size_t n = 0;
	int named;
	n += (size_t)sprintf(text + n, "after=shutdown\n");
	for (int i = 0; i < 25; i++)
		n += (size_t)sprintf(text + n, "max_bytes=%d-lots-of-bytes-that-are-no-number\n", i);
	cs_settings_default(&s);
	cs_settings_parse(&s, text, n);
	named = whole_lines(s.errors, &more, "25 errors");
	CHECK(s.n_errors == 25, "25 errors counted: %u", s.n_errors);
	CHECK(more ? (unsigned)named - 1 + more == 25 : named == 25,
	      "each of the 25 named or counted: %d lines, 'and %u more'", named, more);
	CHECK(strstr(s.errors, "settings line 2: max_bytes must be") != NULL, "the first is named");
	CHECK(s.after == CS_AFTER_SHUTDOWN, "the good line still counts");

	/* the worst a 4 KiB head can hold: a bad line every 2 bytes, and the
	 * note that the file is longer: both closing notes whole */
	for (n = 0; n < CS_SETTINGS_MAX; n += 2)
		memcpy(text + n, "x\n", 2);
	cs_settings_default(&s);
	cs_settings_parse_head(&s, text, CS_SETTINGS_MAX);
	named = whole_lines(s.errors, &more, "2048 errors");
	CHECK(more > 0 && (unsigned)named - 2 + more == CS_SETTINGS_MAX / 2,
	      "2048 bad lines: %d named lines, 'and %u more'", named, more);
	CHECK(strstr(s.errors, "longer than the 4096 bytes read") != NULL, "and the file is longer: %s",
	      strrchr(s.errors, 's'));

	/* each parse's messages are its own: the network's file after the
	 * volume's shows the network's (the count covers both) */
	cs_settings_default(&s);
	cs_settings_parse(&s, "colour=blue\n", 12);
	cs_settings_parse(&s, "sweep=slow\n", 11);
	CHECK(strstr(s.errors, "colour") == NULL && strstr(s.errors, "sweep must be") && s.n_errors == 2,
	      "the second parse's messages: '%s', %u errors", s.errors, s.n_errors);
}

/* Issue 41: a name of 48 letters is said too long, not bad characters. */
static void test_long_name(void)
{
	struct cs_settings s;
	char name[80] = "name=";
	for (int i = 0; i < 48; i++)
		strcat(name, "a");
	cs_settings_default(&s);
	cs_settings_parse(&s, name, strlen(name));
	CHECK(s.n_errors == 1 && strstr(s.errors, "longer than the 47 characters") &&
		      !strstr(s.errors, "letters, digits"),
	      "a 48-letter name: %s", s.errors);
}

/* Issue 41: a key given twice in one file is said by both lines, the last
 * applied; a refused line sets nothing (no "twice" for it); each file its
 * own (the network's over the volume's). */
static void test_twice(void)
{
	struct cs_settings s;
	const char *twice = "repeat=3\nafter=shutdown\nrepeat=7\n";
	cs_settings_default(&s);
	cs_settings_parse(&s, twice, strlen(twice));
	CHECK(s.repeat == 7 && s.n_errors == 1 &&
		      strstr(s.errors, "settings: line 3: a key given twice (also line 1)"),
	      "a key twice: repeat %u, %u errors: %s", s.repeat, s.n_errors, s.errors);
	const char *old = "core_types=ap\nkinds=main\n";
	cs_settings_default(&s);
	cs_settings_parse(&s, old, strlen(old));
	CHECK(!s.kinds_on_ap && s.n_errors == 1, "kinds= after core_types=: %s", s.errors);
	const char *bad = "repeat=x\nrepeat=4\n";
	cs_settings_default(&s);
	cs_settings_parse(&s, bad, strlen(bad));
	CHECK(s.repeat == 4 && s.n_errors == 1 && !strstr(s.errors, "twice"), "refused, then set: %s", s.errors);
	cs_settings_default(&s);
	cs_settings_parse(&s, "repeat=3\n", 9);
	cs_settings_parse(&s, "repeat=4\n", 9);
	CHECK(s.repeat == 4 && s.n_errors == 0, "a second file may set a key again: %s", s.errors);
}

int main(void)
{
	test_long_name();
	test_twice();
	test_clock();
	test_repeat();
	test_bandwidth();
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *r = &rows[i];
		struct cs_settings s;
		size_t len = r->len ? r->len : strlen(r->text);
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
	test_labels();
	test_head();
	test_many_errors();
	return cs_test_summary("settings");
}
