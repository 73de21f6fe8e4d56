/* test_http.c: the firmware's own HTTP client logic (net/http.c) on the
 * host. Every response row is fed whole, byte by byte and split at every
 * offset: the answer must not depend on how the network cuts it up. */
#include <string.h>
#include "check.h"
#include "../net/http.h"

CS_TEST_MAIN_DEFS;

struct row {
	const char *name, *text;
	size_t cap;        /* body buffer */
	int eof;           /* the connection closes after the text */
	int rc;            /* CS_HTTP_DONE or CS_HTTP_FAIL */
	int status;
	const char *body;  /* expected body (DONE) or a phrase of the error (FAIL) */
	int keep;          /* keep_head: a longer body keeps its first cap bytes */
	int more;          /* ... and was longer (DONE) / cut by the close (FAIL) */
};

#define OK200 "HTTP/1.1 200 OK\r\n"
static const struct row rows[] = {
	{ "length", OK200 "Content-Length: 5\r\n\r\nhello", 64, 0, CS_HTTP_DONE, 200, "hello", 0, 0 },
	{ "length zero", OK200 "Content-Length: 0\r\n\r\n", 64, 0, CS_HTTP_DONE, 200, "", 0, 0 },
	{ "bare LF lines", "HTTP/1.1 201 Created\nLocation: /captures/a.json\nContent-Length: 2\n\n{}", 64, 0, CS_HTTP_DONE, 201, "{}", 0, 0 },
	{ "chunked", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n1;ext=1\r\n!\r\n0\r\nX-Trailer: t\r\n\r\n", 64, 0, CS_HTTP_DONE, 200, "hello!", 0, 0 },
	{ "chunked upper hex", OK200 "transfer-encoding: CHUNKED\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n", 64, 0, CS_HTTP_DONE, 200, "0123456789", 0, 0 },
	{ "to close", "HTTP/1.0 200 OK\r\n\r\nall of it", 64, 1, CS_HTTP_DONE, 200, "all of it", 0, 0 },
	{ "no reason", "HTTP/1.1 404\r\nContent-Length: 3\r\n\r\nnot", 64, 0, CS_HTTP_DONE, 404, "not", 0, 0 },
	{ "interim 100", "HTTP/1.1 100 Continue\r\n\r\n" OK200 "Content-Length: 2\r\n\r\nok", 64, 0, CS_HTTP_DONE, 200, "ok", 0, 0 },
	{ "204 ignores length", "HTTP/1.1 204 No Content\r\nContent-Length: 10\r\n\r\n", 64, 0, CS_HTTP_DONE, 204, "", 0, 0 },
	{ "same length twice", OK200 "Content-Length: 2\r\nContent-Length: 2\r\n\r\nok", 64, 0, CS_HTTP_DONE, 200, "ok", 0, 0 },
	{ "spaces around value", OK200 "Content-Length:   2  \r\n\r\nok", 64, 0, CS_HTTP_DONE, 200, "ok", 0, 0 },
	{ "extra after done", OK200 "Content-Length: 2\r\n\r\nokEXTRA", 64, 0, CS_HTTP_DONE, 200, "ok", 0, 0 },
	/* refusals */
	{ "not http", "SSH-2.0-OpenSSH\r\n", 64, 0, CS_HTTP_FAIL, 0, "does not start with 'HTTP/'", 0, 0 },
	{ "http 2", "HTTP/2 200\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "not an HTTP/1.x status line", 0, 0 },
	{ "status 3 letters", "HTTP/1.1 2x0 OK\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "not an HTTP/1.x status line", 0, 0 },
	{ "status 099", "HTTP/1.1 099 Odd\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "outside 100-599", 0, 0 },
	{ "status 600", "HTTP/1.1 600 Odd\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "outside 100-599", 0, 0 },
	{ "empty", "", 64, 1, CS_HTTP_FAIL, 0, "closed before any answer", 0, 1 },
	{ "closed in head", OK200 "Content-Le", 64, 1, CS_HTTP_FAIL, 0, "closed inside the headers", 0, 1 },
	{ "short body", OK200 "Content-Length: 10\r\n\r\nabc", 64, 1, CS_HTTP_FAIL, 0, "after 3 of 10 body bytes", 0, 1 },
	{ "body over cap", OK200 "Content-Length: 65\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "a body of 65 bytes", 0, 0 },
	{ "eof body over cap", "HTTP/1.0 200 OK\r\n\r\n0123456789", 8, 1, CS_HTTP_FAIL, 0, "read to the close) over 8 bytes", 0, 0 },
	{ "chunk over cap", OK200 "Transfer-Encoding: chunked\r\n\r\n9\r\n", 8, 0, CS_HTTP_FAIL, 0, "chunked body over 8", 0, 0 },
	{ "chunks over cap", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n4\r\n", 8, 0, CS_HTTP_FAIL, 0, "chunked body over 8", 0, 0 },
	{ "length not a number", OK200 "Content-Length: 12a\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "not one number", 0, 0 },
	{ "negative length", OK200 "Content-Length: -1\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "not one number", 0, 0 },
	{ "length list", OK200 "Content-Length: 2, 2\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "not one number", 0, 0 },
	{ "huge length", OK200 "Content-Length: 99999999999999999999\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "at most 18 digits", 0, 0 },
	{ "two lengths", OK200 "Content-Length: 2\r\nContent-Length: 3\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "two different Content-Length", 0, 0 },
	{ "length and chunked", OK200 "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "both Content-Length and Transfer-Encoding", 0, 0 },
	{ "gzip", OK200 "Transfer-Encoding: gzip, chunked\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "other than chunked", 0, 0 },
	{ "folded", OK200 "X-A: 1\r\n  continued\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "folded header", 0, 0 },
	{ "no colon", OK200 "Just words\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "without a name and a colon", 0, 0 },
	{ "space before colon", OK200 "Content-Length : 2\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "without a name and a colon", 0, 0 },
	{ "control in value", OK200 "X-A: a\001b\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "control byte", 0, 0 },
	{ "bare CR", OK200 "X-A: a\rb\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "bare CR", 0, 0 },
	{ "NUL in head", "HTTP/1.1 200 OK\r\nX\0: y\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "NUL byte", 0, 0 },
	{ "101", "HTTP/1.1 101 Switching Protocols\r\n\r\n", 64, 0, CS_HTTP_FAIL, 0, "101 Switching", 0, 0 },
	{ "chunk not hex", OK200 "Transfer-Encoding: chunked\r\n\r\nzz\r\n", 64, 0, CS_HTTP_FAIL, 0, "not a hex number", 0, 0 },
	{ "chunk garbage", OK200 "Transfer-Encoding: chunked\r\n\r\n5 x\r\n", 64, 0, CS_HTTP_FAIL, 0, "garbage after the number", 0, 0 },
	{ "chunk too long", OK200 "Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n", 64, 0, CS_HTTP_FAIL, 0, "longer than its size", 0, 0 },
	{ "chunk 16 digits", OK200 "Transfer-Encoding: chunked\r\n\r\n1000000000000000\r\n", 64, 0, CS_HTTP_FAIL, 0, "more than 15 hex digits", 0, 0 },
	{ "closed in chunks", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhel", 64, 1, CS_HTTP_FAIL, 0, "inside a chunked body", 0, 1 },
	/* issue 22 item 1: a settings line split by a chunk boundary is one
	 * line of the body, never cut at the boundary, never framing */
	{ "chunk boundary inside a line", OK200 "Transfer-Encoding: chunked\r\n\r\n"
	  "18\r\nsweep=quick\nupload=http:\r\nd\r\n//10.0.2.2:44\r\n10\r\n44/captures\nx=1\n\r\n0\r\n\r\n", 64, 0, CS_HTTP_DONE, 200,
	  "sweep=quick\nupload=http://10.0.2.2:4444/captures\nx=1\n", 0, 0 },
	{ "closed in a chunk's size", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n1", 64, 1, CS_HTTP_FAIL, 0, "inside a chunked body", 0, 1 },
	{ "closed before the last chunk", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", 64, 1, CS_HTTP_FAIL, 0, "inside a chunked body", 0, 1 },
	{ "closed in the trailer", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n", 64, 1, CS_HTTP_FAIL, 0, "inside a chunked body", 0, 1 },
	/* issue 22 item 5: with keep_head, a longer body is its first cap
	 * bytes and says so, however it is framed; a body that fits exactly
	 * is not "longer" */
	{ "head of a long length", OK200 "Content-Length: 12\r\n\r\n0123456789ab", 8, 0, CS_HTTP_DONE, 200, "01234567", 1, 1 },
	{ "head of a long length, rest never sent", OK200 "Content-Length: 5000\r\n\r\n0123456789", 8, 0, CS_HTTP_DONE, 200, "01234567", 1, 1 },
	{ "length at the cap is whole", OK200 "Content-Length: 8\r\n\r\n01234567", 8, 0, CS_HTTP_DONE, 200, "01234567", 1, 0 },
	{ "head of long chunks", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", 8, 0, CS_HTTP_DONE, 200, "hello wo", 1, 1 },
	{ "chunks filling the cap, then more", OK200 "Transfer-Encoding: chunked\r\n\r\n8\r\n01234567\r\n1\r\nX", 8, 0, CS_HTTP_DONE, 200, "01234567", 1, 1 },
	{ "chunks at the cap are whole", OK200 "Transfer-Encoding: chunked\r\n\r\n4\r\n0123\r\n4\r\n4567\r\n0\r\n\r\n", 8, 0, CS_HTTP_DONE, 200, "01234567", 1, 0 },
	{ "head of a long body read to the close", "HTTP/1.0 200 OK\r\n\r\n0123456789", 8, 1, CS_HTTP_DONE, 200, "01234567", 1, 1 },
	{ "body read to the close at the cap", "HTTP/1.0 200 OK\r\n\r\n01234567", 8, 1, CS_HTTP_DONE, 200, "01234567", 1, 0 },
	{ "keep_head still refuses bad framing", OK200 "Transfer-Encoding: chunked\r\n\r\n5\r\nhelloXX\r\n", 8, 0, CS_HTTP_FAIL, 0, "longer than its size", 1, 0 },
	{ "keep_head: a cut body is still refused", OK200 "Content-Length: 6\r\n\r\nabc", 8, 1, CS_HTTP_FAIL, 0, "after 3 of 6 body bytes", 1, 1 },
};

/* Feeds t in pieces cut at a and b (a <= b <= n). */
static int feed3(struct cs_http_resp *r, const char *t, size_t n, size_t a, size_t b, int eof)
{
	int rc = cs_http_resp_feed(r, t, a);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, t + a, b - a);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, t + b, n - b);
	if (rc == CS_HTTP_MORE && eof)
		rc = cs_http_resp_eof(r);
	return rc;
}

static size_t row_len(const struct row *w)
{
	/* the NUL row carries a NUL inside */
	return strcmp(w->name, "NUL in head") ? strlen(w->text) : sizeof "HTTP/1.1 200 OK\r\nX\0: y\r\n\r\n" - 1;
}

static int same_answer(const struct row *w, struct cs_http_resp *r, int rc)
{
	if (rc != w->rc)
		return 0;
	if (rc == CS_HTTP_FAIL) /* cut: the close, not the grammar */
		return strstr(r->err, w->body) != NULL && r->cut == w->more && !r->more;
	return r->status == w->status && r->body_len == strlen(w->body) &&
	       memcmp(r->body, w->body, r->body_len) == 0 && r->more == w->more && !r->cut;
}

static void start(struct cs_http_resp *r, char *body, const struct row *w)
{
	cs_http_resp_init(r, body, w->cap);
	r->keep_head = w->keep;
}

static void test_rows(void)
{
	static char body[128];
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *w = &rows[i];
		size_t n = row_len(w);
		struct cs_http_resp r;
		int rc, splits_ok = 1;

		start(&r, body, w);
		rc = feed3(&r, w->text, n, n, n, w->eof);
		CHECK(same_answer(w, &r, rc), "%s: whole: rc %d status %d body '%.*s' err '%s'",
		      w->name, rc, r.status, (int)r.body_len, r.body, r.err);
		/* every single cut, and byte by byte */
		for (size_t a = 0; a <= n; a++) {
			start(&r, body, w);
			if (!same_answer(w, &r, feed3(&r, w->text, n, a, a, w->eof)))
				splits_ok = 0;
		}
		start(&r, body, w);
		rc = CS_HTTP_MORE;
		for (size_t a = 0; a < n && rc == CS_HTTP_MORE; a++)
			rc = cs_http_resp_feed(&r, w->text + a, 1);
		if (rc == CS_HTTP_MORE && w->eof)
			rc = cs_http_resp_eof(&r);
		CHECK(splits_ok && same_answer(w, &r, rc), "%s: the answer depends on where the text is cut (byte by byte: rc %d, err '%s')",
		      w->name, rc, r.err);
	}
}

/* The firmware's client (efi/net_http.c): the firmware parsed the head,
 * the body comes raw. Fed as status, headers and raw body, every row the
 * wire parse accepts (or refuses as cut) gives the same answer. */
static int fw_feed(struct cs_http_resp *r, const struct row *w, size_t n, size_t cut_at)
{
	char name[256], value[1024];
	const char *t = w->text, *end = t + n, *p, *body;
	int status, rc;

	body = strstr(t, "\r\n\r\n");
	if (!body || strncmp(t, "HTTP/1.", 7) || t[8] != ' ' || t[9] < '1' || t[9] > '5' ||
	    t[10] < '0' || t[10] > '9' || t[11] < '0' || t[11] > '9')
		return -2; /* not a head this test can split */
	status = (t[9] - '0') * 100 + (t[10] - '0') * 10 + (t[11] - '0');
	if (status < 200)
		return -2;
	p = strstr(t, "\r\n") + 2;
	rc = cs_http_resp_status(r, status);
	while (rc == CS_HTTP_MORE && p < body + 2) {
		const char *e = strstr(p, "\r\n"), *c = p, *v;
		while (c < e && *c != ':')
			c++;
		if (c == e || (size_t)(c - p) >= sizeof name || (size_t)(e - c) >= sizeof value)
			return -2;
		for (v = c + 1; *v == ' '; v++)
			;
		snprintf(name, sizeof name, "%.*s", (int)(c - p), p);
		snprintf(value, sizeof value, "%.*s", (int)(e - v), v);
		rc = cs_http_resp_header(r, name, value);
		p = e + 2;
	}
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_head_end(r);
	body += 4;
	if (cut_at > (size_t)(end - body))
		cut_at = (size_t)(end - body);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, body, cut_at);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, body + cut_at, (size_t)(end - body) - cut_at);
	if (rc == CS_HTTP_MORE && w->eof)
		rc = cs_http_resp_eof(r);
	return rc;
}

static void test_firmware_head(void)
{
	static char body[128];
	int compared = 0;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct row *w = &rows[i];
		struct cs_http_resp r;
		int ok = 1, rc = 0;
		if (w->rc == CS_HTTP_FAIL && !w->more)
			continue; /* refused by the grammar: the firmware's head differs */
		for (size_t a = 0; a < 40 && ok; a++) {
			start(&r, body, w);
			rc = fw_feed(&r, w, row_len(w), a);
			if (rc == -2)
				break;
			ok = same_answer(w, &r, rc);
		}
		if (rc == -2)
			continue;
		compared++;
		CHECK(ok, "%s: the firmware's head and the raw body: rc %d body '%.*s' more %d cut %d err '%s'",
		      w->name, rc, (int)r.body_len, r.body, r.more, r.cut, r.err);
	}
	CHECK(compared >= 15, "%d rows compared through the firmware's path", compared);
	/* what only this path can meet */
	{
		struct cs_http_resp r;
		cs_http_resp_init(&r, body, sizeof body);
		CHECK(cs_http_resp_status(&r, 100) == CS_HTTP_FAIL && strstr(r.err, "status 100"),
		      "an interim status as the answer's: %s", r.err);
		cs_http_resp_init(&r, body, sizeof body);
		cs_http_resp_status(&r, 200);
		CHECK(cs_http_resp_header(&r, "X-A", "a\r\nContent-Length: 0") == CS_HTTP_FAIL &&
		      strstr(r.err, "a CR or LF inside a header"), "a line break in a value: %s", r.err);
		cs_http_resp_init(&r, body, sizeof body);
		cs_http_resp_status(&r, 204);
		CHECK(cs_http_resp_head_end(&r) == CS_HTTP_DONE && r.status == 204, "204: done at the head's end");
		cs_http_resp_init(&r, body, sizeof body);
		cs_http_resp_status(&r, 200);
		cs_http_resp_header(&r, "Content-Length", "2");
		CHECK(cs_http_resp_header(&r, "Transfer-Encoding", "chunked") == CS_HTTP_MORE &&
		      cs_http_resp_head_end(&r) == CS_HTTP_FAIL && strstr(r.err, "both Content-Length"),
		      "length and chunked from the firmware: %s", r.err);
	}
}

/* The longest head our client can send fits CS_HTTP_REQ_HEAD_MAX (the
 * firmware's buffer), with the longest token both ends take. */
static void test_head_max(void)
{
	static char mem[CS_HTTP_REQ_HEAD_MAX], text[600], token[CS_HTTP_TOKEN_MAX + 2];
	char err[CS_HTTP_ERR_MAX];
	struct cs_url u;
	struct cs_buf b;
	int n = sprintf(text, "http://");
	for (int k = 0; k < CS_URL_HOST_MAX - 1; k++)
		text[n++] = 'h';
	n += sprintf(text + n, ":65535/");
	for (int k = 0; k < CS_URL_PATH_MAX - 2; k++)
		text[n++] = 'p';
	CHECK(cs_url_parse(&u, text, (size_t)n, err, sizeof err) == 0, "the longest URL parses: %s", err);
	memset(token, 'T', CS_HTTP_TOKEN_MAX);
	struct cs_http_req q = { "POST", &u, "cacheshape-efi", "application/json", 1, UINT64_MAX, token };
	cs_buf_init(&b, mem, sizeof mem);
	CHECK(cs_http_head(&b, &q) == 0, "the longest head (%zu bytes) fits %d", b.len, CS_HTTP_REQ_HEAD_MAX);
	CHECK(strcmp(CS_HTTP_TOKEN_MAX_TEXT, "256") == 0 && CS_HTTP_TOKEN_MAX == 256,
	      "the token limit as text: %s", CS_HTTP_TOKEN_MAX_TEXT);
}

static void test_headers_kept(void)
{
	static const char t[] = "HTTP/1.1 201 Created\r\nLocation: /captures/QEMU/20261201-ab12.json\r\n"
				"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
	char body[8];
	struct cs_http_resp r;
	cs_http_resp_init(&r, body, sizeof body);
	CHECK(cs_http_resp_feed(&r, t, sizeof t - 1) == CS_HTTP_DONE, "201 parses: %s", r.err);
	CHECK(strcmp(r.location, "/captures/QEMU/20261201-ab12.json") == 0, "location '%s'", r.location);
	CHECK(strcmp(r.content_type, "application/json") == 0, "content type '%s'", r.content_type);
	CHECK(strcmp(r.reason, "Created") == 0 && r.minor == 1, "reason '%s' minor %d", r.reason, r.minor);
}

/* The bounds, each at its edge. */
static void test_bounds(void)
{
	static char t[CS_HTTP_HEAD_MAX + 4096], body[8];
	struct cs_http_resp r;
	size_t n;
	int rc;

	/* a line of exactly the longest length passes, one more byte fails */
	for (int extra = 0; extra < 2; extra++) {
		n = (size_t)sprintf(t, OK200 "X-Long: ");
		while (n < 17 + CS_HTTP_LINE_MAX - 2 + (size_t)extra)
			t[n++] = 'a';
		n += (size_t)sprintf(t + n, "\r\nContent-Length: 0\r\n\r\n");
		cs_http_resp_init(&r, body, sizeof body);
		rc = cs_http_resp_feed(&r, t, n);
		CHECK(extra ? rc == CS_HTTP_FAIL && strstr(r.err, "a line longer than 1022 bytes")
			    : rc == CS_HTTP_DONE,
		      "line of %d+%d bytes: rc %d '%s'", CS_HTTP_LINE_MAX - 2, extra, rc, r.err);
	}
	/* 64 header lines pass, 65 fail */
	for (int extra = 0; extra < 2; extra++) {
		n = (size_t)sprintf(t, OK200);
		for (int h = 0; h < CS_HTTP_HEADERS_MAX - 1 + extra; h++)
			n += (size_t)sprintf(t + n, "X-%d: v\r\n", h);
		n += (size_t)sprintf(t + n, "Content-Length: 0\r\n\r\n");
		cs_http_resp_init(&r, body, sizeof body);
		rc = cs_http_resp_feed(&r, t, n);
		CHECK(extra ? rc == CS_HTTP_FAIL && strstr(r.err, "more than 64 header lines")
			    : rc == CS_HTTP_DONE,
		      "%d headers: rc %d '%s'", CS_HTTP_HEADERS_MAX + extra, rc, r.err);
	}
	/* a head over the bound: many long lines */
	n = (size_t)sprintf(t, OK200);
	for (int h = 0; h < 20; h++) {
		n += (size_t)sprintf(t + n, "X-%d: ", h);
		for (int k = 0; k < 1000; k++)
			t[n++] = 'v';
		n += (size_t)sprintf(t + n, "\r\n");
	}
	cs_http_resp_init(&r, body, sizeof body);
	rc = cs_http_resp_feed(&r, t, n);
	CHECK(rc == CS_HTTP_FAIL && strstr(r.err, "over 16384 bytes"), "long head: rc %d '%s'", rc, r.err);
	/* five interim answers */
	n = 0;
	for (int h = 0; h < CS_HTTP_INTERIM_MAX + 1; h++)
		n += (size_t)sprintf(t + n, "HTTP/1.1 100 Continue\r\n\r\n");
	cs_http_resp_init(&r, body, sizeof body);
	rc = cs_http_resp_feed(&r, t, n);
	CHECK(rc == CS_HTTP_FAIL && strstr(r.err, "more than 4 interim"), "interims: rc %d '%s'", rc, r.err);
	/* exactly the body capacity */
	n = (size_t)sprintf(t, OK200 "Content-Length: 8\r\n\r\n12345678");
	cs_http_resp_init(&r, body, sizeof body);
	CHECK(cs_http_resp_feed(&r, t, n) == CS_HTTP_DONE && r.body_len == 8, "body at capacity: '%s'", r.err);
	/* after a failure nothing more is read */
	cs_http_resp_init(&r, body, sizeof body);
	CHECK(cs_http_resp_feed(&r, "XTTP", 4) == CS_HTTP_FAIL, "garbage fails");
	CHECK(cs_http_resp_feed(&r, OK200, strlen(OK200)) == CS_HTTP_FAIL && cs_http_resp_eof(&r) == CS_HTTP_FAIL,
	      "a failed parse stays failed");
}

struct url_row {
	const char *text;
	int ok;
	const char *host;
	int has_ip;
	unsigned port;
	const char *path;
	const char *err;
	const char *back; /* cs_url_put */
};

static const struct url_row urls[] = {
	{ "http://10.0.2.2:8123/captures", 1, "10.0.2.2", 1, 8123, "/captures", NULL, "http://10.0.2.2:8123/captures" },
	{ "http://10.0.2.2", 1, "10.0.2.2", 1, 80, "/", NULL, "http://10.0.2.2/" },
	{ "HTTP://Lab-Server.example:80/a/b?x=1#frag", 1, "lab-server.example", 0, 80, "/a/b?x=1", NULL, "http://lab-server.example/a/b?x=1" },
	{ "http://h?q=1", 1, "h", 0, 80, "/?q=1", NULL, "http://h/?q=1" },
	{ "http://10.0.2.2:8123/http://10.0.2.2:8123/cacheshape.efi", 1, "10.0.2.2", 1, 8123, "/http://10.0.2.2:8123/cacheshape.efi", NULL, NULL },
	{ "https://10.0.2.2/", 0, NULL, 0, 0, NULL, "https is not supported", NULL },
	{ "ftp://10.0.2.2/", 0, NULL, 0, 0, NULL, "must start with http://", NULL },
	{ "cacheshape.efi", 0, NULL, 0, 0, NULL, "must start with http://", NULL },
	{ "http://", 0, NULL, 0, 0, NULL, "no host", NULL },
	{ "http://:80/", 0, NULL, 0, 0, NULL, "no host", NULL },
	{ "http://10.0.2.2:0/", 0, NULL, 0, 0, NULL, "port must be", NULL },
	{ "http://10.0.2.2:65536/", 0, NULL, 0, 0, NULL, "port must be", NULL },
	{ "http://10.0.2.2:/", 0, NULL, 0, 0, NULL, "port must be", NULL },
	{ "http://10.0.2.2:80x/", 0, NULL, 0, 0, NULL, "port must be", NULL },
	{ "http://10.0.2.256/", 0, NULL, 0, 0, NULL, "not an IPv4 address", NULL },
	{ "http://10.0.2.02/", 0, NULL, 0, 0, NULL, "not an IPv4 address", NULL },
	{ "http://10.0.2/", 0, NULL, 0, 0, NULL, "not an IPv4 address", NULL },
	{ "http://user@host/", 0, NULL, 0, 0, NULL, "user name or an IPv6", NULL },
	{ "http://[::1]/", 0, NULL, 0, 0, NULL, "user name or an IPv6", NULL },
	{ "http://ho_st/", 0, NULL, 0, 0, NULL, "letters, digits", NULL },
	{ "http://host/a b", 0, NULL, 0, 0, NULL, "space or control", NULL },
};

static void test_urls(void)
{
	char err[160], text[CS_URL_TEXT_MAX];
	for (size_t i = 0; i < sizeof urls / sizeof urls[0]; i++) {
		const struct url_row *w = &urls[i];
		struct cs_url u;
		int rc;
		err[0] = 0;
		rc = cs_url_parse(&u, w->text, strlen(w->text), err, sizeof err);
		CHECK((rc == 0) == w->ok, "%s: rc %d err '%s'", w->text, rc, err);
		if (rc == 0 && w->ok) {
			struct cs_buf b;
			CHECK(strcmp(u.host, w->host) == 0 && u.has_ip == w->has_ip && u.port == w->port &&
			      strcmp(u.path, w->path) == 0,
			      "%s: host '%s' ip %d port %u path '%s'", w->text, u.host, u.has_ip, u.port, u.path);
			if (w->back) {
				cs_buf_init(&b, text, sizeof text);
				cs_url_put(&b, &u);
				CHECK(strcmp(text, w->back) == 0, "%s: as text '%s'", w->text, text);
			}
		}
		if (rc != 0 && !w->ok)
			CHECK(strstr(err, w->err) != NULL, "%s: error '%s' lacks '%s'", w->text, err, w->err);
	}
	/* a path of 255 characters fits, 256 do not */
	{
		char t[400];
		struct cs_url u;
		int n = sprintf(t, "http://h");
		for (int k = 0; k < 255; k++)
			t[n++] = k ? 'p' : '/';
		CHECK(cs_url_parse(&u, t, (size_t)n, err, sizeof err) == 0, "255-character path: %s", err);
		t[n++] = 'p';
		CHECK(cs_url_parse(&u, t, (size_t)n, err, sizeof err) != 0 && strstr(err, "longer than 255"),
		      "256-character path refused: %s", err);
	}
	/* the IP bytes */
	{
		struct cs_url u, v;
		cs_url_parse(&u, "http://192.168.1.250:8080/x", 27, err, sizeof err);
		CHECK(u.ip[0] == 192 && u.ip[1] == 168 && u.ip[2] == 1 && u.ip[3] == 250, "ip bytes");
		cs_url_with_path(&v, &u, "/cacheshape.cfg");
		CHECK(strcmp(v.path, "/cacheshape.cfg") == 0 && v.port == 8080 && strcmp(v.host, "192.168.1.250") == 0,
		      "with_path keeps the server");
	}
}

static void test_head(void)
{
	char mem[1024];
	struct cs_buf b;
	struct cs_url u;
	char err[160];
	cs_url_parse(&u, "http://10.0.2.2:8123/captures", 29, err, sizeof err);
	struct cs_http_req q = { "POST", &u, "cacheshape-efi/0.1.0", "application/json", 1, 11030, "s3cr3t-Token_1.~+/=" };
	cs_buf_init(&b, mem, sizeof mem);
	CHECK(cs_http_head(&b, &q) == 0, "the POST head fits");
	CHECK(strcmp(mem, "POST /captures HTTP/1.1\r\nHost: 10.0.2.2:8123\r\n"
			  "User-Agent: cacheshape-efi/0.1.0\r\nContent-Type: application/json\r\n"
			  "Content-Length: 11030\r\nAuthorization: Bearer s3cr3t-Token_1.~+/=\r\n"
			  "Accept: */*\r\nConnection: close\r\n\r\n") == 0,
	      "POST head:\n%s", mem);
	struct cs_http_req g = { "GET", &u, NULL, NULL, 0, 0, NULL };
	cs_url_with_path(&u, &u, "/cacheshape.cfg");
	cs_buf_init(&b, mem, sizeof mem);
	CHECK(cs_http_head(&b, &g) == 0 && strcmp(mem, "GET /cacheshape.cfg HTTP/1.1\r\nHost: 10.0.2.2:8123\r\n"
							"Accept: */*\r\nConnection: close\r\n\r\n") == 0,
	      "GET head:\n%s", mem);
	/* a token that would end the line, and a head that does not fit */
	q.token = "abc\r\nX-Evil: 1";
	cs_buf_init(&b, mem, sizeof mem);
	CHECK(cs_http_head(&b, &q) == -1, "a token with CR LF is refused");
	q.token = NULL;
	cs_buf_init(&b, mem, 40);
	CHECK(cs_http_head(&b, &q) == -1, "a head over the buffer is refused");
	CHECK(cs_http_token_ok("abc==", 5) && !cs_http_token_ok("=abc", 4) && !cs_http_token_ok("a=b", 3) &&
	      !cs_http_token_ok("", 0) && !cs_http_token_ok("a b", 3),
	      "bearer token grammar");
}

int main(void)
{
	test_rows();
	test_headers_kept();
	test_bounds();
	test_urls();
	test_head();
	test_firmware_head();
	test_head_max();
	return cs_test_summary("http");
}
