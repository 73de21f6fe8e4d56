/* net_boot.c: how the program was booted (net_boot.h). */
#include "net_boot.h"
#include <efilib.h>
#include "../common/buf.h"

static EFI_GUID lip_guid = EFI_LOADED_IMAGE_PROTOCOL_GUID;
static EFI_GUID pxe_guid = EFI_PXE_BASE_CODE_PROTOCOL_GUID;
static EFI_GUID devpath_guid = EFI_DEVICE_PATH_PROTOCOL_GUID;

/* UEFI HTTP boot leaves the boot file's URI in the device path. */
static int uri_node(EFI_BOOT_SERVICES *bs, EFI_HANDLE dev, char *out, size_t cap)
{
	EFI_DEVICE_PATH *p = NULL;
	if (EFI_ERROR(bs->HandleProtocol(dev, &devpath_guid, (void **)&p)) || !p)
		return 0;
	for (; !IsDevicePathEnd(p); p = NextDevicePathNode(p)) {
		UINTN n = DevicePathNodeLength(p), i;
		const UINT8 *s = (const UINT8 *)p + 4;
		if (n < 4)
			return 0;
		if (DevicePathType(p) != MESSAGING_DEVICE_PATH || DevicePathSubType(p) != MSG_URI_DP || n == 4)
			continue;
		for (i = 0; i < n - 4 && s[i] && i + 1 < cap; i++)
			out[i] = s[i] >= 32 && s[i] < 127 ? (char)s[i] : '?';
		out[i] = 0;
		return 1;
	}
	return 0;
}

static void take(struct cs_netboot *nb, const EFI_PXE_BASE_CODE_PACKET *pkt)
{
	char err[CS_HTTP_ERR_MAX];
	if (cs_bootinfo_dhcp(&nb->info, pkt->Raw, sizeof pkt->Raw, err, sizeof err) != 0 && !nb->why[0])
		cs_strlcpy(nb->why, err, sizeof nb->why);
}

void cs_netboot_read(EFI_HANDLE image, EFI_BOOT_SERVICES *bs, struct cs_netboot *nb)
{
	EFI_LOADED_IMAGE *li;
	EFI_PXE_BASE_CODE *pxe = NULL;

	cs_memset(nb, 0, sizeof *nb);
	if (EFI_ERROR(bs->HandleProtocol(image, &lip_guid, (void **)&li)) || !li->DeviceHandle)
		return;
	nb->dev = li->DeviceHandle;
	if (uri_node(bs, nb->dev, nb->info.file, sizeof nb->info.file)) {
		nb->booted = 1;
		nb->how = "HTTP boot";
	} else if (!EFI_ERROR(bs->HandleProtocol(nb->dev, &pxe_guid, (void **)&pxe)) && pxe &&
		   pxe->Mode && pxe->Mode->Started && pxe->Mode->DhcpAckReceived) {
		EFI_PXE_BASE_CODE_MODE *m = pxe->Mode;
		nb->booted = 1;
		nb->how = "PXE";
		take(nb, &m->DhcpAck);
		if (m->ProxyOfferReceived)
			take(nb, &m->ProxyOffer);
		if (m->PxeReplyReceived)
			take(nb, &m->PxeReply);
		/* the address the boot used, as the firmware holds it now */
		cs_memcpy(nb->info.station, m->StationIp.v4.Addr, 4);
		cs_memcpy(nb->info.mask, m->SubnetMask.v4.Addr, 4);
		nb->info.has_mask = 1;
	}
	if (nb->booted) {
		char err[CS_HTTP_ERR_MAX];
		if (cs_bootinfo_server(&nb->info, &nb->server, err, sizeof err) == 0)
			nb->has_server = 1;
		else
			cs_strlcpy(nb->why, err, sizeof nb->why);
	}
}
