/* test_netset.c: the network keys of the settings file (net/netset.c):
 * good values taken, bad ones refused with the reason and the old value
 * kept, other keys left to the settings parser, the token never written. */
#include <string.h>
#include "check.h"
#include "../net/netset.h"

CS_TEST_MAIN_DEFS;

static int line(struct cs_netset *n, const char *k, const char *v, char *why)
{
	return cs_netset_line(n, k, strlen(k), v, strlen(v), why, 200);
}

int main(void)
{
	struct cs_netset n;
	char why[200], mem[512];
	struct cs_buf b;
	struct cs_jsonw j;

	memset(&n, 0, sizeof n);
	CHECK(line(&n, "upload", "http://10.0.2.2:8123/captures", why) == 1 && n.upload_set &&
	      n.upload.port == 8123 && strcmp(n.upload.path, "/captures") == 0, "upload URL taken");
	CHECK(line(&n, "upload", "https://10.0.2.2/captures", why) == -1 && strstr(why, "https is not supported") &&
	      n.upload.port == 8123, "https refused, old URL kept: %s", why);
	CHECK(line(&n, "upload", "10.0.2.2:8080", why) == -1 && strstr(why, "upload takes http://"), "no scheme: %s", why);
	CHECK(line(&n, "upload", "off", why) == 1 && n.upload_off && !n.upload_set, "upload=off");
	CHECK(line(&n, "upload_token", "Zm9v-bar_1.~+/==", why) == 1 && strcmp(n.token, "Zm9v-bar_1.~+/==") == 0, "token taken");
	CHECK(line(&n, "upload_token", "two words", why) == -1 && strcmp(n.token, "Zm9v-bar_1.~+/==") == 0, "token with a space refused");
	CHECK(line(&n, "upload_token", "", why) == -1, "empty token refused");
	/* issue 22 item 13: one limit with serve --token (net/http.h) */
	{
		char tok[CS_HTTP_TOKEN_MAX + 2];
		memset(tok, 'a', sizeof tok);
		tok[200] = 0;
		CHECK(line(&n, "upload_token", tok, why) == 1 && strlen(n.token) == 200,
		      "a lab's 200-character token taken: %s", why);
		tok[200] = 'a';
		tok[CS_HTTP_TOKEN_MAX] = 0;
		CHECK(line(&n, "upload_token", tok, why) == 1 && strlen(n.token) == CS_HTTP_TOKEN_MAX,
		      "a token of %d characters taken: %s", CS_HTTP_TOKEN_MAX, why);
		tok[CS_HTTP_TOKEN_MAX] = 'a';
		tok[CS_HTTP_TOKEN_MAX + 1] = 0;
		CHECK(line(&n, "upload_token", tok, why) == -1 && strlen(n.token) == CS_HTTP_TOKEN_MAX &&
		      strstr(why, "1 to " CS_HTTP_TOKEN_MAX_TEXT " characters") && strstr(why, "has 257"),
		      "one more refused, with the limit and the length: %s", why);
		line(&n, "upload_token", "Zm9v-bar_1.~+/==", why);
	}
	CHECK(line(&n, "http_client", "own", why) == 1 && n.client == CS_HTTP_OWN, "own client");
	CHECK(line(&n, "http_client", "curl", why) == -1 && n.client == CS_HTTP_OWN && strstr(why, "auto, firmware or own"), "bad client: %s", why);
	CHECK(line(&n, "sweep", "quick", why) == 0, "other keys are not ours");
	CHECK(line(&n, "uploads", "off", why) == 0, "a key is matched whole");

	line(&n, "upload", "http://lab:9000/c", why);
	cs_buf_init(&b, mem, sizeof mem);
	cs_jsonw_init(&j, &b, 0);
	cs_jsonw_obj(&j);
	cs_netset_json(&j, &n);
	cs_jsonw_obj_end(&j);
	CHECK(cs_jsonw_finish(&j) == 0 && strcmp(mem, "{\"upload\":\"http://lab:9000/c\",\"upload_token\":true,\"http_client\":\"own\"}") == 0,
	      "json: %s", mem);
	CHECK(strstr(mem, "Zm9v") == NULL, "the token itself is never written");
	return cs_test_summary("netset");
}
