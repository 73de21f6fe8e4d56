/* fmt.h: snprintf for the reader's messages, freestanding: %s, %.*s, %c,
 * %d, %u, %zu, %ld, %lu, %lld, %llu, %g, %.<n>g and %.0f (as C prints them,
 * digits from the exact value; a non-finite value in words, common/buf.h),
 * %%. Always terminated when cap > 0;
 * returns the length it would have written. */
#ifndef CS_READER_FMT_H
#define CS_READER_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

size_t cs_vfmt(char *out, size_t cap, const char *fmt, va_list ap);
size_t cs_fmt(char *out, size_t cap, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
