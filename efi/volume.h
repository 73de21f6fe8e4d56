/* volume.h: the volume the application was loaded from: read the settings
 * file, write a capture safely. Every function returns the firmware's
 * status; the caller prints it once (with %r) and says what it means. */
#ifndef CS_EFI_VOLUME_H
#define CS_EFI_VOLUME_H

#include <efi.h>
#include <stddef.h>

struct cs_volume {
	EFI_BOOT_SERVICES *bs;
	EFI_FILE_PROTOCOL *root;
};

EFI_STATUS cs_volume_open(EFI_HANDLE image, EFI_SYSTEM_TABLE *st,
			  struct cs_volume *v);
void cs_volume_close(struct cs_volume *v);

/* A small file (path in ASCII, '\' separated) into buf; EFI_NOT_FOUND when
 * absent, EFI_BUFFER_TOO_SMALL when longer than cap. */
EFI_STATUS cs_volume_read(struct cs_volume *v, const char *path, void *buf,
			  UINTN cap, UINTN *len);

/* Writes data as \captures\<base>.json (or <base>-2.json and so on: an
 * existing capture is never overwritten). With fresh 0: to a new temporary file with a
 * name no user would choose (.cacheshape-unfinished-<base>.tmp, or -2 ...:
 * an existing file is never reused or deleted), flushed, read back,
 * compared and read as a capture by the capture reader (reader/reader.h,
 * what `cacheshape reduce` and the page read with), then
 * renamed. On failure nothing is left behind and *stage says which step
 * failed (EFI_COMPROMISED_DATA: what the reader found). After the rename a
 * failing Close returns the warning EFI_WARN_WRITE_FAILURE (EFI_ERROR()
 * is false: the capture is written). With fresh 1 (a file protocol that
 * cannot rename, cs_volume_rename_probe): straight to the free name,
 * flushed, read back, compared and read as a capture the same way, and
 * deleted on failure; no other file is opened for writing, so no earlier
 * capture is touched, but a power cut while it is written leaves it
 * partial (the capture reader refuses a partial file). 'final' gets the
 * path written. */
EFI_STATUS cs_volume_write_capture(struct cs_volume *v, const char *base,
				   const void *data, UINTN len, char *final,
				   size_t cap, const char **stage, int fresh);

/* Whether the file protocol renames, asked before the capture is written
 * (U-Boot's does not: SetInfo with another FileName is Access Denied): a
 * fresh hidden file in \captures (.cacheshape-unfinished-rename-probe.tmp,
 * or -2 ...: never an existing file), one byte written, renamed to another
 * free hidden name, then deleted under whichever name it has. Returns the
 * status of making the file (an error: cannot tell, the capture's own
 * write will say why); *refused the rename's (EFI_SUCCESS: it renames). */
EFI_STATUS cs_volume_rename_probe(struct cs_volume *v, EFI_STATUS *refused);

#endif
