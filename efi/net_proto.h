/* net_proto.h: the UEFI network protocols gnu-efi 3.0.15 does not define,
 * declared here from the UEFI specification (2.5 and later): the HTTP
 * protocol and its service binding (s.29.6), and the IPv4 Configuration II
 * protocol (s.28.5). gnu-efi has EFI_TCP4 and EFI_SERVICE_BINDING
 * (efitcp.h, efiprot.h) and the PXE base code (efipxebc.h). */
#ifndef CS_EFI_NET_PROTO_H
#define CS_EFI_NET_PROTO_H

#include <efi.h>

#define CS_HTTP_SB_GUID \
	{ 0xbdc8e6af, 0xd9bc, 0x4379, { 0xa7, 0x2a, 0xe0, 0xc4, 0xe7, 0x5d, 0xae, 0x1c } }
#define CS_HTTP_GUID \
	{ 0x7a59b29b, 0x910b, 0x4171, { 0x82, 0x42, 0xa8, 0x5a, 0x0d, 0xf2, 0x5b, 0x5b } }
#define CS_IP4_CONFIG2_GUID \
	{ 0x5b446ed1, 0xe30b, 0x4faa, { 0x87, 0x1a, 0x36, 0x54, 0xec, 0xa3, 0x60, 0x80 } }

/* ---- EFI_HTTP_PROTOCOL ---- */
typedef enum { CsHttpVersion10, CsHttpVersion11, CsHttpVersionUnsupported } CS_HTTP_VERSION;
typedef enum {
	CsHttpMethodGet, CsHttpMethodPost, CsHttpMethodPatch, CsHttpMethodOptions,
	CsHttpMethodConnect, CsHttpMethodHead, CsHttpMethodPut, CsHttpMethodDelete,
	CsHttpMethodTrace, CsHttpMethodMax
} CS_HTTP_METHOD;
/* EFI_HTTP_STATUS_CODE is an enumeration, not the number: net_http.c maps
 * it (the table follows the specification's order). */
typedef UINT32 CS_HTTP_STATUS_CODE;

typedef struct {
	BOOLEAN UseDefaultAddress;
	EFI_IPv4_ADDRESS LocalAddress;
	EFI_IPv4_ADDRESS LocalSubnet;
	UINT16 LocalPort;
} CS_HTTPv4_ACCESS_POINT;

typedef struct {
	CS_HTTP_VERSION HttpVersion;
	UINT32 TimeOutMillisec;
	BOOLEAN LocalAddressIsIPv6;
	union {
		CS_HTTPv4_ACCESS_POINT *IPv4Node;
		void *IPv6Node;
	} AccessPoint;
} CS_HTTP_CONFIG_DATA;

typedef struct {
	CS_HTTP_METHOD Method;
	CHAR16 *Url;
} CS_HTTP_REQUEST_DATA;

typedef struct {
	CS_HTTP_STATUS_CODE StatusCode;
} CS_HTTP_RESPONSE_DATA;

typedef struct {
	CHAR8 *FieldName;
	CHAR8 *FieldValue;
} CS_HTTP_HEADER;

typedef struct {
	union {
		CS_HTTP_REQUEST_DATA *Request;
		CS_HTTP_RESPONSE_DATA *Response;
	} Data;
	UINTN HeaderCount;
	CS_HTTP_HEADER *Headers;
	UINTN BodyLength;
	VOID *Body;
} CS_HTTP_MESSAGE;

typedef struct {
	EFI_EVENT Event;
	EFI_STATUS Status;
	CS_HTTP_MESSAGE *Message;
} CS_HTTP_TOKEN;

struct cs_http_protocol;
typedef EFI_STATUS (EFIAPI *CS_HTTP_GET_MODE_DATA)(struct cs_http_protocol *This,
						   CS_HTTP_CONFIG_DATA *Data);
typedef EFI_STATUS (EFIAPI *CS_HTTP_CONFIGURE)(struct cs_http_protocol *This,
					       CS_HTTP_CONFIG_DATA *Data);
typedef EFI_STATUS (EFIAPI *CS_HTTP_REQUEST)(struct cs_http_protocol *This,
					     CS_HTTP_TOKEN *Token);
typedef EFI_STATUS (EFIAPI *CS_HTTP_CANCEL)(struct cs_http_protocol *This,
					    CS_HTTP_TOKEN *Token);
typedef EFI_STATUS (EFIAPI *CS_HTTP_RESPONSE)(struct cs_http_protocol *This,
					      CS_HTTP_TOKEN *Token);
typedef EFI_STATUS (EFIAPI *CS_HTTP_POLL)(struct cs_http_protocol *This);

typedef struct cs_http_protocol {
	CS_HTTP_GET_MODE_DATA GetModeData;
	CS_HTTP_CONFIGURE Configure;
	CS_HTTP_REQUEST Request;
	CS_HTTP_CANCEL Cancel;
	CS_HTTP_RESPONSE Response;
	CS_HTTP_POLL Poll;
} CS_HTTP_PROTOCOL;

/* EFI_HTTP_ERROR (UEFI 2.5): a complete answer whose status is an error. */
#define CS_EFI_HTTP_ERROR EFIERR(35)

/* ---- EFI_IP4_CONFIG2_PROTOCOL ---- */
typedef enum {
	CsIp4Config2DataTypeInterfaceInfo,
	CsIp4Config2DataTypePolicy,
	CsIp4Config2DataTypeManualAddress,
	CsIp4Config2DataTypeGateway,
	CsIp4Config2DataTypeDnsServer,
	CsIp4Config2DataTypeMaximum
} CS_IP4_CONFIG2_DATA_TYPE;

typedef enum { CsIp4Config2PolicyStatic, CsIp4Config2PolicyDhcp, CsIp4Config2PolicyMax } CS_IP4_CONFIG2_POLICY;

typedef struct {
	CHAR16 Name[32];
	UINT8 IfType;
	UINT32 HwAddressSize;
	EFI_MAC_ADDRESS HwAddress;
	EFI_IPv4_ADDRESS StationAddress;
	EFI_IPv4_ADDRESS SubnetMask;
	UINT32 RouteTableSize;
	void *RouteTable;
} CS_IP4_CONFIG2_INTERFACE_INFO;

struct cs_ip4_config2;
typedef EFI_STATUS (EFIAPI *CS_IP4_CONFIG2_SET_DATA)(struct cs_ip4_config2 *This,
						     CS_IP4_CONFIG2_DATA_TYPE Type,
						     UINTN Size, VOID *Data);
typedef EFI_STATUS (EFIAPI *CS_IP4_CONFIG2_GET_DATA)(struct cs_ip4_config2 *This,
						     CS_IP4_CONFIG2_DATA_TYPE Type,
						     UINTN *Size, VOID *Data);
typedef EFI_STATUS (EFIAPI *CS_IP4_CONFIG2_NOTIFY)(struct cs_ip4_config2 *This,
						   CS_IP4_CONFIG2_DATA_TYPE Type,
						   EFI_EVENT Event);

typedef struct cs_ip4_config2 {
	CS_IP4_CONFIG2_SET_DATA SetData;
	CS_IP4_CONFIG2_GET_DATA GetData;
	CS_IP4_CONFIG2_NOTIFY RegisterDataNotify;
	CS_IP4_CONFIG2_NOTIFY UnregisterDataNotify;
} CS_IP4_CONFIG2_PROTOCOL;

#endif
