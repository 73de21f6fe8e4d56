/* replay.h: one capture file read and reduced, with the memory both need
 * (the capture, its expectations, the reducer's workspace and result, about
 * 130 KiB) held in one heap block. Shared by reduce, check and the bench. */
#ifndef CS_REPLAY_H
#define CS_REPLAY_H

#include <stddef.h>
#include "../reader.h"

struct cs_replay {
	struct cs_capture cap;
	struct cs_expect exp;
	struct cs_work work;
	struct cs_result res;
};

struct cs_replay *cs_replay_new(void); /* NULL when out of memory */
void cs_replay_free(struct cs_replay *p);
/* Read and reduce. 0: cap, exp and res hold the answer. -1: err says why
 * (the file could not be read, or the reducer found it malformed). */
int cs_replay_file(struct cs_replay *p, const char *path, char *err,
		   size_t errlen);
int cs_replay_mem(struct cs_replay *p, const char *data, size_t len,
		  char *err, size_t errlen);

#endif
