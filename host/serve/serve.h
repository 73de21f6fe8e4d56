/* serve.h: `cacheshape serve [--dir captures] [--port 8080] [--bind 127.0.0.1]
 * [--web DIR] [--boot DIR] [--token FILE] [--timeout S]`: the page
 * (build/web) at / and the captures under /captures/, on libmicrohttpd;
 * POST /captures stores an upload (serve_upload.h), and netbooting
 * firmware fetches /cacheshape.cfg and /boot/FILE from --boot. Every response is cross-origin isolated
 * (COOP same-origin, COEP require-corp), so the page gets the browser's
 * finer clock. Nothing outside the two folders is ever served: a path is
 * decoded once, strictly (no NUL, no encoded slash or backslash, no '.' or
 * '..' or hidden segment), and the file it names must still lie inside its
 * folder once symbolic links are resolved.
 *
 * Requests are routed by one table (serve_routes.c): a method, a path (a
 * prefix when it ends in '/'), the body a method may carry, a handler. A
 * path no route knows is 404; a known path with another method is 405 with
 * Allow. Each handler answers through cs_serve_reply() and friends, which
 * add the isolation headers and write the request's log line. Host only. */
#ifndef CS_SERVE_H
#define CS_SERVE_H

#include <stddef.h>
#include <stdio.h>
#include <microhttpd.h>
#include "serve_upload.h"

/* What the server serves, fixed at start. */
struct cs_serve {
	char dir[4096];   /* --dir, resolved (realpath) */
	char web[4096];   /* the page's folder, resolved; "" when there is none */
	char boot[4096];  /* --boot, resolved; "" when not given */
	struct cs_store *store; /* the collection uploads go to (serve_upload.h) */
	struct cs_index *index; /* GET /captures/index.json, kept (serve_index.c) */
	FILE *log;        /* one line per request */
};

/* What serve holds at once (libmicrohttpd's options, and its own count of
 * bodies), said in --help:
 * connections open at once: past it a new one is closed unanswered */
#define CS_SERVE_CONNECTIONS 512
/* each connection's buffer for its request line, headers and reads */
#define CS_SERVE_CONNECTION_MEMORY (32 * 1024)
/* the bodies of uploads being received, all together: an upload that would
 * pass it is answered 503 with Retry-After (its Content-Length reserved on
 * the headers, before any body is read) */
#define CS_SERVE_BODIES_MAX (32u << 20)

/* One request, as a handler sees it. */
struct cs_req {
	struct MHD_Connection *conn;
	const struct cs_serve *srv;
	const char *method;
	const char *url;  /* the path as sent, still percent-encoded */
	const char *rest; /* url after the route's prefix */
	const char *body; /* the whole body, for routes that take one */
	size_t body_len;
	int too_large;    /* the body passed the route's max_body (body NULL) */
	unsigned long long content_length; /* the header's value; ~0ull: none */
};

typedef enum MHD_Result (*cs_route_fn)(struct cs_req *q);
typedef unsigned (*cs_admit_fn)(struct cs_req *q, char *why, size_t cap);

struct cs_route {
	const char *method;  /* "GET" answers HEAD too */
	const char *path;    /* exact, or a prefix when it ends in '/' */
	size_t max_body;     /* bytes of body accepted; 0: none is read */
	cs_route_fn fn;
	/* For a route with a body: called on the headers, before any of the
	 * body is read (and before a client that sent 'Expect: 100-continue'
	 * is told to go on). 0: the body may come; else the refusal's status
	 * (401 gets WWW-Authenticate: Bearer), its message in why. A refused
	 * body is never kept (see on_headers in serve.c). */
	cs_admit_fn admit;
};

extern const struct cs_route cs_serve_routes[];
extern const size_t cs_serve_n_routes;

/* Answers (serve.c). Each adds Cross-Origin-Opener-Policy: same-origin,
 * Cross-Origin-Embedder-Policy: require-corp, Cross-Origin-Resource-Policy:
 * same-origin, X-Content-Type-Options: nosniff and Cache-Control: no-store,
 * queues the response and logs the request. */
enum MHD_Result cs_serve_reply(struct cs_req *q, unsigned status,
			       const char *content_type, struct MHD_Response *r,
			       size_t bytes);
/* A text/plain answer: "STATUS REASON: MESSAGE\n", with one more header
 * (hname NULL: none); cs_serve_text without. */
enum MHD_Result cs_serve_text_hdr(struct cs_req *q, unsigned status, const char *hname,
				  const char *hval, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
#define cs_serve_text(q, status, ...) cs_serve_text_hdr(q, status, NULL, NULL, __VA_ARGS__)
/* The bytes of a heap block the response then owns (it is freed). */
enum MHD_Result cs_serve_bytes(struct cs_req *q, unsigned status,
			       const char *content_type, char *data, size_t len);

/* Paths (serve_path.c). Decode an encoded path relative to a folder into
 * out: 0, or a status (400 or 403) with *why saying what was refused. */
int cs_serve_decode(const char *enc, char *out, size_t cap, const char **why);
/* The regular file rel (decoded) names under root (resolved), answered
 * with its content type; 403 when it resolves outside root, 404 when it
 * does not exist or is not a regular file. */
enum MHD_Result cs_serve_file(struct cs_req *q, const char *root, const char *rel);
/* 0 when rel (decoded) names a regular file inside root once links are
 * resolved; *size its bytes. */
int cs_serve_inside(const char *root, const char *rel, size_t *size);
const char *cs_serve_type(const char *path);

/* GET /captures/index.json's text (serve_index.c): built by walking --dir,
 * then kept while no folder under it has changed (each folder's inode and
 * modification time, checked on each request: a capture added, removed or
 * renamed by hand, an upload, --dir replaced) and rebuilt otherwise. A
 * file rewritten in place with another size keeps its old "bytes" until
 * its folder changes. */
struct cs_index;
struct cs_index *cs_index_new(void);
void cs_index_free(struct cs_index *x);
/* A malloc'd copy of the listing into *text, *len; 0, or -1 when dir
 * cannot be read or memory ran out. */
int cs_index_get(struct cs_index *x, const char *dir, char **text, size_t *len);
/* Would the listing hold rel (a path under dir as cs_walk_json gives it)?
 * 1 when /captures/ would serve it: inside dir, no link out, not hidden;
 * GET /captures/table.json reads only these. */
int cs_index_admits(const char *dir, const char *rel);
/* How many captures that listing names (what serve announces); 0, or -1
 * as cs_index_get. */
int cs_index_count(struct cs_index *x, const char *dir, size_t *n);

int cs_cmd_serve(int argc, char **argv);
void cs_usage_serve(FILE *f);

#endif
