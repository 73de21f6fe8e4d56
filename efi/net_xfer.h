/* net_xfer.h: one HTTP exchange with a server, inside efi/net*.c. Two
 * clients do it: the firmware's own EFI_HTTP_PROTOCOL (net_http.c) and
 * ours over EFI_TCP4_PROTOCOL (net_tcp.c, on net/http.c). Both run on
 * the network interface net_nic.c found, and both are bounded in time:
 * nothing here waits longer than the deadline it is given. */
#ifndef CS_EFI_NET_XFER_H
#define CS_EFI_NET_XFER_H

#include <efi.h>
#include "../net/http.h"

#define CS_NET_WHY_MAX 200

/* The network interface: the handle with the service bindings, and the
 * IPv4 address the clients use. */
struct cs_nic {
	EFI_BOOT_SERVICES *bs;
	EFI_HANDLE handle;
	int has_http, has_tcp4;
	int addressed;        /* the stack has a default address (DHCP or static) */
	int dhcp_by_us;       /* ... because we asked for DHCP */
	int explicit_addr;    /* else: the PXE answer's address, given per connection */
	uint8_t station[4], mask[4], router[4];
	int has_router;
};

struct cs_xfer {
	/* the request */
	const char *method;   /* "GET" or "POST" */
	const struct cs_url *url;
	const char *content_type;
	const void *body;
	UINTN body_len;
	const char *token;    /* NULL or "": none */
	/* the answer */
	int status;           /* 0 until one came */
	char location[CS_URL_PATH_MAX];
	char *reply;          /* the caller's buffer for the answer's body */
	UINTN reply_cap;
	UINTN reply_len;
	int reply_more;       /* the body was longer: its first reply_cap bytes
			       * are in reply, the rest was not read */
	char why[CS_NET_WHY_MAX]; /* a failure before a complete answer, in words */
};

/* EFI_SUCCESS with x->status set when an answer came (whatever its
 * status); an error status with x->why otherwise. */
EFI_STATUS cs_net_http_xfer(struct cs_nic *nic, struct cs_xfer *x, UINT32 timeout_ms);
EFI_STATUS cs_net_tcp_xfer(struct cs_nic *nic, struct cs_xfer *x, UINT32 timeout_ms);

/* What both clients share: the event their tokens signal, the flag it
 * sets, and the exchange's deadline. Static in each client: a token the
 * driver still holds after a deadline must never point at a dead stack. */
struct cs_net_waiter {
	EFI_EVENT ev;
	volatile int flag;
	EFI_EVENT deadline;
};

/* A client: the service binding it takes a child from, the protocol on
 * that child, its exchange, and the reset that closes the connection and
 * flushes every token still queued (Configure(NULL)). */
struct cs_net_client {
	EFI_GUID *sb_guid, *guid;
	const char *what;
	struct cs_net_waiter *w;
	EFI_STATUS (*exchange)(struct cs_nic *nic, struct cs_xfer *x, void *proto);
	void (*reset)(void *proto);
};

/* One exchange by client c: the child made, the deadline set, the exchange
 * run, the child reset and destroyed, whatever happened in between. */
EFI_STATUS cs_net_client_run(struct cs_nic *nic, const struct cs_net_client *c,
			     struct cs_xfer *x, UINT32 timeout_ms);

/* Waiting, for both clients: an event that sets *flag when signalled, a
 * one-shot timer for the deadline, and the wait itself, which calls
 * poll(ctx) between 1 ms stalls. cs_net_wait returns 0 when the flag was
 * set, -1 when the deadline passed first. */
EFI_STATUS cs_net_flag_event(EFI_BOOT_SERVICES *bs, volatile int *flag, EFI_EVENT *ev);
EFI_STATUS cs_net_deadline(EFI_BOOT_SERVICES *bs, UINT32 ms, EFI_EVENT *ev);
int cs_net_wait(EFI_BOOT_SERVICES *bs, volatile int *flag, EFI_EVENT deadline,
		void (*poll)(void *), void *ctx);
/* why = what (status) */
void cs_net_why(struct cs_xfer *x, const char *what, EFI_STATUS s);
/* A complete answer r, parsed by either client, into x. */
void cs_net_take_answer(struct cs_xfer *x, const struct cs_http_resp *r);
/* An answer r refused: why in x, and EFI_END_OF_FILE when the connection
 * closed before it was whole (worth another try), EFI_PROTOCOL_ERROR when
 * it breaks HTTP (another try gets the same answer). */
EFI_STATUS cs_net_refused(struct cs_xfer *x, const struct cs_http_resp *r);

/* The interface for the boot device (or any, when boot_dev is NULL),
 * with an IPv4 address ready; why says what is missing. */
EFI_STATUS cs_nic_find(EFI_BOOT_SERVICES *bs, EFI_HANDLE boot_dev,
		       const uint8_t *pxe_station, const uint8_t *pxe_mask,
		       const uint8_t *pxe_router, struct cs_nic *nic,
		       char *why, UINTN whycap);

#endif
