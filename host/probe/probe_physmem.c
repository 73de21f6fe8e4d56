/* probe_physmem.c: memory of known physical address, a platform service
 * of a Linux process (common/services.h phys_mem; docs/geometry.md s.1).
 * A user process knows no physical address, but a 2 MiB huge page is
 * physically contiguous and 2 MiB aligned, so on huge pages the address
 * bits below 21 are the physical ones. The probe's region serves when
 * /proc/self/smaps shows it all on huge pages (cs_pool_map), else huge
 * pages of its own; where the kernel gives none, the memory is refused,
 * never given on 4 KiB pages. Where /proc/self/pagemap gives the frames
 * (root, CAP_SYS_ADMIN: else Linux zeroes them), the longest run of the
 * region's pages whose frame numbers follow one another is physically
 * contiguous: where it is as long as the region (up to the run the caller
 * wants) and 4 MiB or more, it is the memory, and its span (a power of
 * two) the physical one; else the span stays 2 MiB and how says why the
 * larger spans are refused. The caller's max_bytes is not applied: the
 * region is the probe's, sized by its plan. */
#define _GNU_SOURCE
#include "probe.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CS_PROBE_PHYS_BYTES (8ull << 20) /* own huge pages, when the region is not on them */
#define CS_PROBE_PHYS_SPAN (2ull << 20)   /* a huge page: bits below 21 are physical */
#define CS_PROBE_PHYS_RUN_MIN (2 * CS_PROBE_PHYS_SPAN) /* a run's span (a power of two) must pass a huge page's: s.1 */
#define CS_PAGEMAP_PRESENT (1ull << 63)   /* pagemap entry: the page is in memory */
#define CS_PAGEMAP_PFN ((1ull << 55) - 1) /* its frame number, bits 0-54 (0: hidden) */

void cs_pfn_longest_run(const uint64_t *ent, uint64_t n, struct cs_pfn_run *r)
{
	uint64_t at = 0, len = 0;
	memset(r, 0, sizeof *r);
	for (uint64_t i = 0; i < n; i++) {
		uint64_t pfn = ent[i] & CS_PAGEMAP_PFN;
		int present = (ent[i] & CS_PAGEMAP_PRESENT) != 0;
		r->present += present;
		if (!present || !pfn) {
			len = 0;
			continue;
		}
		r->with_pfn++;
		if (len && pfn == (ent[i - 1] & CS_PAGEMAP_PFN) + 1) {
			len++;
		} else {
			at = i;
			len = 1;
		}
		if (len > r->pages) {
			r->pages = len;
			r->start = at;
			r->first_pfn = pfn - (len - 1);
		}
	}
}

int cs_pfn_span(const struct cs_pfn_run *r, uint64_t pg, uint64_t min_bytes, uint64_t *off, uint64_t *bytes,
		uint64_t *span)
{
	uint64_t v = 1;
	if (r->pages * pg < CS_PROBE_PHYS_RUN_MIN || r->pages * pg < min_bytes)
		return 0;
	*off = r->start * pg;
	*bytes = r->pages * pg;
	while (v <= *bytes / 2)
		v <<= 1;
	*span = v;
	return 1;
}

/* The pagemap entries of n pages of pg bytes from mem into ent; -1 and why. */
static int pagemap_read(const void *mem, uint64_t n, uint64_t pg, uint64_t *ent, char *why, size_t why_len)
{
	int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	uint64_t got = 0;
	if (fd < 0) {
		snprintf(why, why_len, "/proc/self/pagemap unreadable (%s)", strerror(errno));
		return -1;
	}
	while (got < n * 8) {
		ssize_t r = pread(fd, (char *)ent + got, n * 8 - got, (off_t)((uintptr_t)mem / pg * 8 + got));
		if (r <= 0) {
			snprintf(why, why_len, "/proc/self/pagemap read failed (%s)", r < 0 ? strerror(errno) : "short");
			close(fd);
			return -1;
		}
		got += (uint64_t)r;
	}
	close(fd);
	return 0;
}

/* The longest physically contiguous run of p's pages by their frames, in
 * *run, its page size in *pg; -1 and why there is none longer than a
 * huge page (unreadable, frames hidden, none long enough). */
static int pagemap_run(const struct cs_pool *p, uint64_t want_run, struct cs_pfn_run *run, uint64_t *pg, char *why,
		       size_t why_len)
{
	long ps = sysconf(_SC_PAGESIZE);
	*pg = ps > 0 ? (uint64_t)ps : 4096;
	uint64_t n = p->bytes / *pg, huge = p->bytes / CS_PROBE_PHYS_SPAN, off, bytes, span;
	uint64_t need = p->bytes < want_run ? p->bytes : want_run;
	uint64_t *ent = malloc(n * sizeof *ent);
	if (!ent) {
		snprintf(why, why_len, "no memory for %llu pagemap entries", (unsigned long long)n);
		return -1;
	}
	int rc = pagemap_read(p->mem, n, *pg, ent, why, why_len);
	if (rc == 0)
		cs_pfn_longest_run(ent, n, run);
	free(ent);
	if (rc != 0)
		return -1;
	if (run->present && !run->with_pfn)
		snprintf(why, why_len, "pagemap hides the PFNs (Linux zeroes them without CAP_SYS_ADMIN; euid %u)",
			 (unsigned)geteuid());
	else if (!run->present)
		snprintf(why, why_len, "pagemap shows none of the %llu pages in memory", (unsigned long long)n);
	else if (!cs_pfn_span(run, *pg, need, &off, &bytes, &span))
		snprintf(why, why_len, "pagemap: the longest PFN-contiguous run, %llu KiB of %llu huge pages, is under "
			 "the %llu MiB the kind wants (the counts below 2 MiB)",
			 (unsigned long long)(run->pages * *pg >> 10), (unsigned long long)huge,
			 (unsigned long long)((need > CS_PROBE_PHYS_RUN_MIN ? need : CS_PROBE_PHYS_RUN_MIN) >> 20));
	else
		return 0;
	return -1;
}

/* The probe's region when the kernel put it all on huge pages (no memory
 * more), else huge pages of the kind's own; refused on 4 KiB pages. On
 * them, the longest run pagemap shows physically contiguous where it is
 * as long as the region (up to 64 MiB) and 4 MiB or more, else the huge
 * pages' 2 MiB span. */
static int phys_mem(void *ctx, uint64_t max_bytes, uint64_t want_run, void **mem, uint64_t *bytes, uint64_t *span,
		    char *memory, size_t memory_len, char *how, size_t how_len, char *why, size_t why_len)
{
	struct cs_probe_svc *g = ctx;
	const struct cs_pool *p = g->pool;
	struct cs_pfn_run run;
	(void)max_bytes;
	uint64_t pg, off;
	char no[200];
	if (!p || !p->used || strcmp(p->used, "huge") != 0) {
		if (cs_pool_map(&g->own, CS_PROBE_PHYS_BYTES, CS_PAGES_HUGE, why, why_len) != 0)
			return -1;
		g->owned = 1;
		p = &g->own;
	}
	if (!p->used || strcmp(p->used, "huge") != 0) {
		snprintf(why, why_len, "no 2 MiB huge pages to measure in (%s): the physical address of a 4 KiB "
			 "page is unknown to a user process", p->note[0] ? p->note : "smaps shows none");
		cs_pool_unmap(&g->own);
		g->owned = 0;
		return -1;
	}
	const char *whose = g->owned ? "huge pages of its own" : "the probe's region";
	if (pagemap_run(p, want_run, &run, &pg, no, sizeof no) == 0) {
		cs_pfn_span(&run, pg, 0, &off, bytes, span); /* pagemap_run has checked it */
		*mem = (unsigned char *)p->mem + off;
		snprintf(memory, memory_len, "pagemap");
		snprintf(how, how_len, "%s: /proc/self/pagemap's frames follow one another over %llu KiB "
			 "(%.1f of its %llu huge pages, from PFN 0x%llx): address bits below %u are physical",
			 whose, (unsigned long long)(*bytes >> 10), (double)*bytes / (double)CS_PROBE_PHYS_SPAN,
			 (unsigned long long)(p->bytes / CS_PROBE_PHYS_SPAN), (unsigned long long)run.first_pfn,
			 (unsigned)__builtin_ctzll(*span));
		return 0;
	}
	*mem = p->mem;
	*bytes = p->bytes;
	*span = CS_PROBE_PHYS_SPAN;
	snprintf(memory, memory_len, "huge-page");
	snprintf(how, how_len, "%s on 2 MiB huge pages (AnonHugePages %llu kB): bits below 21 physical; ways "
		 "of 2 MiB+ refused: %s", whose,
		 (unsigned long long)(p->huge_bytes >> 10), no);
	return 0;
}

static void release(void *ctx, void *mem, uint64_t bytes)
{
	struct cs_probe_svc *g = ctx;
	(void)mem;
	(void)bytes;
	if (g->owned)
		cs_pool_unmap(&g->own);
	g->owned = 0;
}

void cs_probe_physmem_init(struct cs_probe_svc *p)
{
	p->owned = 0;
	p->s.phys_mem = phys_mem;
	p->s.phys_release = release;
}
