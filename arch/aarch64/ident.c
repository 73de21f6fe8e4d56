/* ident.c (aarch64): what this processor publishes about itself, for the
 * grouping by kind of core (common/core_types.h): MIDR_EL1, and a digest of
 * CTR_EL0, CLIDR_EL1 and each level's CCSIDR_EL1. No firmware call. (AAVMF has no
 * MP services, so today this runs on the boot processor only.) */
#include "a64.h"

void cs_arch_proc_ident(struct cs_proc_ident *out)
{
	uint32_t words[3 + 14], n = 0;
	uint64_t clidr = CS_A64_MRS(clidr_el1);
	out->number = 0;
	out->arm = 1;
	out->core_type = (uint32_t)CS_A64_MRS(midr_el1);
	words[n++] = (uint32_t)CS_A64_MRS(ctr_el0);
	words[n++] = (uint32_t)clidr;
	for (uint32_t level = 1; level <= 7; level++) {
		uint32_t ctype = (uint32_t)(clidr >> (3 * (level - 1))) & 7;
		if (ctype == 0)
			break;
		for (uint32_t ind = 0; ind <= 1; ind++) {
			uint64_t sel = ((uint64_t)(level - 1) << 1) | ind, ccsidr;
			if ((ind == 1 && !(ctype & 1)) || (ind == 0 && ctype == 1))
				continue;
			__asm__ volatile("msr csselr_el1, %0\n\tisb" : : "r"(sel));
			ccsidr = CS_A64_MRS(ccsidr_el1);
			words[n++] = (uint32_t)ccsidr;
		}
	}
	out->cache_sig = cs_ident_digest(words, n);
}
