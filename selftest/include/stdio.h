/* stdio.h for the firmware selftest: formatted output to the firmware's
 * console (serial-mirrored), stdout and stderr alike. %g and %f go through
 * common/buf.c's formatter, so the digits of a failure message are the
 * core's, not printf's: no test here uses printf as an oracle. */
#ifndef CS_ST_STDIO_H
#define CS_ST_STDIO_H

#include <stdarg.h>
#include <stddef.h>

typedef struct cs_st_file FILE;
extern FILE *stdout, *stderr;

#define CS_ST_PRINTF(f, a) __attribute__((format(printf, f, a)))
int vsnprintf(char *out, size_t cap, const char *fmt, va_list ap) CS_ST_PRINTF(3, 0);
int snprintf(char *out, size_t cap, const char *fmt, ...) CS_ST_PRINTF(3, 4);
int sprintf(char *out, const char *fmt, ...) CS_ST_PRINTF(2, 3);
int vfprintf(FILE *f, const char *fmt, va_list ap) CS_ST_PRINTF(2, 0);
int fprintf(FILE *f, const char *fmt, ...) CS_ST_PRINTF(2, 3);
int printf(const char *fmt, ...) CS_ST_PRINTF(1, 2);
int fputc(int c, FILE *f);
int fputs(const char *s, FILE *f);
int puts(const char *s);

#endif
