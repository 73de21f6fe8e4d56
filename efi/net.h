/* net.h: the network side of a run. Booted over the network (PXE or HTTP
 * boot, found from the program's own loaded image), the firmware fetches
 * its settings from the server that booted it (GET /cacheshape.cfg) before
 * measuring. After the capture is made it POSTs it to upload= or, when
 * netbooted, to that server's /captures. Bounded timeouts, retries with
 * back-off, and a line on the screen for each outcome ("uploaded: URL" or
 * why not). The capture stays on the screen, and on the volume where there
 * is one, whatever the network does. */
#ifndef CS_EFI_NET_H
#define CS_EFI_NET_H

#include <efi.h>
#include "settings.h"

/* How the program was booted; netbooted: says so, fetches cacheshape.cfg
 * from the boot server and parses it over *set (a missing file: the
 * defaults stay). Call after the volume's settings, before measuring. */
void cs_net_start(EFI_HANDLE image, EFI_SYSTEM_TABLE *st, struct cs_settings *set);
/* 1 when the program came over the network. */
int cs_net_booted(void);
/* 1 when cs_net_upload has somewhere to send the capture. */
int cs_net_upload_wanted(const struct cs_settings *set);
/* POSTs the capture (len bytes of JSON). EFI_SUCCESS when the server
 * stored it or had it already; EFI_NOT_STARTED when there is nowhere to
 * upload; another status when it failed (the screen says why). */
EFI_STATUS cs_net_upload(const struct cs_settings *set, const char *json, UINTN len);

#endif
