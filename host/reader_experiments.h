/* reader_experiments.h: the capture member "experiments" (seed 003,
 * docs/experiments.md) into struct cs_experiments, as strictly as reader.c
 * reads the core: field paths in every message, bounds from experiments.h.
 * Absent or null: nothing measured (every has_ flag 0). */
#ifndef CS_READER_EXPERIMENTS_H
#define CS_READER_EXPERIMENTS_H

#include "jread.h"
#include "../kinds/experiments/experiments.h"

int cs_read_experiments(struct cs_jr *r, const struct cs_jd *root,
			struct cs_experiments *x);

#endif
