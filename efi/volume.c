/* volume.c: files on the boot volume (volume.h). */
#include "volume.h"
#include "libc.h"
#include "../common/buf.h"
#include "../reader/reader.h"

#define CS_DIR "captures"
/* The temporary file: hidden, and a name no one would give a file of their
 * own; it is only ever created new (never an existing file reused). */
#define CS_TMP_PREFIX ".cacheshape-unfinished-"

static void widen(CHAR16 *dst, size_t cap, const char *src)
{
	size_t i;
	for (i = 0; src[i] && i + 1 < cap; i++)
		dst[i] = (CHAR16)(unsigned char)src[i];
	dst[i] = 0;
}

EFI_STATUS cs_volume_open(EFI_HANDLE image, EFI_SYSTEM_TABLE *st,
			  struct cs_volume *v)
{
	static EFI_GUID lip = EFI_LOADED_IMAGE_PROTOCOL_GUID;
	static EFI_GUID sfs = EFI_SIMPLE_FILE_SYSTEM_PROTOCOL_GUID;
	EFI_LOADED_IMAGE_PROTOCOL *li;
	EFI_SIMPLE_FILE_SYSTEM_PROTOCOL *fs;
	EFI_STATUS s;

	v->bs = st->BootServices;
	v->root = NULL;
	s = v->bs->HandleProtocol(image, &lip, (void **)&li);
	if (EFI_ERROR(s))
		return s;
	s = v->bs->HandleProtocol(li->DeviceHandle, &sfs, (void **)&fs);
	if (EFI_ERROR(s))
		return s;
	return fs->OpenVolume(fs, &v->root);
}

void cs_volume_close(struct cs_volume *v)
{
	if (v->root)
		v->root->Close(v->root);
	v->root = NULL;
}

static EFI_STATUS read_all(EFI_FILE_PROTOCOL *f, void *buf, UINTN cap, UINTN *len)
{
	UINTN got = 0;
	for (;;) {
		UINTN n = cap - got;
		EFI_STATUS s;
		if (n == 0) { /* full: is there more? */
			char extra;
			n = 1;
			s = f->Read(f, &n, &extra);
			*len = got;
			return EFI_ERROR(s) ? s : n ? EFI_BUFFER_TOO_SMALL : EFI_SUCCESS;
		}
		s = f->Read(f, &n, (char *)buf + got);
		if (EFI_ERROR(s))
			return s;
		if (n == 0)
			break;
		got += n;
	}
	*len = got;
	return EFI_SUCCESS;
}

EFI_STATUS cs_volume_read(struct cs_volume *v, const char *path, void *buf,
			  UINTN cap, UINTN *len)
{
	CHAR16 name[128];
	EFI_FILE_PROTOCOL *f;
	EFI_STATUS s;
	widen(name, 128, path);
	s = v->root->Open(v->root, &f, name, EFI_FILE_MODE_READ, 0);
	if (EFI_ERROR(s))
		return s;
	s = read_all(f, buf, cap, len);
	f->Close(f);
	return s;
}

/* EFI_NOT_FOUND when the name is free. */
static EFI_STATUS probe_name(EFI_FILE_PROTOCOL *dir, const char *name)
{
	CHAR16 w[128]; /* the temporary name: 23 + 79 + 8 characters at most */
	EFI_FILE_PROTOCOL *f;
	EFI_STATUS s;
	widen(w, 128, name);
	s = dir->Open(dir, &f, w, EFI_FILE_MODE_READ, 0);
	if (!EFI_ERROR(s)) {
		f->Close(f);
		return EFI_SUCCESS;
	}
	return s;
}

/* The first free name of prefix<base>[-k]<suffix>, k = 2, 3, ...: an
 * existing file is never reused. */
static EFI_STATUS pick_name(EFI_FILE_PROTOCOL *dir, const char *prefix, const char *base,
			    const char *suffix, char *leaf, size_t cap)
{
	for (uint32_t k = 1; k < 1000; k++) {
		struct cs_buf b;
		EFI_STATUS s;
		cs_buf_init(&b, leaf, cap);
		cs_puts(&b, prefix);
		cs_puts(&b, base);
		if (k > 1) {
			cs_putc(&b, '-');
			cs_put_u64(&b, k);
		}
		cs_puts(&b, suffix);
		if (b.overflow)
			return EFI_BAD_BUFFER_SIZE;
		s = probe_name(dir, leaf);
		if (s == EFI_NOT_FOUND)
			return EFI_SUCCESS;
		if (EFI_ERROR(s))
			return s;
	}
	return EFI_ACCESS_DENIED;
}

/* Renames an open file within its directory (UEFI: SetInfo's FileName). */
static EFI_STATUS rename_to(struct cs_volume *v, EFI_FILE_PROTOCOL *f,
			    const char *leaf)
{
	static EFI_GUID info_guid = EFI_FILE_INFO_ID;
	EFI_FILE_INFO *info;
	UINTN size = 0, need;
	EFI_STATUS s = f->GetInfo(f, &info_guid, &size, NULL);
	if (s != EFI_BUFFER_TOO_SMALL)
		return EFI_ERROR(s) ? s : EFI_DEVICE_ERROR;
	need = size + 2 * (cs_strlen(leaf) + 1);
	s = v->bs->AllocatePool(EfiLoaderData, need, (void **)&info);
	if (EFI_ERROR(s))
		return s;
	size = need;
	s = f->GetInfo(f, &info_guid, &size, info);
	if (!EFI_ERROR(s)) {
		widen(info->FileName, cs_strlen(leaf) + 1, leaf);
		info->Size = SIZE_OF_EFI_FILE_INFO + 2 * (cs_strlen(leaf) + 1);
		s = f->SetInfo(f, &info_guid, info->Size, info);
	}
	v->bs->FreePool(info);
	return s;
}

static char check_why[600]; /* what the reader found, for *stage */

/* bytes[0..len), as written, read with the capture reader itself (reader/,
 * the code `cacheshape reduce` and the page read with): 0, or -1 with
 * check_why saying why. Its room (the capture, the tree) is pooled for the
 * read and handed back. */
static int read_as_capture(struct cs_volume *v, const char *bytes, UINTN len)
{
	size_t need = cs_read_arena_need(len);
	struct cs_capture *c = NULL;
	char why[512];
	void *arena = NULL;
	struct cs_buf b;
	int rc = -1;

	cs_strlcpy(why, "no memory for the reader", sizeof why);
	if (!EFI_ERROR(v->bs->AllocatePool(EfiLoaderData, sizeof *c, (void **)&c)) &&
	    !EFI_ERROR(v->bs->AllocatePool(EfiLoaderData, need, &arena)))
		rc = cs_read_capture(bytes, len, arena, need, c, NULL, why, sizeof why);
	if (arena)
		v->bs->FreePool(arena);
	if (c)
		v->bs->FreePool(c);
	if (rc) {
		cs_buf_init(&b, check_why, sizeof check_why);
		cs_puts(&b, "reading the capture back: ");
		cs_puts(&b, why);
	}
	return rc;
}

/* Read back, compared byte for byte, then read as a capture by the capture
 * reader: a capture `cacheshape reduce` would refuse is never put in
 * place, and "read back and checked" means what it means everywhere. */
static EFI_STATUS verify(struct cs_volume *v, EFI_FILE_PROTOCOL *f,
			 const void *data, UINTN len, const char **stage)
{
	char *back;
	UINTN got = 0;
	EFI_STATUS s = v->bs->AllocatePool(EfiLoaderData, len + 1, (void **)&back);
	if (EFI_ERROR(s))
		return s;
	s = f->SetPosition(f, 0);
	if (!EFI_ERROR(s))
		s = read_all(f, back, len + 1, &got);
	if (!EFI_ERROR(s) && (got != len || memcmp(back, data, len) != 0))
		s = EFI_CRC_ERROR; /* what was read is not what was written */
	if (!EFI_ERROR(s) && read_as_capture(v, back, got) != 0) {
		*stage = check_why;
		s = EFI_COMPROMISED_DATA;
	}
	v->bs->FreePool(back);
	return s;
}

/* \captures, made when absent. */
static EFI_STATUS open_dir(struct cs_volume *v, EFI_FILE_PROTOCOL **dir)
{
	return v->root->Open(v->root, dir, L"" CS_DIR,
			     EFI_FILE_MODE_CREATE | EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE,
			     EFI_FILE_DIRECTORY);
}

EFI_STATUS cs_volume_rename_probe(struct cs_volume *v, EFI_STATUS *refused)
{
	EFI_FILE_PROTOCOL *dir = NULL, *f = NULL;
	char from[120], to[120];
	CHAR16 w[128];
	UINTN one = 1;
	EFI_STATUS s;

	*refused = EFI_SUCCESS;
	s = open_dir(v, &dir);
	if (EFI_ERROR(s))
		return s;
	/* two free names, never an existing file's (pick_name) */
	s = pick_name(dir, CS_TMP_PREFIX, "rename-probe", ".tmp", from, sizeof from);
	if (!EFI_ERROR(s))
		s = pick_name(dir, CS_TMP_PREFIX, "rename-probe-renamed", ".tmp", to, sizeof to);
	if (EFI_ERROR(s))
		goto out;
	widen(w, 128, from);
	s = dir->Open(dir, &f, w, EFI_FILE_MODE_CREATE | EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0);
	if (EFI_ERROR(s))
		goto out;
	s = f->Write(f, &one, (void *)"\n");
	if (!EFI_ERROR(s))
		s = f->Flush(f);
	if (!EFI_ERROR(s))
		*refused = rename_to(v, f, to);
	f->Delete(f); /* ours, under whichever name it has now */
out:
	dir->Close(dir);
	return s;
}

/* A new file 'name' in dir holding data, written, flushed, read back,
 * compared and read as a capture: 0 with *f open, or the error with the
 * file deleted (it is ours: the name was free) and *stage the step. */
static EFI_STATUS create_checked(struct cs_volume *v, EFI_FILE_PROTOCOL *dir, const char *name,
				 const char *creating, const void *data, UINTN len,
				 EFI_FILE_PROTOCOL **f, const char **stage)
{
	CHAR16 w[128];
	UINTN n = len;
	EFI_STATUS s;

	widen(w, 128, name);
	*stage = creating;
	s = dir->Open(dir, f, w, EFI_FILE_MODE_CREATE | EFI_FILE_MODE_READ | EFI_FILE_MODE_WRITE, 0);
	if (EFI_ERROR(s))
		return s;
	*stage = "writing";
	s = (*f)->Write(*f, &n, (void *)data);
	if (!EFI_ERROR(s) && n != len)
		s = EFI_VOLUME_FULL;
	if (!EFI_ERROR(s)) {
		*stage = "flushing";
		s = (*f)->Flush(*f);
	}
	if (!EFI_ERROR(s)) {
		*stage = "reading back";
		s = verify(v, *f, data, len, stage);
	}
	if (EFI_ERROR(s))
		(*f)->Delete(*f); /* never leave half a capture */
	return s;
}

EFI_STATUS cs_volume_write_capture(struct cs_volume *v, const char *base,
				   const void *data, UINTN len, char *final,
				   size_t cap, const char **stage, int fresh)
{
	EFI_FILE_PROTOCOL *dir = NULL, *f = NULL;
	char leaf[80], tmp[120];
	struct cs_buf b;
	EFI_STATUS s;

	*stage = "creating \\" CS_DIR;
	s = open_dir(v, &dir);
	if (EFI_ERROR(s))
		return s;
	*stage = "choosing a free name";
	s = pick_name(dir, "", base, ".json", leaf, sizeof leaf);
	if (EFI_ERROR(s))
		goto out;
	if (fresh) {
		/* where the file protocol cannot rename: the capture under
		 * its own free name, checked the same way */
		s = create_checked(v, dir, leaf, "creating the capture under its fresh name", data, len, &f,
				   stage);
	} else {
		/* A free name, never one that exists: a file this run did
		 * not make (a user's, or one left by a run that died) is
		 * never deleted. */
		*stage = "choosing a temporary name";
		s = pick_name(dir, CS_TMP_PREFIX, base, ".tmp", tmp, sizeof tmp);
		if (!EFI_ERROR(s))
			s = create_checked(v, dir, tmp, "creating the temporary file", data, len, &f, stage);
		if (!EFI_ERROR(s)) {
			*stage = "renaming";
			s = rename_to(v, f, leaf);
			if (EFI_ERROR(s))
				f->Delete(f);
		}
	}
	if (EFI_ERROR(s))
		goto out;
	cs_buf_init(&b, final, cap);
	cs_puts(&b, "\\" CS_DIR "\\");
	cs_puts(&b, leaf);
	*stage = "done";
	/* In place, flushed and read back: a failing Close now is a warning
	 * about the volume, not "NOT written". */
	s = f->Close(f);
	if (EFI_ERROR(s)) {
		*stage = fresh ? "closing the capture after it was written, read back and compared"
			       : "closing the capture after it was written, read back and renamed";
		s = EFI_WARN_WRITE_FAILURE;
	}
out:
	dir->Close(dir);
	return s;
}
