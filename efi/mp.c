/* mp.c: finding the MP services protocol (mp.h). */
#include "mp.h"
#include "../common/buf.h"

CS_MP_SERVICES *cs_mp_locate(EFI_SYSTEM_TABLE *st, char *why, size_t whylen)
{
	static EFI_GUID guid = CS_MP_SERVICES_GUID;
	VOID *p = NULL;
	EFI_STATUS s = st->BootServices->LocateProtocol(&guid, NULL, &p);
	struct cs_buf b;
	if (!EFI_ERROR(s) && p)
		return p;
	cs_buf_init(&b, why, whylen);
	cs_puts(&b, "the firmware has no MP services protocol (LocateProtocol: ");
	cs_puts(&b, s == EFI_NOT_FOUND ? "not found" : "error ");
	if (s != EFI_NOT_FOUND)
		cs_put_hex(&b, (uint64_t)s, 1);
	cs_puts(&b, "): measured on the boot processor alone");
	return NULL;
}
