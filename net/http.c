/* http.c: URLs, the request head and the response parser (http.h).
 * Freestanding: the firmware's transport feeds it, the host tests it. */
#include "http.h"

/* ---- small helpers ---- */

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* p[0..n) equals the lower-case word w, ignoring case. */
static int ieq(const char *p, size_t n, const char *w)
{
	size_t i;
	for (i = 0; i < n && w[i]; i++)
		if (lower(p[i]) != w[i])
			return 0;
	return i == n && !w[i];
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int hex_val(char c)
{
	if (is_digit(c))
		return c - '0';
	c = lower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static void say(char *err, size_t cap, const char *a, const char *b, size_t bn)
{
	struct cs_buf e;
	if (!err || !cap)
		return;
	cs_buf_init(&e, err, cap);
	cs_puts(&e, a);
	if (b) {
		cs_puts(&e, " '");
		for (size_t i = 0; i < bn && i < 48; i++)
			cs_putc(&e, b[i] >= 32 && b[i] < 127 ? b[i] : '?');
		cs_puts(&e, bn > 48 ? "...'" : "'");
	}
}

/* ---- URLs ---- */

/* A dotted quad with no leading zeros (so "010" is never octal). */
static int parse_ip(const char *p, size_t n, uint8_t ip[4])
{
	size_t i = 0;
	for (int part = 0; part < 4; part++) {
		uint32_t v = 0;
		size_t start = i;
		while (i < n && is_digit(p[i]) && i - start < 3)
			v = v * 10 + (uint32_t)(p[i++] - '0');
		if (i == start || v > 255 || (i - start > 1 && p[start] == '0'))
			return -1;
		ip[part] = (uint8_t)v;
		if (part < 3) {
			if (i >= n || p[i] != '.')
				return -1;
			i++;
		}
	}
	return i == n ? 0 : -1;
}

int cs_url_parse(struct cs_url *u, const char *s, size_t n, char *err, size_t errcap)
{
	size_t i, h0, hn, only_num = 1;

	cs_memset(u, 0, sizeof *u);
	if (n >= 8 && ieq(s, 8, "https://")) {
		say(err, errcap, "https is not supported (the firmware has no TLS here): use http://", NULL, 0);
		return -1;
	}
	if (n < 7 || !ieq(s, 7, "http://")) {
		say(err, errcap, "a URL must start with http://, not", s, n);
		return -1;
	}
	i = h0 = 7;
	while (i < n && s[i] != ':' && s[i] != '/' && s[i] != '?' && s[i] != '#')
		i++;
	hn = i - h0;
	if (hn == 0) {
		say(err, errcap, "no host in the URL", s, n);
		return -1;
	}
	if (hn >= CS_URL_HOST_MAX) {
		say(err, errcap, "the host name is longer than 63 characters in", s, n);
		return -1;
	}
	for (size_t k = h0; k < i; k++) {
		char c = s[k];
		if (c == '@' || c == '[') {
			say(err, errcap, "a user name or an IPv6 address in a URL is not supported:", s, n);
			return -1;
		}
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
		      c == '.' || c == '-')) {
			say(err, errcap, "the host may hold letters, digits, '.' and '-' only:", s, n);
			return -1;
		}
		if (!is_digit(c) && c != '.')
			only_num = 0;
	}
	for (size_t k = 0; k < hn; k++)
		u->host[k] = lower(s[h0 + k]);
	if (parse_ip(s + h0, hn, u->ip) == 0) {
		u->has_ip = 1;
	} else if (only_num) {
		say(err, errcap, "not an IPv4 address (four numbers 0-255, no leading zeros):", s + h0, hn);
		return -1;
	}
	u->port = CS_HTTP_DEFAULT_PORT;
	if (i < n && s[i] == ':') {
		uint32_t v = 0;
		size_t p0 = ++i;
		while (i < n && is_digit(s[i]) && i - p0 < 5)
			v = v * 10 + (uint32_t)(s[i++] - '0');
		if (i == p0 || v == 0 || v > 65535 || (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#')) {
			say(err, errcap, "the port must be a number from 1 to 65535 in", s, n);
			return -1;
		}
		u->port = (uint16_t)v;
	}
	if (i < n && s[i] == '?')
		u->path[0] = '/'; /* "http://h?q": the path is "/" before the query */
	{
		size_t o = u->path[0] ? 1 : 0;
		for (; i < n && s[i] != '#'; i++) {
			char c = s[i];
			if (c <= 32 || c >= 127) {
				say(err, errcap, "a space or control byte in the URL's path:", s, n);
				return -1;
			}
			if (o + 1 >= CS_URL_PATH_MAX) {
				say(err, errcap, "the URL's path is longer than 255 characters:", s, n);
				return -1;
			}
			u->path[o++] = c;
		}
		if (o == 0)
			u->path[o++] = '/';
		u->path[o] = 0;
	}
	return 0;
}

void cs_url_put(struct cs_buf *b, const struct cs_url *u)
{
	cs_puts(b, "http://");
	cs_puts(b, u->host);
	if (u->port != CS_HTTP_DEFAULT_PORT) {
		cs_putc(b, ':');
		cs_put_u64(b, u->port);
	}
	cs_puts(b, u->path);
}

void cs_url_with_path(struct cs_url *out, const struct cs_url *base, const char *path)
{
	if (out != base)
		cs_memcpy(out, base, sizeof *out);
	cs_strlcpy(out->path, path, sizeof out->path);
}

/* ---- the request ---- */

/* RFC 6750's b64token: letters, digits and -._~+/ then '=' padding. */
int cs_http_token_ok(const char *t, size_t n)
{
	size_t i = 0;
	while (i < n && ((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z') ||
			 is_digit(t[i]) || t[i] == '-' || t[i] == '.' || t[i] == '_' ||
			 t[i] == '~' || t[i] == '+' || t[i] == '/'))
		i++;
	if (i == 0)
		return 0;
	while (i < n && t[i] == '=')
		i++;
	return i == n;
}

/* Header field text: visible ASCII and spaces, nothing that ends a line. */
static int field_ok(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 32 || (unsigned char)*s >= 127)
			return 0;
	return 1;
}

int cs_http_head(struct cs_buf *b, const struct cs_http_req *r)
{
	const struct cs_url *u = r->url;
	if (!field_ok(r->method) || !field_ok(u->path) || !field_ok(u->host) ||
	    (r->agent && !field_ok(r->agent)) ||
	    (r->content_type && !field_ok(r->content_type)) ||
	    (r->token && r->token[0] && !cs_http_token_ok(r->token, cs_strlen(r->token))))
		return -1;
	cs_puts(b, r->method);
	cs_putc(b, ' ');
	cs_puts(b, u->path);
	cs_puts(b, " HTTP/1.1\r\nHost: ");
	cs_puts(b, u->host);
	if (u->port != CS_HTTP_DEFAULT_PORT) {
		cs_putc(b, ':');
		cs_put_u64(b, u->port);
	}
	cs_puts(b, "\r\n");
	if (r->agent) {
		cs_puts(b, "User-Agent: ");
		cs_puts(b, r->agent);
		cs_puts(b, "\r\n");
	}
	if (r->content_type) {
		cs_puts(b, "Content-Type: ");
		cs_puts(b, r->content_type);
		cs_puts(b, "\r\n");
	}
	if (r->has_body) {
		cs_puts(b, "Content-Length: ");
		cs_put_u64(b, r->body_len);
		cs_puts(b, "\r\n");
	}
	if (r->token && r->token[0]) {
		cs_puts(b, "Authorization: Bearer ");
		cs_puts(b, r->token);
		cs_puts(b, "\r\n");
	}
	cs_puts(b, "Accept: */*\r\nConnection: close\r\n\r\n");
	return b->overflow ? -1 : 0;
}

/* ---- the response ---- */

enum {
	ST_STATUS, ST_HEADER, ST_BODY_LEN, ST_BODY_EOF, ST_CHUNK_SIZE,
	ST_CHUNK_DATA, ST_CHUNK_END, ST_TRAILER, ST_DONE, ST_FAIL
};

void cs_http_resp_init(struct cs_http_resp *r, char *body, size_t cap)
{
	cs_memset(r, 0, sizeof *r);
	r->body = body;
	r->body_cap = cap;
	r->state = ST_STATUS;
}

static int fail(struct cs_http_resp *r, const char *why, const char *what, size_t n)
{
	say(r->err, sizeof r->err, why, what, n);
	r->state = ST_FAIL;
	return CS_HTTP_FAIL;
}

/* Appends "<number> bytes" sentences: the parse's bounds in its words. */
static int fail_n(struct cs_http_resp *r, const char *a, uint64_t v, const char *b)
{
	struct cs_buf e;
	cs_buf_init(&e, r->err, sizeof r->err);
	cs_puts(&e, a);
	cs_put_u64(&e, v);
	cs_puts(&e, b);
	r->state = ST_FAIL;
	return CS_HTTP_FAIL;
}

static int status_line(struct cs_http_resp *r, const char *p, size_t n)
{
	/* HTTP/1.x SP 3DIGIT [SP reason] */
	if (n < 12 || !(p[0] == 'H' && p[1] == 'T' && p[2] == 'T' && p[3] == 'P' && p[4] == '/' &&
			p[5] == '1' && p[6] == '.' && is_digit(p[7]) && p[8] == ' ' &&
			is_digit(p[9]) && is_digit(p[10]) && is_digit(p[11])) ||
	    (n > 12 && p[12] != ' '))
		return fail(r, "not an HTTP/1.x status line:", p, n);
	r->minor = p[7] - '0';
	r->status = (p[9] - '0') * 100 + (p[10] - '0') * 10 + (p[11] - '0');
	if (r->status < 100 || r->status > 599)
		return fail(r, "a status code outside 100-599:", p, n);
	{
		size_t k = 0;
		for (size_t i = 13; i < n && k + 1 < sizeof r->reason; i++)
			r->reason[k++] = p[i] >= 32 && p[i] < 127 ? p[i] : '?';
		r->reason[k] = 0;
	}
	r->state = ST_HEADER;
	return CS_HTTP_MORE;
}

static int tchar(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
	       c == '!' || c == '#' || c == '$' || c == '%' || c == '&' || c == '\'' ||
	       c == '*' || c == '+' || c == '-' || c == '.' || c == '^' || c == '_' ||
	       c == '`' || c == '|' || c == '~';
}

static void copy_field(char *dst, size_t cap, const char *v, size_t n)
{
	size_t i;
	for (i = 0; i < n && i + 1 < cap; i++)
		dst[i] = v[i];
	dst[i] = 0;
}

/* One header line (not the empty one). Trailers pass 'trailer': only the
 * grammar is checked, their meaning is ignored. */
static int header_line(struct cs_http_resp *r, const char *p, size_t n, int trailer)
{
	size_t c = 0, v, e;
	if (p[0] == ' ' || p[0] == '\t')
		return fail(r, "a folded header line (obsolete line folding):", p, n);
	while (c < n && tchar(p[c]))
		c++;
	if (c == 0 || c == n || p[c] != ':')
		return fail(r, "a header line without a name and a colon:", p, n);
	if (++r->n_headers > CS_HTTP_HEADERS_MAX)
		return fail_n(r, "more than ", CS_HTTP_HEADERS_MAX, " header lines");
	v = c + 1;
	e = n;
	while (v < e && (p[v] == ' ' || p[v] == '\t'))
		v++;
	while (e > v && (p[e - 1] == ' ' || p[e - 1] == '\t'))
		e--;
	for (size_t i = v; i < e; i++)
		if (((unsigned char)p[i] < 32 && p[i] != '\t') || p[i] == 127)
			return fail(r, "a control byte in a header value:", p, n);
	if (trailer)
		return CS_HTTP_MORE;
	if (ieq(p, c, "content-length")) {
		uint64_t len = 0;
		if (e == v || e - v > 18)
			return fail(r, "Content-Length is not a number of at most 18 digits:", p, n);
		for (size_t i = v; i < e; i++) {
			if (!is_digit(p[i]))
				return fail(r, "Content-Length is not one number:", p, n);
			len = len * 10 + (uint64_t)(p[i] - '0');
		}
		if (r->has_length && r->length != len)
			return fail(r, "two different Content-Length headers; the second:", p, n);
		r->has_length = 1;
		r->length = len;
	} else if (ieq(p, c, "transfer-encoding")) {
		if (!ieq(p + v, e - v, "chunked"))
			return fail(r, "a Transfer-Encoding other than chunked:", p, n);
		r->chunked = 1;
	} else if (ieq(p, c, "location")) {
		if (e - v < sizeof r->location)
			copy_field(r->location, sizeof r->location, p + v, e - v);
	} else if (ieq(p, c, "content-type")) {
		copy_field(r->content_type, sizeof r->content_type, p + v, e - v);
	}
	return CS_HTTP_MORE;
}

/* The empty line after the headers: how the body is delimited. */
static int end_of_head(struct cs_http_resp *r)
{
	if (r->status >= 100 && r->status < 200) {
		if (r->status == 101)
			return fail(r, "101 Switching Protocols: no upgrade was asked for", NULL, 0);
		if (++r->n_interim > CS_HTTP_INTERIM_MAX)
			return fail_n(r, "more than ", CS_HTTP_INTERIM_MAX, " interim (1xx) answers");
		/* an interim answer: the final one follows */
		r->status = 0;
		r->reason[0] = r->location[0] = r->content_type[0] = 0;
		r->has_length = r->chunked = 0;
		r->length = 0;
		r->n_headers = 0;
		r->state = ST_STATUS;
		return CS_HTTP_MORE;
	}
	if (r->chunked && r->has_length)
		return fail(r, "both Content-Length and Transfer-Encoding: chunked (an answer no client should guess about)", NULL, 0);
	if (r->status == 204 || r->status == 304) {
		r->state = ST_DONE;
		return CS_HTTP_DONE;
	}
	if (r->chunked) {
		r->state = ST_CHUNK_SIZE;
		return CS_HTTP_MORE;
	}
	if (r->has_length) {
		r->left = r->length;
		if (r->length > r->body_cap) {
			if (!r->keep_head)
				return fail_n(r, "a body of ", r->length, " bytes: more than this request takes");
			r->left = r->body_cap; /* the head, then the answer ends */
			r->more = 1;
		}
		r->state = r->left ? ST_BODY_LEN : ST_DONE;
		return r->left ? CS_HTTP_MORE : CS_HTTP_DONE;
	}
	r->state = ST_BODY_EOF;
	return CS_HTTP_MORE;
}

static int chunk_size_line(struct cs_http_resp *r, const char *p, size_t n)
{
	uint64_t v = 0;
	size_t i = 0;
	while (i < n && hex_val(p[i]) >= 0) {
		if (i == CS_HTTP_CHUNK_DIGITS)
			return fail(r, "a chunk size of more than 15 hex digits:", p, n);
		v = v * 16 + (uint64_t)hex_val(p[i++]);
	}
	if (i == 0)
		return fail(r, "a chunk size line that is not a hex number:", p, n);
	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	if (i < n && p[i] != ';')
		return fail(r, "a chunk size line with garbage after the number:", p, n);
	if (v == 0) {
		r->state = ST_TRAILER;
		return CS_HTTP_MORE;
	}
	if (v > r->body_cap - r->body_len) {
		if (!r->keep_head)
			return fail_n(r, "a chunked body over ", r->body_cap, " bytes: more than this request takes");
		r->more = 1; /* what fits of this chunk, then the answer ends */
		v = r->body_cap - r->body_len;
		if (v == 0) {
			r->state = ST_DONE;
			return CS_HTTP_DONE;
		}
	}
	r->left = v;
	r->state = ST_CHUNK_DATA;
	return CS_HTTP_MORE;
}

/* A complete line (CR LF or a bare LF, the end cut off) in the state's
 * terms. */
static int line_done(struct cs_http_resp *r, const char *p, size_t n)
{
	switch (r->state) {
	case ST_STATUS:
		return status_line(r, p, n);
	case ST_HEADER:
		return n ? header_line(r, p, n, 0) : end_of_head(r);
	case ST_CHUNK_SIZE:
		return chunk_size_line(r, p, n);
	case ST_CHUNK_END:
		if (n)
			return fail(r, "chunk data longer than its size line said:", p, n);
		r->state = ST_CHUNK_SIZE;
		return CS_HTTP_MORE;
	case ST_TRAILER:
		if (n)
			return header_line(r, p, n, 1);
		r->state = ST_DONE;
		return CS_HTTP_DONE;
	}
	return fail(r, "internal: a line in a body state", NULL, 0);
}

/* One byte of a line-oriented state. */
static int line_byte(struct cs_http_resp *r, char c)
{
	int head = r->state == ST_STATUS || r->state == ST_HEADER || r->state == ST_TRAILER;
	if (head && ++r->head_bytes > CS_HTTP_HEAD_MAX)
		return fail_n(r, "a head (status line, headers, trailers) over ", CS_HTTP_HEAD_MAX, " bytes");
	if (r->state == ST_STATUS && r->line_len < 5 && c != "HTTP/"[r->line_len]) {
		r->line[r->line_len++] = c;
		return fail(r, "the answer does not start with 'HTTP/' (not an HTTP server?):", r->line, r->line_len);
	}
	if (c == '\n') {
		size_t n = r->line_len;
		if (n && r->line[n - 1] == '\r')
			n--;
		for (size_t i = 0; i < n; i++)
			if (r->line[i] == '\r')
				return fail(r, "a bare CR inside a line:", r->line, n);
		r->line_len = 0;
		return line_done(r, r->line, n);
	}
	if (c == 0)
		return fail(r, "a NUL byte in the head or a chunk line", NULL, 0);
	if (r->line_len + 1 >= CS_HTTP_LINE_MAX)
		return fail_n(r, "a line longer than ", CS_HTTP_LINE_MAX - 2, " bytes in the head or a chunk line");
	r->line[r->line_len++] = c;
	return CS_HTTP_MORE;
}

static size_t take_body(struct cs_http_resp *r, const char *p, size_t n)
{
	size_t k = n;
	if (k > r->left)
		k = (size_t)r->left;
	cs_memcpy(r->body + r->body_len, p, k);
	r->body_len += k;
	r->left -= k;
	return k;
}

int cs_http_resp_feed(struct cs_http_resp *r, const char *p, size_t n)
{
	size_t i = 0;
	while (i < n) {
		int rc = CS_HTTP_MORE;
		switch (r->state) {
		case ST_DONE:
			r->ignored += n - i;
			return CS_HTTP_DONE;
		case ST_FAIL:
			return CS_HTTP_FAIL;
		case ST_BODY_LEN:
			i += take_body(r, p + i, n - i);
			if (r->left == 0) {
				r->state = ST_DONE;
				rc = CS_HTTP_DONE;
			}
			break;
		case ST_CHUNK_DATA:
			i += take_body(r, p + i, n - i);
			if (r->left == 0 && r->more) {
				r->state = ST_DONE;
				rc = CS_HTTP_DONE;
			} else if (r->left == 0) {
				r->state = ST_CHUNK_END;
			}
			break;
		case ST_BODY_EOF: {
			/* what fits, then the refusal: the same wherever the
			 * network cut the bytes */
			size_t k = n - i, room = r->body_cap - r->body_len;
			cs_memcpy(r->body + r->body_len, p + i, k < room ? k : room);
			r->body_len += k < room ? k : room;
			if (k > room && !r->keep_head)
				return fail_n(r, "a body (read to the close) over ", r->body_cap, " bytes: more than this request takes");
			if (k > room) {
				r->more = 1;
				r->state = ST_DONE;
				rc = CS_HTTP_DONE;
				i += room;
				break;
			}
			i = n;
			break;
		}
		default:
			rc = line_byte(r, p[i++]);
		}
		if (rc == CS_HTTP_FAIL)
			return rc;
		if (rc == CS_HTTP_DONE) {
			r->ignored += n - i;
			return rc;
		}
	}
	return r->state == ST_DONE ? CS_HTTP_DONE : r->state == ST_FAIL ? CS_HTTP_FAIL : CS_HTTP_MORE;
}

int cs_http_resp_eof(struct cs_http_resp *r)
{
	/* below, every case but the first three: the answer is cut */
	r->cut = r->state != ST_DONE && r->state != ST_FAIL && r->state != ST_BODY_EOF;
	switch (r->state) {
	case ST_DONE:
		return CS_HTTP_DONE;
	case ST_FAIL:
		return CS_HTTP_FAIL;
	case ST_BODY_EOF:
		r->state = ST_DONE;
		return CS_HTTP_DONE;
	case ST_STATUS:
		if (r->line_len == 0 && r->n_interim == 0)
			return fail(r, "the connection closed before any answer", NULL, 0);
		return fail(r, "the connection closed inside the status line", NULL, 0);
	case ST_HEADER:
		return fail(r, "the connection closed inside the headers", NULL, 0);
	case ST_BODY_LEN: {
		struct cs_buf e;
		cs_buf_init(&e, r->err, sizeof r->err);
		cs_puts(&e, "the connection closed after ");
		cs_put_u64(&e, r->body_len);
		cs_puts(&e, " of ");
		cs_put_u64(&e, r->length);
		cs_puts(&e, " body bytes");
		r->state = ST_FAIL;
		return CS_HTTP_FAIL;
	}
	default:
		return fail(r, "the connection closed inside a chunked body", NULL, 0);
	}
}

/* ---- a head the firmware parsed ---- */

int cs_http_resp_status(struct cs_http_resp *r, int status)
{
	char mem[24];
	struct cs_buf b;
	if (r->state != ST_STATUS)
		return fail(r, "internal: a status after the status line", NULL, 0);
	if (status < 200 || status > 599)
		return fail_n(r, "the firmware's HTTP gave the status ", (uint64_t)status,
			      " as an answer's (not 200-599)");
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "HTTP/1.1 ");
	cs_put_u64(&b, (uint64_t)status);
	cs_puts(&b, "\r\n");
	return cs_http_resp_feed(r, mem, b.len);
}

int cs_http_resp_header(struct cs_http_resp *r, const char *name, const char *value)
{
	size_t nn = cs_strlen(name), vn = cs_strlen(value);
	int rc;
	for (size_t i = 0; i < nn + vn; i++) {
		char c = i < nn ? name[i] : value[i - nn];
		if (c == '\r' || c == '\n')
			return fail(r, "a CR or LF inside a header the firmware's HTTP gave:",
				    i < nn ? name : value, i < nn ? nn : vn);
	}
	if (r->state != ST_HEADER)
		return fail(r, "internal: a header outside the head", NULL, 0);
	rc = cs_http_resp_feed(r, name, nn);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, ": ", 2);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, value, vn);
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_feed(r, "\r\n", 2);
	return rc;
}

int cs_http_resp_head_end(struct cs_http_resp *r)
{
	if (r->state != ST_HEADER)
		return fail(r, "internal: the end of a head not begun", NULL, 0);
	return cs_http_resp_feed(r, "\r\n", 2);
}
