/* stdlib.h for the firmware selftest: memory from the firmware's pool
 * (selftest/libc.c over AllocatePool) and abs(). No rand() or strtod():
 * the tests that use them use them as oracles, and run on the host only. */
#ifndef CS_ST_STDLIB_H
#define CS_ST_STDLIB_H

#include <stddef.h>

void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *aligned_alloc(size_t align, size_t n);
int posix_memalign(void **out, size_t align, size_t n);
void free(void *p);

static inline int abs(int x)
{
	return x < 0 ? -x : x;
}

#endif
