/* net_http.c: one exchange through the firmware's own EFI_HTTP_PROTOCOL
 * (net_xfer.h), reached through its service binding on the network
 * interface. The firmware reads the answer's head; its body comes raw (a
 * chunked one with its framing: OVMF's HttpDxe decodes no chunks), so the
 * status, the headers and the body all go through net/http.c's parser,
 * as our own client's do: one set of rules for both. Everything ends by
 * the deadline. */
#include "net_xfer.h"
#include <efilib.h>
#include "net_proto.h"
#include "../common/buf.h"

#define CS_HTTP_RAW_PIECE 2048 /* body bytes asked of the firmware at a time */

static EFI_GUID http_sb_guid = CS_HTTP_SB_GUID;
static EFI_GUID http_guid = CS_HTTP_GUID;

/* EFI_HTTP_STATUS_CODE, in the specification's order, as numbers (0: a
 * code the firmware does not name). */
static const uint16_t codes[] = {
	0, 100, 101, 200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 304,
	305, 307, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412,
	413, 414, 415, 416, 417, 500, 501, 502, 503, 504, 505, 308
};

/* Everything the driver may still point at after a deadline lives here. */
static struct {
	struct cs_net_waiter w;
	CS_HTTP_PROTOCOL *http;
	CS_HTTP_TOKEN tok;
	CS_HTTP_MESSAGE msg;
	CS_HTTP_REQUEST_DATA req;
	CS_HTTP_RESPONSE_DATA resp;
	CS_HTTP_HEADER hdr[6];
	CHAR16 url[CS_URL_TEXT_MAX];
	char host[CS_URL_HOST_MAX + 8], len[24], auth[sizeof "Bearer " + CS_HTTP_TOKEN_MAX];
	CS_HTTPv4_ACCESS_POINT ap;
	CS_HTTP_CONFIG_DATA cfg;
	struct cs_http_resp parse; /* the answer, judged by net/http.c */
	char raw[CS_HTTP_RAW_PIECE];
} h;

static void poll_http(void *ctx)
{
	(void)ctx;
	h.http->Poll(h.http);
}

/* Starts op on the token and waits for it: its status, or EFI_TIMEOUT. */
static EFI_STATUS run(EFI_BOOT_SERVICES *bs, CS_HTTP_REQUEST op)
{
	EFI_STATUS s;
	h.tok.Event = h.w.ev;
	h.tok.Status = EFI_NOT_READY;
	h.tok.Message = &h.msg;
	h.w.flag = 0;
	s = op(h.http, &h.tok);
	if (EFI_ERROR(s))
		return s;
	if (cs_net_wait(bs, &h.w.flag, h.w.deadline, poll_http, NULL) != 0) {
		h.http->Cancel(h.http, &h.tok);
		return EFI_TIMEOUT;
	}
	return h.tok.Status;
}

static void header(UINTN i, const char *name, const char *value)
{
	h.hdr[i].FieldName = (CHAR8 *)name;
	h.hdr[i].FieldValue = (CHAR8 *)value;
}

static UINTN request_headers(const struct cs_xfer *x)
{
	struct cs_buf b;
	UINTN n = 0;
	cs_buf_init(&b, h.host, sizeof h.host);
	cs_puts(&b, x->url->host);
	if (x->url->port != CS_HTTP_DEFAULT_PORT) {
		cs_putc(&b, ':');
		cs_put_u64(&b, x->url->port);
	}
	header(n++, "Host", h.host);
	header(n++, "User-Agent", "cacheshape-efi");
	header(n++, "Accept", "*/*");
	if (x->body) {
		cs_buf_init(&b, h.len, sizeof h.len);
		cs_put_u64(&b, x->body_len);
		header(n++, "Content-Type", x->content_type ? x->content_type : "application/octet-stream");
		header(n++, "Content-Length", h.len);
	}
	if (x->token && x->token[0]) {
		cs_buf_init(&b, h.auth, sizeof h.auth);
		cs_puts(&b, "Bearer ");
		cs_puts(&b, x->token);
		header(n++, "Authorization", h.auth);
	}
	return n;
}

/* The answer's headers the firmware allocated: given to the parser as they
 * came while it still reads the head (the framing is its to judge: a
 * chunked body comes with its framing), then freed. */
static int take_headers(EFI_BOOT_SERVICES *bs, int rc)
{
	for (UINTN i = 0; i < h.msg.HeaderCount; i++) {
		CS_HTTP_HEADER *f = &h.msg.Headers[i];
		if (rc == CS_HTTP_MORE && f->FieldName && f->FieldValue)
			rc = cs_http_resp_header(&h.parse, (const char *)f->FieldName,
						 (const char *)f->FieldValue);
		if (f->FieldName)
			bs->FreePool(f->FieldName);
		if (f->FieldValue)
			bs->FreePool(f->FieldValue);
	}
	if (h.msg.Headers)
		bs->FreePool(h.msg.Headers);
	h.msg.Headers = NULL;
	h.msg.HeaderCount = 0;
	return rc;
}

/* The instance configured for the interface's address, and the request
 * (with its body) sent. */
static EFI_STATUS send_request(EFI_BOOT_SERVICES *bs, struct cs_nic *nic, struct cs_xfer *x)
{
	char text[CS_URL_TEXT_MAX];
	struct cs_buf b;
	EFI_STATUS s;
	UINTN i;

	cs_memset(&h.ap, 0, sizeof h.ap);
	h.ap.UseDefaultAddress = nic->explicit_addr ? FALSE : TRUE;
	cs_memcpy(h.ap.LocalAddress.Addr, nic->station, 4);
	cs_memcpy(h.ap.LocalSubnet.Addr, nic->mask, 4);
	h.cfg.HttpVersion = CsHttpVersion11;
	h.cfg.TimeOutMillisec = 0; /* the firmware's default; our deadline bounds it */
	h.cfg.LocalAddressIsIPv6 = FALSE;
	h.cfg.AccessPoint.IPv4Node = &h.ap;
	s = h.http->Configure(h.http, &h.cfg);
	if (EFI_ERROR(s)) {
		cs_net_why(x, "configuring the firmware's HTTP", s);
		return s;
	}
	cs_buf_init(&b, text, sizeof text);
	cs_url_put(&b, x->url);
	for (i = 0; text[i] && i + 1 < CS_URL_TEXT_MAX; i++)
		h.url[i] = (CHAR16)text[i];
	h.url[i] = 0;
	h.req.Method = x->method[0] == 'P' ? CsHttpMethodPost : CsHttpMethodGet;
	h.req.Url = h.url;
	h.msg.Data.Request = &h.req;
	h.msg.HeaderCount = request_headers(x);
	h.msg.Headers = h.hdr;
	h.msg.BodyLength = x->body ? x->body_len : 0;
	h.msg.Body = (void *)x->body;
	s = run(bs, h.http->Request);
	if (EFI_ERROR(s))
		cs_net_why(x, s == EFI_TIMEOUT ? "the request was not sent before the deadline"
			      : s == EFI_ACCESS_DENIED || s == EFI_CONNECTION_REFUSED
				      ? "the server refused the connection (is it running, on this port?)"
				      : "sending the request",
			   s);
	return s;
}

/* The body, raw as the firmware hands it over, through the parser until
 * the answer is whole: decoded when chunked, its first reply_cap bytes
 * kept when longer (reply_more), refused by name when cut. */
static EFI_STATUS body(EFI_BOOT_SERVICES *bs, struct cs_xfer *x, int rc)
{
	while (rc == CS_HTTP_MORE) {
		EFI_STATUS s;
		h.msg.Data.Response = NULL;
		h.msg.HeaderCount = 0;
		h.msg.Headers = NULL;
		h.msg.BodyLength = sizeof h.raw;
		h.msg.Body = h.raw;
		s = run(bs, h.http->Response);
		take_headers(bs, CS_HTTP_DONE); /* none, normally: freed */
		if (s == EFI_TIMEOUT && !h.parse.has_length && !h.parse.chunked && h.parse.body_len) {
			/* seen with OVMF's and AAVMF's HttpDxe: the first piece of
			 * a body that ends at the close, then its receive never
			 * completes. Our own client reads such a body. */
			cs_net_why(x, "a body without Content-Length or chunks (it ends at the close): "
				      "the firmware's HTTP gave its first piece, then nothing more",
				   EFI_UNSUPPORTED);
			return EFI_UNSUPPORTED;
		}
		if (s == EFI_TIMEOUT) {
			cs_net_why(x, "no complete answer before the deadline", s);
			return s;
		}
		/* the firmware says there is no more: the server closed, or
		 * the firmware's own parser saw the answer end */
		if (s == EFI_CONNECTION_FIN || s == EFI_CONNECTION_RESET ||
		    (!EFI_ERROR(s) && h.msg.BodyLength == 0))
			rc = cs_http_resp_eof(&h.parse);
		else if (EFI_ERROR(s)) {
			cs_net_why(x, "receiving the answer's body", s);
			return s;
		} else
			rc = cs_http_resp_feed(&h.parse, h.raw, h.msg.BodyLength);
	}
	return rc == CS_HTTP_DONE ? EFI_SUCCESS : cs_net_refused(x, &h.parse);
}

static EFI_STATUS exchange(EFI_BOOT_SERVICES *bs, struct cs_nic *nic, struct cs_xfer *x)
{
	EFI_STATUS s = send_request(bs, nic, x);
	int rc;

	if (EFI_ERROR(s))
		return s;
	/* the status line and headers */
	h.msg.Data.Response = &h.resp;
	h.msg.HeaderCount = 0;
	h.msg.Headers = NULL;
	h.msg.BodyLength = 0;
	h.msg.Body = NULL;
	h.resp.StatusCode = 0;
	s = run(bs, h.http->Response);
	cs_http_resp_init(&h.parse, x->reply, x->reply_cap);
	h.parse.keep_head = 1;
	if (EFI_ERROR(s) && s != CS_EFI_HTTP_ERROR) {
		take_headers(bs, CS_HTTP_DONE);
		cs_net_why(x, s == EFI_TIMEOUT ? "no answer before the deadline" : "receiving the answer", s);
		return s;
	}
	if (h.resp.StatusCode >= sizeof codes / sizeof codes[0] || codes[h.resp.StatusCode] == 0) {
		take_headers(bs, CS_HTTP_DONE);
		cs_net_why(x, "an answer whose status code the firmware's HTTP does not name", EFI_PROTOCOL_ERROR);
		return EFI_PROTOCOL_ERROR;
	}
	rc = take_headers(bs, cs_http_resp_status(&h.parse, codes[h.resp.StatusCode]));
	if (rc == CS_HTTP_MORE)
		rc = cs_http_resp_head_end(&h.parse);
	s = body(bs, x, rc);
	if (!EFI_ERROR(s))
		cs_net_take_answer(x, &h.parse);
	return s;
}

static EFI_STATUS http_exchange(struct cs_nic *nic, struct cs_xfer *x, void *proto)
{
	h.http = proto;
	return exchange(nic->bs, nic, x);
}

static void http_reset(void *proto)
{
	CS_HTTP_PROTOCOL *p = proto;
	p->Configure(p, NULL); /* closes, and cancels what is queued */
}

EFI_STATUS cs_net_http_xfer(struct cs_nic *nic, struct cs_xfer *x, UINT32 timeout_ms)
{
	static const struct cs_net_client c = { &http_sb_guid, &http_guid, "HTTP", &h.w,
						 http_exchange, http_reset };
	return cs_net_client_run(nic, &c, x, timeout_ms);
}
