/* serve_routes.c: what `cacheshape serve` answers, one row a route
 * (serve.h). To add one (an upload, say): a handler below and a row in
 * cs_serve_routes, with the body it may carry in max_body. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"
#include "walk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yajl/yajl_gen.h>

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);
	return n > t && !strcmp(s + n - t, tail);
}

/* GET /captures/PATH: a capture under --dir, or the expectation `check`
 * reads beside one (NAME.expect, for captures that cannot carry theirs). */
static enum MHD_Result capture_file(struct cs_req *q)
{
	char rel[4096];
	const char *why = "";
	int rc = cs_serve_decode(q->rest, rel, sizeof rel, &why);

	if (rc)
		return cs_serve_text(q, (unsigned)rc, "%s: refused: %s", q->url, why);
	if (!ends_with(rel, ".json") && !ends_with(rel, ".expect"))
		return cs_serve_text(q, 404, "%s: only captures (.json) and their expectations "
				     "(.expect) are served here", q->url);
	return cs_serve_file(q, q->srv->dir, rel);
}

/* A name yajl can write: UTF-8 (a file name need not be). */
static int utf8_ok(const unsigned char *s)
{
	while (*s) {
		int n = *s < 0x80 ? 0 : *s >= 0xc2 && *s < 0xe0 ? 1 : *s >= 0xe0 && *s < 0xf0 ? 2
			: *s >= 0xf0 && *s < 0xf5 ? 3 : -1;
		if (n < 0)
			return 0;
		for (s++; n--; s++)
			if ((*s & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

/* GET /captures/index.json: every capture /captures/ would serve, sorted:
 * {"captures": [{"path": "host/x.json", "bytes": N, "expect": true}, ...]}
 * ("expect" when NAME.expect lies beside it). A capture named index.json at
 * the top of --dir is hidden by this listing. */
static enum MHD_Result capture_list(struct cs_req *q)
{
	struct cs_walk w;
	yajl_gen g = yajl_gen_alloc(NULL);
	const unsigned char *buf;
	size_t len;
	char *text;
	enum MHD_Result rc;

	if (!g)
		return cs_serve_text(q, 500, "out of memory");
	if (cs_walk_json(q->srv->dir, &w) != 0) {
		cs_walk_free(&w);
		yajl_gen_free(g);
		return cs_serve_text(q, 500, "%s cannot be read", q->srv->dir);
	}
	yajl_gen_config(g, yajl_gen_beautify, 1);
	yajl_gen_map_open(g);
	yajl_gen_string(g, (const unsigned char *)"captures", 8);
	yajl_gen_array_open(g);
	for (size_t i = 0; i < w.n; i++) {
		const char *p = w.paths[i], *why;
		char rel[4096];
		size_t bytes;
		if (!strcmp(p, "index.json") || !utf8_ok((const unsigned char *)p) ||
		    cs_serve_decode(p, rel, sizeof rel, &why) || strcmp(rel, p) ||
		    cs_serve_inside(q->srv->dir, rel, &bytes))
			continue; /* what capture_file would refuse is not listed */
		yajl_gen_map_open(g);
		yajl_gen_string(g, (const unsigned char *)"path", 4);
		yajl_gen_string(g, (const unsigned char *)p, strlen(p));
		yajl_gen_string(g, (const unsigned char *)"bytes", 5);
		yajl_gen_integer(g, (long long)bytes);
		snprintf(rel + strlen(rel) - 5, 8, ".expect");
		if (cs_serve_inside(q->srv->dir, rel, &bytes) == 0) {
			yajl_gen_string(g, (const unsigned char *)"expect", 6);
			yajl_gen_bool(g, 1);
		}
		yajl_gen_map_close(g);
	}
	yajl_gen_array_close(g);
	yajl_gen_map_close(g);
	cs_walk_free(&w);
	yajl_gen_get_buf(g, &buf, &len);
	text = malloc(len ? len : 1);
	if (text)
		memcpy(text, buf, len);
	yajl_gen_free(g);
	if (!text)
		return cs_serve_text(q, 500, "out of memory");
	rc = cs_serve_bytes(q, 200, "application/json", text, len);
	return rc;
}

/* POST /captures: an upload, validated and stored once (serve_upload.c).
 * 201 or 200 with Location and a JSON account; otherwise the reason. */
static enum MHD_Result capture_upload(struct cs_req *q)
{
	struct cs_answer a;
	struct MHD_Response *r;

	cs_store_post(q->srv->store,
		      MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION),
		      q->body, q->body_len, q->too_large, &a);
	if (!a.json)
		return cs_serve_text_hdr(q, (unsigned)a.status,
					 a.status == 401 ? "WWW-Authenticate" : NULL, "Bearer",
					 "%s", a.message);
	if (!(r = MHD_create_response_from_buffer(a.len, a.json, MHD_RESPMEM_MUST_FREE))) {
		free(a.json);
		return MHD_NO;
	}
	MHD_add_response_header(r, "Location", a.location);
	return cs_serve_reply(q, (unsigned)a.status, "application/json", r, a.len);
}

/* GET /cacheshape.cfg: the settings a netbooted firmware fetches before
 * it measures (--boot DIR/cacheshape.cfg); 404 keeps its defaults. */
static enum MHD_Result boot_settings(struct cs_req *q)
{
	if (!q->srv->boot[0])
		return cs_serve_text(q, 404, "/cacheshape.cfg: no settings here (serve runs "
				     "without --boot): the firmware keeps its defaults");
	return cs_serve_file(q, q->srv->boot, "cacheshape.cfg");
}

/* GET /boot/FILE: what a machine boots over HTTP (UEFI HTTP boot, iPXE),
 * from --boot. */
static enum MHD_Result boot_file(struct cs_req *q)
{
	char rel[4096];
	const char *why = "";
	int rc;

	if (!q->srv->boot[0])
		return cs_serve_text(q, 404, "%s: nothing to boot here (serve runs without --boot)", q->url);
	rc = cs_serve_decode(q->rest, rel, sizeof rel, &why);
	if (rc)
		return cs_serve_text(q, (unsigned)rc, "%s: refused: %s", q->url, why);
	return cs_serve_file(q, q->srv->boot, rel);
}

/* GET /...: the page's files; / is index.html. */
static enum MHD_Result page_file(struct cs_req *q)
{
	char rel[4096];
	const char *why = "";
	int rc;

	if (!q->srv->web[0])
		return cs_serve_text(q, 404, "%s: no page here (make web builds it); captures "
				     "under /captures/", q->url);
	if (!q->rest[0])
		return cs_serve_file(q, q->srv->web, "index.html");
	rc = cs_serve_decode(q->rest, rel, sizeof rel, &why);
	if (rc)
		return cs_serve_text(q, (unsigned)rc, "%s: refused: %s", q->url, why);
	return cs_serve_file(q, q->srv->web, rel);
}

/* First match wins: the exact listing before the captures' prefix, both
 * before the page's catch-all. An exact path asked with another method is
 * 405, even where the catch-all would take the method (GET /captures). */
const struct cs_route cs_serve_routes[] = {
	{ "POST", "/captures", CS_UPLOAD_MAX, capture_upload },
	{ "GET", "/captures/index.json", 0, capture_list },
	{ "GET", "/captures/", 0, capture_file },
	{ "GET", "/cacheshape.cfg", 0, boot_settings },
	{ "GET", "/boot/", 0, boot_file },
	{ "GET", "/", 0, page_file },
};
const size_t cs_serve_n_routes = sizeof cs_serve_routes / sizeof cs_serve_routes[0];
