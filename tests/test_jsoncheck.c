/* test_jsoncheck: the firmware's strict JSON + UTF-8 check (common/jsoncheck.c)
 * against yajl, the host reader's parser, over every committed capture, the
 * malformed captures of tests/data/bad, the crafted texts of tests/data/json
 * and the fuzz corpus when one is there (build/fuzz/corpus*): whatever the
 * check accepts yajl accepts, and where yajl accepts what the check refuses
 * the reason is one of the documented strict classes (jsoncheck.h). Then
 * rows of its own: the class and the line and column it names (these run
 * in the firmware's selftest too). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../common/jsoncheck.h"
#if CS_TEST_HOSTED /* yajl and the files: the host's side of the comparison */
#include <dirent.h>
#include <sys/stat.h>
#include <yajl/yajl_parse.h>

CS_TEST_MAIN_DEFS;

static int yajl_accepts(const char *s, size_t n)
{
	yajl_handle h = yajl_alloc(NULL, NULL, NULL);
	yajl_status st = yajl_parse(h, (const unsigned char *)s, n);
	if (st == yajl_status_ok)
		st = yajl_complete_parse(h);
	yajl_free(h);
	return st == yajl_status_ok;
}

/* The classes jsoncheck.h documents as stricter than yajl. */
static int strict_class(const struct cs_jsoncheck *r, const char *text)
{
	return r->code == CS_JC_UTF8_STRICT || r->code == CS_JC_SURROGATE || r->code == CS_JC_DEPTH ||
	       r->code == CS_JC_SPACE || (r->code == CS_JC_TRAILING && text[r->offset] == '"');
}

static size_t files, accepted;

static void one(const char *path)
{
	FILE *f = fopen(path, "rb");
	static char buf[4 << 20];
	struct cs_jsoncheck r;
	size_t n;
	if (!f)
		return;
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	int ours = cs_json_check(buf, n, &r) == 0, theirs = yajl_accepts(buf, n);
	files++;
	accepted += ours;
	CHECK(!ours || theirs, "%s: the check accepts what yajl refuses", path);
	CHECK(ours || !theirs || strict_class(&r, buf), "%s: yajl accepts, the check refuses (%d): %s",
	      path, (int)r.code, r.why);
}

static void walk(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4096];
	struct stat st;
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		if (stat(p, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth < 4)
			walk(p, depth + 1);
		else if (S_ISREG(st.st_mode))
			one(p);
	}
	closedir(d);
}

#endif

static void test_rows(void)
{
	static const struct {
		const char *text;
		enum cs_jc_code code;
		uint32_t line, column;
	} rows[] = {
		{ "{\"a\": [1, 2.5e-3, true, null, \"\\u00e9\\ud83d\\ude00\"]}", CS_JC_OK, 0, 0 },
		{ "\"caf\xc3\xa9\"", CS_JC_OK, 0, 0 },
		{ "{\n  \"label\": \"caf\xe9\"\n}", CS_JC_UTF8, 2, 16 },
		{ "[\"\xc3\xa9\xc0\xaf\"]", CS_JC_UTF8_STRICT, 1, 4 },
		{ "[\"\xed\xa0\x80\"]", CS_JC_UTF8_STRICT, 1, 3 },
		{ "[\"\\ud800\"]", CS_JC_SURROGATE, 1, 3 },
		{ "[\"a\tb\"]", CS_JC_CONTROL, 1, 4 },
		{ "{} x", CS_JC_TRAILING, 1, 4 },
		{ "{\"a\": ", CS_JC_TRUNCATED, 1, 7 },
		{ "[1,]", CS_JC_SYNTAX, 1, 4 },
		{ "{\"a\" 1}", CS_JC_SYNTAX, 1, 6 },
		{ "[-]", CS_JC_SYNTAX, 1, 3 },
		{ "[1.]", CS_JC_SYNTAX, 1, 4 },
		{ "tru", CS_JC_TRUNCATED, 1, 4 },
		{ " \n\t", CS_JC_EMPTY, 1, 1 },
		{ "", CS_JC_EMPTY, 1, 1 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct cs_jsoncheck r;
		int rc = cs_json_check(rows[i].text, strlen(rows[i].text), &r);
		CHECK((rc == 0) == (rows[i].code == CS_JC_OK) && r.code == rows[i].code,
		      "row %zu: code %d, want %d: %s", i, (int)r.code, (int)rows[i].code, r.why);
		if (rows[i].code != CS_JC_OK)
			CHECK(r.line == rows[i].line && r.column == rows[i].column && strstr(r.why, "line "),
			      "row %zu: line %u column %u, want %u %u: %s", i, r.line, r.column,
			      rows[i].line, rows[i].column, r.why);
	}
	/* nesting: the bound itself passes, one more is refused by name */
	static char deep[2 * CS_JSONCHECK_DEPTH + 4];
	size_t n = 0;
	for (int i = 0; i < CS_JSONCHECK_DEPTH; i++)
		deep[n++] = '[';
	for (int i = 0; i < CS_JSONCHECK_DEPTH; i++)
		deep[n++] = ']';
	CHECK(cs_json_check(deep, n, NULL) == 0, "%d levels", CS_JSONCHECK_DEPTH);
	memmove(deep + 1, deep, n);
	deep[0] = '[';
	deep[n + 1] = ']';
	struct cs_jsoncheck r;
	CHECK(cs_json_check(deep, n + 2, &r) == -1 && r.code == CS_JC_DEPTH && strstr(r.why, "128"),
	      "%d levels: %s", CS_JSONCHECK_DEPTH + 1, r.why);
}

int main(void)
{
	test_rows();
#if CS_TEST_HOSTED
	walk("captures", 0);
	walk("tests/data", 0);
	DIR *b = opendir("build/fuzz");
	struct dirent *e;
	while (b && (e = readdir(b))) {
		char p[512];
		if (strncmp(e->d_name, "corpus", 6))
			continue;
		snprintf(p, sizeof p, "build/fuzz/%s", e->d_name);
		walk(p, 0);
	}
	if (b)
		closedir(b);
	CHECK(files > 60 && accepted > 40, "%zu files compared with yajl, %zu accepted", files, accepted);
	printf("  jsoncheck: %zu files compared with yajl, %zu accepted by both\n", files, accepted);
#endif
	return cs_test_summary("jsoncheck");
}
