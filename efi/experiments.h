/* experiments.h (firmware): seed 003's experiments after the adjacency
 * probe (common/experiments.h), with the probe's clock and region; the
 * flush comes from the arch layer (arch/arch.h). */
#ifndef CS_EFI_EXPERIMENTS_H
#define CS_EFI_EXPERIMENTS_H

#include <stdint.h>
#include "measure.h"

/* Runs the three experiments into c->exp and shows their lines. */
void cs_efi_experiments(struct cs_measure *m, struct cs_capture *c);

#endif
