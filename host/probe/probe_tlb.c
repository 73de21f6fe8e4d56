/* probe_tlb.c: the TLB sweep's windows under Linux (kinds/tlb/tlb_probe.h's hooks,
 * docs/tlb.md s.1), page tables "os":
 *   4 KiB  one memfd of L x 64 bytes, its frames mapped at every page of
 *          the window, page i on frame cs_tlb_frame(i);
 *   2 MiB  a huge page mapped at every page: hugetlbfs (MFD_HUGETLB) or
 *          shmem huge pages when the kernel gives either; else the probe's
 *          own region on transparent huge pages, one line per page, not
 *          aliased (the method says so);
 *   1 GiB  hugetlbfs only.
 * And pool_pages: what /proc/self/smaps says of the region. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../common/buf.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MFD_HUGETLB
#define MFD_HUGETLB 4u
#endif
#ifndef MFD_HUGE_SHIFT
#define MFD_HUGE_SHIFT 26
#endif
#define HUGE_2M (2ull << 20)
#define HUGE_1G (1ull << 30)

/* A reserved range of address space, 'align'-aligned: its start, or NULL. */
static unsigned char *reserve(uint64_t bytes, uint64_t align, void **map, size_t *map_bytes)
{
	size_t n = (size_t)(bytes + align);
	unsigned char *m = mmap(NULL, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	*map = m;
	*map_bytes = n;
	return (unsigned char *)(((uintptr_t)m + align - 1) & ~(uintptr_t)(align - 1));
}

/* Maps frame f of fd (frames of P bytes) at each page of the window,
 * page i on frame cs_tlb_frame(w, i). Returns the pages mapped (fewer
 * when the kernel runs out of mappings). */
static uint64_t alias(struct cs_tlb_window *w, int fd, char *why, size_t whylen)
{
	uint64_t i;
	for (i = 0; i < w->pages; i++) {
		void *at = w->base + i * w->page_bytes;
		void *m = mmap(at, w->page_bytes, PROT_READ, MAP_SHARED | MAP_FIXED, fd,
			       (off_t)(cs_tlb_frame(w, i) * w->page_bytes));
		if (m == MAP_FAILED) {
			snprintf(why, whylen, "mmap of page %llu: %s", (unsigned long long)i, strerror(errno));
			break;
		}
	}
	return i;
}

/* A memfd of 'frames' frames of P bytes (huge pages when flags say so),
 * zeroed; -1 with why. */
static int frames_fd(uint64_t page, uint64_t frames, unsigned flags, char *why, size_t whylen)
{
	int fd = memfd_create("cacheshape-tlb", MFD_CLOEXEC | flags);
	if (fd < 0) {
		snprintf(why, whylen, "memfd_create: %s", strerror(errno));
		return -1;
	}
	if (ftruncate(fd, (off_t)(page * frames)) != 0) {
		snprintf(why, whylen, "ftruncate of %llu bytes: %s", (unsigned long long)(page * frames),
			 strerror(errno));
		close(fd);
		return -1;
	}
	/* a first mapping faults the frames in: a huge page the kernel cannot
	 * give fails here, not in the sweep */
	void *m = mmap(NULL, (size_t)(page * frames), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		       fd, 0);
	if (m == MAP_FAILED) {
		snprintf(why, whylen, "mapping %llu bytes of it: %s", (unsigned long long)(page * frames),
			 strerror(errno));
		close(fd);
		return -1;
	}
	memset(m, 0, (size_t)(page * frames));
	munmap(m, (size_t)(page * frames));
	return fd;
}

/* Whether the shmem mapping at p is mapped by 2 MiB entries (smaps). */
static int shmem_pmd(const void *p)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512];
	int in = 0, got = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		unsigned long long kb;
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
			in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
			continue;
		}
		if (in && (sscanf(line, "ShmemPmdMapped: %llu kB", &kb) == 1 ||
			   sscanf(line, "FilePmdMapped: %llu kB", &kb) == 1) && kb >= 2048)
			got = 1;
	}
	fclose(f);
	return got;
}

static int aliased(struct cs_probe_tlb *t, struct cs_tlb_window *w, int fd, const char *how,
		   char *method, size_t method_len)
{
	char why[160] = "";
	uint64_t want = w->pages, got = alias(w, fd, why, sizeof why);
	close(fd);
	w->pages = got;
	snprintf(method, method_len, "%s: %llu frame(s) of %llu KiB mapped at each of %llu pages, page i on "
		 "frame ((i mod %u) x 64) / page size%s%s", how, (unsigned long long)cs_tlb_frames(w),
		 (unsigned long long)(w->page_bytes >> 10), (unsigned long long)got, w->lines,
		 got < want ? "; stopped short: " : "", got < want ? why : "");
	(void)t;
	return got ? 0 : -1;
}

/* 2 MiB pages the kernel gives as huge: hugetlbfs, then shmem THP. */
static int huge_frames(uint64_t page, uint64_t frames, char *how, size_t howlen, char *why, size_t whylen)
{
	unsigned sz = page == HUGE_1G ? 30u : 21u;
	char e1[160] = "";
	int fd = frames_fd(page, frames, MFD_HUGETLB | (sz << MFD_HUGE_SHIFT), e1, sizeof e1);
	if (fd >= 0) {
		snprintf(how, howlen, "hugetlbfs memfd");
		return fd;
	}
	if (page == HUGE_1G) {
		snprintf(why, whylen, "1 GiB pages come only from hugetlbfs, and it gave none (%s)", e1);
		return -1;
	}
	fd = frames_fd(page, frames, 0, why, whylen);
	if (fd < 0)
		return -1;
	void *m = mmap(NULL, (size_t)(2 * page), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m != MAP_FAILED) {
		void *a = (void *)(((uintptr_t)m + page - 1) & ~(uintptr_t)(page - 1));
		void *s = mmap(a, (size_t)page, PROT_READ, MAP_SHARED | MAP_FIXED | MAP_POPULATE, fd, 0);
		if (s != MAP_FAILED) {
			(void)madvise(s, (size_t)page, MADV_HUGEPAGE);
			(void)*(volatile const char *)s;
			int pmd = shmem_pmd(s);
			munmap(m, (size_t)(2 * page));
			if (pmd) {
				snprintf(how, howlen, "shmem memfd on a transparent huge page");
				return fd;
			}
		} else {
			munmap(m, (size_t)(2 * page));
		}
	}
	close(fd);
	snprintf(why, whylen, "no 2 MiB page to alias: hugetlbfs gave none (%s), and shmem huge pages are off "
		 "(/sys/kernel/mm/transparent_hugepage/shmem_enabled)", e1);
	return -1;
}

/* The fallback for 2 MiB pages: the probe's own region, on transparent
 * huge pages, one line per page (no aliasing). */
static int region_window(struct cs_probe_tlb *t, struct cs_tlb_window *w, const char *huge_why,
			 char *method, size_t method_len, char *why, size_t why_len)
{
	const struct cs_pool *pool = t->pool;
	if (!pool || !pool->used || strcmp(pool->used, "huge") != 0) {
		snprintf(why, why_len, "%s; and the probe's region is not on huge pages (%s)", huge_why,
			 pool && pool->used ? pool->used : "no region");
		return -1;
	}
	w->base = pool->mem;
	if (w->pages > pool->bytes / w->page_bytes)
		w->pages = pool->bytes / w->page_bytes;
	w->line_base = 0;
	w->unaliased = 1;
	for (uint64_t i = 0; i < w->pages; i++) /* the lines hold zero */
		*(uint64_t *)(w->base + i * w->page_bytes + cs_tlb_line_offset(w, i)) = 0;
	snprintf(method, method_len, "fallback: %s; the probe's own region on transparent huge pages "
		 "(AnonHugePages covers it), %llu pages of 2 MiB, one line each, not aliased",
		 huge_why, (unsigned long long)w->pages);
	t->region_window = 1;
	return 0;
}

int cs_probe_tlb_map(void *ctx, uint64_t page, uint64_t pages, uint32_t lines, struct cs_tlb_window *w,
		     char *tables, size_t tables_len, char *method, size_t method_len, char *why,
		     size_t why_len)
{
	struct cs_probe_tlb *t = ctx;
	char how[64] = "memfd";
	int fd;

	if (!t->peak_rss_before)
		t->peak_rss_before = cs_peak_rss();
	memset(w, 0, sizeof *w);
	w->page_bytes = page;
	w->pages = pages;
	w->lines = lines;
	snprintf(tables, tables_len, "os");
	t->region_window = 0;
	if (page == 4096) {
		fd = frames_fd(page, (lines * 64ull + page - 1) / page, 0, why, why_len);
	} else {
		fd = huge_frames(page, 1, how, sizeof how, why, why_len);
		if (fd < 0 && page == HUGE_2M) {
			char huge_why[CS_TEXT_MAX];
			snprintf(huge_why, sizeof huge_why, "%s", why);
			return region_window(t, w, huge_why, method, method_len, why, why_len);
		}
	}
	if (fd < 0)
		return -1;
	w->base = reserve(pages * page, page, &t->map, &t->map_bytes);
	if (!w->base) {
		snprintf(why, why_len, "no %llu bytes of address space: %s", (unsigned long long)(pages * page),
			 strerror(errno));
		close(fd);
		return -1;
	}
	if (pages * page > t->window_bytes)
		t->window_bytes = pages * page;
	return aliased(t, w, fd, how, method, method_len);
}

void cs_probe_tlb_unmap(void *ctx, struct cs_tlb_window *w)
{
	struct cs_probe_tlb *t = ctx;
	if (!t->region_window && t->map)
		munmap(t->map, t->map_bytes);
	t->map = NULL;
	w->base = NULL;
}

int cs_probe_tlb_pool_pages(void *ctx, uint64_t *page, char *how, size_t how_len)
{
	const struct cs_probe_tlb *t = ctx;
	const struct cs_pool *pool = t->pool;
	if (!pool || !pool->used || !strcmp(pool->used, "unknown"))
		return -1;
	*page = !strcmp(pool->used, "huge") ? HUGE_2M : 4096;
	snprintf(how, how_len, "/proc/self/smaps: AnonHugePages %llu of %llu bytes%s%s",
		 (unsigned long long)pool->huge_bytes, (unsigned long long)pool->bytes,
		 !strcmp(pool->used, "mixed") ? "; mixed, so 4 KiB pages count" : "",
		 "");
	return 0;
}

void cs_probe_tlb_hooks(struct cs_tlb_hooks *h, struct cs_probe_tlb *t, const struct cs_pool *pool)
{
	memset(t, 0, sizeof *t);
	t->pool = pool;
	memset(h, 0, sizeof *h);
	h->map = cs_probe_tlb_map;
	h->unmap = cs_probe_tlb_unmap;
	h->pool_pages = cs_probe_tlb_pool_pages;
	h->ctx = t;
}
