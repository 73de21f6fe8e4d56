/* experiments.h (firmware): seed 003's experiments after the adjacency
 * probe (common/experiments.h), with the probe's clock and region; the
 * flush comes from efi/arch/<arch>/flush.c. */
#ifndef CS_EFI_EXPERIMENTS_H
#define CS_EFI_EXPERIMENTS_H

#include <stdint.h>
#include "measure.h"

/* Evict [p, p + bytes) from every cache level and wait for it to finish
 * (clflush + mfence on x86_64, dc civac + dsb sy on aarch64). */
void cs_arch_flush(const void *p, uint64_t bytes);

/* Runs the three experiments into c->exp and shows their lines. */
void cs_efi_experiments(struct cs_measure *m, struct cs_capture *c);

#endif
