/* bootinfo.h: where a network boot came from, read from the DHCP answer
 * the firmware kept (freestanding, so the host tests it): the boot server
 * (siaddr, the "next server"), the boot file (option 67, else the BOOTP
 * file field unless option 52 gives that field to options), the station's
 * address, mask and router. From these, the cacheshape server's base URL:
 * the boot file's own http:// URL when it is one (UEFI HTTP boot, iPXE
 * chaining), else the boot server at CS_BOOT_DEFAULT_PORT. */
#ifndef CS_BOOTINFO_H
#define CS_BOOTINFO_H

#include <stddef.h>
#include <stdint.h>
#include "http.h"

/* The port `cacheshape serve` listens on unless told otherwise, and the
 * one a TFTP-booted firmware asks (README: A fleet). */
#define CS_BOOT_DEFAULT_PORT 8080
#define CS_BOOT_FILE_MAX 256
#define CS_DHCP_MIN_LEN 240 /* the BOOTP header and the magic cookie */

struct cs_bootinfo {
	int has_server;
	uint8_t server[4];   /* siaddr, else option 66 as an address, else 54 */
	uint8_t station[4];  /* yiaddr */
	int has_mask, has_router;
	uint8_t mask[4], router[4];
	char file[CS_BOOT_FILE_MAX]; /* "" when none; unprintable bytes as '?' */
};

/* A BOOTP/DHCP message of len bytes over what b already holds (a later
 * answer, a proxy offer or a PXE reply, fills in what it names). 0, or -1
 * with one sentence in err and b unchanged. */
int cs_bootinfo_dhcp(struct cs_bootinfo *b, const uint8_t *pkt, size_t len,
		     char *err, size_t errcap);
/* The cacheshape server's base URL (path "/"): 0, or -1 with err. */
int cs_bootinfo_server(const struct cs_bootinfo *b, struct cs_url *u,
		       char *err, size_t errcap);
/* a.b.c.d */
void cs_put_ip4(struct cs_buf *buf, const uint8_t ip[4]);

#endif
