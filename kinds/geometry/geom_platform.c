/* geom_platform.c: the geometry kind's memory and published figures from
 * the host's services (common/services.h, docs/geometry.md s.1, s.6): the
 * ways and sets from CPUID's deterministic cache leaves, else the ARM
 * cache registers, else the caches the operating system lists; and a
 * region whose physical addresses are known (phys_mem), up to
 * CS_GEOM_REGION_MAX, a contiguous run counted only where it holds
 * CS_GEOM_RUN_FULL. The same code in every host. Freestanding. */
#include "geom_kind.h"
#include "../../common/services.h"

/* The table uses no more (16 MiB strides). */
#define CS_GEOM_REGION_MAX (1ull << 30)
/* A physically contiguous run serves only where it holds as many lines at
 * every stride below a 2 MiB huge page as huge pages do, up to
 * 2 x CS_GEOM_WAYS_FLOOR lines at 1 MiB (64 MiB): else the levels under
 * 2 MiB would lose counts to win spans past it (docs/geometry.md s.1). */
#define CS_GEOM_RUN_FULL (2ull * CS_GEOM_WAYS_FLOOR * (1ull << 20))

static int region(void *ctx, void **mem, uint64_t *bytes, uint64_t *span, char *memory, size_t memory_len,
		  char *how, size_t how_len, char *why, size_t why_len)
{
	const struct cs_services *s = ctx;
	return s->phys_mem(s->ctx, CS_GEOM_REGION_MAX, CS_GEOM_RUN_FULL, mem, bytes, span, memory, memory_len,
			   how, how_len, why, why_len);
}

static void release(void *ctx, void *mem, uint64_t bytes)
{
	const struct cs_services *s = ctx;
	if (s->phys_release)
		s->phys_release(s->ctx, mem, bytes);
}

static void publish(const struct cs_services *s, struct cs_geom_capture *g)
{
	struct cs_svc_cache l[CS_GEOM_MAX_PUBLISHED];
	uint32_t n;
	if (!s->cpuid && !s->arm && !s->caches)
		return; /* the host reads nothing published */
	if (s->cpuid && cs_geom_published_cpuid(s->cpuid, g))
		return;
	if (s->arm && cs_geom_published_arm(s->arm, g))
		return;
	g->n_published = 0;
	n = s->caches ? s->caches(s->ctx, l, CS_GEOM_MAX_PUBLISHED, g->published_source,
				  sizeof g->published_source) : 0;
	for (uint32_t k = 0; k < n && g->n_published < CS_GEOM_MAX_PUBLISHED; k++)
		if (l[k].ways && l[k].sets)
			g->published[g->n_published++] = (struct cs_geom_pub){
				l[k].level, (enum cs_cache_type)l[k].type, l[k].ways, l[k].sets, l[k].line_bytes };
	g->has_published = g->n_published > 0;
	if (!g->has_published)
		g->published_source[0] = '\0';
}

void cs_geom_platform(struct cs_engine *e, struct cs_capture *c)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_geom_hooks *h = &e->hooks.geom;
	if (!s)
		return;
	publish(s, &c->geom);
	cs_memset(h, 0, sizeof *h);
	if (!s->phys_mem)
		return; /* no memory of known address here (a browser): no member */
	h->region = region;
	h->release = release;
	h->ctx = (void *)s;
}
