/* test_buf: common/buf.c and the JSON writer at the edges. Every number
 * writer over the extremes a capture may hold (subnormals, 1e-300, 1e300,
 * DBL_MAX, the integer-range borders): digits that read back as the value,
 * never nan/inf, valid JSON where the writer is JSON's (checked by
 * common/jsoncheck.c); under the sanitizer build (tests/suite-sanitize.sh)
 * any conversion that overflows stops the test. Cutting on character
 * boundaries, the escaping of text from outside, and the writer's UTF-8.
 * In the firmware's selftest the number rows are left out (strtold is
 * their oracle); the rest runs there too. */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/buf.h"
#include "../common/jsoncheck.h"
#include "../common/jsonw.h"
#include "../reader/fmt.h"

CS_TEST_MAIN_DEFS;

static char mem[512];

#if CS_TEST_HOSTED /* strtold is the oracle: the firmware has no other reader */
static const double extremes[] = {
	0.0, -0.0, 5e-324, -5e-324, 2.2250738585072009e-308, DBL_MIN, 1e-300,
	1e-17, 1e-6, 1e-5, 0.004, 0.5, 0.9999999999, 1, 9.995, 99.95, 1023.99,
	1048575.9, 123456.789, 4503599627370495.5, 9007199254740993.0,
	5e17, 9.999999999999999e17, 1e18, 9.2e18, 1.8e19, 1.8446744073709552e19,
	5e19, 1e22, 1e300, DBL_MAX / 2, DBL_MAX, -1e-300, -0.25, -7.5, -5e19,
	-1e300, -DBL_MAX,
};
#define N_EXTREMES (sizeof extremes / sizeof extremes[0])


static const char *put(void (*fn)(struct cs_buf *, double, int), double v, int arg)
{
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	fn(&b, v, arg);
	CHECK(!b.overflow, "%.17g: overflowed %zu bytes", v, sizeof mem);
	return mem;
}

static int has_nonfinite(const char *s)
{
	return strstr(s, "nan") || strstr(s, "inf") || strstr(s, "null");
}

/* Relative closeness, with an absolute floor for figures near zero. */
static int near(long double got, long double want, long double rel, long double abs_)
{
	long double d = got > want ? got - want : want - got;
	long double w = want < 0 ? -want : want;
	return d <= w * rel + abs_;
}

static void test_put_g(void)
{
	static const int sigs[] = { 1, 3, 6, 9, 15, 17 };
	for (size_t i = 0; i < N_EXTREMES; i++) {
		for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
			double v = extremes[i];
			int sig = sigs[k];
			const char *s = put(cs_put_g, v, sig);
			struct cs_jsoncheck jc;
			CHECK(!has_nonfinite(s), "g(%.17g, %d) = '%s'", v, sig, s);
			CHECK(cs_json_check(s, strlen(s), &jc) == 0, "g(%.17g, %d) = '%s' is not a JSON number: %s",
			      v, sig, s, jc.why);
			long double got = strtold(s, NULL);
			/* half a unit in the last digit, and the scaling's few ulp */
			long double rel = 0.5L * powl(10, 1 - sig) + 2e-15L;
			CHECK(near(got, v, rel, 0), "g(%.17g, %d) = '%s' reads back as %.17Lg", v, sig, s, got);
		}
	}
}

static void test_put_fixed(void)
{
	static const int decs[] = { 0, 1, 2, 3, 9 };
	for (size_t i = 0; i < N_EXTREMES; i++) {
		for (size_t k = 0; k < sizeof decs / sizeof decs[0]; k++) {
			double v = extremes[i];
			int d = decs[k];
			const char *s = put(cs_put_fixed, v, d);
			CHECK(!has_nonfinite(s), "fixed(%.17g, %d) = '%s'", v, d, s);
			long double got = strtold(s, NULL);
			/* from 1e18 on, six significant digits (buf.h) */
			long double rel = fabs(v) >= 1e18 ? 5e-6L : 2e-15L;
			CHECK(near(got, v, rel, 0.5L * powl(10, -d) * 1.0001L),
			      "fixed(%.17g, %d) = '%s' reads back as %.17Lg", v, d, s, got);
			if (v > -1e18 && v < 1e18 && d) {
				const char *dot = strchr(s, '.');
				CHECK(dot && strlen(dot + 1) == (size_t)d, "fixed(%.17g, %d) = '%s': %d decimals", v, d, s, d);
			}
		}
	}
}

static void test_put_size(void)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	for (size_t i = 0; i < N_EXTREMES; i++) {
		double v = extremes[i];
		struct cs_buf b;
		cs_buf_init(&b, mem, sizeof mem);
		cs_put_size(&b, v);
		if (v < 0) { /* its sign, then the size of -v (never "?") */
			char pos[64];
			struct cs_buf p;
			cs_buf_init(&p, pos, sizeof pos);
			cs_put_size(&p, -v);
			CHECK(mem[0] == '-' && !strcmp(mem + 1, pos), "size(%.17g) = '%s'", v, mem);
			continue;
		}
		char *unit = strrchr(mem, ' ');
		long double mult = 0;
		for (int u = 0; unit && u < 7; u++)
			if (!strcmp(unit + 1, units[u]))
				mult = powl(1024, u);
		CHECK(mult > 0 && !has_nonfinite(mem), "size(%.17g) = '%s'", v, mem);
		long double got = strtold(mem, NULL) * mult;
		CHECK(near(got, v, 0.006L, 0.5L), "size(%.17g) = '%s' reads back as %.6Lg", v, mem, got);
	}
}

static void test_put_pct(void)
{
	for (size_t i = 0; i < N_EXTREMES; i++) {
		double v = extremes[i];
		struct cs_buf b;
		cs_buf_init(&b, mem, sizeof mem);
		cs_put_pct(&b, v);
		size_t n = strlen(mem);
		CHECK(n > 3 && !strcmp(mem + n - 2, " %") && (mem[0] == '+' || mem[0] == '-') &&
			      !has_nonfinite(mem),
		      "pct(%.17g) = '%s'", v, mem);
		long double got = strtold(mem, NULL);
		CHECK(near(got, (long double)v * 100, 0.006L, 0.05L), "pct(%.17g) = '%s' reads back as %.6Lg",
		      v, mem, got);
	}
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_put_pct(&b, 0.0312);
	CHECK(!strcmp(mem, "+3.1 %"), "pct(0.0312) = '%s'", mem);
}

/* The capture's numbers through the JSON writer: valid JSON, read back. */
static void test_jsonw_numbers(void)
{
	for (size_t i = 0; i < N_EXTREMES; i++) {
		double v = extremes[i];
		struct cs_buf b;
		struct cs_jsonw j;
		struct cs_jsoncheck jc;
		cs_buf_init(&b, mem, sizeof mem);
		cs_jsonw_init(&j, &b, 0);
		cs_jsonw_arr(&j);
		cs_jsonw_num(&j, v);
		cs_jsonw_numsig(&j, v, 9);
		cs_jsonw_arr_end(&j);
		CHECK(cs_jsonw_finish(&j) == 0, "jsonw %.17g: finish", v);
		CHECK(cs_json_check(mem, b.len, &jc) == 0, "jsonw %.17g: '%s': %s", v, mem, jc.why);
		CHECK(!has_nonfinite(mem), "jsonw %.17g: '%s'", v, mem);
		long double a = strtold(mem + 1, NULL);
		CHECK(near(a, v, 2e-14L, 0), "jsonw num %.17g: '%s'", v, mem);
	}
}

#endif

static int valid_utf8(const char *s, size_t n)
{
	uint32_t cp;
	for (size_t i = 0; i < n;) {
		size_t k = cs_utf8_next(s + i, n - i, &cp);
		if (!k)
			return 0;
		i += k;
	}
	return 1;
}

static void test_cut(void)
{
	char small[17], big[400] = "";
	struct cs_buf b;
	for (int i = 0; i < 150; i++)
		strcat(big, "\xc3\xa9"); /* é */
	for (size_t cap = 1; cap <= sizeof small; cap++) {
		cs_buf_init(&b, small, cap);
		cs_puts(&b, "ab");
		cs_puts(&b, big);
		CHECK(b.overflow && valid_utf8(small, b.len), "cap %zu: '%s' cut mid-character", cap, small);
		size_t len = b.len;
		cs_puts(&b, "x");
		cs_putc(&b, 'y');
		CHECK(b.len == len, "cap %zu: appended after the cut", cap);
	}
	/* U+20AC (3 bytes) and U+1F600 (4 bytes) */
	const char *mixed = "\xe2\x82\xac\xf0\x9f\x98\x80\xe2\x82\xac";
	for (size_t max = 0; max < strlen(mixed); max++) {
		size_t k = cs_utf8_cut(mixed, max);
		CHECK(k <= max && valid_utf8(mixed, k), "cut at %zu gave %zu", max, k);
	}
	CHECK(cs_utf8_prefix(mixed, strlen(mixed), 2) == 7, "two characters are 7 bytes");
	CHECK(cs_utf8_prefix("a\xffz", 3, 2) == 2, "an invalid byte counts as one");
}

static void test_utf8_next(void)
{
	static const struct { const char *s; size_t len; uint32_t cp; } rows[] = {
		{ "A", 1, 0x41 }, { "\xc3\xa9", 2, 0xe9 }, { "\xe2\x82\xac", 3, 0x20ac },
		{ "\xf0\x9f\x98\x80", 4, 0x1f600 }, { "\xf4\x8f\xbf\xbf", 4, 0x10ffff },
		{ "\xed\x9f\xbf", 3, 0xd7ff }, { "\xee\x80\x80", 3, 0xe000 },
		{ "\xc0\xaf", 0, 0 },         /* overlong '/' */
		{ "\xe0\x80\xaf", 0, 0 },     /* overlong */
		{ "\xf0\x80\x80\xaf", 0, 0 }, /* overlong */
		{ "\xed\xa0\x80", 0, 0 },     /* U+D800 */
		{ "\xf4\x90\x80\x80", 0, 0 }, /* U+110000 */
		{ "\xf5\x80\x80\x80", 0, 0 }, { "\x80", 0, 0 }, { "\xe9", 0, 0 },
		{ "\xe2\x82", 0, 0 },         /* cut short */
		{ "\xc3\x28", 0, 0 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		uint32_t cp = 0;
		size_t k = cs_utf8_next(rows[i].s, strlen(rows[i].s), &cp);
		CHECK(k == rows[i].len && (!k || cp == rows[i].cp), "row %zu: %zu U+%04x", i, k, cp);
	}
}

static void test_escape(void)
{
	static const struct { const char *in, *field, *lines; } rows[] = {
		{ "plain text", "plain text", "plain text" },
		{ "x\x1b]0;PWNED\x07\x1b[2J\nlevels: 9 (forged)",
		  "x\\e]0;PWNED\\x07\\e[2J\\nlevels: 9 (forged)",
		  "x\\e]0;PWNED\\x07\\e[2J\nlevels: 9 (forged)" },
		{ "tab\there\r", "tab\\there\\r", "tab\\there\\r" },
		{ "back\\slash", "back\\\\slash", "back\\slash" },
		{ "caf\xc3\xa9 \xe2\x82\xac", "caf\xc3\xa9 \xe2\x82\xac", "caf\xc3\xa9 \xe2\x82\xac" },
		{ "caf\xe9", "caf\\xe9", "caf\\xe9" },
		{ "csi \xc2\x9b" "2J", "csi \\u009b2J", "csi \\u009b2J" },
		{ "bidi \xe2\x80\xae" "gnp.exe", "bidi \\u202egnp.exe", "bidi \\u202egnp.exe" },
		{ "del\x7f", "del\\x7f", "del\\x7f" },
	};
	char out[256];
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct cs_buf b;
		cs_buf_init(&b, out, sizeof out);
		cs_put_text(&b, rows[i].in);
		CHECK(!strcmp(out, rows[i].field), "field %zu: '%s' not '%s'", i, out, rows[i].field);
		cs_buf_init(&b, out, sizeof out);
		cs_put_text_lines(&b, rows[i].in);
		CHECK(!strcmp(out, rows[i].lines), "lines %zu: '%s' not '%s'", i, out, rows[i].lines);
		/* an escaped field passes the report filter unchanged */
		char again[256];
		cs_buf_init(&b, again, sizeof again);
		cs_put_text_lines(&b, rows[i].field);
		CHECK(!strcmp(again, rows[i].field), "idempotent %zu: '%s'", i, again);
	}
	/* an escape is never cut */
	char tiny[6];
	struct cs_buf b;
	cs_buf_init(&b, tiny, sizeof tiny);
	cs_put_text(&b, "ab\x1b\x01");
	CHECK(!strcmp(tiny, "ab\\e") && b.overflow, "cut escape: '%s'", tiny);
}

static void test_jsonw_utf8(void)
{
	static const struct { const char *in, *out; } rows[] = {
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },
		{ "caf\xe9", "\"caf\xef\xbf\xbd\"" },
		{ "caf\xe9.json", "\"caf\xef\xbf\xbd.json\"" },
		{ "\xc0\xaf", "\"\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\xed\xa0\x80", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\xe2\x82", "\"\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\xf0\x9f\x98\x80 \x1b", "\"\xf0\x9f\x98\x80 \\u001B\"" },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct cs_buf b;
		struct cs_jsonw j;
		struct cs_jsoncheck jc;
		cs_buf_init(&b, mem, sizeof mem);
		cs_jsonw_init(&j, &b, 0);
		cs_jsonw_str(&j, rows[i].in);
		CHECK(cs_jsonw_finish(&j) == 0 && !strcmp(mem, rows[i].out), "row %zu: '%s'", i, mem);
		CHECK(cs_json_check(mem, b.len, &jc) == 0, "row %zu: %s", i, jc.why);
	}
}

/* A figure that overflowed (1e308 ns at 3 GHz) or is undefined reaches
 * the text as words from every number writer, the reader's %g included:
 * never "inf", "nan", "null" or "?" (issue 41); JSON writes null. */
static void test_nonfinite_words(void)
{
	static const struct { double v; const char *want; } rows[] = {
		{ 1e308 * 10, CS_WORDS_OVER }, { -1e308 * 10, CS_WORDS_UNDER },
		{ (1e308 * 10) - (1e308 * 10), CS_WORDS_NAN },
	};
	static const char *const bad[] = { "inf", "nan", "null", "?" };
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		double v = rows[i].v;
		char t[4][96];
		struct cs_buf b;
		cs_buf_init(&b, t[0], sizeof t[0]);
		cs_put_g(&b, v, 6);
		cs_buf_init(&b, t[1], sizeof t[1]);
		cs_put_fixed(&b, v, 2);
		cs_buf_init(&b, t[2], sizeof t[2]);
		cs_put_size(&b, v);
		cs_fmt(t[3], sizeof t[3], "%.4g", v);
		for (int k = 0; k < 4; k++) {
			CHECK(!strncmp(t[k], rows[i].want, strlen(rows[i].want)),
			      "row %zu writer %d: '%s', want '%s'", i, k, t[k], rows[i].want);
			for (size_t w = 0; w < sizeof bad / sizeof bad[0]; w++)
				CHECK(!strstr(t[k], bad[w]), "row %zu writer %d: '%s' holds '%s'", i, k, t[k], bad[w]);
		}
		cs_buf_init(&b, mem, sizeof mem);
		cs_put_pct(&b, v);
		CHECK(!strcmp(mem, rows[i].want), "pct: '%s', want '%s'", mem, rows[i].want);
		struct cs_jsonw j;
		cs_buf_init(&b, mem, sizeof mem);
		cs_jsonw_init(&j, &b, 0);
		cs_jsonw_arr(&j);
		cs_jsonw_num(&j, v);
		cs_jsonw_numsig(&j, v, 6);
		cs_jsonw_arr_end(&j);
		CHECK(cs_jsonw_finish(&j) == 0 && !strcmp(mem, "[null,null]"), "jsonw: '%s'", mem);
	}
	/* a negative size keeps its sign and its digits */
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_put_size(&b, -49152);
	CHECK(!strcmp(mem, "-48 KiB"), "size(-49152) = '%s'", mem);
}

#if CS_TEST_HOSTED
/* The reader's %.0f (an expectation's counts in check's notes, the page's
 * too) as the C library prints it: halves to even, "-0", large figures. */
static void test_fmt_f0(void)
{
	static const double v[] = { 0, -0.0, 1, 5, 8192, 0.5, 1.5, 2.5, -0.5, -0.3, -2.5, 3.49999,
				    4.5000001, 1e15 + 0.5, 123456789.5, 9.0e18, -4096.75 };
	char want[64], got[64];
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		snprintf(want, sizeof want, "at %.0f chains", v[i]);
		cs_fmt(got, sizeof got, "at %.0f chains", v[i]);
		CHECK(!strcmp(got, want), "%%.0f of %.17g: '%s', want '%s'", v[i], got, want);
	}
}
#endif

int main(void)
{
#if CS_TEST_HOSTED
	test_fmt_f0();
	test_put_g();
	test_put_fixed();
	test_put_size();
	test_put_pct();
	test_jsonw_numbers();
#endif
	test_utf8_next();
	test_cut();
	test_escape();
	test_jsonw_utf8();
	test_nonfinite_words();
	return cs_test_summary("buf");
}
