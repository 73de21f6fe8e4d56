/* test_setting_decl.c: every setting declared once (common/setting.h) and
 * everything derived from its declaration: docs/settings.md is the
 * declarations' text (`test_setting_decl --write` rewrites it), every
 * declaration is listed there with its range and default, the firmware's
 * settings file takes every key (and old name) at its bounds and refuses a
 * value past them naming the declared range, and the host probe's option
 * refuses the same value with the same range (build/host/cacheshape). */
#ifndef CS_SELFTEST
#define _GNU_SOURCE /* popen: the host probe's options asked */
#endif
#include <string.h>
#include <stdlib.h>
#include "check.h"
#include "../efi/settings.c"

CS_TEST_MAIN_DEFS;

#define DOC_PATH "docs/settings.md"
#define DOC_MAX (64u << 10)

static char doc[DOC_MAX];

/* Each declaration, the program's then each kind's, with its kind (or
 * CS_KIND_COUNT) and place. */
static int each(uint32_t n, const struct cs_setting **d, uint32_t *kind, uint32_t *idx)
{
	if (n < CS_SET_PROG_COUNT) {
		*d = &cs_prog_settings[n];
		*kind = CS_KIND_COUNT;
		*idx = n;
		return 1;
	}
	n -= CS_SET_PROG_COUNT;
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++) {
		if (n < cs_kind_settings[k]->n) {
			*d = &cs_kind_settings[k]->v[n];
			*kind = k;
			*idx = n;
			return 1;
		}
		n -= cs_kind_settings[k]->n;
	}
	return 0;
}

static void range_of(const struct cs_setting *d, char *out, size_t cap)
{
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	cs_setting_range(&b, d);
}

/* The generated text names every declaration with its range and default,
 * and its host option where it has one. */
static void test_doc_lists_all(void)
{
	struct cs_buf b;
	const struct cs_setting *d;
	uint32_t kind, idx, n = 0;
	cs_buf_init(&b, doc, sizeof doc);
	cs_setting_doc(&b);
	CHECK(!b.overflow, "the settings' text fits %u bytes", DOC_MAX);
	for (; each(n, &d, &kind, &idx); n++) {
		char want[320], def[200];
		struct cs_buf w;
		snprintf(want, sizeof want, "| `%s` |", d->key);
		CHECK(strstr(doc, want) != NULL, "%s: its row", d->key);
		range_of(d, want, sizeof want);
		CHECK(strstr(doc, want) != NULL, "%s: its range '%s'", d->key, want);
		cs_buf_init(&w, def, sizeof def);
		cs_setting_default(&w, d);
		CHECK(strstr(doc, def) != NULL, "%s: its default '%s'", d->key, def);
		CHECK(d->help && d->help[0] && !strchr(d->help, '\n'), "%s: one line of help", d->key);
		if (d->option && (d->flags & CS_SETTING_HOST)) {
			snprintf(want, sizeof want, "`--%s`", d->option);
			CHECK(strstr(doc, want) != NULL, "%s: its option %s", d->key, want);
		}
		CHECK(kind == CS_KIND_COUNT || idx < CS_KIND_SETTINGS_MAX, "%s: within the kind's %d places",
		      d->key, CS_KIND_SETTINGS_MAX);
		CHECK(kind == CS_KIND_COUNT || d->type != CS_SETTING_TEXT, "%s: a kind's value fits a number",
		      d->key);
	}
	CHECK(n > CS_SET_PROG_COUNT, "the kinds declare settings too (%u in all)", n);
	CHECK(n <= CS_SETTINGS_KEYS_MAX, "the firmware has a bit for each key: %u of %d", n, CS_SETTINGS_KEYS_MAX);
}

/* One settings-file line on fresh settings: its error count, messages in s. */
static uint32_t file_line(struct cs_settings *s, const char *key, const char *val)
{
	char line[200];
	snprintf(line, sizeof line, "%s=%s\n", key, val);
	cs_settings_default(s);
	cs_settings_parse(s, line, strlen(line));
	return s->n_errors;
}

/* Every number's bounds: the bounds taken, one past each refused with the
 * declared range in the message (the old name too); every word of an
 * enum taken, another refused. */
static void test_file_bounds(void)
{
	const struct cs_setting *d;
	uint32_t kind, idx;
	struct cs_settings s;
	char v[64], range[300];
	for (uint32_t n = 0; each(n, &d, &kind, &idx); n++) {
		range_of(d, range, sizeof range);
		if (d->type == CS_SETTING_UINT || d->type == CS_SETTING_SIZE) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)d->min);
			CHECK(file_line(&s, d->key, v) == 0, "%s=%s taken: %s", d->key, v, s.errors);
			if (kind < CS_KIND_COUNT)
				CHECK(s.kind[kind][idx] == d->min, "%s=%s stored in its place", d->key, v);
			snprintf(v, sizeof v, "%llu", (unsigned long long)d->max);
			CHECK(file_line(&s, d->key, v) == 0, "%s=%s taken: %s", d->key, v, s.errors);
			snprintf(v, sizeof v, "%llu", (unsigned long long)d->max + 1);
			CHECK(file_line(&s, d->key, v) == 1 && strstr(s.errors, range),
			      "%s=%s refused with '%s': %s", d->key, v, range, s.errors);
			if (d->min > 0) {
				snprintf(v, sizeof v, "%llu", (unsigned long long)d->min - 1);
				CHECK(file_line(&s, d->key, v) == 1 && strstr(s.errors, range),
				      "%s=%s refused with '%s': %s", d->key, v, range, s.errors);
			}
			if (d->off_word)
				CHECK(file_line(&s, d->key, d->off_word) == 0 &&
					      (kind == CS_KIND_COUNT || s.kind[kind][idx] == CS_SETTING_OFF),
				      "%s=%s taken", d->key, d->off_word);
		} else if (d->type == CS_SETTING_ENUM) {
			CHECK(file_line(&s, d->key, "nonsense") == 1 && strstr(s.errors, range),
			      "%s=nonsense refused with '%s': %s", d->key, range, s.errors);
			for (const char *w = d->words; *w;) {
				size_t k = 0;
				while (w[k] && w[k] != '|')
					k++;
				snprintf(v, sizeof v, "%.*s", (int)k, w);
				CHECK(file_line(&s, d->key, v) == 0, "%s=%s taken: %s", d->key, v, s.errors);
				w += k + (w[k] == '|');
			}
		} else if (d->type == CS_SETTING_NAME) {
			CHECK(file_line(&s, d->key, "a/b") == 1 && strstr(s.errors, range),
			      "%s=a/b refused with '%s': %s", d->key, range, s.errors);
		}
		if (d->alias) {
			CHECK(file_line(&s, d->alias, "nonsense") == 1 && strstr(s.errors, d->alias),
			      "the old name %s refused by name: %s", d->alias, s.errors);
		}
	}
}

#if CS_TEST_HOSTED
#include <sys/wait.h>

/* The host probe's option for the same value: exit 2 and the same range. */
static void host_refuses(const struct cs_setting *d, const char *v, const char *range)
{
	char cmd[400], out[2048];
	size_t got;
	FILE *p;
	snprintf(cmd, sizeof cmd, "build/host/cacheshape probe -o /nonexistent/x.json --%s '%s' 2>&1", d->option, v);
	p = popen(cmd, "r");
	CHECK(p != NULL, "%s runs", cmd);
	if (!p)
		return;
	got = fread(out, 1, sizeof out - 1, p);
	out[got] = 0;
	int rc = pclose(p);
	CHECK(WEXITSTATUS(rc) == 2 && strstr(out, range) != NULL, "probe --%s %s: exit %d, '%s' in: %s", d->option, v,
	      WEXITSTATUS(rc), range, out);
}

static void test_host_bounds(void)
{
	const struct cs_setting *d;
	uint32_t kind, idx;
	char v[64], range[300];
	FILE *f = fopen("build/host/cacheshape", "rb");
	CHECK(f != NULL, "the host command is built (build/host/cacheshape)");
	if (!f)
		return;
	fclose(f);
	for (uint32_t n = 0; each(n, &d, &kind, &idx); n++) {
		if (!d->option || !(d->flags & CS_SETTING_HOST))
			continue;
		range_of(d, range, sizeof range);
		if (d->type == CS_SETTING_UINT || d->type == CS_SETTING_SIZE) {
			snprintf(v, sizeof v, "%llu", (unsigned long long)d->max + 1);
			host_refuses(d, v, range);
			if (d->min > 0) {
				snprintf(v, sizeof v, "%llu", (unsigned long long)d->min - 1);
				host_refuses(d, v, range);
			}
		} else if (d->type == CS_SETTING_ENUM) {
			host_refuses(d, "nonsense", range);
		}
	}
}

/* docs/settings.md is the declarations' text, word for word. */
static void test_doc_file(int write)
{
	static char file[DOC_MAX];
	size_t n = 0;
	FILE *f;
	if (write) {
		f = fopen(DOC_PATH, "w");
		CHECK(f && fputs(doc, f) >= 0 && fclose(f) == 0, "%s written", DOC_PATH);
		return;
	}
	f = fopen(DOC_PATH, "r");
	CHECK(f != NULL, "%s is there (run from the tree's root)", DOC_PATH);
	if (!f)
		return;
	n = fread(file, 1, sizeof file - 1, f);
	fclose(f);
	file[n] = 0;
	CHECK(strcmp(file, doc) == 0, "%s is the declarations' text: rebuild it with "
	      "build/host/tests/test_setting_decl --write", DOC_PATH);
}
#endif

int main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	test_doc_lists_all();
	test_file_bounds();
#if CS_TEST_HOSTED
	test_host_bounds();
	test_doc_file(argc > 1 && !strcmp(argv[1], "--write"));
#endif
	return cs_test_summary("setting_decl");
}
