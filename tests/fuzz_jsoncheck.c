/* fuzz_jsoncheck.c: libFuzzer target for the firmware's strict JSON + UTF-8
 * check (common/jsoncheck.c) against yajl, the host reader's parser, and
 * for the JSON writer's strings. For every input: what the check accepts,
 * yajl accepts; what yajl accepts and the check refuses falls in one of the
 * documented strict classes (jsoncheck.h); and the input taken as a string
 * (to its first NUL) is written by cs_jsonw_str as JSON both accept.
 * Seeds: tests/data/json, tests/data/bad, captures. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "../common/jsoncheck.h"
#include "../common/jsonw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int yajl_accepts(const char *s, size_t n)
{
	yajl_handle h = yajl_alloc(NULL, NULL, NULL);
	yajl_status st;
	if (!h)
		abort();
	st = yajl_parse(h, (const unsigned char *)s, n);
	if (st == yajl_status_ok)
		st = yajl_complete_parse(h);
	yajl_free(h);
	return st == yajl_status_ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char str[1 << 16], out[6 * (1 << 16) + 16];
	struct cs_jsoncheck r;
	struct cs_jsonw j;
	struct cs_buf b;
	int ours = cs_json_check((const char *)data, size, &r) == 0;
	int theirs = yajl_accepts((const char *)data, size);

	if (ours && !theirs)
		abort(); /* the check took what yajl refuses */
	if (!ours && theirs && r.code != CS_JC_UTF8_STRICT && r.code != CS_JC_SURROGATE &&
	    r.code != CS_JC_DEPTH && r.code != CS_JC_SPACE &&
	    !(r.code == CS_JC_TRAILING && data[r.offset] == '"'))
		abort(); /* refused for a reason not documented as stricter */
	if (!ours && (!r.why[0] || !memchr(r.why, 0, sizeof r.why) || r.line == 0))
		abort();

	size_t n = size < sizeof str - 1 ? size : sizeof str - 1;
	memcpy(str, data, n);
	str[n] = 0;
	cs_buf_init(&b, out, sizeof out);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_str(&j, str);
	if (cs_jsonw_finish(&j) != 0 || cs_json_check(out, b.len, &r) != 0 || !yajl_accepts(out, b.len))
		abort(); /* the writer wrote a string a strict reader refuses */
	return 0;
}
