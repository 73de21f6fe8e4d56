/* console.c: the firmware console (console.h). */
#include "console.h"

static EFI_SYSTEM_TABLE *sys;

void cs_con_init(EFI_SYSTEM_TABLE *st)
{
	sys = st;
}

/* Converts in short runs: the console takes UCS-2, the core writes ASCII. */
void cs_con_puts(const char *s)
{
	CHAR16 out[130];
	UINTN n = 0;
	if (!sys || !sys->ConOut)
		return;
	for (; *s; s++) {
		if (*s == '\n')
			out[n++] = L'\r';
		out[n++] = (CHAR16)(unsigned char)*s;
		if (n >= 126) {
			out[n] = 0;
			sys->ConOut->OutputString(sys->ConOut, out);
			n = 0;
		}
	}
	out[n] = 0;
	if (n)
		sys->ConOut->OutputString(sys->ConOut, out);
}

void cs_con_buf(const struct cs_buf *b)
{
	cs_con_puts(b->p);
}

void cs_con_wait_key(void)
{
	EFI_INPUT_KEY key;
	UINTN index;
	if (!sys || !sys->ConIn)
		return;
	sys->ConIn->Reset(sys->ConIn, FALSE);
	if (sys->BootServices->WaitForEvent(1, &sys->ConIn->WaitForKey, &index) == EFI_SUCCESS)
		sys->ConIn->ReadKeyStroke(sys->ConIn, &key);
}
