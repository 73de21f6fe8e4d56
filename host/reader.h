/* reader.h: the capture reader on the host: files and memory into struct
 * cs_capture, by the freestanding reader (reader/reader.h, which says what
 * it checks). Host only. */
#ifndef CS_HOST_READER_H
#define CS_HOST_READER_H

#include <stddef.h>
#include "../reader/reader.h"
#include "../kinds/experiments/exp_expect.h"
#include "../kinds/tlb/tlb_expect.h"

/* Read a capture (path "-": standard input). 0: c (and e, when not NULL)
 * hold it. -1: err holds one line naming the field path and the problem; c and e are unspecified. */
int cs_read_capture_file(const char *path, struct cs_capture *c,
			 struct cs_expect *e, char *err, size_t errlen);
int cs_read_capture_mem(const char *data, size_t len, struct cs_capture *c,
			struct cs_expect *e, char *err, size_t errlen);
/* The calling thread's tree block, kept from one read to the next, handed
 * back (a thread about to end, or one that reads rarely). */
void cs_read_release(void);

#endif
