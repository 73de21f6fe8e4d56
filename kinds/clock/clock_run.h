/* clock_run.h: the core clock's readings during a run (clock_run.c), which
 * the engine takes around every kind of the table (common/engine.c). */
#ifndef CS_CLOCK_RUN_H
#define CS_CLOCK_RUN_H

#include "../../common/engine.h"

/* The capture's validity figures unsaid (-1), before a program fills them. */
void cs_core_clock_init(struct cs_core_clock *k);
/* The hooks (engine.h struct cs_clock_hooks) and the capture's validity
 * figures from the host's services (clock_platform.c), when the engine has
 * them (e->hooks.svc); else the hooks stay the program's. */
void cs_clock_platform(struct cs_engine *e, struct cs_capture *c);
/* Sizes a reading to the counter (rules_clock.h s.1), or says why none. */
void cs_clock_run_begin(struct cs_engine *e, struct cs_capture *c);
/* A kind begins: a reading (and the cycle counter's), the program's marks. */
void cs_clock_kind_begin(struct cs_engine *e, struct cs_capture *c, const char *kind);
/* After one of its steps: a block's reading, or (last) the kind's after. */
void cs_clock_kind_step(struct cs_engine *e, struct cs_capture *c, int last);

/* The three above as the engine's watch over every kind (scripts/kinds-h.sh,
 * struct cs_watch in common/engine.h). */
#define CS_WATCH_CLOCK { cs_clock_run_begin, cs_clock_kind_begin, cs_clock_kind_step },

#endif
