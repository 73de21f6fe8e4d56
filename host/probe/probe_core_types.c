/* probe_kinds.c: kinds of core on a Linux machine (probe.h), and
 * --all-core-types (--all-kinds): one capture per core type. A CPU's kind is its MIDR_EL1 (arm64:
 * sysfs, else the read the kernel emulates at EL0, asked on that CPU) or
 * what the arch layer publishes about it (x86: CPUID 0x1A's core type and
 * a digest of the cache leaves, asked on that CPU), with a digest of the
 * CPU's sysfs caches beside it; common/core_types.c groups them, as the
 * firmware groups processors. */
#define _GNU_SOURCE
#include "probe.h"
#include "../cmd.h"
#include "../textout.h"
#include "trap.h"
#include "../../decode/armcache.h"
#include "../../common/buf.h"
#include "../../common/core_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The CPU's sysfs caches as words for the digest (level, type, size, line,
 * ways, sets: all a kind of core may differ in). */
static uint32_t caches_sig(const char *root, int cpu)
{
	struct cs_sysfs_cache s[CS_SYSFS_MAX];
	uint32_t words[CS_SYSFS_MAX * 6], n = 0;
	uint32_t k = cs_sysfs_read_caches(root, cpu, s, CS_SYSFS_MAX);
	for (uint32_t i = 0; i < k; i++) {
		words[n++] = s[i].level;
		words[n++] = (uint32_t)s[i].type[0];
		words[n++] = (uint32_t)(s[i].size_bytes >> 10);
		words[n++] = s[i].line_bytes;
		words[n++] = s[i].ways;
		words[n++] = s[i].sets;
	}
	return cs_ident_digest(words, n);
}

struct ask {
	struct cs_proc_ident id;
	int ok;
};

/* On the CPU this thread is pinned to: MIDR_EL1 where the architecture
 * has it, else the arch layer's own description (x86's CPUID). */
static void ask_here(void *arg)
{
	struct ask *a = arg;
	uint64_t midr;
	if (cs_arch_user_midr(&midr) == 0) {
		a->id.core_type = (uint32_t)midr;
		a->id.arm = 1;
	} else {
		cs_arch_proc_ident(&a->id);
	}
	a->ok = 1;
}

/* One CPU's identity: 0; -1 when it cannot be told (a trap, no pinning). */
static int ident(const char *root, int cpu, struct cs_proc_ident *p, const char **from)
{
	uint64_t midr;
	struct ask a;
	char why[128];
	memset(p, 0, sizeof *p);
	p->number = (uint32_t)cpu;
	if (cs_sysfs_read_midr(root, cpu, &midr) == 0) {
		p->core_type = (uint32_t)midr;
		p->arm = 1;
		p->cache_sig = caches_sig(root, cpu);
		*from = "sysfs midr_el1 and caches";
		return 0;
	}
	memset(&a, 0, sizeof a);
	if (cs_pin_cpu(cpu, why, sizeof why) != 0 || cs_trap_try(ask_here, &a) != 0 || !a.ok)
		return -1;
	p->core_type = a.id.core_type;
	p->arm = a.id.arm;
	p->cache_sig = a.id.cache_sig ^ caches_sig(root, cpu);
	*from = p->arm ? "MIDR_EL1 read on each CPU (the kernel's EL0 emulation) and sysfs caches"
		       : "CPUID on each CPU and sysfs caches";
	return 0;
}

static void name_kind(struct cs_cpu_kind *k, const struct cs_kind_group *g, int twin)
{
	struct cs_buf b;
	char tag[32];
	cs_buf_init(&b, k->name, sizeof k->name);
	if (k->midr) {
		uint32_t impl = cs_arm_midr_implementer(k->midr), part = cs_arm_midr_part(k->midr);
		const char *pn = cs_arm_part_name(impl, part);
		if (strcmp(pn, "unknown")) {
			cs_puts(&b, pn);
		} else {
			cs_puts(&b, "midr-");
			cs_put_hex(&b, k->midr & 0xffffffffu, 8);
		}
		if (twin) {
			cs_puts(&b, " caches ");
			cs_put_hex(&b, g->cache_sig, 8);
		}
	} else {
		cs_puts(&b, g->kind);
	}
	cs_short_name(tag, sizeof tag, k->name);
	snprintf(k->file_tag, sizeof k->file_tag, "%s-cpu%d", tag[0] ? tag : "kind", k->cpu);
	for (char *c = k->file_tag; *c; c++)
		if (*c >= 'A' && *c <= 'Z')
			*c = (char)(*c - 'A' + 'a');
}

void cs_cpu_kinds_read(const char *root, const int *cpus, int n, struct cs_cpu_kinds *k)
{
	static struct cs_proc_ident ids[1024];
	static struct cs_kind_group g[CS_MAX_CPU_KINDS];
	uint32_t m = 0, ng;
	memset(k, 0, sizeof *k);
	k->from = "none";
	for (int i = 0; i < n && i < 1024; i++) {
		if (ident(root, cpus[i], &ids[m], &k->from) != 0) {
			snprintf(k->why, sizeof k->why, "CPU %d could not be asked what it is: "
				 "every CPU taken for one kind", cpus[i]);
			m = 0;
			break;
		}
		m++;
	}
	if (m == 0) {
		k->n = n > 0;
		k->kind[0].cpu = n > 0 ? cpus[0] : 0;
		k->kind[0].n = (uint32_t)n;
		cs_strlcpy(k->kind[0].name, "all", sizeof k->kind[0].name);
		snprintf(k->kind[0].file_tag, sizeof k->kind[0].file_tag, "all-cpu%d", k->kind[0].cpu);
		return;
	}
	ng = cs_group_kinds(ids, m, g, CS_MAX_CPU_KINDS);
	for (uint32_t i = 0; i < ng; i++) {
		int twin = 0;
		for (uint32_t j = 0; j < ng; j++)
			twin |= j != i && g[j].core_type == g[i].core_type;
		k->kind[i].cpu = (int)g[i].procs[0];
		k->kind[i].n = g[i].n;
		k->kind[i].midr = ids[0].arm ? g[i].core_type : 0;
		name_kind(&k->kind[i], &g[i], twin);
	}
	k->n = ng;
}

void cs_cpu_kinds_text(char *out, size_t cap, const struct cs_cpu_kinds *k)
{
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	cs_put_u64(&b, k->n);
	cs_puts(&b, k->n == 1 ? " kind of core" : " kinds of core");
	cs_puts(&b, ", by ");
	cs_puts(&b, k->from);
	for (uint32_t i = 0; i < k->n; i++) {
		cs_puts(&b, i ? ", " : ": ");
		cs_puts(&b, k->kind[i].name);
		cs_puts(&b, " (");
		cs_put_u64(&b, k->kind[i].n);
		cs_puts(&b, k->kind[i].n == 1 ? " CPU, " : " CPUs from ");
		cs_put_u64(&b, (uint64_t)k->kind[i].cpu);
		cs_putc(&b, ')');
	}
	if (k->why[0]) {
		cs_puts(&b, "; ");
		cs_puts(&b, k->why);
	}
}

/* FILE-<tag>.json: FILE's ".json" (if any) moved after the tag. */
static void kind_file(char *out, size_t cap, const char *file, const char *tag)
{
	size_t n = strlen(file);
	if (n > 5 && !strcmp(file + n - 5, ".json"))
		n -= 5;
	snprintf(out, cap, "%.*s-%s.json", (int)n, file, tag);
}

int cs_probe_all_kinds(struct cs_probe_opts *o, int argc, char **argv)
{
	static int cpus[1024];
	static struct cs_cpu_kinds k;
	static char names[CS_MAX_CPU_KINDS][4200];
	struct stat st;
	int n = cs_online_cpus(cpus, 1024), rc = CS_EXIT_OK;
	const char *out = o->out;

	if (n <= 0) {
		fprintf(stderr, "cacheshape probe: cannot read this process's CPU affinity\n");
		return CS_EXIT_ERROR;
	}
	cs_cpu_kinds_read(CS_SYSFS_ROOT, cpus, n, &k);
	for (uint32_t i = 0; i < k.n; i++) {
		kind_file(names[i], sizeof names[i], out, k.kind[i].file_tag);
		if (!o->force && lstat(names[i], &st) == 0) {
			cs_eprintf("cacheshape probe: %s exists; not overwritten, and nothing measured "
				   "(--all-core-types writes FILE-<type>-cpuN.json for each core type; --force replaces)",
				   names[i]);
			return CS_EXIT_ERROR;
		}
	}
	if (!o->quiet) {
		char text[512];
		cs_cpu_kinds_text(text, sizeof text, &k);
		fprintf(stderr, "--all-core-types: %s; one capture each\n", text);
	}
	for (uint32_t i = 0; i < k.n && rc == CS_EXIT_OK; i++) {
		o->cpu = k.kind[i].cpu;
		o->out = names[i];
		if (!o->quiet)
			cs_eprintf("--all-core-types: %s on CPU %d into %s", k.kind[i].name, o->cpu, o->out);
		rc = cs_probe_one(o, argc, argv);
	}
	o->out = out;
	return rc;
}
