/* serve.c: `cacheshape serve` (serve.h): options, the daemon, the routing
 * of each request through cs_serve_routes, and the answers' common part. */
#define _GNU_SOURCE
#include "serve.h"
#include "../cmd.h"
#include "../cli.h"
#include "../textout.h"
#include "../../common/buf.h"

#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cs_usage_serve(FILE *f)
{
	fprintf(f, "usage: cacheshape serve [--dir DIR] [--port N] [--bind ADDR] [--web DIR]\n"
	      "                        [--boot DIR] [--token FILE] [--timeout S]\n"
	      "\n"
	      "Serves the page (make web) at / and every capture under DIR at\n"
	      "/captures/PATH, with a listing at /captures/index.json, cross-origin\n"
	      "isolated so that the page gets the browser's 5 us clock. Prints the\n"
	      "URL to open, then one line per request; Ctrl-C stops it.\n"
	      "\n"
	      "  --dir DIR    the captures (default: captures)\n"
	      "  --port N     the port (default 8080; 0: any free one)\n"
	      "  --bind ADDR  the address to listen on (default 127.0.0.1, this\n"
	      "               machine only; another address serves DIR to anyone\n"
	      "               who can reach it)\n"
	      "  --web DIR    the page (default: build/web beside this program,\n"
	      "               when it is built, or PREFIX/share/cacheshape/web\n"
	      "               where make install put it)\n"
	      "  --boot DIR   what netbooted machines fetch: DIR/cacheshape.cfg\n"
	      "               at /cacheshape.cfg, DIR/FILE at /boot/FILE\n"
	      "  --token FILE uploads (POST /captures) need 'Authorization:\n"
	      "               Bearer TOKEN', TOKEN the one line in FILE (1 to\n"
	      "               " CS_HTTP_TOKEN_MAX_TEXT " characters, as the firmware's upload_token=)\n"
	      "  --timeout S  drop a connection idle for S seconds (default 30)\n"
	      "  -h, --help   this text\n"
	      "  -V, --version  the version\n"
	      "\n"
	      "POST /captures takes a capture (at most 4 MiB), checks it with the\n"
	      "strict reader and stores it once under DIR as\n"
	      "<machine>/<date>-<sha256 prefix>.json: 201 and its Location, 200\n"
	      "and the same Location for bytes it has already, 400 with the\n"
	      "reader's message, 413, 401. Nothing is ever overwritten. The token\n"
	      "and the size are checked on the headers and a refused upload's\n"
	      "body is never kept: a client that sent 'Expect: 100-continue' gets\n"
	      "the refusal at once (never 100 Continue); one that sends its body\n"
	      "straight away has it read and dropped, then the refusal.\n"
	      "\n"
	      "Limits: at most %d connections at once (more are closed\n"
	      "unanswered), %d KiB for each one's headers, and %u MiB for\n"
	      "the bodies of all uploads being received (past it: 503 and\n"
	      "Retry-After). DIR is made when missing; when it is removed and made\n"
	      "again while serving, serve opens the new one and indexes it.\n"
	      "\n"
	      "Nothing outside DIR and the page is served: '..', hidden names,\n"
	      "encoded slashes, NUL and symbolic links out are refused (403).\n"
	      "Exit status 2 on wrong usage, 1 when it cannot listen.\n",
	      CS_SERVE_CONNECTIONS, CS_SERVE_CONNECTION_MEMORY / 1024, CS_SERVE_BODIES_MAX >> 20);
}

/* Per request: the route found and, for a route that takes a body, the
 * body as it arrives, and the bytes of CS_SERVE_BODIES_MAX it holds.
 * Freed when the request completes. */
struct pending {
	const struct cs_route *route;
	char *body;
	size_t len, cap, reserved;
	int too_large, over_budget;
	unsigned refused;  /* refused on the headers, answered after the body */
	char why[512];
};

/* Bytes of CS_SERVE_BODIES_MAX reserved by the bodies being received. */
static _Atomic size_t bodies_held;

static int reserve(size_t n)
{
	size_t held = atomic_load(&bodies_held);
	do {
		if (n > CS_SERVE_BODIES_MAX - held)
			return -1;
	} while (!atomic_compare_exchange_weak(&bodies_held, &held, held + n));
	return 0;
}

static void release(struct pending *p)
{
	atomic_fetch_sub(&bodies_held, p->reserved);
	p->reserved = 0;
	free(p->body);
	p->body = NULL;
	p->len = p->cap = 0;
}

static const char *reason(unsigned status)
{
	switch (status) {
	case 200: return "OK";
	case 201: return "Created";
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 413: return "Payload Too Large";
	case 500: return "Internal Server Error";
	case 503: return "Service Unavailable";
	case 507: return "Insufficient Storage";
	}
	return "";
}

static void log_line(const struct cs_req *q, unsigned status, size_t bytes)
{
	const union MHD_ConnectionInfo *ci =
		MHD_get_connection_info(q->conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
	char addr[INET6_ADDRSTRLEN] = "?";
	const struct sockaddr *sa = ci ? ci->client_addr : NULL;

	if (sa && sa->sa_family == AF_INET)
		inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, addr, sizeof addr);
	else if (sa && sa->sa_family == AF_INET6)
		inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, addr, sizeof addr);
	/* The method and the URL are the client's (MHD has decoded %1b to
	 * ESC): shown, never sent to the terminal (common/buf.h). */
	char method[64], url[4 * 1024];
	struct cs_buf b;
	cs_buf_init(&b, method, sizeof method);
	cs_put_text(&b, q->method ? q->method : "");
	cs_buf_init(&b, url, sizeof url);
	cs_put_text(&b, q->url ? q->url : "");
	fprintf(q->srv->log, "%s %s %s %u %zu\n", addr, method, url, status, bytes);
	fflush(q->srv->log);
}

enum MHD_Result cs_serve_reply(struct cs_req *q, unsigned status,
			       const char *content_type, struct MHD_Response *r,
			       size_t bytes)
{
	enum MHD_Result rc;

	MHD_add_response_header(r, "Content-Type", content_type);
	MHD_add_response_header(r, "Cross-Origin-Opener-Policy", "same-origin");
	MHD_add_response_header(r, "Cross-Origin-Embedder-Policy", "require-corp");
	MHD_add_response_header(r, "Cross-Origin-Resource-Policy", "same-origin");
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Cache-Control", "no-store");
	rc = MHD_queue_response(q->conn, status, r);
	MHD_destroy_response(r);
	log_line(q, status, bytes);
	return rc;
}

enum MHD_Result cs_serve_bytes(struct cs_req *q, unsigned status,
			       const char *content_type, char *data, size_t len)
{
	struct MHD_Response *r =
		MHD_create_response_from_buffer(len, data, MHD_RESPMEM_MUST_FREE);
	if (!r) {
		free(data);
		return MHD_NO;
	}
	return cs_serve_reply(q, status, content_type, r, len);
}

enum MHD_Result cs_serve_text_hdr(struct cs_req *q, unsigned status, const char *hname,
				  const char *hval, const char *fmt, ...)
{
	char msg[1024], *text;
	struct MHD_Response *r;
	va_list ap;
	int n;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	n = asprintf(&text, "%u %s: %s\n", status, reason(status), msg);
	if (n < 0)
		return MHD_NO;
	if (!(r = MHD_create_response_from_buffer((size_t)n, text, MHD_RESPMEM_MUST_FREE))) {
		free(text);
		return MHD_NO;
	}
	if (hname)
		MHD_add_response_header(r, hname, hval);
	return cs_serve_reply(q, status, "text/plain; charset=utf-8", r, (size_t)n);
}

/* The route for url and method; *rest the url after its prefix. NULL with
 * *known set when some route has the path but not the method. */
static const struct cs_route *route_for(const char *url, const char *method,
					const char **rest, int *known, char *allow,
					size_t allow_cap)
{
	int head = !strcmp(method, "HEAD"), exact = 0;

	*known = 0;
	allow[0] = '\0';
	for (size_t i = 0; i < cs_serve_n_routes; i++) {
		const struct cs_route *r = &cs_serve_routes[i];
		size_t n = strlen(r->path);
		int prefix = r->path[n - 1] == '/';
		if (prefix ? strncmp(url, r->path, n) != 0 : strcmp(url, r->path) != 0)
			continue;
		if (prefix && exact)
			return NULL; /* an exact path asked with another method: 405 */
		if (!strcmp(method, r->method) || (head && !strcmp(r->method, "GET"))) {
			*rest = url + (prefix ? n : strlen(url));
			return r;
		}
		exact |= !prefix;
		if (!strstr(allow, r->method)) {
			*known = 1;
			snprintf(allow + strlen(allow), allow_cap - strlen(allow), "%s%s%s",
				 allow[0] ? ", " : "", r->method,
				 strcmp(r->method, "GET") ? "" : ", HEAD");
		}
	}
	return NULL;
}

/* Content-Length as sent: decimal digits alone; ~0ull when absent or not
 * a number (MHD refuses a malformed one itself). */
static unsigned long long content_length(struct MHD_Connection *conn)
{
	const char *v = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
						    MHD_HTTP_HEADER_CONTENT_LENGTH);
	unsigned long long n = 0;
	if (!v || !*v)
		return ~0ull;
	for (; *v >= '0' && *v <= '9'; v++) {
		if (n > (~0ull - 9) / 10)
			return ~0ull - 1; /* more than anyone takes */
		n = n * 10 + (unsigned long long)(*v - '0');
	}
	return *v ? ~0ull : n;
}

/* A refusal of a request with a body: "STATUS REASON: why", with
 * WWW-Authenticate for 401 and Retry-After for 503. */
static enum MHD_Result refuse(struct cs_req *q, unsigned status, const char *why)
{
	return cs_serve_text_hdr(q, status, status == 401 ? "WWW-Authenticate" : status == 503 ? "Retry-After" : NULL,
				 status == 401 ? "Bearer" : "1", "%s", why);
}

/* 1 when the client waits for 100 Continue before it sends the body. */
static int expects_continue(struct MHD_Connection *conn)
{
	const char *e = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_EXPECT);
	return e && strcasestr(e, "100-continue") != NULL;
}

/* The headers of a request with a body: the route's own check (the
 * token), its size, and room among the bodies held. A refusal is queued
 * now, before any of the body is read, when the client waits for it
 * ('Expect: 100-continue': it is never told to go on, and sends nothing)
 * or announces more than the route takes (413). A client that sends its
 * body straight after the headers is still sending it: closing on it
 * would reset the connection under the answer (the firmware's clients see
 * a failed send, not the 401), so that body is read and dropped as it
 * comes, never kept, and the refusal answered when it ends. */
static enum MHD_Result on_headers(struct cs_req *q, struct pending *p)
{
	unsigned long long n = q->content_length;
	unsigned st = p->route->admit ? p->route->admit(q, p->why, sizeof p->why) : 0;

	if (!st && n != ~0ull && n > p->route->max_body) {
		st = 413;
		snprintf(p->why, sizeof p->why, "a body here is at most %zu bytes; this one says "
			 "Content-Length: %llu", p->route->max_body, n);
	} else if (!st && n != ~0ull && reserve((size_t)n) != 0) {
		st = 503;
		snprintf(p->why, sizeof p->why, "uploads being received hold %u bytes at most "
			 "(CS_SERVE_BODIES_MAX) and this one (%llu bytes) does not fit now: retry",
			 CS_SERVE_BODIES_MAX, n);
	} else if (!st && n != ~0ull) {
		p->reserved = (size_t)n;
	}
	if (st && (st == 413 || expects_continue(q->conn)))
		return refuse(q, st, p->why);
	p->refused = st;
	return MHD_YES;
}

/* A piece of the body: kept, or dropped once the body is too large or
 * has no room (answered when it ends: MHD answers only then). */
static enum MHD_Result on_body(struct pending *p, const char *data, size_t n)
{
	size_t need = p->len + n;

	if (p->refused || p->too_large || p->over_budget)
		return MHD_YES; /* dropped as it comes */
	if (need > p->route->max_body) {
		p->too_large = 1;
		release(p);
		return MHD_YES;
	}
	if (need > p->reserved) { /* no Content-Length (chunked): by doubling */
		size_t more = (need > 2 * p->reserved ? need : 2 * p->reserved) - p->reserved;
		if (p->reserved + more > p->route->max_body)
			more = p->route->max_body - p->reserved;
		if (reserve(more) != 0) {
			p->over_budget = 1;
			release(p);
			return MHD_YES;
		}
		p->reserved += more;
	}
	if (need + 1 > p->cap) {
		char *grown = realloc(p->body, p->reserved + 1);
		if (!grown)
			return MHD_NO;
		p->body = grown;
		p->cap = p->reserved + 1;
	}
	memcpy(p->body + p->len, data, n);
	p->len = need;
	p->body[p->len] = '\0';
	return MHD_YES;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url,
				  const char *method, const char *version,
				  const char *upload, size_t *upload_size, void **con_cls)
{
	struct cs_req q = { conn, cls, method, url, "", NULL, 0, 0, content_length(conn) };
	struct pending *p = *con_cls;
	char allow[128];
	int known;

	(void)version;
	if (!p) {
		const struct cs_route *r = route_for(url, method, &q.rest, &known, allow, sizeof allow);
		if (!r) {
			if (!known)
				return cs_serve_text(&q, 404, "%s: nothing here (the page is at /, "
						     "captures under /captures/)", url);
			return cs_serve_text_hdr(&q, 405, "Allow", allow, "%s %s: this path answers %s",
						 method, url, allow);
		}
		if (!(p = calloc(1, sizeof *p)))
			return MHD_NO;
		p->route = r;
		*con_cls = p;
		if (r->max_body)
			return on_headers(&q, p);
	}
	if (*upload_size) {
		/* A body for a route that reads none is dropped unread. */
		enum MHD_Result rc = p->route->max_body ? on_body(p, upload, *upload_size) : MHD_YES;
		*upload_size = 0;
		return rc;
	}
	route_for(url, method, &q.rest, &known, allow, sizeof allow);
	if (p->refused)
		return refuse(&q, p->refused, p->why);
	if (p->over_budget) {
		snprintf(p->why, sizeof p->why, "uploads being received hold %u bytes at most "
			 "(CS_SERVE_BODIES_MAX): this one did not fit: retry", CS_SERVE_BODIES_MAX);
		return refuse(&q, 503, p->why);
	}
	q.body = p->too_large ? NULL : p->body;
	q.body_len = p->too_large ? 0 : p->len;
	q.too_large = p->too_large;
	return p->route->fn(&q);
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
			 enum MHD_RequestTerminationCode toe)
{
	struct pending *p = *con_cls;

	(void)cls, (void)conn, (void)toe;
	if (p) {
		release(p);
		free(p);
		*con_cls = NULL;
	}
}

/* The URL stays as sent: serve_path.c decodes it once, strictly, so that an
 * encoded slash or NUL can be told from a real one. */
static size_t keep_escaped(void *cls, struct MHD_Connection *c, char *s)
{
	(void)cls, (void)c;
	return strlen(s);
}

/* The page beside this program: build/web in a build tree
 * (build/host/cacheshape), PREFIX/share/cacheshape/web where `make install`
 * put it (PREFIX/bin/cacheshape); the first that has index.html. */
static int default_web(char *out, size_t cap)
{
	static const char *const beside[] = { "../web", "../share/cacheshape/web" };
	char exe[PATH_MAX], probe[PATH_MAX + 64];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return -1;
	*slash = '\0';
	for (size_t i = 0; i < sizeof beside / sizeof beside[0]; i++)
		if (snprintf(out, cap, "%s/%s", exe, beside[i]) < (int)cap &&
		    snprintf(probe, sizeof probe, "%s/index.html", out) < (int)sizeof probe &&
		    access(probe, R_OK) == 0)
			return 0;
	return -1;
}

static int folder(const char *what, const char *path, char *resolved)
{
	struct stat st;
	char full[PATH_MAX];

	if (!realpath(path, full) || stat(full, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "cacheshape serve: %s %s: %s\n", what, path,
			errno ? strerror(errno) : "not a folder");
		return -1;
	}
	strcpy(resolved, full);
	return 0;
}

/* Threads answering requests (MHD's pool). */
#define CS_SERVE_THREADS 8

struct opts {
	const char *dir, *bind, *web, *boot, *token;
	long port, timeout;
};

/* A number option in [lo, hi]; -1 with a message otherwise. */
static int number(const char *name, const char *v, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	*out = strtol(v, &end, 10);
	if (errno || end == v || *end || *out < lo || *out > hi) {
		cs_usage_error("serve", "%s must be %ld to %ld, got '%s'", name, lo, hi, v);
		return -1;
	}
	return 0;
}

/* The options: -1 to go on, else the exit status. */
static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "bind", required_argument, NULL, 'b' },
		{ "web", required_argument, NULL, 'w' },
		{ "boot", required_argument, NULL, 'B' },
		{ "token", required_argument, NULL, 't' },
		{ "port", required_argument, NULL, 'p' },
		{ "timeout", required_argument, NULL, 'T' },
		CS_OPT_STD, { NULL, 0, NULL, 0 }
	};
	int c;

	*o = (struct opts){ "captures", "127.0.0.1", NULL, NULL, NULL, 8080, 30 };
	while ((c = cs_getopt("serve", argc, argv, "hV", lo)) != CS_OPT_END) {
		switch (c) {
		case 'd': o->dir = optarg; break;
		case 'b': o->bind = optarg; break;
		case 'w': o->web = optarg; break;
		case 'B': o->boot = optarg; break;
		case 't': o->token = optarg; break;
		case 'p':
			if (number("--port", optarg, 0, 65535, &o->port))
				return CS_EXIT_ERROR;
			break;
		case 'T':
			if (number("--timeout (seconds)", optarg, 1, 3600, &o->timeout))
				return CS_EXIT_ERROR;
			break;
		case CS_OPT_HELP: cs_usage_serve(stdout); return CS_EXIT_OK;
		case CS_OPT_VERSION: return cs_print_version();
		default: return CS_EXIT_ERROR; /* said by cs_getopt */
		}
	}
	if (optind < argc)
		return cs_usage_error("serve", "unexpected argument '%s' (the captures are --dir DIR)",
				      argv[optind]);
	return -1;
}

/* --bind and --port as a socket address; -1 with a message. */
static int address(const struct opts *o, struct sockaddr_storage *sa, char *host,
		   size_t cap, int *loopback)
{
	struct sockaddr_in *v4 = (struct sockaddr_in *)sa;
	struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)sa;

	memset(sa, 0, sizeof *sa);
	if (inet_pton(AF_INET, o->bind, &v4->sin_addr) == 1) {
		v4->sin_family = AF_INET;
		v4->sin_port = htons((uint16_t)o->port);
		*loopback = (ntohl(v4->sin_addr.s_addr) >> 24) == 127;
		snprintf(host, cap, "%s", o->bind);
	} else if (inet_pton(AF_INET6, o->bind, &v6->sin6_addr) == 1) {
		v6->sin6_family = AF_INET6;
		v6->sin6_port = htons((uint16_t)o->port);
		*loopback = IN6_IS_ADDR_LOOPBACK(&v6->sin6_addr);
		snprintf(host, cap, "[%s]", o->bind);
	} else {
		fprintf(stderr, "cacheshape serve: --bind must be an IPv4 or IPv6 address, got '%s'\n", o->bind);
		return -1;
	}
	return 0;
}

/* The folders resolved and the collection opened; -1 with a message. */
static int folders(const struct opts *o, struct cs_serve *srv)
{
	char web_default[PATH_MAX], err[512];
	const char *web = o->web;

	/* a missing --dir is made (its parent must exist): a new collection */
	if (mkdir(o->dir, 0755) == 0)
		fprintf(stderr, "cacheshape serve: --dir %s did not exist: made it\n", o->dir);
	errno = 0;
	if (folder("--dir", o->dir, srv->dir))
		return -1;
	/* the default page is optional: a collection needs none */
	if (!web && !default_web(web_default, sizeof web_default))
		web = web_default;
	errno = 0;
	if (web && (folder("the page", web, srv->web) ||
		    access(strcat(strcpy(web_default, srv->web), "/index.html"), R_OK) != 0)) {
		fprintf(stderr, "cacheshape serve: the page is not built in %s: run make web\n", web);
		return -1;
	}
	errno = 0;
	if (o->boot && folder("--boot", o->boot, srv->boot))
		return -1;
	if (!(srv->index = cs_index_new())) {
		fprintf(stderr, "cacheshape serve: out of memory\n");
		return -1;
	}
	if (!(srv->store = cs_store_open(srv->dir, o->token, err, sizeof err))) {
		fprintf(stderr, "cacheshape serve: %s\n", err);
		return -1;
	}
	return 0;
}

/* libmicrohttpd's own messages: kept while the daemon starts (a refused
 * start is said once, by cs_cmd_serve, with the reason), said with the
 * command's prefix once it serves. */
static atomic_int mhd_started;
static char mhd_last[512];

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
	char msg[sizeof mhd_last];
	int saved = errno;
	(void)cls;
	vsnprintf(msg, sizeof msg, fmt, ap);
	msg[strcspn(msg, "\n")] = '\0';
	if (atomic_load(&mhd_started))
		cs_eprintf("cacheshape serve: libmicrohttpd: %s", msg);
	else
		memcpy(mhd_last, msg, sizeof msg);
	errno = saved;
}

/* The one line of a daemon that did not start: the port taken, or why. */
static void say_not_started(const char *host, long port, int err)
{
	if (err == EADDRINUSE)
		fprintf(stderr, "cacheshape serve: cannot listen on %s:%ld: the port is in use (another "
			"server has it: --port N for another, --port 0 for any free one)\n", host, port);
	else
		cs_eprintf("cacheshape serve: cannot listen on %s:%ld: %s", host, port,
			   err ? strerror(err) : mhd_last[0] ? mhd_last : "libmicrohttpd did not start");
}

int cs_cmd_serve(int argc, char **argv)
{
	static struct cs_serve srv;
	char host[INET6_ADDRSTRLEN + 2];
	struct sockaddr_storage sa;
	struct MHD_Daemon *d;
	const union MHD_DaemonInfo *info;
	struct opts o;
	sigset_t stop;
	int sig, loopback, rc = parse(argc, argv, &o);
	size_t served;

	if (rc >= 0)
		return rc;
	if (address(&o, &sa, host, sizeof host, &loopback) || folders(&o, &srv))
		return CS_EXIT_ERROR;
	srv.log = stdout;
	/* The daemon's thread inherits this mask: only sigwait() below sees
	 * Ctrl-C and TERM, and stops the daemon cleanly. */
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stop, NULL);
	/* A pool of threads, each with its own event loop: a stalled client
	 * holds up no one, and uploads fsync side by side (the file system
	 * commits concurrent fsyncs together). */
	d = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ERROR_LOG |
				     (sa.ss_family == AF_INET6 ? MHD_USE_IPv6 : 0),
			     (uint16_t)o.port, NULL, NULL, on_request, &srv,
			     MHD_OPTION_EXTERNAL_LOGGER, mhd_log, NULL,
			     MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&sa,
			     MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped, NULL,
			     MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
			     MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)o.timeout,
			     MHD_OPTION_THREAD_POOL_SIZE, (unsigned)CS_SERVE_THREADS,
			     MHD_OPTION_CONNECTION_LIMIT, (unsigned)CS_SERVE_CONNECTIONS,
			     MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CS_SERVE_CONNECTION_MEMORY,
			     MHD_OPTION_END);
	if (!d) {
		say_not_started(host, o.port, errno);
		cs_store_close(srv.store);
		return CS_EXIT_FAIL;
	}
	atomic_store(&mhd_started, 1);
	info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
	if (info)
		o.port = info->port;
	if (!loopback)
		fprintf(stderr, "cacheshape serve: listening on %s, not this machine alone: "
			"anyone who can reach it can read %s\n", o.bind, srv.dir);
	/* what a client will find: the listing's captures (built now, and
	 * kept for the first GET /captures/index.json) */
	if (cs_index_count(srv.index, srv.dir, &served) != 0)
		served = 0;
	printf("serving %zu capture%s in %s%s at http://%s:%ld/ (uploads %s; Ctrl-C stops)\n",
	       served, served == 1 ? "" : "s", srv.dir, srv.web[0] ? " and the page" : "", host, o.port,
	       o.token ? "need the token" : "open to anyone who can reach it");
	fflush(stdout);
	sigwait(&stop, &sig);
	MHD_stop_daemon(d);
	cs_store_close(srv.store);
	printf("stopped (%s)\n", sig == SIGINT ? "interrupt" : "terminated");
	return CS_EXIT_OK;
}
