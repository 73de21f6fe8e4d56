/* libc.c: the memory functions compilers emit calls to even when freestanding.
 * gnu-efi's libefi (init.o) already defines memcpy and memset, and the
 * linker pulls it in for InitializeLib; these are the two it lacks. */
#include "libc.h"

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	if (d < s)
		while (n--)
			*d++ = *s++;
	else
		while (n--)
			d[n] = s[n];
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}
