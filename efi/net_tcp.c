/* net_tcp.c: our own HTTP/1.1 client over the firmware's EFI_TCP4_PROTOCOL
 * (net_xfer.h), for firmware without EFI_HTTP_PROTOCOL, or when the
 * settings say http_client=own. The protocol logic is net/http.c, tested
 * and fuzzed on the host; this file is only the transport. One connection
 * per exchange: connect, send the head and the body, read until the parser
 * has a whole answer or the server closes, close. No name resolution: the
 * URL's host must be an IPv4 address. */
#include "net_xfer.h"
#include <efilib.h>
#include "../common/buf.h"

#define CS_TCP_RX 4096          /* one receive */
#define CS_TCP_TX_PIECE 32768   /* the body goes in pieces of this size */
#define CS_TCP_CLOSE_MS 1000    /* a polite close, then an abort */

static EFI_GUID tcp4_sb_guid = EFI_TCP4_SERVICE_BINDING_PROTOCOL;
static EFI_GUID tcp4_guid = EFI_TCP4_PROTOCOL;

/* Tokens, buffers and the event live as long as the program: a token the
 * driver still holds after a timeout must never point at a dead stack. */
static struct {
	struct cs_net_waiter w;
	EFI_TCP4 *tcp;
	EFI_TCP4_CONNECTION_TOKEN conn;
	EFI_TCP4_IO_TOKEN io;
	EFI_TCP4_CLOSE_TOKEN close;
	EFI_TCP4_TRANSMIT_DATA tx;
	EFI_TCP4_RECEIVE_DATA rx;
	char head[CS_HTTP_REQ_HEAD_MAX];
	char rxbuf[CS_TCP_RX];
	struct cs_http_resp resp;
} t;

static void poll_tcp(void *ctx)
{
	(void)ctx;
	t.tcp->Poll(t.tcp);
}

/* Waits for the token whose status is *st; -1 at the deadline. */
static int wait_token(EFI_BOOT_SERVICES *bs)
{
	return cs_net_wait(bs, &t.w.flag, t.w.deadline, poll_tcp, NULL);
}

static EFI_STATUS send_all(EFI_BOOT_SERVICES *bs, struct cs_xfer *x, const void *p, UINTN n, const char *what)
{
	while (n) {
		UINTN k = n < CS_TCP_TX_PIECE ? n : CS_TCP_TX_PIECE;
		EFI_STATUS s;
		t.tx.Push = TRUE;
		t.tx.Urgent = FALSE;
		t.tx.DataLength = (UINT32)k;
		t.tx.FragmentCount = 1;
		t.tx.FragmentTable[0].FragmentLength = (UINT32)k;
		t.tx.FragmentTable[0].FragmentBuffer = (void *)p;
		t.io.Packet.TxData = &t.tx;
		t.io.CompletionToken.Event = t.w.ev;
		t.io.CompletionToken.Status = EFI_NOT_READY;
		t.w.flag = 0;
		s = t.tcp->Transmit(t.tcp, &t.io);
		if (!EFI_ERROR(s) && wait_token(bs) != 0)
			s = EFI_TIMEOUT;
		if (!EFI_ERROR(s))
			s = t.io.CompletionToken.Status;
		if (EFI_ERROR(s)) {
			cs_net_why(x, what, s);
			return s;
		}
		p = (const char *)p + k;
		n -= k;
	}
	return EFI_SUCCESS;
}

/* Reads until the answer is whole, the server closes, or the deadline. */
static EFI_STATUS receive(EFI_BOOT_SERVICES *bs, struct cs_xfer *x)
{
	int rc = CS_HTTP_MORE;
	cs_http_resp_init(&t.resp, x->reply, x->reply_cap);
	t.resp.keep_head = 1; /* a longer body: its head, as the firmware's client */
	while (rc == CS_HTTP_MORE) {
		EFI_STATUS s;
		t.rx.UrgentFlag = FALSE;
		t.rx.DataLength = CS_TCP_RX;
		t.rx.FragmentCount = 1;
		t.rx.FragmentTable[0].FragmentLength = CS_TCP_RX;
		t.rx.FragmentTable[0].FragmentBuffer = t.rxbuf;
		t.io.Packet.RxData = &t.rx;
		t.io.CompletionToken.Event = t.w.ev;
		t.io.CompletionToken.Status = EFI_NOT_READY;
		t.w.flag = 0;
		s = t.tcp->Receive(t.tcp, &t.io);
		if (!EFI_ERROR(s) && wait_token(bs) != 0) {
			cs_net_why(x, "no complete answer before the deadline", EFI_TIMEOUT);
			return EFI_TIMEOUT;
		}
		if (!EFI_ERROR(s))
			s = t.io.CompletionToken.Status;
		if (s == EFI_CONNECTION_FIN || s == EFI_CONNECTION_RESET) {
			rc = cs_http_resp_eof(&t.resp);
			break;
		}
		if (EFI_ERROR(s)) {
			cs_net_why(x, "receiving the answer", s);
			return s;
		}
		rc = cs_http_resp_feed(&t.resp, t.rxbuf, t.rx.DataLength);
	}
	if (rc != CS_HTTP_DONE)
		return cs_net_refused(x, &t.resp);
	cs_net_take_answer(x, &t.resp);
	return EFI_SUCCESS;
}

static EFI_STATUS exchange(EFI_BOOT_SERVICES *bs, struct cs_nic *nic, struct cs_xfer *x)
{
	EFI_TCP4_CONFIG_DATA cfg;
	struct cs_buf b;
	EFI_STATUS s;

	cs_memset(&cfg, 0, sizeof cfg);
	cfg.TimeToLive = 64;
	cfg.AccessPoint.UseDefaultAddress = nic->explicit_addr ? FALSE : TRUE;
	cs_memcpy(cfg.AccessPoint.StationAddress.Addr, nic->station, 4);
	cs_memcpy(cfg.AccessPoint.SubnetMask.Addr, nic->mask, 4);
	cs_memcpy(cfg.AccessPoint.RemoteAddress.Addr, x->url->ip, 4);
	cfg.AccessPoint.RemotePort = x->url->port;
	cfg.AccessPoint.ActiveFlag = TRUE;
	s = t.tcp->Configure(t.tcp, &cfg);
	if (EFI_ERROR(s)) {
		cs_net_why(x, s == EFI_NO_MAPPING ? "TCP has no IPv4 address yet" : "configuring TCP", s);
		return s;
	}
	if (nic->explicit_addr && nic->has_router) {
		EFI_IPv4_ADDRESS any = { { 0, 0, 0, 0 } }, gw;
		cs_memcpy(gw.Addr, nic->router, 4);
		t.tcp->Routes(t.tcp, FALSE, &any, &any, &gw); /* off-link servers: best effort */
	}
	t.conn.CompletionToken.Event = t.w.ev;
	t.conn.CompletionToken.Status = EFI_NOT_READY;
	t.w.flag = 0;
	s = t.tcp->Connect(t.tcp, &t.conn);
	if (!EFI_ERROR(s) && wait_token(bs) != 0)
		s = EFI_TIMEOUT;
	if (!EFI_ERROR(s))
		s = t.conn.CompletionToken.Status;
	if (EFI_ERROR(s)) {
		cs_net_why(x, s == EFI_CONNECTION_REFUSED ? "the server refused the connection (is it running, on this port?)"
			      : s == EFI_TIMEOUT ? "no connection before the deadline"
						 : "connecting",
			   s);
		return s;
	}
	cs_buf_init(&b, t.head, sizeof t.head);
	if (cs_http_head(&b, &(struct cs_http_req){ x->method, x->url, "cacheshape-efi",
						     x->content_type, x->body != NULL,
						     x->body_len, x->token }) != 0) {
		cs_net_why(x, "the request head does not fit", EFI_BUFFER_TOO_SMALL);
		return EFI_BUFFER_TOO_SMALL;
	}
	s = send_all(bs, x, t.head, b.len, "sending the request");
	if (!EFI_ERROR(s) && x->body)
		s = send_all(bs, x, x->body, x->body_len, "sending the body");
	if (EFI_ERROR(s))
		return s;
	s = receive(bs, x);
	/* a polite close, bounded; the reset below ends it either way */
	t.close.AbortOnClose = FALSE;
	t.close.CompletionToken.Event = t.w.ev;
	t.w.flag = 0;
	if (!EFI_ERROR(t.tcp->Close(t.tcp, &t.close))) {
		EFI_EVENT d = t.w.deadline;
		if (!EFI_ERROR(cs_net_deadline(bs, CS_TCP_CLOSE_MS, &t.w.deadline))) {
			wait_token(bs);
			bs->CloseEvent(t.w.deadline);
		}
		t.w.deadline = d;
	}
	return s;
}

static EFI_STATUS tcp_exchange(struct cs_nic *nic, struct cs_xfer *x, void *proto)
{
	t.tcp = proto;
	return exchange(nic->bs, nic, x);
}

static void tcp_reset(void *proto)
{
	EFI_TCP4 *p = proto;
	p->Configure(p, NULL); /* resets the connection, flushes every token */
}

EFI_STATUS cs_net_tcp_xfer(struct cs_nic *nic, struct cs_xfer *x, UINT32 timeout_ms)
{
	static const struct cs_net_client c = { &tcp4_sb_guid, &tcp4_guid, "TCP4", &t.w,
						 tcp_exchange, tcp_reset };
	if (!x->url->has_ip) {
		x->status = 0;
		cs_net_why(x, "our own HTTP client resolves no names: give the server as an IPv4 address", EFI_UNSUPPORTED);
		return EFI_UNSUPPORTED;
	}
	return cs_net_client_run(nic, &c, x, timeout_ms);
}
