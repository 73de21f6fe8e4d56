/* test_bootinfo.c: the network boot's DHCP answer (net/bootinfo.c):
 * packets as QEMU's user-mode network, dnsmasq and an HTTP-boot server
 * send them, and broken ones, each refused with its reason. */
#include <string.h>
#include "check.h"
#include "../net/bootinfo.h"

CS_TEST_MAIN_DEFS;

struct pkt {
	uint8_t b[600];
	size_t opt; /* next option byte */
};

static void pkt_init(struct pkt *p, const char *file)
{
	memset(p, 0, sizeof *p);
	p->b[0] = 2; /* BOOTREPLY */
	p->b[16] = 10, p->b[17] = 0, p->b[18] = 2, p->b[19] = 15;  /* yiaddr */
	p->b[20] = 10, p->b[21] = 0, p->b[22] = 2, p->b[23] = 2;   /* siaddr */
	if (file)
		memcpy(p->b + 108, file, strlen(file));
	p->b[236] = 99, p->b[237] = 130, p->b[238] = 83, p->b[239] = 99;
	p->opt = 240;
}

static void opt(struct pkt *p, uint8_t code, const void *v, uint8_t len)
{
	p->b[p->opt++] = code;
	p->b[p->opt++] = len;
	memcpy(p->b + p->opt, v, len);
	p->opt += len;
}

static size_t end(struct pkt *p)
{
	p->b[p->opt++] = 255;
	return p->opt;
}

static void url_is(const struct cs_bootinfo *b, const char *want, const char *name)
{
	struct cs_url u;
	char err[160] = "", text[CS_URL_TEXT_MAX];
	struct cs_buf t;
	int rc = cs_bootinfo_server(b, &u, err, sizeof err);
	cs_buf_init(&t, text, sizeof text);
	if (rc == 0)
		cs_url_put(&t, &u);
	CHECK(rc == 0 && strcmp(text, want) == 0, "%s: server URL '%s' (want '%s'), err '%s'", name, text, want, err);
}

static void test_qemu_tftp(void)
{
	struct pkt p;
	struct cs_bootinfo b;
	char err[160];
	static const uint8_t mask[4] = { 255, 255, 255, 0 }, gw[4] = { 10, 0, 2, 2 };
	pkt_init(&p, "cacheshape.efi");
	opt(&p, 53, "\x05", 1);
	opt(&p, 1, mask, 4);
	opt(&p, 3, gw, 4);
	memset(&b, 0, sizeof b);
	CHECK(cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err) == 0, "slirp ack: %s", err);
	CHECK(strcmp(b.file, "cacheshape.efi") == 0, "file field '%s'", b.file);
	CHECK(b.has_server && b.server[3] == 2 && b.station[3] == 15, "siaddr and yiaddr");
	CHECK(b.has_mask && b.mask[0] == 255 && b.mask[3] == 0 && b.has_router && b.router[3] == 2, "mask and router");
	url_is(&b, "http://10.0.2.2:8080/", "TFTP boot: the boot server at the default port");
}

static void test_url_file(void)
{
	struct pkt p;
	struct cs_bootinfo b;
	char err[160];
	/* the boot file is a URL: the port travels in it (make netrun) */
	pkt_init(&p, "http://10.0.2.2:41234/cacheshape.efi");
	memset(&b, 0, sizeof b);
	CHECK(cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err) == 0, "url file: %s", err);
	url_is(&b, "http://10.0.2.2:41234/", "boot file URL");
	/* option 67 beats the file field */
	pkt_init(&p, "ignored.efi");
	opt(&p, 67, "http://192.168.7.1:9000/x/cacheshape.efi", 40);
	memset(&b, 0, sizeof b);
	CHECK(cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err) == 0, "option 67: %s", err);
	CHECK(strcmp(b.file, "http://192.168.7.1:9000/x/cacheshape.efi") == 0, "option 67 taken: '%s'", b.file);
	url_is(&b, "http://192.168.7.1:9000/", "option 67 URL");
	/* split option 67 (RFC 3396) */
	pkt_init(&p, NULL);
	opt(&p, 67, "http://10.1.1.1", 15);
	opt(&p, 67, ":81/a.efi", 9);
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	url_is(&b, "http://10.1.1.1:81/", "option 67 in two pieces");
	/* an https boot URL: refused with the reason */
	pkt_init(&p, "https://10.0.0.1/cacheshape.efi");
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	{
		struct cs_url u;
		CHECK(cs_bootinfo_server(&b, &u, err, sizeof err) != 0 && strstr(err, "https is not supported"),
		      "https boot URL refused: '%s'", err);
	}
}

static void test_overload_and_servers(void)
{
	struct pkt p;
	struct cs_bootinfo b;
	char err[160];
	/* option 52 = 1: the file field holds options, the name is in 67 */
	pkt_init(&p, NULL);
	opt(&p, 52, "\x01", 1);
	p.b[108] = 67, p.b[109] = 8;
	memcpy(p.b + 110, "boot.efi", 8);
	p.b[118] = 255;
	memset(&b, 0, sizeof b);
	CHECK(cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err) == 0 && strcmp(b.file, "boot.efi") == 0,
	      "overloaded file field: '%s' %s", b.file, err);
	/* no siaddr: option 66 as an address, then 54 */
	pkt_init(&p, "a.efi");
	memset(p.b + 20, 0, 4);
	opt(&p, 54, "\x0a\x00\x00\x05", 4);
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	url_is(&b, "http://10.0.0.5:8080/", "server identifier");
	pkt_init(&p, "a.efi");
	memset(p.b + 20, 0, 4);
	opt(&p, 66, "10.0.0.7", 8);
	opt(&p, 54, "\x0a\x00\x00\x05", 4);
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	url_is(&b, "http://10.0.0.7:8080/", "TFTP server option");
	/* nothing names a server */
	pkt_init(&p, "a.efi");
	memset(p.b + 20, 0, 4);
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	{
		struct cs_url u;
		CHECK(cs_bootinfo_server(&b, &u, err, sizeof err) != 0 && strstr(err, "names no boot server"),
		      "no server: '%s'", err);
	}
	/* a proxy offer over the ack fills in the boot file */
	pkt_init(&p, NULL);
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	pkt_init(&p, "proxy.efi");
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	CHECK(strcmp(b.file, "proxy.efi") == 0, "a later answer names the file: '%s'", b.file);
	/* unprintable bytes in the name */
	pkt_init(&p, "a\001b");
	memset(&b, 0, sizeof b);
	cs_bootinfo_dhcp(&b, p.b, end(&p), err, sizeof err);
	CHECK(strcmp(b.file, "a?b") == 0, "unprintable as '?': '%s'", b.file);
}

static void test_broken(void)
{
	struct pkt p;
	struct cs_bootinfo b;
	char err[160];
	static const struct {
		const char *name, *says;
		int what;
	} rows[] = {
		{ "short", "shorter than a BOOTP header", 0 },
		{ "request", "not a reply", 1 },
		{ "no cookie", "magic cookie", 2 },
		{ "option past end", "runs past the end", 3 },
		{ "length missing", "without its length", 4 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		size_t len;
		pkt_init(&p, "x.efi");
		len = end(&p);
		switch (rows[i].what) {
		case 0: len = 239; break;
		case 1: p.b[0] = 1; break;
		case 2: p.b[238] = 0; break;
		case 3: p.b[240] = 67, p.b[241] = 200, len = 250; break;
		case 4: p.b[240] = 67, len = 241; break;
		}
		memset(&b, 0, sizeof b);
		err[0] = 0;
		CHECK(cs_bootinfo_dhcp(&b, p.b, len, err, sizeof err) != 0 && strstr(err, rows[i].says),
		      "%s: '%s'", rows[i].name, err);
		CHECK(b.file[0] == 0 && !b.has_server, "%s: nothing taken from a refused packet", rows[i].name);
	}
}

int main(void)
{
	test_qemu_tftp();
	test_url_file();
	test_overload_and_servers();
	test_broken();
	return cs_test_summary("bootinfo");
}
