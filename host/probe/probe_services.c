/* probe_services.c: the platform services (common/services.h) of a Linux
 * process, once for every kind: the arch layer's chain of adds; the cycle
 * counter through /dev/cpu/N/msr (APERF, as root with the msr driver) or
 * else perf_event_open's cycles for this thread, or neither and why;
 * context switches (getrusage RUSAGE_THREAD) and migrations
 * (/proc/thread-self/sched), read when a kind asks; the validity the
 * kernel tells: the pinned CPU's frequency governor, boost, isolcpus and
 * nohz_full, and the hypervisor CPUID names; the caches sysfs lists. The
 * memory of known physical address is probe_physmem.c's, the aliases
 * probe_alias.c's, the gang probe_cpus.c's, code memory probe_code.c's. No file here is a kind's. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../arch/arch.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static int read_cycles(void *ctx, uint64_t *v)
{
	const struct cs_probe_svc *p = ctx;
	if (p->fd < 0)
		return -1;
	if (p->msr)
		return pread(p->fd, v, sizeof *v, p->msr) == (ssize_t)sizeof *v ? 0 : -1;
	return read(p->fd, v, sizeof *v) == (ssize_t)sizeof *v ? 0 : -1;
}

/* se.nr_migrations of this thread, or -1 */
static int migrations(uint64_t *out)
{
	char line[256];
	FILE *f = fopen("/proc/thread-self/sched", "r");
	int got = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, "se.nr_migrations", 16)) {
			const char *colon = strchr(line, ':');
			if (colon) {
				*out = strtoull(colon + 1, NULL, 10);
				got = 0;
			}
			break;
		}
	fclose(f);
	return got;
}

static void counts(void *ctx, struct cs_svc_counts *n)
{
	struct rusage ru;
	(void)ctx;
	n->has_csw = getrusage(RUSAGE_THREAD, &ru) == 0;
	n->csw = n->has_csw ? (uint64_t)ru.ru_nvcsw + (uint64_t)ru.ru_nivcsw : 0;
	n->has_migrations = migrations(&n->migrations) == 0;
}

static int open_msr(struct cs_probe_svc *p, int cpu, char *why, size_t n)
{
	char path[64];
	uint64_t v;
	uint32_t msr = cs_arch_msr_cycles();
	if (!msr) {
		snprintf(why, n, "no MSR cycle counter on this architecture");
		return -1;
	}
	snprintf(path, sizeof path, "/dev/cpu/%d/msr", cpu);
	p->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (p->fd < 0) {
		snprintf(why, n, "%s: %s", path, strerror(errno));
		return -1;
	}
	p->msr = msr;
	if (read_cycles(p, &v) != 0) {
		snprintf(why, n, "%s: APERF (MSR 0x%x) unreadable: %s", path, msr, strerror(errno));
		close(p->fd);
		p->fd = -1;
		p->msr = 0;
		return -1;
	}
	return 0;
}

static int open_perf(struct cs_probe_svc *p, char *why, size_t n)
{
	struct perf_event_attr a;
	uint64_t v0, v1;
	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.exclude_kernel = 1; /* only the chain's own user-space cycles */
	a.exclude_hv = 1;
	p->fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (p->fd < 0) {
		snprintf(why, n, "perf_event_open(cycles): %s", strerror(errno));
		return -1;
	}
	if (read_cycles(p, &v0) != 0 || (cs_arch_add_chain(v0), read_cycles(p, &v1)) != 0 ||
	    v1 == v0) {
		snprintf(why, n, "perf_event_open(cycles) opened but did not count (a "
				 "virtual machine without a virtual PMU?)");
		close(p->fd);
		p->fd = -1;
		return -1;
	}
	return 0;
}

/* The first CPU list in path holds cpu: 1, 0, or -1 (unreadable). */
static int in_list(const char *file, int cpu)
{
	char line[4096];
	int cpus[1024], n;
	if (cs_sysfs_read_line("/sys/devices/system/cpu", file, line, sizeof line) != 0)
		return -1;
	if (!line[0])
		return 0;
	n = cs_sysfs_parse_cpulist(line, cpus, 1024);
	for (int i = 0; i < n; i++)
		if (cpus[i] == cpu)
			return 1;
	return 0;
}

static void note(char *why, size_t n, const char *what)
{
	size_t len = strlen(why);
	snprintf(why + len, n - len, "%s%s", len ? "; " : "", what);
}

static void validity(void *ctx, struct cs_svc_validity *k)
{
	const struct cs_probe_svc *p = ctx;
	const struct cs_cpuinfo *ci = p->ci;
	int cpu = p->cpu;
	char rel[96], line[64];
	k->irq_masked = 0; /* a user process cannot mask them */
	k->smi_countable = 0;
	snprintf(k->smi_why, sizeof k->smi_why,
		 "not counted: MSR_SMI_COUNT is read by the firmware only");
	snprintf(rel, sizeof rel, "cpu%d/cpufreq/scaling_governor", cpu);
	if (cs_sysfs_read_line("/sys/devices/system/cpu", rel, line, sizeof line) == 0 && line[0])
		cs_strlcpy(k->governor, line, sizeof k->governor);
	else
		note(k->os_why, sizeof k->os_why, "no cpufreq governor (no cpufreq driver here)");
	if (cs_sysfs_read_line("/sys/devices/system/cpu", "cpufreq/boost", line, sizeof line) == 0)
		k->boost = line[0] == '1';
	else if (cs_sysfs_read_line("/sys/devices/system/cpu", "intel_pstate/no_turbo", line,
				    sizeof line) == 0)
		k->boost = line[0] == '0';
	else
		note(k->os_why, sizeof k->os_why, "boost unsaid (no cpufreq/boost, no intel_pstate)");
	k->isolated = in_list("isolated", cpu);
	k->nohz_full = in_list("nohz_full", cpu);
	if (k->nohz_full < 0) {
		k->nohz_full = 0;
		note(k->os_why, sizeof k->os_why, "no nohz_full file: the kernel has no NO_HZ_FULL");
	}
	if (ci->has_cpuid) {
		k->hypervisor = ci->id.hypervisor;
		cs_strlcpy(k->hv_signature, ci->id.hv_signature, sizeof k->hv_signature);
	}
}

static int cycles_open(void *ctx, char *name, size_t name_len, char *why, size_t why_len)
{
	struct cs_probe_svc *p = ctx;
	char msr_why[120] = "", perf_why[120] = ""; /* both fit cc_why */
	p->fd = -1;
	p->msr = 0;
	if (open_msr(p, p->cpu, msr_why, sizeof msr_why) == 0) {
		snprintf(name, name_len, "aperf");
		snprintf(why, why_len, "APERF through /dev/cpu/%d/msr", p->cpu);
		return 0;
	}
	if (open_perf(p, perf_why, sizeof perf_why) == 0) {
		snprintf(name, name_len, "perf-cycles");
		snprintf(why, why_len, "perf_event_open cycles of this thread, user space only (%s)", msr_why);
		return 0;
	}
	snprintf(why, why_len, "%s; %s", msr_why, perf_why);
	return -1;
}

/* The caches sysfs lists for the pinned CPU, typed. */
static uint32_t caches(void *ctx, struct cs_svc_cache *out, uint32_t max, char *source, size_t source_len)
{
	const struct cs_probe_svc *p = ctx;
	const struct cs_cpuinfo *ci = p->ci;
	enum cs_cache_type t;
	uint32_t n = 0;
	for (uint32_t k = 0; k < ci->n_sysfs && n < max; k++) {
		const struct cs_sysfs_cache *s = &ci->sysfs[k];
		if (cs_sysfs_cache_type(s->type, &t))
			continue;
		out[n++] = (struct cs_svc_cache){ s->level, (int)t, s->ways, s->sets, s->line_bytes };
	}
	snprintf(source, source_len, "linux-sysfs");
	return n;
}

void cs_probe_services_init(struct cs_probe_svc *p, int cpu, const struct cs_cpuinfo *ci,
			    const struct cs_pool *pool, int competitors)
{
	struct cs_services *s = &p->s;
	memset(p, 0, sizeof *p);
	p->fd = -1;
	p->cpu = cpu;
	p->ci = ci;
	p->pool = pool;
	p->competitors = competitors;
	s->ctx = p;
	s->tables = "os";
	s->privileged = 0;
	s->cpuid = ci->has_cpuid ? &ci->dump : NULL;
	s->caches = caches;
	s->chain = cs_arch_add_chain;
	s->adds = CS_ARCH_CHAIN_ADDS;
	s->cycles_open = cycles_open;
	s->cycles = read_cycles;
	s->counts = counts;
	s->validity = validity;
	cs_probe_physmem_init(p);
	cs_probe_alias_init(p);
	cs_probe_gang_init(p);
	cs_probe_code_init(p);
}

void cs_probe_services_close(struct cs_probe_svc *p)
{
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
}
