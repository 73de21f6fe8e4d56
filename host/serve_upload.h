/* serve_upload.h: the collection `cacheshape serve` keeps under --dir, and
 * its routes: POST /captures (the strict reader validates; stored once as
 * <machine>/<date>-<sha256 prefix>.json, written unnamed in its directory,
 * fsynced, linked into place without replacing anything, the directory
 * fsynced; the same bytes again answer 200 with the existing location),
 * GET /captures/index.json, GET /captures/<machine>/<file>.json. Optional
 * bearer token for uploads, compared in constant time. Independent of the
 * HTTP library: serve hands it the method, the path, the Authorization
 * header and the body, and sends back the answer. Thread-safe. */
#ifndef CS_SERVE_UPLOAD_H
#define CS_SERVE_UPLOAD_H

#include <stddef.h>
#include <stdint.h>
#include "reader.h"

#define CS_UPLOAD_MAX CS_READ_MAX_FILE /* a capture body: 4 MiB, as on disk */
#define CS_UPLOAD_PREFIX_HEX 16        /* sha256 hex digits in a stored name */
#define CS_UPLOAD_MACHINE_MAX 48       /* the machine folder's name */
#define CS_UPLOAD_TOKEN_MAX 256

struct cs_store;

/* The answer to one request. body is malloc'd (the caller frees it);
 * location is set for 200/201 of an upload. */
struct cs_answer {
	int status;
	const char *type;
	char *body;
	size_t len;
	char location[224];
	int allow_get, allow_post; /* 405: the Allow header */
	int challenge;             /* 401: WWW-Authenticate: Bearer */
	char note[240];            /* for the request's log line */
};

/* dir is created when missing; token_file may be NULL (no token needed).
 * Stored captures already in dir are indexed (so a restart still
 * dedupes), and temporary files a killed server left are removed. NULL
 * with err on failure. */
struct cs_store *cs_store_open(const char *dir, const char *token_file,
			       char *err, size_t errlen);
void cs_store_close(struct cs_store *s);
size_t cs_store_count(struct cs_store *s);

/* 1 when the route is one of ours (/captures, /captures/...): then *a is
 * the answer. body/len: the request's body (NULL for none); too_large:
 * more than CS_UPLOAD_MAX bytes were announced or sent (body not kept). */
int cs_store_route(struct cs_store *s, const char *method, const char *path,
		   const char *authorization, const char *body, size_t len,
		   int too_large, struct cs_answer *a);

/* The machine folder for a capture: its CPU name (cpu.brand, cpu.part),
 * else its label, through the capture-name sanitiser; "unnamed" when both
 * are empty. json must be NUL-terminated. */
void cs_store_machine(const char *json, const struct cs_capture *c, char *out,
		      size_t cap);

#endif
