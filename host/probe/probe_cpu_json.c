/* probe_cpu_json.c: what the processor publishes, as the capture's own
 * members (probe.h): "cpu" (CPUID's identity, or MIDR's), "cpuid" (x86's
 * every leaf) or "arm_registers" (what EL0 read), "sysfs_caches" and
 * "published_from" (which witness was chosen, and why). */
#define _GNU_SOURCE
#include "probe.h"
#include "../../decode/armcache.h"

#include <stdio.h>

static void hexkey(struct cs_jsonw *j, const char *k, uint64_t v)
{
	cs_jsonw_key(j, k);
	cs_jsonw_hex(j, v);
}

static void cpuid_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	cs_jsonw_key(j, "cpu");
	cs_jsonw_obj(j);
	cs_cpuid_ident_json(j, &ci->id);
	cs_jsonw_key(j, "probe_cpu");
	cs_jsonw_i64(j, ci->cpu);
	cs_jsonw_key(j, "kinds_of_core");
	cs_jsonw_str(j, ci->kinds);
	cs_jsonw_obj_end(j);

	cs_cpuid_json(j, &ci->dump);
}

static void midr_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	uint32_t impl = cs_arm_midr_implementer(ci->midr);
	cs_jsonw_key(j, "implementer");
	cs_jsonw_str(j, cs_arm_implementer_name(impl));
	cs_jsonw_key(j, "part");
	cs_jsonw_str(j, cs_arm_part_name(impl, cs_arm_midr_part(ci->midr)));
	cs_arm_midr_json(j, ci->midr);
}

/* arm64 (and any architecture without CPUID): the core as MIDR names it,
 * which CPU, and what else ran it. */
static void arm_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	cs_jsonw_key(j, "cpu");
	cs_jsonw_obj(j);
	if (ci->has_midr)
		midr_json(j, ci);
	cs_jsonw_key(j, "midr_from");
	cs_jsonw_str(j, ci->midr_from);
	cs_jsonw_key(j, "probe_cpu");
	cs_jsonw_i64(j, ci->cpu);
	cs_jsonw_key(j, "kinds_of_core");
	cs_jsonw_str(j, ci->kinds);
	cs_jsonw_key(j, "exception_level");
	cs_jsonw_u64(j, 0);
	cs_jsonw_obj_end(j);

	if (!ci->user.has_ctr && !ci->has_midr)
		return;
	cs_jsonw_key(j, "arm_registers");
	cs_jsonw_obj(j);
	if (ci->has_midr)
		hexkey(j, "MIDR_EL1", ci->midr);
	if (ci->user.has_ctr) {
		hexkey(j, "CTR_EL0", ci->user.ctr);
		cs_arm_ctr_json(j, &ci->user.ctr_fields);
	}
	cs_jsonw_key(j, "read_at");
	cs_jsonw_str(j, "EL0, a Linux process: CLIDR_EL1 and CCSIDR_EL1 are EL1's (the firmware reads "
			"them); the caches published here are the kernel's (sysfs)");
	cs_jsonw_obj_end(j);
}

static void sysfs_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "sysfs_caches");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "cpu");
	cs_jsonw_i64(j, ci->cpu);
	cs_jsonw_key(j, "caches");
	cs_jsonw_arr(j);
	for (uint32_t k = 0; k < ci->n_sysfs; k++) {
		const struct cs_sysfs_cache *s = &ci->sysfs[k];
		cs_jsonw_obj(j);
		j->pretty = 0;
		cs_jsonw_key(j, "level");
		cs_jsonw_u64(j, s->level);
		cs_jsonw_key(j, "type");
		cs_jsonw_str(j, s->type);
		cs_jsonw_key(j, "size_bytes");
		cs_jsonw_u64(j, s->size_bytes);
		cs_jsonw_key(j, "coherency_line_size");
		cs_jsonw_u64(j, s->line_bytes);
		cs_jsonw_key(j, "ways");
		cs_jsonw_u64(j, s->ways);
		cs_jsonw_key(j, "sets");
		cs_jsonw_u64(j, s->sets);
		cs_jsonw_key(j, "shared_cpu_list");
		cs_jsonw_str(j, s->shared);
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

void cs_cpuinfo_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	if (ci->has_cpuid)
		cpuid_json(j, ci);
	else
		arm_json(j, ci);
	sysfs_json(j, ci);
	cs_jsonw_key(j, "published_from");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "chosen");
	cs_jsonw_str(j, ci->chosen);
	cs_jsonw_key(j, "why");
	cs_jsonw_str(j, ci->has_cpuid
		     ? "CPUID is what the firmware probe reads, so host and bare-metal captures are compared "
		       "with the same ground truth; sysfs is used only when CPUID names no cache"
		     : "no CPUID here, and CLIDR/CCSIDR are not readable by a process: the kernel's cacheinfo "
		       "(sysfs, from the device tree or ACPI PPTT) is what this machine publishes to it");
	cs_jsonw_key(j, "cpuid_vs_sysfs");
	cs_jsonw_str(j, ci->agreement);
	cs_jsonw_obj_end(j);
	cs_jsonw_key(j, "platform");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "model");
	cs_jsonw_str(j, ci->platform);
	cs_jsonw_key(j, "emulated");
	cs_jsonw_bool(j, ci->emulated);
	cs_jsonw_key(j, "emulation");
	cs_jsonw_str(j, ci->emulation);
	cs_jsonw_obj_end(j);
}
