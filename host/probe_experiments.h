/* probe_experiments.h: seed 003's experiments on the host probe. */
#ifndef CS_PROBE_EXPERIMENTS_H
#define CS_PROBE_EXPERIMENTS_H

#include "probe.h"

/* Runs the three experiments into c->exp (m's region, clock, seed; m->blocks
 * repetitions of each average). -1 when not run (region under 1 MiB). */
int cs_run_experiments(struct cs_run *m, struct cs_capture *c);

#endif
