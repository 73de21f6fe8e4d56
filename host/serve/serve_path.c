/* serve_path.c: what `cacheshape serve` will open (serve.h): a path decoded
 * once and strictly, then resolved, and only what stays inside its folder. */
#define _DEFAULT_SOURCE
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int cs_serve_decode(const char *enc, char *out, size_t cap, const char **why)
{
	size_t o = 0, seg = 0;

	for (const char *s = enc;; s++) {
		int c = (unsigned char)*s;
		if (c == '%') {
			int hi = hexval(s[1]), lo = hi < 0 ? -1 : hexval(s[2]);
			if (hi < 0 || lo < 0) {
				*why = "a '%' not followed by two hex digits";
				return 400;
			}
			c = hi * 16 + lo;
			s += 2;
			if (c == 0) {
				*why = "an encoded NUL (%00)";
				return 400;
			}
			if (c == '/' || c == '\\') {
				*why = "an encoded slash or backslash (%2F, %5C)";
				return 403;
			}
		} else if (c == '/' || c == '\0') {
			/* a segment ends: it must be a name, not '.', '..',
			 * empty, or hidden */
			if (o == seg && c == '/') {
				*why = "an empty path segment (//)";
				return 403;
			}
			if (o > seg && out[seg] == '.') {
				*why = "a segment that starts with '.' ('..', '.', or a hidden name)";
				return 403;
			}
			if (c == '\0')
				break;
			seg = o + 1;
		}
		if (c == '\\') {
			*why = "a backslash";
			return 403;
		}
		if (c < 0x20 || c == 0x7f) {
			*why = "a control character";
			return 400;
		}
		if (o + 1 >= cap) {
			*why = "a path longer than this server takes";
			return 400;
		}
		out[o++] = (char)c;
	}
	out[o] = '\0';
	if (o == 0) {
		*why = "an empty path";
		return 404;
	}
	return 0;
}

/* root/rel resolved into full (PATH_MAX); 0, 403 (outside root) or 404. */
static int resolve(const char *root, const char *rel, char *full, struct stat *st)
{
	char joined[8192];
	size_t n = strlen(root);

	if (snprintf(joined, sizeof joined, "%s/%s", root, rel) >= (int)sizeof joined)
		return 404;
	if (!realpath(joined, full))
		return 404;
	if (strncmp(full, root, n) != 0 || full[n] != '/')
		return 403;
	if (stat(full, st) != 0 || !S_ISREG(st->st_mode))
		return 404;
	return 0;
}

int cs_serve_inside(const char *root, const char *rel, size_t *size)
{
	char full[PATH_MAX];
	struct stat st;

	if (resolve(root, rel, full, &st))
		return -1;
	*size = (size_t)st.st_size;
	return 0;
}

const char *cs_serve_type(const char *path)
{
	static const struct { const char *ext, *type; } types[] = {
		{ ".html", "text/html; charset=utf-8" },
		{ ".js", "text/javascript; charset=utf-8" },
		{ ".css", "text/css; charset=utf-8" },
		{ ".wasm", "application/wasm" },
		{ ".json", "application/json" },
		{ ".expect", "application/json" },
		{ ".svg", "image/svg+xml" },
		{ ".png", "image/png" },
	};
	const char *dot = strrchr(path, '.');

	for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(dot, types[i].ext))
			return types[i].type;
	return "application/octet-stream";
}

enum MHD_Result cs_serve_file(struct cs_req *q, const char *root, const char *rel)
{
	char full[PATH_MAX];
	struct MHD_Response *r;
	struct stat st, fst;
	int fd, rc;

	rc = resolve(root, rel, full, &st);
	if (rc == 403)
		return cs_serve_text(q, 403, "%s: outside the served folder (a symbolic link out?)",
				     q->url);
	if (rc)
		return cs_serve_text(q, 404, "%s: no such file", q->url);
	/* The resolved path has no link left; one swapped in since is not
	 * followed, and what is opened must still be that regular file. */
	fd = open(full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &fst) != 0 || !S_ISREG(fst.st_mode) ||
	    fst.st_ino != st.st_ino || fst.st_dev != st.st_dev) {
		if (fd >= 0)
			close(fd);
		return cs_serve_text(q, 404, "%s: cannot be opened", q->url);
	}
	r = MHD_create_response_from_fd((size_t)fst.st_size, fd); /* closes fd */
	if (!r) {
		close(fd);
		return cs_serve_text(q, 500, "%s: out of memory", q->url);
	}
	return cs_serve_reply(q, 200, cs_serve_type(full), r, (size_t)fst.st_size);
}
