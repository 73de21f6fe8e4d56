/* probe_geometry.c: the geometry kind's memory and published figures for
 * the host probe (docs/geometry.md s.1, s.6). A user process knows no
 * physical address, but a 2 MiB huge page is physically contiguous and
 * 2 MiB aligned, so on huge pages the address bits below 21 are the
 * physical ones: every set index that lies in them (way sizes under 2 MiB)
 * is known, whichever frames the pages are. The probe's region serves when
 * /proc/self/smaps shows it all on huge pages (cs_pool_map), else huge
 * pages of the kind's own; where the kernel gives none, the kind is refused
 * (geometry-no-physical), never measured on 4 KiB pages. /proc/self/pagemap
 * (root only) is not read: way sizes of 2 MiB and more are refused. The
 * published ways and sets: CPUID's deterministic cache leaves, else sysfs. */
#define _GNU_SOURCE
#include "probe.h"
#include "../../kinds/geometry/geom_kind.h"

#include <stdio.h>
#include <string.h>

#define CS_PROBE_GEOM_BYTES (8ull << 20) /* own huge pages, when the region is not on them */
#define CS_PROBE_GEOM_SPAN (2ull << 20)   /* a huge page: bits below 21 are physical */

/* The probe's region when the kernel put it all on huge pages (no memory
 * more), else huge pages of the kind's own; refused on 4 KiB pages. */
static int region(void *ctx, void **mem, uint64_t *bytes, uint64_t *span, char *memory, size_t memory_len,
		  char *how, size_t how_len, char *why, size_t why_len)
{
	struct cs_probe_geom *g = ctx;
	const struct cs_pool *p = g->pool;
	if (!p || !p->used || strcmp(p->used, "huge") != 0) {
		if (cs_pool_map(&g->own, CS_PROBE_GEOM_BYTES, CS_PAGES_HUGE, why, why_len) != 0)
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
	*mem = p->mem;
	*bytes = p->bytes;
	*span = CS_PROBE_GEOM_SPAN;
	snprintf(memory, memory_len, "huge-page");
	snprintf(how, how_len, "%s on 2 MiB transparent huge pages (smaps AnonHugePages %llu kB): address "
		 "bits below 21 are physical", g->owned ? "huge pages of its own" : "the probe's region",
		 (unsigned long long)(p->huge_bytes >> 10));
	return 0;
}

static void release(void *ctx, void *mem, uint64_t bytes)
{
	struct cs_probe_geom *g = ctx;
	(void)mem;
	(void)bytes;
	if (g->owned)
		cs_pool_unmap(&g->own);
	g->owned = 0;
}

void cs_probe_geom_hooks(struct cs_geom_hooks *h, struct cs_probe_geom *g, const struct cs_pool *pool)
{
	g->pool = pool;
	g->owned = 0;
	h->region = region;
	h->release = release;
	h->ctx = g;
}

void cs_probe_geom_publish(const struct cs_cpuinfo *ci, struct cs_capture *c)
{
	struct cs_geom_capture *g = &c->geom;
	enum cs_cache_type t;
	if (ci->has_cpuid && cs_geom_published_cpuid(&ci->dump, g))
		return;
	g->n_published = 0;
	for (uint32_t k = 0; k < ci->n_sysfs && g->n_published < CS_GEOM_MAX_PUBLISHED; k++) {
		const struct cs_sysfs_cache *s = &ci->sysfs[k];
		if (cs_sysfs_cache_type(s->type, &t) || !s->ways || !s->sets)
			continue;
		g->published[g->n_published++] = (struct cs_geom_pub){ s->level, t, s->ways, s->sets, s->line_bytes };
	}
	g->has_published = g->n_published > 0;
	cs_strlcpy(g->published_source, g->has_published ? "linux-sysfs" : "", sizeof g->published_source);
}
