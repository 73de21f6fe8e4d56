/* host_step.h: the table's host column (common/kinds.h): what a measuring
 * host (the firmware, the host probe) runs itself, once, before the clock,
 * on its platform services (common/services.h), then says on its screen
 * and writes among its own capture members, for every kind that has one
 * (seed 001's instruction-cache experiment, kinds/icache/), in the table's
 * order. The page measures no such step. Freestanding. */
#ifndef CS_HOST_STEP_H
#define CS_HOST_STEP_H

#include "buf.h"
#include "jsonw.h"
#include "services.h"

/* Each kind's step on s (the results kept in each kind: one run a
 * program). */
void cs_host_steps_run(const struct cs_services *s);
/* Their lines for the screen, into b. */
void cs_host_steps_say(struct cs_buf *b);
/* Their members, into j. */
void cs_host_steps_json(struct cs_jsonw *j);

#endif
