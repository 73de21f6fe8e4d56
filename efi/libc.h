/* libc.h: the C library's memory functions the firmware provides or links
 * (memcpy and memset from gnu-efi's libefi; memmove and memcmp in libc.c). */
#ifndef CS_EFI_LIBC_H
#define CS_EFI_LIBC_H

#include <stddef.h>

void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif
