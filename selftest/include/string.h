/* string.h for the firmware selftest: the string and memory functions the
 * unit tests call (selftest/libc.c). Only what the tests use: a test that
 * needs more fails to compile here, never picks up the host's libc. */
#ifndef CS_ST_STRING_H
#define CS_ST_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *p, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *dst, const char *src);
char *strcat(char *dst, const char *src);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *hay, const char *needle);

#endif
