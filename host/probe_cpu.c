/* probe_cpu.c: what the processor publishes, from both witnesses Linux
 * offers: the CPUID instruction (it works in user space), decoded by the
 * firmware's own decoders (common/cpuid.c), and the kernel's
 * /sys/devices/system/cpu/cpuN/cache/index*. Both go into the capture; the
 * capture's "published" is CPUID's (the firmware's source, so host and
 * bare-metal captures compare like with like), sysfs only where CPUID
 * names no cache. Disagreements are written down, not settled. */
#define _GNU_SOURCE
#include "probe.h"
#include "../arch/arch.h"
#include "../common/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int read_line(const char *path, char *out, size_t cap)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(out, (int)cap, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	out[strcspn(out, "\n")] = 0;
	return 0;
}

static int read_u64(const char *dir, const char *name, uint64_t *v)
{
	char path[256], line[64], *end;
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (read_line(path, line, sizeof line))
		return -1;
	*v = strtoull(line, &end, 10);
	if (*end == 'K')
		*v <<= 10;
	else if (*end == 'M')
		*v <<= 20;
	else if (*end == 'G')
		*v <<= 30;
	return end == line ? -1 : 0;
}

static void read_sysfs(struct cs_cpuinfo *ci, int cpu)
{
	for (int i = 0; i < 32 && ci->n_sysfs < CS_SYSFS_MAX; i++) {
		char dir[128], path[192];
		struct cs_sysfs_cache *s = &ci->sysfs[ci->n_sysfs];
		uint64_t v;
		snprintf(dir, sizeof dir, "/sys/devices/system/cpu/cpu%d/cache/index%d", cpu, i);
		memset(s, 0, sizeof *s);
		if (read_u64(dir, "level", &v))
			break;
		s->level = (uint32_t)v;
		snprintf(path, sizeof path, "%s/type", dir);
		if (read_line(path, s->type, sizeof s->type))
			cs_strlcpy(s->type, "?", sizeof s->type);
		if (!read_u64(dir, "size", &v))
			s->size_bytes = v;
		if (!read_u64(dir, "coherency_line_size", &v))
			s->line_bytes = (uint32_t)v;
		if (!read_u64(dir, "ways_of_associativity", &v))
			s->ways = (uint32_t)v;
		if (!read_u64(dir, "number_of_sets", &v))
			s->sets = (uint32_t)v;
		snprintf(path, sizeof path, "%s/shared_cpu_list", dir);
		(void)read_line(path, s->shared, sizeof s->shared);
		ci->n_sysfs++;
	}
}

static int sysfs_type(const char *t, enum cs_cache_type *out)
{
	if (!strcmp(t, "Data"))
		*out = CS_CACHE_DATA;
	else if (!strcmp(t, "Instruction"))
		*out = CS_CACHE_INSTRUCTION;
	else if (!strcmp(t, "Unified"))
		*out = CS_CACHE_UNIFIED;
	else
		return -1;
	return 0;
}

/* Each CPUID cache beside the sysfs one of the same level and type. */
static void compare(struct cs_cpuinfo *ci)
{
	struct cs_buf b;
	int differ = 0, matched = 0;
	cs_buf_init(&b, ci->agreement, sizeof ci->agreement);
	if (!ci->n_cpuid_caches || !ci->n_sysfs) {
		cs_puts(&b, !ci->n_sysfs ? "sysfs publishes no caches here"
					 : "CPUID publishes no caches here");
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

void cs_cpuinfo_read(struct cs_cpuinfo *ci, int cpu)
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
	}
	read_sysfs(ci, cpu);
	cs_strlcpy(ci->brand, ci->id.brand[0] ? ci->id.brand : "(no brand string)",
		   sizeof ci->brand);
	cs_short_name(ci->short_name, 25, ci->id.brand[0] ? ci->id.brand
				      : ci->id.vendor[0] ? ci->id.vendor : "cpu");
	ci->chosen = ci->n_cpuid_caches ? "cpuid" : ci->n_sysfs ? "sysfs" : "none";
	compare(ci);
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

static void cpuid_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	cs_jsonw_key(j, "cpu");
	cs_jsonw_obj(j);
	cs_cpuid_ident_json(j, &ci->id);
	cs_jsonw_key(j, "probe_cpu");
	cs_jsonw_i64(j, ci->cpu);
	cs_jsonw_obj_end(j);

	cs_cpuid_json(j, &ci->dump);
}

void cs_cpuinfo_json(struct cs_jsonw *j, const struct cs_cpuinfo *ci)
{
	int pretty = j->pretty;
	if (ci->has_cpuid)
		cpuid_json(j, ci);
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
	cs_jsonw_key(j, "published_from");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "chosen");
	cs_jsonw_str(j, ci->chosen);
	cs_jsonw_key(j, "why");
	cs_jsonw_str(j, "CPUID is what the firmware probe reads, so host and bare-metal captures are compared with the same ground truth; sysfs is used only when CPUID names no cache");
	cs_jsonw_key(j, "cpuid_vs_sysfs");
	cs_jsonw_str(j, ci->agreement);
	cs_jsonw_obj_end(j);
}
