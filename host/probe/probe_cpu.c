/* probe_cpu.c: what the processor publishes, from what Linux lets a
 * process read. x86: the CPUID instruction, decoded by the firmware's own
 * decoders (decode/cpuid.c), beside the kernel's
 * /sys/devices/system/cpu/cpuN/cache/index*; the capture's "published" is
 * CPUID's (the firmware's source, so host and bare-metal captures compare
 * like with like), sysfs only where CPUID names no cache. arm64: CLIDR and
 * CCSIDR are EL1's, so sysfs is the published source (the kernel's
 * cacheinfo, from the device tree or ACPI's PPTT); CTR_EL0 gives the
 * smallest I and D lines and MIDR_EL1 (sysfs, else the kernel's EL0
 * emulation) names the core. Both witnesses go into the capture, and
 * disagreements are written down, not settled. */
#define _GNU_SOURCE
#include "probe.h"
#include "trap.h"
#include "../../decode/armcache.h"
#include "../../common/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sysfs_type(const char *t, enum cs_cache_type *out)
{
	return cs_sysfs_cache_type(t, out);
}

/* Each CPUID cache beside the sysfs one of the same level and type. */
static void compare(struct cs_cpuinfo *ci)
{
	struct cs_buf b;
	int differ = 0, matched = 0;
	cs_buf_init(&b, ci->agreement, sizeof ci->agreement);
	if (!ci->n_cpuid_caches || !ci->n_sysfs) {
		cs_puts(&b, !ci->n_sysfs ? "sysfs publishes no caches here"
			    : ci->has_cpuid ? "CPUID publishes no caches here"
			    : "no CPUID on this architecture: sysfs alone");
		return;
	}
	for (uint32_t i = 0; i < ci->n_cpuid_caches; i++) {
		const struct cs_cache *c = &ci->cpuid_caches[i];
		for (uint32_t k = 0; k < ci->n_sysfs; k++) {
			enum cs_cache_type t;
			const struct cs_sysfs_cache *s = &ci->sysfs[k];
			if (s->level != c->level || sysfs_type(s->type, &t) || t != c->type)
				continue;
			matched++;
			if (s->size_bytes == c->size_bytes)
				break;
			cs_puts(&b, differ++ ? "; " : "disagree: ");
			cs_putc(&b, 'L');
			cs_put_u64(&b, c->level);
			cs_putc(&b, ' ');
			cs_puts(&b, cs_cache_type_name(c->type));
			cs_puts(&b, " CPUID ");
			cs_put_size(&b, (double)c->size_bytes);
			cs_puts(&b, ", sysfs ");
			cs_put_size(&b, (double)s->size_bytes);
			break;
		}
	}
	if (!differ)
		cs_puts(&b, matched == (int)ci->n_cpuid_caches && matched == (int)ci->n_sysfs
			    ? "agree on every cache" : "agree on the caches both name");
}

static void read_midr_el0(void *arg)
{
	struct cs_cpuinfo *ci = arg;
	ci->has_midr = cs_arch_user_midr(&ci->midr) == 0;
}

/* MIDR_EL1 of the probed CPU: sysfs, else the kernel's EL0 emulation of
 * the read (on the CPU this thread is pinned to), guarded. */
static void read_midr(struct cs_cpuinfo *ci, const char *root)
{
	int sig;
	if (cs_sysfs_read_midr(root, ci->cpu, &ci->midr) == 0) {
		ci->has_midr = 1;
		snprintf(ci->midr_from, sizeof ci->midr_from,
			 "sysfs cpu%d/regs/identification/midr_el1", ci->cpu);
		return;
	}
	sig = cs_trap_try(read_midr_el0, ci);
	if (sig)
		snprintf(ci->midr_from, sizeof ci->midr_from,
			 "not read: no sysfs midr_el1, and MRS MIDR_EL1 raised signal %d", sig);
	else if (ci->has_midr)
		snprintf(ci->midr_from, sizeof ci->midr_from,
			 "MRS MIDR_EL1 at EL0 on CPU %d, emulated by the kernel (no sysfs midr_el1)", ci->cpu);
}

/* The kernel's own word for its CPUs' architecture (devices/system/cpu/
 * modalias, "cpu:type:x86,..." or "cpu:type:aarch64:..."), against the
 * architecture this program was built for: another one means a user-mode
 * emulator runs it. */
static void check_emulation(struct cs_cpuinfo *ci, const char *root)
{
	char line[256], type[32];
	const char *arch = cs_arch_name();
	size_t n;
	if (cs_sysfs_read_line(root, "devices/system/cpu/modalias", line, sizeof line) != 0 ||
	    strncmp(line, "cpu:type:", 9) != 0)
		return;
	n = strcspn(line + 9, ",:");
	if (n == 0 || n >= sizeof type)
		return;
	memcpy(type, line + 9, n);
	type[n] = 0;
	if (strncmp(arch, type, n) == 0)
		return; /* "x86" for x86_64, "aarch64" for aarch64 */
	ci->emulated = 1;
	snprintf(ci->emulation, sizeof ci->emulation,
		 "the kernel's CPUs are '%s' (devices/system/cpu/modalias), this program is %s: "
		 "a user-mode emulator (qemu-user) runs it; timings and caches are the host's", type, arch);
}

/* What board or machine this is: the device tree's model (boards), else
 * DMI's vendor and product (servers, cloud instances, PCs). */
static void read_platform(struct cs_cpuinfo *ci, const char *root)
{
	char vendor[72], product[72];
	if (cs_sysfs_read_line(root, "firmware/devicetree/base/model", ci->platform,
			       sizeof ci->platform) == 0 && ci->platform[0])
		return;
	ci->platform[0] = 0;
	if (cs_sysfs_read_line(root, "class/dmi/id/sys_vendor", vendor, sizeof vendor) == 0 &&
	    cs_sysfs_read_line(root, "class/dmi/id/product_name", product, sizeof product) == 0)
		snprintf(ci->platform, sizeof ci->platform, "%s %s", vendor, product);
}

/* arm64's name for the core: "Arm Cortex-A76", from MIDR. */
static void arm_brand(struct cs_cpuinfo *ci)
{
	uint32_t impl = cs_arm_midr_implementer(ci->midr), part = cs_arm_midr_part(ci->midr);
	const char *name = cs_arm_part_name(impl, part), *iname = cs_arm_implementer_name(impl);
	size_t first = strcspn(name, " ");
	char word[32];
	snprintf(word, sizeof word, "%.*s", (int)first, name);
	if (strcmp(name, "unknown") && strstr(iname, word)) /* "QEMU max" by "Software (QEMU)" */
		snprintf(ci->brand, sizeof ci->brand, "%s", name);
	else if (strcmp(name, "unknown"))
		snprintf(ci->brand, sizeof ci->brand, "%s %s", iname, name);
	else
		snprintf(ci->brand, sizeof ci->brand, "%s part 0x%03x", iname, part);
	cs_short_name(ci->short_name, 25, strcmp(name, "unknown") ? name : ci->brand);
}

void cs_cpuinfo_read_at(struct cs_cpuinfo *ci, const char *root, int cpu)
{
	memset(ci, 0, sizeof *ci);
	ci->cpu = cpu;
	ci->cpuid_source = "";
	if (cs_arch_cpuid(&ci->dump) == 0) { /* x86's CPUID; elsewhere sysfs alone */
		ci->has_cpuid = 1;
		cs_cpuid_ident(&ci->dump, &ci->id);
		ci->n_cpuid_caches = cs_cpuid_caches(&ci->dump, ci->cpuid_caches,
						     CS_MAX_CACHES, &ci->cpuid_source);
		if (!ci->cpuid_source)
			ci->cpuid_source = "";
	} else {
		cs_arch_user_read(&ci->user);
		read_midr(ci, root);
	}
	ci->n_sysfs = cs_sysfs_read_caches(root, cpu, ci->sysfs, CS_SYSFS_MAX);
	check_emulation(ci, root);
	read_platform(ci, root);
	if (ci->has_midr) {
		arm_brand(ci);
	} else {
		cs_strlcpy(ci->brand, ci->id.brand[0] ? ci->id.brand : "(no brand string)",
			   sizeof ci->brand);
		cs_short_name(ci->short_name, 25, ci->id.brand[0] ? ci->id.brand
					      : ci->id.vendor[0] ? ci->id.vendor : cs_arch_name());
	}
	ci->chosen = ci->n_cpuid_caches ? "cpuid" : ci->n_sysfs ? "sysfs" : "none";
	compare(ci);
}

void cs_cpuinfo_read(struct cs_cpuinfo *ci, int cpu)
{
	cs_cpuinfo_read_at(ci, CS_SYSFS_ROOT, cpu);
}

void cs_cpuinfo_publish(const struct cs_cpuinfo *ci, struct cs_capture *c)
{
	c->n_caches = 0;
	if (ci->n_cpuid_caches) {
		cs_strlcpy(c->published_source, ci->cpuid_source, sizeof c->published_source);
		c->n_caches = ci->n_cpuid_caches;
		memcpy(c->caches, ci->cpuid_caches, sizeof c->caches);
		return;
	}
	cs_strlcpy(c->published_source, ci->n_sysfs ? "linux-sysfs" : "",
		   sizeof c->published_source);
	for (uint32_t k = 0; k < ci->n_sysfs && c->n_caches < CS_MAX_CACHES; k++) {
		struct cs_cache *o = &c->caches[c->n_caches];
		if (sysfs_type(ci->sysfs[k].type, &o->type) || !ci->sysfs[k].size_bytes)
			continue;
		o->level = ci->sysfs[k].level;
		o->size_bytes = ci->sysfs[k].size_bytes;
		o->line_bytes = ci->sysfs[k].line_bytes;
		c->n_caches++;
	}
}

uint64_t cs_cpuinfo_largest(const struct cs_cpuinfo *ci)
{
	uint64_t big = 0;
	for (uint32_t i = 0; i < ci->n_cpuid_caches; i++)
		if (ci->cpuid_caches[i].size_bytes > big)
			big = ci->cpuid_caches[i].size_bytes;
	for (uint32_t k = 0; k < ci->n_sysfs; k++)
		if (ci->sysfs[k].size_bytes > big)
			big = ci->sysfs[k].size_bytes;
	return big;
}
