/* a64.h: what the aarch64 files share among themselves (not part of the
 * arch interface): system-register reads and the PMU; a kind's aarch64
 * kernels (kinds/<name>/aarch64/) include it too. */
#ifndef CS_ARCH_A64_H
#define CS_ARCH_A64_H

#include <stdint.h>
#include "../arch.h"

#define CS_A64_MRS(reg) ({ uint64_t v_; __asm__ volatile("mrs %0, " #reg : "=r"(v_)); v_; })

/* Exception level the code runs at (CurrentEL[3:2]); privileged to read. */
static inline uint32_t cs_a64_current_el(void)
{
	return (uint32_t)(CS_A64_MRS(CurrentEL) >> 2) & 3;
}

/* PMCCNTR_EL0: enabled, seen to count (or not) across a short delay, and
 * put back as found; recorded in c->pmu. It times the run only when chosen
 * (cs_arch_counter_select), and then every series of it. */
void cs_a64_pmu_check(struct cs_arch_cpu *c, const struct cs_platform *pf);
void cs_a64_pmu_json(struct cs_jsonw *j, const struct cs_arch_pmu *p);
/* Enables it for the rest of the run: 0, or -1 with why[] when not offered. */
int cs_a64_pmu_use(struct cs_arch_pmu *p, char *why, size_t whylen);
/* Enables it counting beside the run's own counter (the core clock's
 * second reading): 0, or -1 when not offered. */
int cs_a64_pmu_count(struct cs_arch_pmu *p);

#endif
