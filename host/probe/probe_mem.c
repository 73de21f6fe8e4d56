/* probe_mem.c: the probe's one memory region, its pages, and pinning
 * (probe.h). The sweep and the adjacency probe share one region of the
 * largest working set: the process holds that and little else. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../common/buf.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define CS_HUGE (2ull << 20)

/* AnonHugePages of the smaps entry that holds addr, in bytes; -1 unknown. */
static int64_t smaps_huge(const void *addr)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	int in = 0;
	int64_t got = -1;
	uintptr_t a = (uintptr_t)addr;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		unsigned long long kb;
		/* A mapping's header is "lo-hi perms ..."; its fields follow. */
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
			in = a >= lo && a < hi;
			continue;
		}
		if (in && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1) {
			got = (int64_t)kb * 1024;
			break;
		}
	}
	fclose(f);
	return got;
}

int cs_pool_map(struct cs_pool *p, uint64_t bytes, enum cs_pages pages,
		char *why, size_t whylen)
{
	uint64_t want = (bytes + CS_HUGE - 1) / CS_HUGE * CS_HUGE;
	unsigned char *m;
	uintptr_t a;
	int64_t huge;

	memset(p, 0, sizeof *p);
	p->requested = pages;
	/* One huge page over, to align the start on 2 MiB. */
	p->map_bytes = (size_t)(want + CS_HUGE);
	m = mmap(NULL, p->map_bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED) {
		snprintf(why, whylen, "mmap of %llu bytes failed: %s",
			 (unsigned long long)p->map_bytes, strerror(errno));
		return -1;
	}
	p->map = m;
	a = ((uintptr_t)m + CS_HUGE - 1) & ~(uintptr_t)(CS_HUGE - 1);
	p->mem = (void *)a;
	p->bytes = want;
	if (pages == CS_PAGES_HUGE) {
		if (madvise(p->mem, want, MADV_HUGEPAGE) != 0)
			snprintf(p->note, sizeof p->note,
				 "madvise(MADV_HUGEPAGE) failed (%s): 4 KiB pages",
				 strerror(errno));
	} else {
		/* Where THP is "always", say no: 4 KiB pages were asked for. */
		(void)madvise(p->mem, want, MADV_NOHUGEPAGE);
	}
	/* Fault every page in now, so no timed block takes a page fault and
	 * the resident size is the region's from the start. */
	memset(p->mem, 0, want);
	huge = smaps_huge(p->mem);
	p->huge_bytes = huge > 0 ? (uint64_t)huge : 0;
	if (huge < 0) {
		p->used = pages == CS_PAGES_HUGE ? "unknown" : "4k";
		if (!p->note[0])
			cs_strlcpy(p->note, "/proc/self/smaps unreadable: huge pages not confirmed", sizeof p->note);
	} else if ((uint64_t)huge >= want) {
		p->used = "huge";
	} else if (huge == 0) {
		p->used = "4k";
		if (pages == CS_PAGES_HUGE && !p->note[0])
			cs_strlcpy(p->note, "huge pages asked for, none given (see /sys/kernel/mm/transparent_hugepage): 4 KiB pages", sizeof p->note);
	} else {
		p->used = "mixed";
		snprintf(p->note, sizeof p->note,
			 "%s; %.1f %% of the region is on 2 MiB pages, the rest on 4 KiB",
			 pages == CS_PAGES_HUGE ? "huge pages asked for" : "4 KiB pages asked for",
			 100.0 * (double)huge / (double)want);
	}
	return 0;
}

void cs_pool_unmap(struct cs_pool *p)
{
	if (p->map)
		munmap(p->map, p->map_bytes);
	p->map = NULL;
	p->mem = NULL;
}

void cs_pool_json(struct cs_jsonw *j, const struct cs_pool *p)
{
	cs_jsonw_key(j, "pages");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "requested");
	cs_jsonw_str(j, p->requested == CS_PAGES_HUGE ? "huge" : "4k");
	cs_jsonw_key(j, "used");
	cs_jsonw_str(j, p->used ? p->used : "unknown");
	cs_jsonw_key(j, "huge_bytes");
	cs_jsonw_u64(j, p->huge_bytes);
	cs_jsonw_key(j, "region_bytes");
	cs_jsonw_u64(j, p->bytes);
	cs_jsonw_key(j, "note");
	cs_jsonw_str(j, p->note);
	cs_jsonw_obj_end(j);
}

/* The mask the process was started with: competitors run on what the
 * probe may use, not on the one CPU it pinned itself to. */
static cpu_set_t allowed;
static int have_allowed;

static int allowed_mask(cpu_set_t *s)
{
	if (!have_allowed) {
		if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
			return -1;
		have_allowed = 1;
	}
	*s = allowed;
	return 0;
}

int cs_pin_cpu(int cpu, char *why, size_t whylen)
{
	cpu_set_t s;
	if (allowed_mask(&s) != 0) {
		snprintf(why, whylen, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	if (sched_setaffinity(0, sizeof s, &s) != 0) {
		snprintf(why, whylen, "sched_setaffinity(cpu %d): %s", cpu, strerror(errno));
		return -1;
	}
	return 0;
}

int cs_online_cpus(int *cpus, int max)
{
	cpu_set_t s;
	int n = 0;
	if (allowed_mask(&s) != 0)
		return 0;
	for (int i = 0; i < CPU_SETSIZE && n < max; i++)
		if (CPU_ISSET(i, &s))
			cpus[n++] = i;
	return n;
}

uint64_t cs_peak_rss(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	unsigned long long kb = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "VmHWM: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

uint64_t cs_phys_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}
