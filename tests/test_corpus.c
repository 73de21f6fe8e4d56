/* test_corpus.c: the committed captures read, reduced and written as
 * `cacheshape reduce --json` by the core of whatever build this test is in,
 * against what the host command made of the same bytes when the corpus was
 * generated (tests/corpus_h.py runs tests/reduce_many). In the firmware's
 * selftest (both architectures) this is the firmware's build joining the
 * differential tests (issue 41 item 1): the page's build joins through
 * tests/differential.mjs. A capture refused is compared by its message.
 * Each entry: the same answer (reduced or refused), the same length, the
 * same FNV-1a 64-bit hash of the text. */
#include "check.h"
#include "../common/buf.h"
#include "../reader/reader.h"
#include "../reduce/json.h"
#include "../reduce/reduce.h"

#include <stdlib.h>
#include <string.h>

struct corpus_entry {
	const char *name;
	unsigned long len;
	char kind;              /* 'J': reduce --json's text; 'E': a refusal */
	unsigned long text_len; /* the text's bytes */
	unsigned long long hash;
	const char *bytes;
};

#include "../build/gen/corpus.h"

CS_TEST_MAIN_DEFS;

#define OUT_BYTES (4ul * 1024 * 1024) /* as the page's (web/wasm/wasm.h) */

static unsigned long long fnv1a64(const char *p, size_t n)
{
	unsigned long long h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 0x100000001b3ull;
	return h;
}

int main(void)
{
	static struct cs_capture cap;
	static struct cs_expect exp;
	static struct cs_work work;
	static struct cs_result res;
	size_t arena_size = cs_read_arena_need(CS_READ_MAX_FILE);
	char *arena = malloc(arena_size), *out = malloc(OUT_BYTES);
	size_t n = sizeof corpus / sizeof corpus[0];

	CHECK(arena && out, "room for the reader's arena and the text");
	if (!arena || !out)
		return cs_test_summary("corpus");
	CHECK(n >= 100, "the corpus holds the committed captures (%zu)", n);
	for (size_t i = 0; i < n; i++) {
		const struct corpus_entry *c = &corpus[i];
		char why[512];
		struct cs_buf b;
		char kind = 'J';

		cs_buf_init(&b, out, OUT_BYTES);
		if (cs_read_capture(c->bytes, c->len, arena, arena_size, &cap, &exp, why,
				    sizeof why)) {
			kind = 'E';
			cs_puts(&b, why);
		} else if (cs_reduce_capture(&cap, &work, &res, why, sizeof why)) {
			kind = 'E';
			cs_puts(&b, "malformed capture: ");
			cs_puts(&b, why);
		} else if (cs_result_json_write(&b, &cap, &res)) {
			kind = 'E';
			cs_buf_init(&b, out, OUT_BYTES);
			cs_puts(&b, "cannot encode the result");
		}
		CHECK(!b.overflow && kind == c->kind && b.len == c->text_len &&
			      fnv1a64(out, b.len) == c->hash,
		      "%s: %c %lu bytes, the host command's %c %lu bytes (%s)", c->name, kind,
		      (unsigned long)b.len, c->kind, c->text_len,
		      kind == c->kind && b.len == c->text_len ? "hash differs" : "differ");
	}
	free(arena);
	free(out);
	return cs_test_summary("corpus");
}
