/* bw_platform.c: the bandwidth kind's hooks made from the host's services
 * (common/services.h, docs/bandwidth.md): the widest kernels of the
 * architecture the build chose (kinds/bandwidth/<arch>/bw_kernels.c), with
 * the vector state enabled where a privileged host (the firmware) runs
 * them, and the host's gang for every processor at once. What the host's
 * settings say (off, the largest buffer, the aggregate's sparseness) it
 * leaves as the host set it. The same code in every host. Freestanding. */
#include "bw_kind.h"
#include "bw_run.h"
#include "../../common/services.h"

static struct cs_bw_kernels kernels; /* one run at a time */

static uint32_t gang_count(void *ctx, char *why, size_t whylen)
{
	const struct cs_services *s = ctx;
	return s->gang_count(s->ctx, why, whylen);
}

static uint32_t gang_start(void *ctx, uint32_t n, void (*fn)(void *arg, uint32_t k), void *arg, char *why,
			   size_t whylen)
{
	const struct cs_services *s = ctx;
	return s->gang_start(s->ctx, n, fn, arg, why, whylen);
}

static int gang_join(void *ctx)
{
	const struct cs_services *s = ctx;
	return s->gang_join(s->ctx);
}

/* The vector state, called, not taken by address: the core keeps no
 * address of code outside its own objects (suite-freestanding). */
static int vector_enter(const struct cs_bw_kernels *k, struct cs_bw_saved *sv)
{
	return cs_bw_vector_enter(k, sv);
}

static void vector_leave(const struct cs_bw_saved *sv)
{
	cs_bw_vector_leave(sv);
}

/* Under emulation (services' emulated, QEMU TCG) the largest buffer unless
 * bandwidth=N, so that the test boots stay short (TCG's figures are
 * fiction) ... */
#define CS_BW_EMULATED_MAX (256ull << 10)
/* ... and the aggregate read's sizes, one an octave (gang_every): each of
 * its blocks waits on the host's scheduler there. */
#define CS_BW_EMULATED_EVERY 4

void cs_bw_platform(struct cs_engine *e)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_bw_hooks *h = &e->hooks.bw;
	if (!s)
		return;
	h->kernels = NULL;
	h->enter = NULL;
	h->leave = NULL;
	h->gang_count = NULL;
	h->gang_start = NULL;
	h->gang_join = NULL;
	h->ctx = (void *)s;
	if (s->emulated) {
		h->max_bytes = CS_BW_EMULATED_MAX;
		h->gang_every = CS_BW_EMULATED_EVERY;
	}
	if (h->off)
		return;
	if (cs_bw_kernels_select(&kernels, s->privileged, NULL) != 0) {
		h->off = "the arch layer offers no streaming kernels here";
		return;
	}
	h->kernels = &kernels;
	if (s->privileged) {
		h->enter = vector_enter;
		h->leave = vector_leave;
	}
	if (s->gang_count && s->gang_start && s->gang_join) {
		h->gang_count = gang_count;
		h->gang_start = gang_start;
		h->gang_join = gang_join;
	}
}
