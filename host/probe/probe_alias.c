/* probe_alias.c: pages of a size mapped onto a few frames, a platform
 * service of a Linux process (common/services.h alias; docs/tlb.md s.1),
 * page tables "os":
 *   4 KiB  a memfd of the frames asked for, its frames mapped at every
 *          page, page i on frame frame_of(i);
 *   2 MiB  a huge page mapped at every page: hugetlbfs (MFD_HUGETLB) or
 *          shmem huge pages when the kernel gives either (else refused:
 *          the caller may use the region on transparent huge pages);
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

/* Maps frame f of fd (frames of P bytes) at each page of a, page i on
 * frame a->frame_of(i). Returns the pages mapped (fewer when the kernel
 * runs out of mappings). */
static uint64_t map_frames(struct cs_svc_alias *a, int fd, char *why, size_t whylen)
{
	uint64_t i;
	for (i = 0; i < a->pages; i++) {
		void *at = a->base + i * a->page;
		void *m = mmap(at, a->page, PROT_READ, MAP_SHARED | MAP_FIXED, fd,
			       (off_t)(a->frame_of(a->arg, i) * a->page));
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

static int alias(void *ctx, struct cs_svc_alias *a, char *why, size_t why_len)
{
	struct cs_probe_svc *t = ctx;
	char how[64] = "memfd";
	uint64_t want = a->pages;
	void *map = NULL;
	size_t map_bytes = 0;
	int fd;

	if (!t->peak_rss_before_alias)
		t->peak_rss_before_alias = cs_peak_rss();
	if (a->page == 4096)
		fd = frames_fd(a->page, a->frames, 0, why, why_len);
	else
		fd = huge_frames(a->page, a->frames, how, sizeof how, why, why_len);
	if (fd < 0)
		return -1;
	a->base = reserve(a->pages * a->page, a->page, &map, &map_bytes);
	if (!a->base) {
		snprintf(why, why_len, "no %llu bytes of address space: %s",
			 (unsigned long long)(a->pages * a->page), strerror(errno));
		close(fd);
		return -1;
	}
	a->priv = map;
	a->priv_bytes = map_bytes;
	if (a->pages * a->page > t->alias_bytes)
		t->alias_bytes = a->pages * a->page;
	a->pages = map_frames(a, fd, why, why_len);
	close(fd);
	a->line_base = 0;
	snprintf(a->tables, sizeof a->tables, "os");
	snprintf(a->how, sizeof a->how, "%s: frames of %llu KiB", how, (unsigned long long)(a->page >> 10));
	if (!a->pages) {
		munmap(map, map_bytes);
		a->priv = NULL;
		return -1;
	}
	(void)want;
	return 0;
}

static void unalias(void *ctx, struct cs_svc_alias *a)
{
	(void)ctx;
	if (a->priv)
		munmap(a->priv, (size_t)a->priv_bytes);
	a->priv = NULL;
	a->base = NULL;
}

static int pool_pages(void *ctx, uint64_t *page, char *how, size_t how_len)
{
	const struct cs_probe_svc *t = ctx;
	const struct cs_pool *pool = t->pool;
	if (!pool || !pool->used || !strcmp(pool->used, "unknown"))
		return -1;
	*page = !strcmp(pool->used, "huge") ? HUGE_2M : 4096;
	snprintf(how, how_len, "/proc/self/smaps: AnonHugePages %llu of %llu bytes%s",
		 (unsigned long long)pool->huge_bytes, (unsigned long long)pool->bytes,
		 !strcmp(pool->used, "mixed") ? "; mixed, so 4 KiB pages count" : "");
	return 0;
}

static uint32_t page_sizes(void *ctx)
{
	(void)ctx;
	return 7u; /* 4 KiB, 2 MiB, 1 GiB: whether the kernel gives them, alias says */
}

void cs_probe_alias_init(struct cs_probe_svc *p)
{
	p->s.pool_pages = pool_pages;
	p->s.page_sizes = page_sizes;
	p->s.alias = alias;
	p->s.unalias = unalias;
}
