/* netset.c: the network keys of the settings file (netset.h). */
#include "netset.h"

static int word(const char *p, size_t n, const char *w)
{
	size_t i;
	for (i = 0; i < n && w[i]; i++)
		if (p[i] != w[i])
			return 0;
	return i == n && !w[i];
}

const char *cs_http_client_name(enum cs_http_client c)
{
	return c == CS_HTTP_FIRMWARE ? "firmware" : c == CS_HTTP_OWN ? "own" : "auto";
}

int cs_netset_line(struct cs_netset *n, const char *key, size_t kn,
		   const char *val, size_t vn, char *why, size_t whycap)
{
	struct cs_buf w;
	cs_buf_init(&w, why, whycap);
	if (word(key, kn, "upload")) {
		char err[CS_HTTP_ERR_MAX];
		struct cs_url u;
		if (word(val, vn, "off")) {
			n->upload_off = 1;
			n->upload_set = 0;
			return 1;
		}
		if (cs_url_parse(&u, val, vn, err, sizeof err) != 0) {
			cs_puts(&w, "upload takes http://HOST:PORT/PATH or off: ");
			cs_puts(&w, err);
			return -1;
		}
		n->upload = u;
		n->upload_set = 1;
		n->upload_off = 0;
		return 1;
	}
	if (word(key, kn, "upload_token")) {
		if (vn == 0 || vn > CS_HTTP_TOKEN_MAX || !cs_http_token_ok(val, vn)) {
			cs_puts(&w, "upload_token takes 1 to ");
			cs_put_u64(&w, CS_HTTP_TOKEN_MAX);
			cs_puts(&w, " characters of letters, digits and -._~+/ (then '='s), as serve --token; this one has ");
			cs_put_u64(&w, vn);
			return -1;
		}
		for (size_t i = 0; i < vn; i++)
			n->token[i] = val[i];
		n->token[vn] = 0;
		return 1;
	}
	if (word(key, kn, "http_client")) {
		if (word(val, vn, "auto"))
			n->client = CS_HTTP_AUTO;
		else if (word(val, vn, "firmware"))
			n->client = CS_HTTP_FIRMWARE;
		else if (word(val, vn, "own"))
			n->client = CS_HTTP_OWN;
		else {
			cs_puts(&w, "http_client must be auto, firmware or own");
			return -1;
		}
		return 1;
	}
	return 0;
}

void cs_netset_json(struct cs_jsonw *j, const struct cs_netset *n)
{
	cs_jsonw_key(j, "upload");
	if (n->upload_set) {
		char text[CS_URL_TEXT_MAX];
		struct cs_buf b;
		cs_buf_init(&b, text, sizeof text);
		cs_url_put(&b, &n->upload);
		cs_jsonw_str(j, text);
	} else if (n->upload_off) {
		cs_jsonw_str(j, "off");
	} else {
		cs_jsonw_null(j);
	}
	cs_jsonw_key(j, "upload_token");
	cs_jsonw_bool(j, n->token[0] != 0);
	cs_jsonw_key(j, "http_client");
	cs_jsonw_str(j, cs_http_client_name(n->client));
}
