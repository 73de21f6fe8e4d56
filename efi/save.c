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

/* A firmware status in words ("Access Denied"), as Print's %r says it. */
static void status_words(EFI_STATUS s, char *out, size_t cap)
{
	CHAR16 w[64];
	size_t i = 0;
	StatusToString(w, s);
	for (; w[i] && i + 1 < cap && i < 63; i++)
		out[i] = w[i] < 127 ? (char)w[i] : '?';
	out[i] = 0;
}

/* How the capture will be kept (cs_volume_rename_probe), into the record
 * before it is written, so that the capture says it itself: 1 under a
 * fresh name (the file protocol cannot rename), 0 renamed into place. */
static int choose_method(struct cs_volume *vol, struct cs_record *rec)
{
	EFI_STATUS refused = EFI_SUCCESS, s = cs_volume_rename_probe(vol, &refused);
	char words[64];
	struct cs_buf b;
	cs_buf_init(&b, rec->write_why, sizeof rec->write_why);
	if (!EFI_ERROR(s) && EFI_ERROR(refused)) {
		rec->write_method = "fresh-name";
		status_words(refused, words, sizeof words);
		cs_puts(&b, "the firmware's file protocol refused to rename a file (");
		cs_puts(&b, words);
		cs_puts(&b, "): written under its own free name, read back and compared; no earlier capture touched");
		return 1;
	}
	rec->write_method = "rename";
	if (EFI_ERROR(s)) {
		status_words(s, words, sizeof words);
		cs_puts(&b, "renaming not tried (");
		cs_puts(&b, words);
		cs_puts(&b, " making a file to try it): a temporary name, read back and compared, then renamed");
	} else {
		cs_puts(&b, "a temporary name, read back and compared, then renamed: a power cut leaves no partial capture");
	}
	return 0;
}

EFI_STATUS cs_save_capture(EFI_SYSTEM_TABLE *st, struct cs_volume *vol,
			   struct cs_record *rec)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	char base[80], final[120], line[512];
	const char *stage = "", *then = "The result above is all there is: copy it from the screen.";
	struct cs_buf b;
	int fresh = 0;
	UINTN len = 0;
	EFI_STATUS s;
	char *json;

	if (vol)
		fresh = choose_method(vol, rec);
	json = serialise(bs, rec, &len);

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
	s = cs_volume_write_capture(vol, base, json, len, final, sizeof final, &stage, fresh);
	if (!EFI_ERROR(s)) {
		cs_buf_init(&b, line, sizeof line);
		cs_puts(&b, "capture written: ");
		cs_puts(&b, final);
		cs_puts(&b, " (");
		cs_put_u64(&b, len);
		cs_puts(&b, " bytes, read back, compared and read as a capture)\n");
		if (fresh) { /* said once, here: how it was kept, and why */
			cs_puts(&b, "capture kept under a fresh name: ");
			cs_puts(&b, rec->write_why);
			cs_puts(&b, "\n");
		}
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
