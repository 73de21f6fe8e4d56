/* save.c: serialise and write the capture (save.h). */
#include "save.h"
#include <efilib.h>
#include "console.h"
#include "net.h"
#include "../common/buf.h"
#include "../common/capture_write.h"

#define CS_JSON_FIRST (1u << 20) /* a capture is tens of KiB: room to spare */
#define CS_JSON_LAST (16u << 20)

/* The JSON text in a pool buffer, grown until it fits; NULL on failure. */
static char *serialise(EFI_BOOT_SERVICES *bs, const struct cs_record *rec,
		       UINTN *len)
{
	for (UINTN cap = CS_JSON_FIRST; cap <= CS_JSON_LAST; cap *= 4) {
		struct cs_buf b;
		char *mem;
		EFI_STATUS s = bs->AllocatePool(EfiLoaderData, cap, (void **)&mem);
		if (EFI_ERROR(s)) {
			Print(L"capture: no memory for the text (%r)\n", s);
			return NULL;
		}
		cs_buf_init(&b, mem, cap);
		if (cs_capture_write(&b, rec->c, cs_record_extra, (void *)rec) == 0) {
			*len = b.len;
			return mem;
		}
		bs->FreePool(mem);
	}
	cs_con_puts("capture: the JSON writer failed; nothing written\n");
	return NULL;
}

EFI_STATUS cs_save_capture(EFI_SYSTEM_TABLE *st, struct cs_volume *vol,
			   const struct cs_record *rec)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	char base[80], final[120], line[200];
	const char *stage = "", *then = "The result above is all there is: copy it from the screen.";
	struct cs_buf b;
	UINTN len = 0;
	EFI_STATUS s;
	char *json = serialise(bs, rec, &len);

	if (!json)
		return EFI_OUT_OF_RESOURCES;
	if (cs_net_upload_wanted(rec->set))
		then = "It goes to the server next.";
	if (!vol) {
		cs_con_puts(cs_net_upload_wanted(rec->set)
				    ? "capture: no volume to write it to; it goes to the server\n"
				    : "capture: NOT written: the boot volume has no file system this program can use.\n"
				      "The result above is all there is: copy it from the screen.\n");
		s = EFI_UNSUPPORTED;
		goto upload;
	}
	cs_record_basename(rec, base, sizeof base);
	s = cs_volume_write_capture(vol, base, json, len, final, sizeof final, &stage);
	if (!EFI_ERROR(s)) {
		cs_buf_init(&b, line, sizeof line);
		cs_puts(&b, "capture written: ");
		cs_puts(&b, final);
		cs_puts(&b, " (");
		cs_put_u64(&b, len);
		cs_puts(&b, " bytes, read back, compared and read as a capture)\n");
		cs_con_buf(&b);
		if (s != EFI_SUCCESS) /* a warning: written, but the volume said more */
			Print(L"capture: note: %r while %a\n", s, stage);
	} else if (s == EFI_WRITE_PROTECTED) {
		Print(L"capture: NOT written: the volume is read-only (%r while %a).\n%a\n", s, stage, then);
	} else if (s == EFI_VOLUME_FULL) {
		Print(L"capture: NOT written: the volume is full (%r while %a); nothing was left behind.\n%a\n",
		      s, stage, then);
	} else {
		Print(L"capture: NOT written: %r while %a; nothing was left behind.\n%a\n", s, stage, then);
	}
upload:
	cs_net_upload(rec->set, json, len); /* upload= or netbooted (net.h) */
	bs->FreePool(json);
	return s;
}
