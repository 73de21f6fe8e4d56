/* net_nic.c: the network interface to talk through, its IPv4 address, and
 * the bounded waiting both HTTP clients use (net_xfer.h). */
#include "net_xfer.h"
#include <efilib.h>
#include "net_proto.h"
#include "libc.h"
#include "../common/buf.h"

/* A DHCP exchange of our own, when the interface has no address at all
 * (booted from a disk, upload= set): how long to wait for it. */
#define CS_NET_DHCP_MS 15000

static EFI_GUID http_sb_guid = CS_HTTP_SB_GUID;
static EFI_GUID tcp4_sb_guid = EFI_TCP4_SERVICE_BINDING_PROTOCOL;
static EFI_GUID ip4cfg2_guid = CS_IP4_CONFIG2_GUID;
static EFI_GUID devpath_guid = EFI_DEVICE_PATH_PROTOCOL_GUID;

static void EFIAPI set_flag(EFI_EVENT ev, void *ctx)
{
	(void)ev;
	*(volatile int *)ctx = 1;
}

EFI_STATUS cs_net_flag_event(EFI_BOOT_SERVICES *bs, volatile int *flag, EFI_EVENT *ev)
{
	*flag = 0;
	return bs->CreateEvent(EVT_NOTIFY_SIGNAL, TPL_CALLBACK, set_flag, (void *)flag, ev);
}

EFI_STATUS cs_net_deadline(EFI_BOOT_SERVICES *bs, UINT32 ms, EFI_EVENT *ev)
{
	EFI_STATUS s = bs->CreateEvent(EVT_TIMER, 0, NULL, NULL, ev);
	if (EFI_ERROR(s))
		return s;
	s = bs->SetTimer(*ev, TimerRelative, (UINT64)ms * 10000); /* 100 ns units */
	if (EFI_ERROR(s))
		bs->CloseEvent(*ev);
	return s;
}

int cs_net_wait(EFI_BOOT_SERVICES *bs, volatile int *flag, EFI_EVENT deadline,
		void (*poll)(void *), void *ctx)
{
	while (!*flag) {
		if (bs->CheckEvent(deadline) == EFI_SUCCESS)
			return *flag ? 0 : -1;
		if (poll)
			poll(ctx);
		bs->Stall(1000);
	}
	return 0;
}

void cs_net_why(struct cs_xfer *x, const char *what, EFI_STATUS s)
{
	struct cs_buf b;
	CHAR16 *w = NULL;
	cs_buf_init(&b, x->why, sizeof x->why);
	cs_puts(&b, what);
	cs_puts(&b, " (");
	/* the firmware's own name for the status, as %r prints it */
	w = PoolPrint(L"%r", s);
	if (w) {
		for (UINTN i = 0; w[i]; i++)
			cs_putc(&b, w[i] < 127 ? (char)w[i] : '?');
		FreePool(w);
	} else {
		cs_put_hex(&b, s, 1);
	}
	cs_putc(&b, ')');
}

/* 1 when the path a (up to its end node) begins the path b. */
static int path_prefix(EFI_DEVICE_PATH *a, EFI_DEVICE_PATH *b)
{
	while (!IsDevicePathEnd(a)) {
		UINTN n = DevicePathNodeLength(a);
		if (n < 4 || (UINTN)DevicePathNodeLength(b) != n || memcmp(a, b, n) != 0)
			return 0;
		a = NextDevicePathNode(a);
		b = NextDevicePathNode(b);
	}
	return 1;
}

/* The handle carrying the TCP4 service binding that serves boot_dev (the
 * boot device itself, as under iPXE, or its parent, as under the
 * firmware's own PXE); the first one when boot_dev says nothing. */
static EFI_HANDLE pick(EFI_BOOT_SERVICES *bs, EFI_HANDLE boot_dev)
{
	EFI_HANDLE *hs = NULL, found = NULL;
	EFI_DEVICE_PATH *boot_path = NULL;
	UINTN n = 0;

	if (EFI_ERROR(bs->LocateHandleBuffer(ByProtocol, &tcp4_sb_guid, NULL, &n, &hs)) || n == 0)
		return NULL;
	if (boot_dev)
		bs->HandleProtocol(boot_dev, &devpath_guid, (void **)&boot_path);
	for (UINTN i = 0; i < n && !found; i++) {
		EFI_DEVICE_PATH *p = NULL;
		if (hs[i] == boot_dev)
			found = hs[i];
		else if (boot_path && !EFI_ERROR(bs->HandleProtocol(hs[i], &devpath_guid, (void **)&p)) &&
			 p && path_prefix(p, boot_path))
			found = hs[i];
	}
	if (!found)
		found = hs[0];
	bs->FreePool(hs);
	return found;
}

static int station(CS_IP4_CONFIG2_PROTOCOL *cfg, uint8_t ip[4], uint8_t mask[4])
{
	/* InterfaceInfo ends in a route table the firmware appends */
	static UINT8 mem[sizeof(CS_IP4_CONFIG2_INTERFACE_INFO) + 1024];
	CS_IP4_CONFIG2_INTERFACE_INFO *info = (void *)mem;
	UINTN size = sizeof mem;
	if (EFI_ERROR(cfg->GetData(cfg, CsIp4Config2DataTypeInterfaceInfo, &size, info)))
		return 0;
	cs_memcpy(ip, info->StationAddress.Addr, 4);
	cs_memcpy(mask, info->SubnetMask.Addr, 4);
	return ip[0] | ip[1] | ip[2] | ip[3];
}

EFI_STATUS cs_nic_find(EFI_BOOT_SERVICES *bs, EFI_HANDLE boot_dev,
		       const uint8_t *pxe_station, const uint8_t *pxe_mask,
		       const uint8_t *pxe_router, struct cs_nic *nic,
		       char *why, UINTN whycap)
{
	CS_IP4_CONFIG2_PROTOCOL *cfg = NULL;
	void *sb;
	EFI_STATUS s;

	cs_memset(nic, 0, sizeof *nic);
	nic->bs = bs;
	nic->handle = pick(bs, boot_dev);
	if (!nic->handle) {
		cs_strlcpy(why, "no network interface with a TCP/IPv4 stack (this firmware has no network drivers, or no network card was found)", whycap);
		return EFI_NOT_FOUND;
	}
	nic->has_tcp4 = 1;
	nic->has_http = !EFI_ERROR(bs->HandleProtocol(nic->handle, &http_sb_guid, &sb));
	s = bs->HandleProtocol(nic->handle, &ip4cfg2_guid, (void **)&cfg);
	if (!EFI_ERROR(s) && station(cfg, nic->station, nic->mask)) {
		nic->addressed = 1;
		return EFI_SUCCESS;
	}
	if (pxe_station && (pxe_station[0] | pxe_station[1] | pxe_station[2] | pxe_station[3])) {
		/* netbooted: the boot's own address, given to each connection,
		 * changes nothing the firmware keeps across boots */
		nic->explicit_addr = 1;
		cs_memcpy(nic->station, pxe_station, 4);
		if (pxe_mask)
			cs_memcpy(nic->mask, pxe_mask, 4);
		if (pxe_router && (pxe_router[0] | pxe_router[1] | pxe_router[2] | pxe_router[3])) {
			cs_memcpy(nic->router, pxe_router, 4);
			nic->has_router = 1;
		}
		return EFI_SUCCESS;
	}
	if (EFI_ERROR(s)) {
		cs_strlcpy(why, "the network interface has no IPv4 configuration protocol and no address", whycap);
		return s;
	}
	{
		/* no address, not netbooted: ask DHCP, and wait for it */
		CS_IP4_CONFIG2_POLICY policy = CsIp4Config2PolicyDhcp, now;
		UINTN size = sizeof now;
		EFI_EVENT deadline;
		if (EFI_ERROR(cfg->GetData(cfg, CsIp4Config2DataTypePolicy, &size, &now)) ||
		    now != CsIp4Config2PolicyDhcp) {
			s = cfg->SetData(cfg, CsIp4Config2DataTypePolicy, sizeof policy, &policy);
			if (EFI_ERROR(s) && s != EFI_NOT_READY) {
				cs_strlcpy(why, "the network interface has no address and refused to use DHCP", whycap);
				return s;
			}
		}
		s = cs_net_deadline(bs, CS_NET_DHCP_MS, &deadline);
		if (EFI_ERROR(s))
			return s;
		while (!station(cfg, nic->station, nic->mask) && bs->CheckEvent(deadline) != EFI_SUCCESS)
			bs->Stall(50000);
		bs->CloseEvent(deadline);
		if (!(nic->station[0] | nic->station[1] | nic->station[2] | nic->station[3])) {
			cs_strlcpy(why, "no IPv4 address from DHCP within 15 s", whycap);
			return EFI_TIMEOUT;
		}
		nic->addressed = 1;
		nic->dhcp_by_us = 1;
	}
	return EFI_SUCCESS;
}

void cs_net_take_answer(struct cs_xfer *x, const struct cs_http_resp *r)
{
	x->status = r->status;
	x->reply_len = r->body_len;
	x->reply_more = r->more;
	cs_strlcpy(x->location, r->location, sizeof x->location);
}

EFI_STATUS cs_net_refused(struct cs_xfer *x, const struct cs_http_resp *r)
{
	struct cs_buf b;
	cs_buf_init(&b, x->why, sizeof x->why);
	cs_puts(&b, r->cut ? "the answer was cut: " : "the server's answer: ");
	cs_puts(&b, r->err);
	x->status = 0;
	return r->cut ? EFI_END_OF_FILE : EFI_PROTOCOL_ERROR;
}

EFI_STATUS cs_net_client_run(struct cs_nic *nic, const struct cs_net_client *c,
			     struct cs_xfer *x, UINT32 timeout_ms)
{
	EFI_BOOT_SERVICES *bs = nic->bs;
	EFI_SERVICE_BINDING *sb;
	EFI_HANDLE child = NULL;
	void *proto = NULL;
	struct cs_buf b;
	EFI_STATUS s;

	x->status = 0;
	x->reply_len = 0;
	x->reply_more = 0;
	x->why[0] = 0;
	x->location[0] = 0;
	if (!c->w->ev) {
		s = cs_net_flag_event(bs, &c->w->flag, &c->w->ev);
		if (EFI_ERROR(s)) {
			cs_net_why(x, "creating an event", s);
			return s;
		}
	}
	s = bs->HandleProtocol(nic->handle, c->sb_guid, (void **)&sb);
	if (!EFI_ERROR(s))
		s = sb->CreateChild(sb, &child);
	if (!EFI_ERROR(s))
		s = bs->HandleProtocol(child, c->guid, &proto);
	if (EFI_ERROR(s)) {
		char what[64];
		cs_buf_init(&b, what, sizeof what);
		cs_puts(&b, "no ");
		cs_puts(&b, c->what);
		cs_puts(&b, " instance on the network interface");
		cs_net_why(x, what, s);
		if (child)
			sb->DestroyChild(sb, child);
		return s;
	}
	s = cs_net_deadline(bs, timeout_ms, &c->w->deadline);
	if (EFI_ERROR(s)) {
		cs_net_why(x, "creating a timer", s);
	} else {
		s = c->exchange(nic, x, proto);
		bs->CloseEvent(c->w->deadline);
	}
	c->reset(proto);
	sb->DestroyChild(sb, child);
	return s;
}
