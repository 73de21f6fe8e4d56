/* test_json_writer.c: reduce/json.c, the freestanding writer of `reduce
 * --json` (the host and the page both call it), against yajl's beautifying
 * generator, which wrote that text before it: every document the writer
 * makes is parsed by yajl and generated again with the configuration the
 * command used (beautify, two spaces, UTF-8 checked, empty containers
 * squeezed), and the two texts must be the same bytes. The oracle knows no
 * member names, so it holds for whatever members the writer grows. Run over
 * every committed capture, over labels and reasons holding every ASCII
 * character and multi-byte UTF-8, and over strings cut inside a character
 * (which both must refuse). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>

#include "check.h"
#include "../host/cmd/json_result.h"
#include "../host/cmd/replay.h"
#include "../host/walk.h"
#include "../reduce/json.h"

CS_TEST_MAIN_DEFS;

static int g_null(void *g) { return yajl_gen_null(g) == yajl_gen_status_ok; }
static int g_bool(void *g, int v) { return yajl_gen_bool(g, v) == yajl_gen_status_ok; }
static int g_num(void *g, const char *s, size_t n) { return yajl_gen_number(g, s, n) == yajl_gen_status_ok; }
static int g_str(void *g, const unsigned char *s, size_t n) { return yajl_gen_string(g, s, n) == yajl_gen_status_ok; }
static int g_omap(void *g) { return yajl_gen_map_open(g) == yajl_gen_status_ok; }
static int g_cmap(void *g) { return yajl_gen_map_close(g) == yajl_gen_status_ok; }
static int g_oarr(void *g) { return yajl_gen_array_open(g) == yajl_gen_status_ok; }
static int g_carr(void *g) { return yajl_gen_array_close(g) == yajl_gen_status_ok; }

static const yajl_callbacks echo = { g_null, g_bool, NULL, NULL, g_num, g_str,
				     g_omap, g_str, g_cmap, g_oarr, g_carr };

/* yajl writes an empty container as "[", a blank line, the indent, "]"; the
 * command always printed it as "[]" (and "{}"). */
static size_t squeeze_empty(char *out, const char *in, size_t n)
{
	size_t i = 0, o = 0, j;

	while (i < n) {
		char c = in[i];
		out[o++] = in[i++];
		if ((c != '[' && c != '{') || i + 1 >= n || in[i] != '\n' || in[i + 1] != '\n')
			continue;
		for (j = i + 2; j < n && in[j] == ' '; j++)
			;
		if (j < n && in[j] == (c == '[' ? ']' : '}'))
			i = j;
	}
	return o;
}

/* The text yajl's generator gives for the document in 'text'; NULL when
 * yajl cannot parse or generate it. */
static char *oracle(const char *text, size_t len, size_t *outlen)
{
	yajl_gen g = yajl_gen_alloc(NULL);
	yajl_handle h = yajl_alloc(&echo, NULL, g);
	const unsigned char *buf;
	size_t n;
	char *out = NULL;

	yajl_gen_config(g, yajl_gen_beautify, 1);
	yajl_gen_config(g, yajl_gen_indent_string, "  ");
	yajl_gen_config(g, yajl_gen_validate_utf8, 1);
	if (yajl_parse(h, (const unsigned char *)text, len) == yajl_status_ok &&
	    yajl_complete_parse(h) == yajl_status_ok &&
	    yajl_gen_get_buf(g, &buf, &n) == yajl_gen_status_ok && (out = malloc(n + 1))) {
		*outlen = squeeze_empty(out, (const char *)buf, n);
		out[*outlen] = '\0';
	}
	yajl_free(h);
	yajl_gen_free(g);
	return out;
}

static void same_as_yajl(const char *name, const struct cs_capture *c, const struct cs_result *r)
{
	size_t n = 0, m = 0;
	char *t = cs_result_json(c, r, &n), *y;

	CHECK(t != NULL, "%s: not written", name);
	if (!t)
		return;
	y = oracle(t, n, &m);
	CHECK(y && m == n && memcmp(t, y, n) == 0, "%s: differs from yajl's text:\n%s\n--- yajl:\n%s",
	      name, t, y ? y : "(yajl refused it)");
	free(y);
	free(t);
}

static void test_captures(void)
{
	struct cs_replay *p = cs_replay_new();
	struct cs_walk w;
	char path[4096], err[512];
	size_t i, done = 0;

	CHECK(cs_walk_json("captures", &w) == 0 && w.n >= 40, "captures found: %zu", w.n);
	for (i = 0; p && i < w.n; i++) {
		snprintf(path, sizeof path, "captures/%s", w.paths[i]);
		if (cs_replay_file(p, path, err, sizeof err)) {
			CHECK(0, "%s: %s", path, err);
			continue;
		}
		same_as_yajl(path, &p->cap, &p->res);
		done++;
	}
	CHECK(done == w.n, "every capture compared: %zu of %zu", done, w.n);
	cs_walk_free(&w);
	cs_replay_free(p);
}

/* Every ASCII character, and UTF-8 of two, three and four bytes, in the
 * label and in a reason; a string cut inside a character is refused. */
static void test_strings(void)
{
	static struct cs_capture c;
	static struct cs_result r;
	char all[160];
	size_t n = 0;
	int ch;

	for (ch = 1; ch < 128; ch++)
		all[n++] = (char)ch;
	all[n] = '\0';
	cs_capture_init(&c);
	memset(&r, 0, sizeof r);
	r.gap_order = CS_GAP_ORDER_FALLS;
	strcpy(c.label, all);
	r.n_refusals = 2;
	strcpy(r.refusals[0].code, "x");
	strcpy(r.refusals[0].reason, "\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \x7f end");
	strcpy(r.refusals[1].code, "tab\there");
	strcpy(r.refusals[1].reason, all + 60);
	same_as_yajl("every ASCII character", &c, &r);

	strcpy(r.refusals[0].reason, "cut \xe2\x82");
	CHECK(cs_result_json(&c, &r, NULL) == NULL, "a reason cut inside a character is refused");
	strcpy(r.refusals[0].reason, "lone \x80 continuation");
	CHECK(cs_result_json(&c, &r, NULL) == NULL, "a lone continuation byte is refused");
	strcpy(r.refusals[0].reason, "\xf8\x88\x80\x80\x80 five bytes");
	CHECK(cs_result_json(&c, &r, NULL) == NULL, "a five-byte form is refused");
}

/* A buffer too small is an overflow, not a refused string. */
static void test_overflow(void)
{
	static struct cs_capture c;
	static struct cs_result r;
	char small[64];
	struct cs_buf b;

	cs_capture_init(&c);
	memset(&r, 0, sizeof r);
	cs_buf_init(&b, small, sizeof small);
	CHECK(cs_result_json_write(&b, &c, &r) == -1 && b.overflow, "overflow reported");
}

int main(void)
{
	test_captures();
	test_strings();
	test_overflow();
	return cs_test_summary("json_writer");
}
