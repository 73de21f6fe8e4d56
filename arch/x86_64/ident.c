/* ident.c (x86_64): what this processor publishes about itself, for the
 * grouping by kind of core (common/core_types.h): CPUID leaf 0x1A's core
 * type and a digest of the cache leaves (4, or 0x8000001D, and 0x80000005/6). No firmware
 * call: an application processor runs it. */
#include "../arch.h"
#include "x86.h"

static void cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4])
{
	struct cs_cpuid_regs o;
	cs_x86_cpuid(leaf, sub, &o);
	r[0] = o.eax;
	r[1] = o.ebx;
	r[2] = o.ecx;
	r[3] = o.edx;
}

void cs_arch_proc_ident(struct cs_proc_ident *out)
{
	uint32_t r[4], words[4 * 20], n = 0, max, xmax;
	cpuid(0, 0, r);
	max = r[0];
	cpuid(0x80000000u, 0, r);
	xmax = r[0];
	out->number = 0;
	out->arm = 0;
	out->core_type = 0;
	if (max >= 0x1a) {
		cpuid(0x1a, 0, r);
		out->core_type = r[0] >> 24;
	}
	/* deterministic cache parameters: EAX..EDX of each level, APIC-id
	 * bits (EAX[31:14]) masked off: they differ between cores */
	for (uint32_t sub = 0; max >= 4 && sub < 8; sub++) {
		cpuid(4, sub, r);
		if ((r[0] & 0x1f) == 0)
			break;
		words[n++] = r[0] & 0x3fff;
		words[n++] = r[1];
		words[n++] = r[2];
	}
	for (uint32_t sub = 0; xmax >= 0x8000001du && sub < 8; sub++) {
		cpuid(0x8000001du, sub, r);
		if ((r[0] & 0x1f) == 0)
			break;
		words[n++] = r[0] & 0x3fff;
		words[n++] = r[1];
		words[n++] = r[2];
	}
	if (xmax >= 0x80000006u) {
		cpuid(0x80000005u, 0, r);
		words[n++] = r[2];
		cpuid(0x80000006u, 0, r);
		words[n++] = r[2];
		words[n++] = r[3];
	}
	out->cache_sig = cs_ident_digest(words, n);
}
