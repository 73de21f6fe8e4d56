/* net.c: settings over the network and the capture's upload (net.h):
 * which client, how many tries, how long each, and what the screen says. */
#include "net.h"
#include <efilib.h>
#include "console.h"
#include "net_boot.h"
#include "net_xfer.h"
#include "screen.h"
#include "../common/buf.h"

#define CS_NET_TRY_MS 10000    /* one exchange, connect to last byte */
#define CS_NET_CFG_TRIES 3     /* settings: a missing server must not hold the run long */
#define CS_NET_UPLOAD_TRIES 5  /* the capture: worth waiting for */
#define CS_NET_REPLY_MAX 4096  /* the server's answer to an upload */

static struct {
	EFI_BOOT_SERVICES *bs;
	struct cs_netboot boot;
	int nic_tried;
	EFI_STATUS nic_status;
	struct cs_nic nic;
	char nic_why[CS_NET_WHY_MAX];
} net;

int cs_net_booted(void)
{
	return net.boot.booted;
}

static void line(const char *a, const char *b, const char *c)
{
	char mem[CS_URL_TEXT_MAX + 2 * CS_NET_WHY_MAX];
	struct cs_buf o;
	cs_buf_init(&o, mem, sizeof mem);
	cs_puts(&o, a);
	if (b)
		cs_puts(&o, b);
	if (c)
		cs_puts(&o, c);
	cs_putc(&o, '\n');
	cs_con_buf(&o);
}

static void url_text(char *out, size_t cap, const struct cs_url *u)
{
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	cs_url_put(&b, u);
}

/* The interface, found once, when first needed. */
static EFI_STATUS nic(void)
{
	if (!net.nic_tried) {
		const struct cs_bootinfo *i = &net.boot.info;
		net.nic_tried = 1;
		net.nic_status = cs_nic_find(net.bs, net.boot.booted ? net.boot.dev : NULL,
					     net.boot.booted ? i->station : NULL,
					     i->has_mask ? i->mask : NULL,
					     i->has_router ? i->router : NULL,
					     &net.nic, net.nic_why, sizeof net.nic_why);
		if (!EFI_ERROR(net.nic_status)) {
			char mem[128];
			struct cs_buf b;
			cs_buf_init(&b, mem, sizeof mem);
			cs_puts(&b, "net: address ");
			cs_put_ip4(&b, net.nic.station);
			cs_puts(&b, net.nic.explicit_addr ? " (the PXE boot's, given to each connection)"
				    : net.nic.dhcp_by_us ? " (DHCP, asked for now)"
							 : " (the firmware's IPv4 configuration)");
			cs_puts(&b, net.nic.has_http ? "; the firmware has EFI_HTTP_PROTOCOL\n"
						     : "; no EFI_HTTP_PROTOCOL: own HTTP client over TCP4\n");
			cs_con_buf(&b);
		}
	}
	return net.nic_status;
}

static enum cs_http_client pick_client(const struct cs_settings *set)
{
	if (set->net.client != CS_HTTP_AUTO)
		return set->net.client;
	return net.nic.has_http ? CS_HTTP_FIRMWARE : CS_HTTP_OWN;
}

static const char *client_name(const struct cs_settings *set)
{
	if (EFI_ERROR(nic()))
		return "no network";
	return pick_client(set) == CS_HTTP_FIRMWARE ? "the firmware's HTTP" : "own HTTP over TCP4";
}

/* Worth another try: no answer, a cut one, or the server says "not now".
 * Not an answer that breaks HTTP (EFI_PROTOCOL_ERROR: our parser's, for
 * both clients), nor a request this client cannot make or fit: the same
 * request would get the same answer. (A body longer than the buffer is no
 * failure at all: its head is kept, x->reply_more.) */
static int transient(EFI_STATUS s, int status)
{
	if (s == EFI_PROTOCOL_ERROR || s == EFI_UNSUPPORTED || s == EFI_BUFFER_TOO_SMALL ||
	    s == EFI_BAD_BUFFER_SIZE)
		return 0;
	if (EFI_ERROR(s))
		return 1;
	return status >= 500 || status == 408 || status == 429;
}

/* Transient, or this client cannot (EFI_UNSUPPORTED) and auto lets ours
 * take over: the switch below. */
static int worth_again(const struct cs_settings *set, enum cs_http_client client,
		       const struct cs_xfer *x, EFI_STATUS s)
{
	if (s == EFI_UNSUPPORTED)
		return set->net.client == CS_HTTP_AUTO && client == CS_HTTP_FIRMWARE && x->url->has_ip;
	return transient(s, x->status);
}

/* One exchange with retries and back-off. tries: how many in all. */
static EFI_STATUS exchange(const struct cs_settings *set, struct cs_xfer *x, int tries,
			   const char *what)
{
	enum cs_http_client client;
	EFI_STATUS s = nic();
	UINT32 backoff = set->net_backoff_ms; /* net_backoff=; doubled before each try after */
	char msg[CS_NET_WHY_MAX + 64];

	if (EFI_ERROR(s)) {
		cs_strlcpy(x->why, net.nic_why, sizeof x->why);
		return s;
	}
	client = pick_client(set);
	for (int k = 1;; k++) {
		struct cs_buf b;
		if (client == CS_HTTP_FIRMWARE && !net.nic.has_http) {
			cs_strlcpy(x->why, "http_client=firmware, and this firmware has no EFI_HTTP_PROTOCOL", sizeof x->why);
			return EFI_UNSUPPORTED;
		}
		s = client == CS_HTTP_FIRMWARE ? cs_net_http_xfer(&net.nic, x, CS_NET_TRY_MS)
					       : cs_net_tcp_xfer(&net.nic, x, CS_NET_TRY_MS);
		if (!worth_again(set, client, x, s) || k == tries) {
			if (EFI_ERROR(s) && k < tries)
				line(what, ": not tried again (the same request would get the same answer)", "");
			return s;
		}
		cs_buf_init(&b, msg, sizeof msg);
		cs_puts(&b, what);
		cs_puts(&b, ": try ");
		cs_put_u64(&b, (uint64_t)k);
		cs_puts(&b, " of ");
		cs_put_u64(&b, (uint64_t)tries);
		cs_puts(&b, client == CS_HTTP_FIRMWARE ? " (the firmware's HTTP) " : " (own HTTP over TCP4) ");
		if (EFI_ERROR(s)) {
			cs_puts(&b, "failed: ");
			cs_puts(&b, x->why);
		} else {
			cs_puts(&b, "answered ");
			cs_put_u64(&b, (uint64_t)x->status);
		}
		cs_puts(&b, "; again in ");
		cs_put_u64(&b, backoff % 1000 ? backoff : backoff / 1000);
		cs_puts(&b, backoff % 1000 ? " ms\n" : " s\n");
		cs_con_buf(&b);
		net.bs->Stall((UINTN)backoff * 1000);
		backoff *= 2;
		/* auto: the firmware's client failed to reach the server; ours
		 * may (a firmware quirk is more likely than a changed network) */
		if (EFI_ERROR(s) && set->net.client == CS_HTTP_AUTO && client == CS_HTTP_FIRMWARE &&
		    x->url->has_ip)
			client = CS_HTTP_OWN;
	}
}

/* The first line of a refusal's body, printable, for the screen. */
static void first_line(char *out, size_t cap, const char *p, UINTN n)
{
	size_t k = 0;
	for (UINTN i = 0; i < n && p[i] != '\n' && k + 1 < cap; i++)
		if (p[i] != '\r')
			out[k++] = p[i] >= 32 && p[i] < 127 ? p[i] : '?';
	out[k] = 0;
}

static void fetch_settings(struct cs_settings *set)
{
	static char body[CS_SETTINGS_MAX]; /* as the settings file on a volume */
	char url[CS_URL_TEXT_MAX], detail[96];
	struct cs_url u;
	struct cs_xfer x;
	EFI_STATUS s;

	cs_url_with_path(&u, &net.boot.server, "/cacheshape.cfg");
	url_text(url, sizeof url, &u);
	cs_memset(&x, 0, sizeof x);
	x.method = "GET";
	x.url = &u;
	x.reply = body;
	x.reply_cap = sizeof body;
	s = exchange(set, &x, CS_NET_CFG_TRIES, "settings");
	if (EFI_ERROR(s)) {
		line("settings: cannot fetch ", url, ": defaults kept");
		line("          (", x.why, ")");
		return;
	}
	if (x.status == 404) {
		line("settings: none at ", url, " (404): defaults");
		return;
	}
	if (x.status != 200) {
		struct cs_buf b;
		cs_buf_init(&b, detail, sizeof detail);
		cs_puts(&b, " answered ");
		cs_put_u64(&b, (uint64_t)x.status);
		cs_puts(&b, ": defaults kept");
		line("settings: ", url, detail);
		return;
	}
	{
		struct cs_buf b;
		cs_buf_init(&b, detail, sizeof detail);
		cs_puts(&b, " (");
		cs_put_u64(&b, x.reply_len);
		cs_puts(&b, x.reply_more ? " bytes read of a longer file)" : " bytes)");
		line("settings: from ", url, detail);
	}
	/* one rule with the volume's file: over CS_SETTINGS_MAX bytes, the
	 * whole lines of its head count (an unattended after=) */
	if (x.reply_more)
		cs_settings_parse_head(set, body, x.reply_len);
	else
		cs_settings_parse(set, body, x.reply_len);
	cs_con_puts(set->errors); /* this parse's; the volume's were shown */
	cs_screen_settings(set);
}

void cs_net_start(EFI_HANDLE image, EFI_SYSTEM_TABLE *st, struct cs_settings *set)
{
	char mem[CS_URL_TEXT_MAX + CS_BOOT_FILE_MAX + 64];
	struct cs_buf b;

	net.bs = st->BootServices;
	cs_netboot_read(image, net.bs, &net.boot);
	if (!net.boot.booted)
		return;
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "net: booted over the network (");
	cs_puts(&b, net.boot.how);
	cs_puts(&b, "), boot file ");
	cs_puts(&b, net.boot.info.file[0] ? net.boot.info.file : "(none named)");
	if (net.boot.info.station[0]) {
		cs_puts(&b, ", address ");
		cs_put_ip4(&b, net.boot.info.station);
	}
	cs_putc(&b, '\n');
	cs_con_buf(&b);
	if (!net.boot.has_server) {
		line("net: no server to fetch settings from or upload to: ", net.boot.why, "");
		return;
	}
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "net: cacheshape server ");
	cs_url_put(&b, &net.boot.server);
	cs_putc(&b, '\n');
	cs_con_buf(&b);
	fetch_settings(set);
}

/* Where the capture goes: upload=, else the boot server's /captures. */
static int target(const struct cs_settings *set, struct cs_url *u)
{
	if (set->net.upload_off)
		return 0;
	if (set->net.upload_set) {
		*u = set->net.upload;
		return 1;
	}
	if (net.boot.booted && net.boot.has_server) {
		cs_url_with_path(u, &net.boot.server, "/captures");
		return 1;
	}
	return 0;
}

int cs_net_upload_wanted(const struct cs_settings *set)
{
	struct cs_url u;
	return target(set, &u);
}

EFI_STATUS cs_net_upload(const struct cs_settings *set, const char *json, UINTN len)
{
	static char reply[CS_NET_REPLY_MAX];
	char url[CS_URL_TEXT_MAX], where[CS_URL_TEXT_MAX + CS_URL_PATH_MAX], note[CS_NET_WHY_MAX];
	struct cs_url u;
	struct cs_xfer x;
	struct cs_buf b;
	EFI_STATUS s;

	if (!target(set, &u))
		return EFI_NOT_STARTED;
	if (!net.bs)
		return EFI_NOT_READY; /* cs_net_start was not called */
	url_text(url, sizeof url, &u);
	cs_buf_init(&b, note, sizeof note);
	cs_puts(&b, " (");
	cs_put_u64(&b, len);
	cs_puts(&b, " bytes, ");
	cs_puts(&b, client_name(set));
	cs_puts(&b, ")");
	line("upload: POST ", url, note);
	cs_memset(&x, 0, sizeof x);
	x.method = "POST";
	x.url = &u;
	x.content_type = "application/json";
	x.body = json;
	x.body_len = len;
	x.token = set->net.token;
	x.reply = reply;
	x.reply_cap = sizeof reply;
	s = exchange(set, &x, CS_NET_UPLOAD_TRIES, "upload");
	if (EFI_ERROR(s)) {
		line("upload: NOT uploaded to ", url, ":");
		line("        ", x.why, "");
		line("        the capture is on the screen above (and on the volume, if it was written)", "", "");
		return s;
	}
	if (x.status != 200 && x.status != 201) {
		cs_buf_init(&b, note, sizeof note);
		cs_puts(&b, ": the server answered ");
		cs_put_u64(&b, (uint64_t)x.status);
		line("upload: NOT uploaded to ", url, note);
		first_line(note, sizeof note, reply, x.reply_len);
		if (note[0])
			line("        it says: ", note, "");
		line("        the capture is on the screen above (and on the volume, if it was written)", "", "");
		return EFI_ABORTED;
	}
	/* the stored capture's URL: Location, on the same server */
	cs_buf_init(&b, where, sizeof where);
	if (x.location[0] == '/') {
		struct cs_url l;
		cs_url_with_path(&l, &u, x.location);
		cs_url_put(&b, &l);
	} else {
		cs_puts(&b, x.location[0] ? x.location : url);
	}
	line("uploaded: ", where, x.status == 201 ? "" : " (the server had it already)");
	return EFI_SUCCESS;
}
