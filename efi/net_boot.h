/* net_boot.h: how the program was booted, from its own loaded image: the
 * device it came from, and there the PXE base code's kept DHCP answers
 * (PXE boot, by the firmware or by iPXE) or a URI node in the device path
 * (UEFI HTTP boot). Inside efi/net*.c. */
#ifndef CS_EFI_NET_BOOT_H
#define CS_EFI_NET_BOOT_H

#include <efi.h>
#include "../net/bootinfo.h"

struct cs_netboot {
	int booted;              /* over the network */
	const char *how;         /* "PXE", "HTTP boot" */
	EFI_HANDLE dev;          /* the boot device */
	struct cs_bootinfo info; /* the DHCP answer (PXE) or the boot URI */
	int has_server;
	struct cs_url server;    /* the cacheshape server's base URL */
	char why[CS_HTTP_ERR_MAX]; /* netbooted but no server: why */
};

void cs_netboot_read(EFI_HANDLE image, EFI_BOOT_SERVICES *bs, struct cs_netboot *nb);

#endif
