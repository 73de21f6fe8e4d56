/* serve_upload.h: the collection `cacheshape serve` keeps under --dir:
 * POST /captures. The strict reader validates the body; a valid capture
 * is stored once as <machine>/<date>-<sha256 prefix>.json, written unnamed
 * in its directory (or under a temporary name where the file system has
 * no O_TMPFILE), fsynced, linked into place without replacing anything,
 * the directory fsynced; the same bytes again answer 200 with the
 * existing location, also after a restart. Optional bearer token,
 * compared in constant time. serve_routes.c calls it; the listing and the
 * stored files are serve's own GET routes. Thread-safe. */
#ifndef CS_SERVE_UPLOAD_H
#define CS_SERVE_UPLOAD_H

#include <stddef.h>
#include <stdint.h>
#include "../reader.h"
#include "../../net/http.h"

#define CS_UPLOAD_MAX CS_READ_MAX_FILE /* a capture body: 4 MiB, as on disk */
#define CS_UPLOAD_PREFIX_HEX 16        /* sha256 hex digits in a stored name */
#define CS_UPLOAD_MACHINE_MAX 48       /* the machine folder's name */
#define CS_UPLOAD_TOKEN_MAX CS_HTTP_TOKEN_MAX /* one limit with the firmware's upload_token= */

struct cs_store;

/* The answer to one upload. */
struct cs_answer {
	int status;         /* 201 stored, 200 had it; 400 401 413 500 503 507 */
	char *json;         /* 200/201: {"stored","path","location","sha256","bytes"} (malloc'd: the caller frees) */
	size_t len;
	char location[224]; /* 200/201: /captures/<machine>/<name>.json */
	char message[640];  /* otherwise: why, one line */
};

/* dir is created when missing; kept by path: when the folder there is
 * replaced (removed and made again) while serving, the next upload opens
 * the new one and indexes what it holds (and says so on stderr), and
 * while nothing is there uploads are answered 503 with the reason; token_file may be NULL (no token needed).
 * Stored captures already in dir are indexed (so a restart still
 * dedupes), and temporary files a killed server left are removed. NULL
 * with err on failure. */
struct cs_store *cs_store_open(const char *dir, const char *token_file,
			       char *err, size_t errlen);
void cs_store_close(struct cs_store *s);
size_t cs_store_count(struct cs_store *s);

/* 1 when authorization (the request's Authorization header, or NULL) is
 * 'Bearer TOKEN' with this store's token, or no token is needed: checked
 * on the headers, before the body is read; cs_store_post checks it again. */
int cs_store_authorized(struct cs_store *s, const char *authorization);
#define CS_UPLOAD_NEED_TOKEN \
	"uploads need 'Authorization: Bearer <token>' with this server's token (--token)"

/* POST /captures: body/len as received (NULL/0 when none); too_large:
 * more than CS_UPLOAD_MAX bytes were sent (the body was not kept);
 * authorization: the request's Authorization header, or NULL. */
void cs_store_post(struct cs_store *s, const char *authorization, const char *body,
		   size_t len, int too_large, struct cs_answer *a);

/* The machine folder for a capture: its CPU name (cpu.brand, cpu.part),
 * else its label, through the capture-name sanitiser; "unnamed" when both
 * are empty. json must be NUL-terminated. */
void cs_store_machine(const char *json, const struct cs_capture *c, char *out,
		      size_t cap);

#endif
