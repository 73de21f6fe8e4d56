/* a64.h: what the aarch64 files share among themselves (not part of the
 * arch interface): system-register reads and the instruction-cache probe. */
#ifndef CS_EFI_A64_H
#define CS_EFI_A64_H

#include <efi.h>
#include <stdint.h>
#include "../../../common/icache.h"

#define CS_A64_MRS(reg) ({ uint64_t v_; __asm__ volatile("mrs %0, " #reg : "=r"(v_)); v_; })

/* Exception level the firmware runs at (CurrentEL[3:2]). */
static inline uint32_t cs_a64_current_el(void)
{
	return (uint32_t)(CS_A64_MRS(CurrentEL) >> 2) & 3;
}

/* PMCCNTR_EL0: enabled, seen to count (or not) and put back as found;
 * recorded as "pmccntr" in the capture. It times the run only when chosen
 * (cs_arch_counter_select), and then every series of it. */
void cs_a64_pmu_check(EFI_BOOT_SERVICES *bs, uint64_t dfr0, uint32_t current_el);
void cs_a64_pmu_json(struct cs_jsonw *j);
/* Enables it for the rest of the run: 0, or -1 with why[] when not offered. */
int cs_a64_pmu_use(char *why, size_t whylen);

/* The run's clock: "cntvct" (the default) or "pmccntr" when offered. Call
 * after cs_arch_cpu_read and before calibration, never during a series;
 * c's invariant_clock and clock_note follow the choice. 0, or -1 with
 * why[]. Declared here until arch.h carries it (a settings key picks it). */
struct cs_arch_cpu;

/* Seed 001 in executable pages. Fills *o with the counts, or leaves o->n
 * at 0 and writes why it did not run into 'why' (returns -1). 'exec' gets
 * how the pages were found to be executable. */
int cs_a64_icache_probe(EFI_BOOT_SERVICES *bs, uint32_t imin, uint32_t dmin,
			struct cs_icache_obs *o, char *exec, size_t exec_cap,
			char *why, size_t why_cap);

#endif
