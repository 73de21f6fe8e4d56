/* replay.c: read, then reduce; a reducer error is a malformed capture. */
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>

struct cs_replay *cs_replay_new(void)
{
	return calloc(1, sizeof(struct cs_replay));
}

void cs_replay_free(struct cs_replay *p)
{
	free(p);
}

static int reduce(struct cs_replay *p, char *err, size_t errlen)
{
	char why[256];

	if (cs_reduce_capture(&p->cap, &p->work, &p->res, why, sizeof(why)) == 0)
		return 0;
	snprintf(err, errlen, "malformed capture: %s", why);
	return -1;
}

int cs_replay_file(struct cs_replay *p, const char *path, char *err,
		   size_t errlen)
{
	if (cs_read_capture_file(path, &p->cap, &p->exp, err, errlen))
		return -1;
	return reduce(p, err, errlen);
}

int cs_replay_mem(struct cs_replay *p, const char *data, size_t len,
		  char *err, size_t errlen)
{
	if (cs_read_capture_mem(data, len, &p->cap, &p->exp, err, errlen))
		return -1;
	return reduce(p, err, errlen);
}
