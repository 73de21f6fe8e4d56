/* libc.c: the four memory functions a freestanding compiler may call (for
 * struct copies and clears); the WebAssembly build has no libc. Built with
 * -mbulk-memory (mk/web.mk): copies and fills are wasm's own memory.copy
 * and memory.fill instructions, which the builtins become (not calls). */
#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
	return __builtin_memcpy(dst, src, n);
}

void *memmove(void *dst, const void *src, size_t n)
{
	return __builtin_memmove(dst, src, n);
}

void *memset(void *dst, int c, size_t n)
{
	return __builtin_memset(dst, c, n);
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}
