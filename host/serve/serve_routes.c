/* serve_routes.c: what `cacheshape serve` answers, one row a route
 * (serve.h). To add one (an upload, say): a handler below and a row in
 * cs_serve_routes, with the body it may carry in max_body. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"
#include "../cmd/table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* GET /captures/index.json: every capture /captures/ would serve, sorted
 * (serve_index.c keeps it while --dir is unchanged). */
static enum MHD_Result capture_list(struct cs_req *q)
{
	char *text;
	size_t len;

	if (cs_index_get(q->srv->index, q->srv->dir, &text, &len) != 0)
		return cs_serve_text(q, 500, "%s cannot be read (or out of memory)", q->srv->dir);
	return cs_serve_bytes(q, 200, "application/json", text, len);
}

/* GET /captures/table.json: every capture under --dir as `cacheshape table
 * --json` gives it (host/cmd/table.c, the same code): the page's table of
 * the folder. */
static enum MHD_Result capture_table(struct cs_req *q)
{
	size_t len = 0;
	char *text = cs_table_json_dir(q->srv->dir, &len, cs_index_admits);
	struct MHD_Response *r;

	if (!text)
		return cs_serve_text(q, 500, "%s cannot be read (or out of memory)", q->srv->dir);
	if (!(r = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE))) {
		free(text);
		return MHD_NO;
	}
	return cs_serve_reply(q, 200, "application/json", r, len);
}

/* POST /captures, on its headers: the token, before any body is read. */
static unsigned capture_admit(struct cs_req *q, char *why, size_t cap)
{
	if (cs_store_authorized(q->srv->store,
				MHD_lookup_connection_value(q->conn, MHD_HEADER_KIND,
							    MHD_HTTP_HEADER_AUTHORIZATION)))
		return 0;
	snprintf(why, cap, "%s", CS_UPLOAD_NEED_TOKEN);
	return 401;
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
	{ "POST", "/captures", CS_UPLOAD_MAX, capture_upload, capture_admit },
	{ "GET", "/captures/index.json", 0, capture_list, NULL },
	{ "GET", "/captures/table.json", 0, capture_table, NULL },
	{ "GET", "/captures/", 0, capture_file, NULL },
	{ "GET", "/cacheshape.cfg", 0, boot_settings, NULL },
	{ "GET", "/boot/", 0, boot_file, NULL },
	{ "GET", "/", 0, page_file, NULL },
};
const size_t cs_serve_n_routes = sizeof cs_serve_routes / sizeof cs_serve_routes[0];
