/* console.c: the firmware console (console.h). */
#include "console.h"

static EFI_SYSTEM_TABLE *sys;

void cs_con_init(EFI_SYSTEM_TABLE *st)
{
	sys = st;
}

/* Converts in short runs: the console takes UCS-2. The text goes through
 * the shared escaping rule first (common/buf.h, cs_put_text_lines: a CPU
 * brand or a label with an ESC in it is shown as \e, never obeyed), then
 * its UTF-8 becomes UCS-2 (outside the BMP: U+FFFD). */
#define CS_CON_IN 60 /* input bytes a run: escaped, at most 4x as many */

static void put_run(const char *s, size_t n)
{
	char esc[4 * CS_CON_IN + 8], one[CS_CON_IN + 1];
	CHAR16 out[2 * (4 * CS_CON_IN + 8)];
	struct cs_buf b;
	UINTN k = 0;
	uint32_t cp;
	cs_memcpy(one, s, n);
	one[n] = 0;
	cs_buf_init(&b, esc, sizeof esc);
	cs_put_text_lines(&b, one);
	for (size_t i = 0; i < b.len;) {
		size_t len = cs_utf8_next(esc + i, b.len - i, &cp);
		if (!len) { /* cannot happen after escaping; be safe */
			cp = 0xfffd;
			len = 1;
		}
		if (cp == '\n')
			out[k++] = L'\r';
		out[k++] = (CHAR16)(cp > 0xffff ? 0xfffd : cp);
		i += len;
	}
	out[k] = 0;
	if (k)
		sys->ConOut->OutputString(sys->ConOut, out);
}

void cs_con_puts(const char *s)
{
	size_t n;
	if (!sys || !sys->ConOut)
		return;
	n = cs_strlen(s);
	while (n) {
		size_t run = n > CS_CON_IN ? cs_utf8_cut(s, CS_CON_IN) : n;
		if (!run)
			run = CS_CON_IN; /* a run of bytes that are not UTF-8 */
		put_run(s, run);
		s += run;
		n -= run;
	}
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
