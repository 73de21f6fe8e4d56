/* http.h: the firmware's own HTTP/1.1 client, its protocol half
 * (freestanding): URLs, the request head, and an incremental parser for
 * whatever comes back (status line, headers, a Content-Length, chunked or
 * read-to-close body). Every length is bounded by a constant below; an
 * answer that breaks a rule stops the parse with one sentence that names
 * the rule and the bound. The transport is the caller's: efi/net_tcp.c in
 * the firmware; tests/test_http.c and tests/fuzz_http.c on the host. */
#ifndef CS_HTTP_H
#define CS_HTTP_H

#include <stddef.h>
#include <stdint.h>
#include "../common/buf.h"

#define CS_HTTP_LINE_MAX 1024   /* one status, header or chunk-size line */
#define CS_HTTP_HEAD_MAX 16384  /* status line, headers and trailers together */
#define CS_HTTP_HEADERS_MAX 64  /* header lines in one answer */
#define CS_HTTP_CHUNK_DIGITS 15 /* hex digits in a chunk size (under 2^60) */
#define CS_HTTP_INTERIM_MAX 4   /* 1xx answers before the final one */
#define CS_HTTP_ERR_MAX 160
/* Characters of a bearer token, the one limit for both ends: the
 * firmware's upload_token= (net/netset.c) and serve --token
 * (host/serve/serve_upload.c). A lab's 200-character token fits. */
#define CS_HTTP_TOKEN_MAX 256
#define CS_HTTP_STR_(x) #x
#define CS_HTTP_STR(x) CS_HTTP_STR_(x)
#define CS_HTTP_TOKEN_MAX_TEXT CS_HTTP_STR(CS_HTTP_TOKEN_MAX) /* for fixed text */
/* The request head our client sends, at its longest: the request line
 * with the longest path, Host with the longest name and a port, the
 * agent, type, length, the longest token and the fixed lines. */
#define CS_HTTP_REQ_HEAD_MAX 1024
#define CS_URL_HOST_MAX 64
#define CS_URL_PATH_MAX 256
#define CS_URL_TEXT_MAX (7 + CS_URL_HOST_MAX + 6 + CS_URL_PATH_MAX)
#define CS_HTTP_DEFAULT_PORT 80

/* http://host[:port][/path]: no TLS, no user, no IPv6 literal. */
struct cs_url {
	char host[CS_URL_HOST_MAX];
	int has_ip;      /* host is a dotted quad, in ip[] */
	uint8_t ip[4];
	uint16_t port;   /* CS_HTTP_DEFAULT_PORT when the URL names none */
	char path[CS_URL_PATH_MAX]; /* from the first '/', query kept, fragment cut */
};

/* 0 and *u filled, or -1 with one sentence in err. s is n bytes, not
 * necessarily NUL-terminated. */
int cs_url_parse(struct cs_url *u, const char *s, size_t n, char *err, size_t errcap);
/* The URL as text: http://host:port/path. */
void cs_url_put(struct cs_buf *b, const struct cs_url *u);
/* The same server with another path (which starts with '/'). */
void cs_url_with_path(struct cs_url *out, const struct cs_url *base, const char *path);

/* One request's head. body_len is sent as Content-Length when has_body;
 * token (may be NULL) as "Authorization: Bearer <token>". Connection:
 * close is always asked for: one request per connection. */
struct cs_http_req {
	const char *method;       /* "GET", "POST" */
	const struct cs_url *url;
	const char *agent;        /* User-Agent */
	const char *content_type; /* NULL: none */
	int has_body;
	uint64_t body_len;
	const char *token;        /* NULL or "": no Authorization */
};

/* The request line and headers, ending with the empty line. 0, or -1 when
 * it does not fit in b or a field holds a byte a header may not carry. */
int cs_http_head(struct cs_buf *b, const struct cs_http_req *r);
/* 1 when every byte of t may stand in a bearer token (RFC 6750 b64token). */
int cs_http_token_ok(const char *t, size_t n);

enum { CS_HTTP_MORE = 0, CS_HTTP_DONE = 1, CS_HTTP_FAIL = -1 };

struct cs_http_resp {
	/* the answer, as far as read */
	int status;             /* 100..599; 0 until the status line is read */
	int minor;              /* HTTP/1.<minor> */
	char reason[64];
	char location[CS_URL_PATH_MAX]; /* "" when absent or longer than this */
	char content_type[64];
	int has_length;
	uint64_t length;        /* Content-Length */
	int chunked;
	char *body;             /* the caller's buffer; not NUL-terminated */
	size_t body_cap;
	size_t body_len;
	uint64_t ignored;       /* bytes after a complete answer (not read) */
	int keep_head;          /* the caller's: a body over body_cap keeps its
				 * first body_cap bytes, sets more and ends the
				 * answer there, instead of refusing it */
	int more;               /* keep_head, CS_HTTP_DONE: the body was longer
				 * than kept */
	int cut;                /* refused because the connection closed before
				 * the answer was whole (the network, not the
				 * server's grammar: worth another try) */
	char err[CS_HTTP_ERR_MAX];
	/* the parse */
	int state;
	char line[CS_HTTP_LINE_MAX];
	size_t line_len;
	size_t head_bytes;
	uint32_t n_headers;
	uint32_t n_interim;
	uint64_t left;          /* body or chunk bytes still to come */
};

/* Starts a parse; the body goes to body[0..cap). A chunked body is
 * decoded: body holds the data only, never the framing. */
void cs_http_resp_init(struct cs_http_resp *r, char *body, size_t cap);
/* Bytes as they arrive: CS_HTTP_MORE (send more), CS_HTTP_DONE (the answer
 * is complete), CS_HTTP_FAIL (r->err says why; nothing more is read). */
int cs_http_resp_feed(struct cs_http_resp *r, const char *p, size_t n);
/* The connection closed: CS_HTTP_DONE when that ends the answer (a body
 * read to the close, or already complete), CS_HTTP_FAIL otherwise. */
int cs_http_resp_eof(struct cs_http_resp *r);

/* For a client whose firmware parsed the head (EFI_HTTP_PROTOCOL, which
 * hands over a chunked body with its framing): the status and each header
 * as the firmware gave them, the end of the head, then the body's raw
 * bytes through cs_http_resp_feed and cs_http_resp_eof. The same rules
 * hold as for a head read off the wire; a CR or LF in a field, or an
 * interim (1xx) status, is refused. Each returns as cs_http_resp_feed. */
int cs_http_resp_status(struct cs_http_resp *r, int status);
int cs_http_resp_header(struct cs_http_resp *r, const char *name, const char *value);
int cs_http_resp_head_end(struct cs_http_resp *r);

#endif
