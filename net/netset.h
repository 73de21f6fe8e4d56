/* netset.h: the network keys of the firmware's cacheshape.cfg, parsed here
 * (freestanding, unit-tested on the host) for efi/settings.c:
 *   upload=http://HOST:PORT/captures   where to POST the capture; "off"
 *                                      uploads nothing, even when netbooted
 *   upload_token=TOKEN                 sent as Authorization: Bearer TOKEN
 *   http_client=auto|firmware|own      the firmware's EFI_HTTP_PROTOCOL, or
 *                                      our own client over EFI_TCP4_PROTOCOL
 *                                      (auto: the firmware's where it has one)
 * The token is never written into a capture. */
#ifndef CS_NETSET_H
#define CS_NETSET_H

#include <stddef.h>
#include "http.h"
#include "../common/jsonw.h"

enum cs_http_client { CS_HTTP_AUTO, CS_HTTP_FIRMWARE, CS_HTTP_OWN };

struct cs_netset {
	int upload_set;      /* upload= named a URL */
	int upload_off;      /* upload=off */
	struct cs_url upload;
	char token[CS_HTTP_TOKEN_MAX + 1]; /* the one limit: net/http.h */
	enum cs_http_client client;
};

/* One key=value of the settings file: 0 when the key is not a network
 * key, 1 when taken, -1 when the value is refused (why says how, and the
 * setting keeps what it had). */
int cs_netset_line(struct cs_netset *n, const char *key, size_t kn,
		   const char *val, size_t vn, char *why, size_t whycap);
const char *cs_http_client_name(enum cs_http_client c);
/* "upload", "upload_token" (true/false only) and "http_client" members. */
void cs_netset_json(struct cs_jsonw *j, const struct cs_netset *n);

#endif
