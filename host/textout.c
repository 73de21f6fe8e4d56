/* textout.c: escaped text out (textout.h). */
#include "textout.h"
#include "../common/buf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_ 8192

void cs_eprintf(const char *fmt, ...)
{
	char raw[LINE_MAX_], out[4 * LINE_MAX_];
	struct cs_buf b;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	cs_buf_init(&b, out, sizeof out);
	cs_put_text(&b, raw);
	/* What stdout holds first: with both streams on one pipe
	 * (`2>&1 | tee`), a buffered report line is otherwise cut by this one. */
	fflush(stdout);
	fputs(out, stderr);
	fputc('\n', stderr);
}

void cs_fput_lines(FILE *f, const char *text)
{
	size_t n = strlen(text), cap = 4 * n + 1;
	char *out = malloc(cap);
	struct cs_buf b;
	if (!out) { /* no memory: drop what could harm, keep the rest */
		for (; *text; text++)
			fputc((unsigned char)*text < 0x20 && *text != '\n' ? '?' : *text, f);
		return;
	}
	cs_buf_init(&b, out, cap);
	cs_put_text_lines(&b, text);
	fputs(out, f);
	free(out);
}
