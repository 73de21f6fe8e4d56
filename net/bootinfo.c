/* bootinfo.c: the DHCP answer of a network boot (bootinfo.h). */
#include "bootinfo.h"

enum {
	OFF_YIADDR = 16, OFF_SIADDR = 20, OFF_SNAME = 44, OFF_FILE = 108,
	OFF_MAGIC = 236, OFF_OPTIONS = 240, SNAME_LEN = 64, FILE_LEN = 128
};
enum {
	OPT_PAD = 0, OPT_MASK = 1, OPT_ROUTER = 3, OPT_OVERLOAD = 52,
	OPT_SERVER_ID = 54, OPT_TFTP_SERVER = 66, OPT_BOOTFILE = 67, OPT_END = 255
};

void cs_put_ip4(struct cs_buf *buf, const uint8_t ip[4])
{
	for (int i = 0; i < 4; i++) {
		if (i)
			cs_putc(buf, '.');
		cs_put_u64(buf, ip[i]);
	}
}

static int zero4(const uint8_t *p)
{
	return !(p[0] | p[1] | p[2] | p[3]);
}

/* What one pass over the options finds. */
struct opts {
	int overload;
	int has_mask, has_router, has_sid, has_tftp;
	uint8_t mask[4], router[4], sid[4], tftp[4];
	char file[CS_BOOT_FILE_MAX];
	size_t file_len;
	int has_file;
};

/* A dotted quad given as text (option 66 names a server either way). */
static int text_ip(const uint8_t *p, size_t n, uint8_t out[4])
{
	char err[8];
	char t[7 + 16];
	struct cs_url u;
	if (n > 15)
		return -1;
	cs_memcpy(t, "http://", 7);
	cs_memcpy(t + 7, p, n);
	if (cs_url_parse(&u, t, 7 + n, err, sizeof err) != 0 || !u.has_ip)
		return -1;
	cs_memcpy(out, u.ip, 4);
	return 0;
}

static int walk(struct opts *o, const uint8_t *p, size_t n, char *err, size_t errcap)
{
	size_t i = 0;
	while (i < n) {
		uint8_t code = p[i++], len;
		if (code == OPT_PAD)
			continue;
		if (code == OPT_END)
			return 0;
		if (i >= n) {
			cs_strlcpy(err, "a DHCP option without its length at the end of the packet", errcap);
			return -1;
		}
		len = p[i++];
		if (len > n - i) {
			cs_strlcpy(err, "a DHCP option runs past the end of the packet", errcap);
			return -1;
		}
		const uint8_t *v = p + i;
		switch (code) {
		case OPT_MASK:
			if (len == 4)
				o->has_mask = 1, cs_memcpy(o->mask, v, 4);
			break;
		case OPT_ROUTER:
			if (len >= 4)
				o->has_router = 1, cs_memcpy(o->router, v, 4);
			break;
		case OPT_SERVER_ID:
			if (len == 4)
				o->has_sid = 1, cs_memcpy(o->sid, v, 4);
			break;
		case OPT_TFTP_SERVER:
			if (text_ip(v, len, o->tftp) == 0)
				o->has_tftp = 1;
			break;
		case OPT_OVERLOAD:
			if (len == 1)
				o->overload = v[0];
			break;
		case OPT_BOOTFILE:
			/* RFC 3396: a long option may come in pieces, in order */
			for (uint8_t k = 0; k < len && o->file_len + 1 < sizeof o->file; k++)
				o->file[o->file_len++] = (char)v[k];
			o->file[o->file_len] = 0;
			o->has_file = 1;
			break;
		}
		i += len;
	}
	return 0;
}

static void copy_name(char *dst, size_t cap, const uint8_t *src, size_t n)
{
	size_t i;
	for (i = 0; i < n && src[i] && i + 1 < cap; i++)
		dst[i] = src[i] >= 32 && src[i] < 127 ? (char)src[i] : '?';
	dst[i] = 0;
}

int cs_bootinfo_dhcp(struct cs_bootinfo *b, const uint8_t *pkt, size_t len,
		     char *err, size_t errcap)
{
	static const uint8_t magic[4] = { 99, 130, 83, 99 };
	struct opts o;

	if (len < CS_DHCP_MIN_LEN) {
		cs_strlcpy(err, "the DHCP answer is shorter than a BOOTP header and its magic cookie", errcap);
		return -1;
	}
	if (pkt[0] != 2) {
		cs_strlcpy(err, "the DHCP packet is not a reply (op is not BOOTREPLY)", errcap);
		return -1;
	}
	if (pkt[OFF_MAGIC] != magic[0] || pkt[OFF_MAGIC + 1] != magic[1] ||
	    pkt[OFF_MAGIC + 2] != magic[2] || pkt[OFF_MAGIC + 3] != magic[3]) {
		cs_strlcpy(err, "the DHCP answer lacks the magic cookie 99.130.83.99", errcap);
		return -1;
	}
	cs_memset(&o, 0, sizeof o);
	if (walk(&o, pkt + OFF_OPTIONS, len - OFF_OPTIONS, err, errcap) != 0)
		return -1;
	if ((o.overload & 1) && walk(&o, pkt + OFF_FILE, FILE_LEN, err, errcap) != 0)
		return -1;
	if ((o.overload & 2) && walk(&o, pkt + OFF_SNAME, SNAME_LEN, err, errcap) != 0)
		return -1;

	if (!zero4(pkt + OFF_YIADDR))
		cs_memcpy(b->station, pkt + OFF_YIADDR, 4);
	if (!zero4(pkt + OFF_SIADDR)) {
		b->has_server = 1;
		cs_memcpy(b->server, pkt + OFF_SIADDR, 4);
	} else if (o.has_tftp) {
		b->has_server = 1;
		cs_memcpy(b->server, o.tftp, 4);
	} else if (o.has_sid && !b->has_server) {
		b->has_server = 1;
		cs_memcpy(b->server, o.sid, 4);
	}
	if (o.has_mask)
		b->has_mask = 1, cs_memcpy(b->mask, o.mask, 4);
	if (o.has_router)
		b->has_router = 1, cs_memcpy(b->router, o.router, 4);
	if (o.has_file)
		copy_name(b->file, sizeof b->file, (const uint8_t *)o.file, o.file_len);
	else if (!(o.overload & 1) && pkt[OFF_FILE])
		copy_name(b->file, sizeof b->file, pkt + OFF_FILE, FILE_LEN);
	return 0;
}

int cs_bootinfo_server(const struct cs_bootinfo *b, struct cs_url *u,
		       char *err, size_t errcap)
{
	char text[CS_URL_TEXT_MAX];
	struct cs_buf t;
	size_t n = cs_strlen(b->file);

	if (n >= 7 && (b->file[0] | 32) == 'h' && (b->file[1] | 32) == 't' &&
	    (b->file[2] | 32) == 't' && (b->file[3] | 32) == 'p') {
		/* the boot file is a URL (http:// or https://): the server is
		 * the one that served it */
		if (cs_url_parse(u, b->file, n, err, errcap) != 0)
			return -1;
		cs_strlcpy(u->path, "/", sizeof u->path);
		return 0;
	}
	if (!b->has_server) {
		cs_strlcpy(err, "the DHCP answer names no boot server (siaddr, option 66 or 54)", errcap);
		return -1;
	}
	cs_buf_init(&t, text, sizeof text);
	cs_puts(&t, "http://");
	cs_put_ip4(&t, b->server);
	cs_putc(&t, ':');
	cs_put_u64(&t, CS_BOOT_DEFAULT_PORT);
	cs_putc(&t, '/');
	return cs_url_parse(u, text, t.len, err, errcap);
}
