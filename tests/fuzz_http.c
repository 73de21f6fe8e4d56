/* fuzz_http.c: libFuzzer target for the firmware's own HTTP client logic
 * (common/http.c): whatever a server, or something pretending to be one,
 * sends back. The first byte picks the body buffer's size and where the
 * input is cut; the rest is the answer. Checked beyond "no crash":
 *   - the answer is the same whole and cut in three (differential);
 *   - the body never exceeds the buffer, a Content-Length body is exact;
 *   - a refusal always says why;
 *   - the same bytes as a URL either refuse with a reason or print back
 *     to a URL that parses to the same thing;
 *   - the same bytes as a DHCP answer (the network boot's, common/
 *     bootinfo.c) are refused with a reason or give a server URL. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../common/bootinfo.h"
#include "../common/http.h"

static int feed(struct cs_http_resp *r, const uint8_t *p, size_t n, size_t a, size_t b)
{
	int rc = cs_http_resp_feed(r, (const char *)p, a);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, (const char *)p + a, b - a);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, (const char *)p + b, n - b);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_eof(r);
	return rc;
}

static void url_round_trip(const uint8_t *p, size_t n)
{
	struct cs_url u, v;
	char err[CS_HTTP_ERR_MAX], text[CS_URL_TEXT_MAX];
	struct cs_buf b;
	err[0] = 0;
	if (cs_url_parse(&u, (const char *)p, n, err, sizeof err) != 0) {
		if (!err[0])
			abort(); /* a refusal without a reason */
		return;
	}
	cs_buf_init(&b, text, sizeof text);
	cs_url_put(&b, &u);
	if (b.overflow || cs_url_parse(&v, text, b.len, err, sizeof err) != 0 ||
	    memcmp(&u, &v, sizeof u) != 0)
		abort();
}

static void dhcp(const uint8_t *p, size_t n)
{
	struct cs_bootinfo b;
	struct cs_url u;
	char err[CS_HTTP_ERR_MAX];
	cs_memset(&b, 0, sizeof b);
	err[0] = 0;
	if (cs_bootinfo_dhcp(&b, p, n, err, sizeof err) != 0) {
		if (!err[0] || b.file[0] || b.has_server)
			abort(); /* no reason, or a refused packet half taken */
		return;
	}
	if (cs_strlen(b.file) >= sizeof b.file)
		abort();
	err[0] = 0;
	if (cs_bootinfo_server(&b, &u, err, sizeof err) != 0 && !err[0])
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char body1[4096], body2[4096];
	static const size_t caps[] = { 0, 1, 16, 512, 4096 };
	struct cs_http_resp r1, r2;
	size_t cap, a, b;
	int rc1, rc2;

	if (size < 1)
		return 0;
	cap = caps[data[0] % 5];
	data++, size--;
	a = size ? (data[0] * 7u) % (size + 1) : 0;
	b = a + (size - a) / 2;

	cs_http_resp_init(&r1, body1, cap);
	rc1 = feed(&r1, data, size, size, size);
	cs_http_resp_init(&r2, body2, cap);
	rc2 = feed(&r2, data, size, a, b);

	if (rc1 != rc2 || r1.body_len != r2.body_len || r1.status != r2.status ||
	    memcmp(body1, body2, r1.body_len) != 0 || strcmp(r1.err, r2.err) != 0)
		abort(); /* the answer depends on how the network cut it */
	if (r1.body_len > cap)
		abort();
	if (rc1 == CS_HTTP_FAIL && !r1.err[0])
		abort();
	if (rc1 == CS_HTTP_DONE) {
		if (r1.status < 200 || r1.status > 599)
			abort();
		if (r1.has_length && !r1.chunked && r1.status != 204 && r1.status != 304 &&
		    r1.body_len != r1.length)
			abort();
	}
	url_round_trip(data, size);
	dhcp(data, size);
	return 0;
}
