/* secureboot.c: the Secure Boot variables (secureboot.h). */
#include "secureboot.h"
#include <efilib.h>
#include "console.h"
#include "../common/buf.h"

/* UEFI 2.10 s.3.3, globally defined variables (SecureBoot, SetupMode:
 * EFI_GLOBAL_VARIABLE), and chapter 32, Secure Boot (db, dbx:
 * EFI_IMAGE_SECURITY_DATABASE_GUID). */
static EFI_GUID global_guid = EFI_GLOBAL_VARIABLE;
static EFI_GUID db_guid = { 0xd719b2cb, 0x3d3a, 0x4596,
			    { 0xa3, 0xbc, 0xda, 0xd0, 0x0e, 0x67, 0x65, 0x6f } };

/* A one-byte flag: 1 and *v when it exists and holds one byte. */
static int flag(EFI_RUNTIME_SERVICES *rt, CHAR16 *name, uint32_t *v)
{
	UINT8 byte = 0;
	UINTN size = sizeof byte;
	UINT32 attr;
	if (EFI_ERROR(rt->GetVariable(name, &global_guid, &attr, &size, &byte)) || size != 1)
		return 0;
	*v = byte;
	return 1;
}

/* A list's size without reading it: a zero-size read answers
 * EFI_BUFFER_TOO_SMALL with the size; EFI_NOT_FOUND: no such variable. */
static int list_size(EFI_RUNTIME_SERVICES *rt, CHAR16 *name, uint64_t *bytes)
{
	UINTN size = 0;
	UINT32 attr;
	EFI_STATUS s = rt->GetVariable(name, &db_guid, &attr, &size, NULL);
	if (s != EFI_BUFFER_TOO_SMALL)
		return 0;
	*bytes = size;
	return 1;
}

void cs_efi_secure_boot_read(EFI_SYSTEM_TABLE *st, struct cs_secure_boot *s)
{
	EFI_RUNTIME_SERVICES *rt = st->RuntimeServices;
	cs_memset(s, 0, sizeof *s);
	s->present = 1;
	s->has_secure_boot = flag(rt, L"SecureBoot", &s->secure_boot);
	s->has_setup_mode = flag(rt, L"SetupMode", &s->setup_mode);
	s->has_db = list_size(rt, L"db", &s->db_bytes);
	s->has_dbx = list_size(rt, L"dbx", &s->dbx_bytes);
}

void cs_efi_secure_boot_show(const struct cs_secure_boot *s)
{
	char mem[192];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_secure_boot_text(&b, s);
	cs_con_buf(&b);
}
