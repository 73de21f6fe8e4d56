/* platform.h: what the selftest's C library (libc.c) needs from the place it
 * runs: selftest/efi.c in the firmware. The host twin of the selftest uses
 * the host's own C library instead and needs none of this. */
#ifndef CS_ST_PLATFORM_H
#define CS_ST_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

/* Text to the console, as it comes (the platform turns \n into \r\n). */
void cs_st_puts(const char *s);
/* Memory from the firmware, 8-byte aligned; NULL when there is none. */
void *cs_st_pool_alloc(size_t n);
void cs_st_pool_free(void *p);
/* Nanoseconds since an arbitrary start, monotonic. */
uint64_t cs_st_clock_ns(void);

#endif
