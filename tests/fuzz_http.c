/* fuzz_http.c: libFuzzer target for the firmware's own HTTP client logic
 * (net/http.c): whatever a server, or something pretending to be one,
 * sends back. The first byte picks the body buffer's size, whether a
 * longer body keeps its head (keep_head, as the firmware's clients ask)
 * and where the input is cut; the rest is the answer. Checked beyond "no
 * crash":
 *   - the answer is the same whole and cut in three (differential);
 *   - the body never exceeds the buffer, a Content-Length body is exact
 *     (or, kept to its head, exactly the buffer and said to be longer);
 *   - a refusal always says why, and only a close can cut an answer;
 *   - the same answer through the firmware's path (EFI_HTTP_PROTOCOL
 *     parsed the head: status and headers given one by one, the body raw)
 *     is the same as off the wire (differential);
 *   - the same bytes as a URL either refuse with a reason or print back
 *     to a URL that parses to the same thing;
 *   - the same bytes as a DHCP answer (the network boot's, common/
 *     bootinfo.c) are refused with a reason or give a server URL. */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../net/bootinfo.h"
#include "../net/http.h"

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

/* The head split as the firmware's HTTP would give it: "HTTP/1.x NNN"
 * then "name: value" lines up to the empty one; NOT_A_HEAD when the text is no
 * such head (then the wire parse decides alone). */
#define NOT_A_HEAD (-2) /* not CS_HTTP_FAIL's -1 */
static int firmware_path(struct cs_http_resp *r, const uint8_t *p, size_t n)
{
	static char name[1100], value[1100];
	size_t i = 0, body;
	int status, rc;
	const char *t = (const char *)p, *e;

	e = memmem(t, n, "\r\n\r\n", 4);
	if (!e || n < 14 || memcmp(t, "HTTP/1.1 ", 9) || !memchr(t, '\n', n))
		return NOT_A_HEAD;
	for (int k = 9; k < 12; k++)
		if (t[k] < '0' || t[k] > '9')
			return NOT_A_HEAD;
	if (t[12] != '\r' || t[13] != '\n')
		return NOT_A_HEAD; /* the firmware keeps no reason phrase */
	status = (t[9] - '0') * 100 + (t[10] - '0') * 10 + (t[11] - '0');
	if (status < 200 || status > 599)
		return NOT_A_HEAD;
	body = (size_t)(e - t) + 4;
	rc = cs_http_resp_status(r, status);
	for (i = 14; rc == CS_HTTP_MORE && i < body - 2;) {
		const char *le = memmem(t + i, body - i, "\r\n", 2);
		const char *c = memchr(t + i, ':', (size_t)(le - (t + i)));
		size_t nn, vn, v;
		if (!c)
			return NOT_A_HEAD;
		nn = (size_t)(c - (t + i));
		for (v = nn + 1; t[i + v] == ' ' && i + v < (size_t)(le - t); v++)
			;
		vn = (size_t)(le - (t + i)) - v;
		while (vn && (t[i + v + vn - 1] == ' ' || t[i + v + vn - 1] == '\t'))
			vn--; /* the firmware trims a value */
		if (nn >= sizeof name || vn >= sizeof value || memchr(t + i, 0, (size_t)(le - (t + i))) ||
		    memchr(t + i, '\n', (size_t)(le - (t + i))) || memchr(t + i, '\r', (size_t)(le - (t + i))))
			return NOT_A_HEAD;
		memcpy(name, t + i, nn);
		name[nn] = 0;
		memcpy(value, t + i + v, vn);
		value[vn] = 0;
		rc = cs_http_resp_header(r, name, value);
		i = (size_t)(le - t) + 2;
	}
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_head_end(r);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, t + body, n - body);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_eof(r);
	return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char body1[4096], body2[4096], body3[4096];
	static const size_t caps[] = { 0, 1, 16, 512, 4096 };
	struct cs_http_resp r1, r2, r3;
	size_t cap, a, b;
	int rc1, rc2, rc3, keep;

	if (size < 1)
		return 0;
	cap = caps[data[0] % 5];
	keep = (data[0] >> 4) & 1;
	data++, size--;
	a = size ? (data[0] * 7u) % (size + 1) : 0;
	b = a + (size - a) / 2;

	cs_http_resp_init(&r1, body1, cap);
	r1.keep_head = keep;
	rc1 = feed(&r1, data, size, size, size);
	cs_http_resp_init(&r2, body2, cap);
	r2.keep_head = keep;
	rc2 = feed(&r2, data, size, a, b);

	if (rc1 != rc2 || r1.body_len != r2.body_len || r1.status != r2.status ||
	    memcmp(body1, body2, r1.body_len) != 0 || strcmp(r1.err, r2.err) != 0)
		abort(); /* the answer depends on how the network cut it */
	if (r1.body_len > cap)
		abort();
	if (rc1 == CS_HTTP_FAIL && !r1.err[0])
		abort();
	if (rc1 == CS_HTTP_DONE && r1.more && (!keep || r1.body_len != cap))
		abort(); /* only a kept head is "longer", and it fills the buffer */
	if (r1.cut && rc1 != CS_HTTP_FAIL)
		abort();
	if (rc1 == CS_HTTP_DONE) {
		if (r1.status < 200 || r1.status > 599)
			abort();
		if (r1.has_length && !r1.chunked && r1.status != 204 && r1.status != 304 &&
		    r1.body_len != (r1.more ? cap : r1.length))
			abort();
	}
	cs_http_resp_init(&r3, body3, cap);
	r3.keep_head = keep;
	rc3 = firmware_path(&r3, data, size);
	if (rc3 != NOT_A_HEAD && rc1 != CS_HTTP_FAIL &&
	    (rc3 != rc1 || r3.status != r1.status || r3.body_len != r1.body_len ||
	     r3.more != r1.more || memcmp(body3, body1, r1.body_len) != 0))
		abort(); /* the firmware's path answers otherwise than the wire's */
	if (rc3 == CS_HTTP_FAIL && !r3.err[0])
		abort();
	url_round_trip(data, size);
	dhcp(data, size);
	return 0;
}
