/* pmu.c (aarch64): whether PMCCNTR_EL0, the cycle counter, could serve as
 * a finer clock than the generic timer at the EL the firmware runs at. */
#include "a64.h"
#include "../../common/buf.h"

/* E (bit 0) and LC (bit 6: 64-bit cycle counter); at EL2 the filter's
 * NSH bit (27) must be set for it to count at EL2. */
static void enable(const struct cs_arch_pmu *pmu, uint64_t pmcr)
{
	uint64_t filt = pmu->el == 2 ? (1ull << 27) : 0;
	__asm__ volatile("msr pmccfiltr_el0, %0\n\tmsr pmcr_el0, %1\n\tmsr pmcntenset_el0, %2\n\tisb"
			 : : "r"(filt), "r"(pmcr | 1 | (1u << 6)), "r"(1ull << 31) : "memory");
}

/* PMCCNTR_EL0 at EL1 or EL2 (PMUVer 1..14: an architected PMU). Enabled,
 * checked to count across a short delay, then left as it was found. It is
 * recorded, not used, unless chosen (cs_a64_pmu_use). */
void cs_a64_pmu_check(struct cs_arch_cpu *c, const struct cs_platform *pf)
{
	struct cs_arch_pmu *pmu = &c->pmu;
	uint32_t ver = (uint32_t)(c->dfr0 >> 8) & 0xf, current_el = c->el;
	uint64_t pmcr, filt, c0, c1, v0, v1;

	if (ver == 0 || ver == 0xf) {
		cs_strlcpy(pmu->why, ver ? "ID_AA64DFR0_EL1.PMUVer is IMPLEMENTATION DEFINED: not touched"
					: "no PMU (ID_AA64DFR0_EL1.PMUVer = 0)", sizeof pmu->why);
		return;
	}
	if (!pf || !pf->delay_us) {
		cs_strlcpy(pmu->why, "no delay to count across: not checked", sizeof pmu->why);
		return;
	}
	if (current_el != 1 && current_el != 2) {
		cs_strlcpy(pmu->why, "not at EL1 or EL2", sizeof pmu->why);
		return;
	}
	__asm__ volatile("mrs %0, pmcr_el0" : "=r"(pmcr));
	__asm__ volatile("mrs %0, pmccfiltr_el0" : "=r"(filt));
	pmu->pmcr = pmcr;
	pmu->el = current_el;
	enable(pmu, pmcr);
	__asm__ volatile("isb\n\tmrs %0, pmccntr_el0" : "=r"(c0));
	v0 = CS_A64_MRS(cntvct_el0);
	pf->delay_us(pf->ctx, 2000);
	__asm__ volatile("isb\n\tmrs %0, pmccntr_el0" : "=r"(c1));
	v1 = CS_A64_MRS(cntvct_el0);
	__asm__ volatile("msr pmcntenclr_el0, %0\n\tmsr pmcr_el0, %1\n\tmsr pmccfiltr_el0, %2\n\tisb"
			 : : "r"(1ull << 31), "r"(pmcr), "r"(filt) : "memory");
	pmu->ticks = c1 - c0;
	pmu->cntvct_ticks = v1 - v0;
	if (pmu->ticks == 0) {
		cs_strlcpy(pmu->why, "enabled but did not count across a 2 ms delay", sizeof pmu->why);
		return;
	}
	pmu->offered = 1;
	cs_strlcpy(pmu->why, "counts at this EL; not chosen: the run is timed by cntvct alone",
		   sizeof pmu->why);
}

int cs_a64_pmu_use(struct cs_arch_pmu *pmu, char *why, size_t whylen)
{
	if (!pmu->offered) {
		cs_strlcpy(why, pmu->why, whylen);
		return -1;
	}
	enable(pmu, pmu->pmcr);
	pmu->used = 1;
	cs_strlcpy(pmu->why, "chosen: every series of this run is timed by it, calibrated "
			    "against the generic timer", sizeof pmu->why);
	return 0;
}

static void hexkey(struct cs_jsonw *j, const char *k, uint64_t v)
{
	cs_jsonw_key(j, k);
	cs_jsonw_hex(j, v);
}

void cs_a64_pmu_json(struct cs_jsonw *j, const struct cs_arch_pmu *pmu)
{
	cs_jsonw_key(j, "pmccntr");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "offered");
	cs_jsonw_bool(j, pmu->offered);
	cs_jsonw_key(j, "used");
	cs_jsonw_bool(j, pmu->used);
	cs_jsonw_key(j, "why");
	cs_jsonw_str(j, pmu->why);
	if (pmu->offered) {
		hexkey(j, "PMCR_EL0", pmu->pmcr);
		cs_jsonw_key(j, "ticks_per_cntvct_tick");
		cs_jsonw_numsig(j, pmu->cntvct_ticks ? (double)pmu->ticks / (double)pmu->cntvct_ticks : 0, 6);
	}
	cs_jsonw_obj_end(j);
}

/* The cycle counter counting for the core clock's second reading
 * (clock.c), the run still timed by its own counter: enabled as the check
 * found it working, pmu->used untouched. */
int cs_a64_pmu_count(struct cs_arch_pmu *pmu)
{
	if (!pmu->offered)
		return -1;
	enable(pmu, pmu->pmcr);
	return 0;
}
