/* bw_gang.c: the read on every processor at once (docs/bandwidth.md s.1,
 * "all cores"): the program starts the other processors on worker()
 * (struct cs_bw_hooks gang_start: the firmware's MP services, the host's
 * threads); each enables the kernels' vector state on itself, then waits
 * for a generation number to move and streams its own slice of the region
 * (2 MiB aligned where the slices are that big) for the block's chunks.
 * The caller times a block from the release of a generation until the
 * last processor has counted itself done, its own share included; so a
 * point's ns per byte is the aggregate: the block's time over the bytes
 * every processor moved. Every wait is bounded. Only atomic loads and
 * stores, each processor writing its own slots (no read-modify-write: the
 * firmware links no atomics library). Freestanding. */
#include "bw_kind.h"
#include "bw_run.h"

#define CS_BW_MAX_GANG 256 /* processors in one gang, the caller's included */
/* A processor that has not started, or not finished a block, within this
 * many ns of the counter is lost: the series is refused. */
#define CS_BW_GANG_WAIT_NS 2e9

struct gang {
	const struct cs_bw_hooks *h;
	const struct cs_probe_clock *clk;
	char *base;
	uint64_t slice, bytes, chunks;
	uint32_t n;               /* processors in the gang, the caller's included */
	uint32_t gen, stop;       /* the caller's: __atomic only */
	/* each processor's own: the generation it finished, that it started,
	 * that it could not enable the vector state */
	uint32_t done[CS_BW_MAX_GANG], ready[CS_BW_MAX_GANG], failed[CS_BW_MAX_GANG];
	int lost;
	struct cs_bw_stream st[CS_BW_MAX_GANG];
};

static struct gang g_; /* the other processors read it: not on a stack */

static uint32_t ld(const uint32_t *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

static void st32(uint32_t *p, uint32_t v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }

static void worker(void *arg, uint32_t k)
{
	struct gang *g = arg;
	struct cs_bw_saved sv;
	uint32_t seen = 0, gen;
	int ok;

	if (k >= g->n || k >= CS_BW_MAX_GANG)
		return;
	ok = !g->h->enter || g->h->enter(g->h->kernels, &sv) == 0;
	if (!ok)
		st32(&g->failed[k], 1);
	st32(&g->ready[k], 1);
	for (;;) {
		while ((gen = ld(&g->gen)) == seen && !ld(&g->stop))
			;
		if (ld(&g->stop))
			break;
		seen = gen;
		if (ok)
			cs_bw_stream_pass(&g->st[k], g->chunks);
		st32(&g->done[k], gen);
	}
	if (ok && g->h->leave)
		g->h->leave(&sv);
}

/* How many of processors 1 .. n - 1 have slot[k] at want or past it. */
static uint32_t count(const struct gang *g, const uint32_t *slot, uint32_t want)
{
	uint32_t c = 0;
	for (uint32_t k = 1; k < g->n; k++)
		c += ld(&slot[k]) >= want;
	return c;
}

/* Waits until every other processor has slot[k] at want, bounded: 0, or
 * -1 (and g->lost). */
static int wait_for(struct gang *g, const uint32_t *slot, uint32_t want)
{
	const struct cs_probe_clock *c = g->clk;
	uint64_t t0 = c->now(c->ctx);
	double lim = CS_BW_GANG_WAIT_NS / c->ns_per_tick;
	while (count(g, slot, want) < g->n - 1)
		if ((double)(c->now(c->ctx) - t0) > lim) {
			g->lost = 1;
			return -1;
		}
	return 0;
}

static uint64_t gang_timed(const struct cs_probe_clock *clk, void *st, uint64_t loads)
{
	struct gang *g = st;
	uint64_t t0, t1;
	if (g->lost)
		return 0;
	g->chunks = loads;
	t0 = clk->now(clk->ctx);
	st32(&g->gen, g->gen + 1); /* only the caller writes it */
	cs_bw_stream_pass(&g->st[0], loads);
	wait_for(g, g->done, g->gen);
	t1 = clk->now(clk->ctx);
	return t1 - t0;
}

/* Every processor's stream over its own slice at this size, warmed. */
static void gang_size(struct gang *g, uint64_t bytes)
{
	g->bytes = bytes;
	for (uint32_t k = 0; k < g->n; k++) {
		struct cs_bw_stream *s = &g->st[k];
		s->buf = g->base + (uint64_t)k * g->slice;
		s->bytes = bytes;
		s->at = 0;
	}
	gang_timed(g->clk, g, bytes / CS_BW_CHUNK); /* the warm-up pass, everywhere */
}

static void gang_sizes(struct cs_engine *e, struct gang *g, struct cs_bw_series *s)
{
	uint64_t sizes[CS_BW_MAX_POINTS];
	struct cs_walk w = { gang_timed, g };
	uint32_t n = cs_bw_sizes(g->slice, sizes, CS_BW_MAX_POINTS);
	uint32_t every = e->hooks.bw.gang_every > 1 ? e->hooks.bw.gang_every : 1;
	for (uint32_t i = 0; i < n && !g->lost; i += every) {
		gang_size(g, sizes[i]);
		if (cs_bw_point_time(e, &w, (double)sizes[i], (double)CS_BW_CHUNK * g->n,
				     &s->pts[s->n]) == 0)
			s->n++;
	}
}

/* The slice of the region each of n processors streams: max and the
 * region shared, aligned down. */
static uint64_t slice_of(const struct cs_engine *e, uint64_t max, uint32_t n)
{
	uint64_t s = e->hooks.mem_bytes / n;
	s = s >= (2ull << 20) ? s / (2ull << 20) * (2ull << 20) : s / 4096 * 4096;
	return s < max ? s : max;
}

static void lost(struct cs_bw_series *s, const struct gang *g)
{
	struct cs_buf b;
	s->refused = 1;
	s->n = 0;
	cs_buf_init(&b, s->refusal, sizeof s->refusal);
	cs_puts(&b, "a processor did not start or finish a block within ");
	cs_put_g(&b, CS_BW_GANG_WAIT_NS / 1e9, 3);
	cs_puts(&b, " s (CS_BW_GANG_WAIT_NS): ");
	cs_put_u64(&b, count(g, g->ready, 1));
	cs_puts(&b, " of ");
	cs_put_u64(&b, g->n - 1);
	cs_puts(&b, " started");
}

/* Starts the gang: the processors that run, the caller's included (1: none
 * other), why[] when fewer than asked. */
static void gang_up(struct gang *g, uint32_t want, char *why, size_t n)
{
	uint32_t got;
	g->n = want;
	got = g->h->gang_start(g->h->ctx, want, worker, g, why, n);
	g->n = 1 + got;
	wait_for(g, g->ready, 1);
}

/* No aggregate series: why, for the record (bw_record.c). */
static int none(struct cs_bw_capture *bw, const char *a, const char *why)
{
	struct cs_buf b;
	cs_buf_init(&b, bw->all_cores_note, sizeof bw->all_cores_note);
	cs_puts(&b, a);
	cs_puts(&b, why);
	return -1;
}

static void gang_series(struct cs_engine *e, struct cs_bw_capture *bw, struct gang *g,
			const struct cs_bw_kernels *k)
{
	struct cs_bw_series *s = &bw->series[bw->n_series++];
	cs_memset(s, 0, sizeof *s);
	s->op = CS_BW_READ;
	s->vector_bytes = k->vector_bytes;
	s->threads = g->n;
	s->bytes_per_byte_touched = cs_bw_convention(CS_BW_READ);
	cs_strlcpy(s->kernel, k->name, sizeof s->kernel);
	if (!g->lost && count(g, g->failed, 1) == 0)
		gang_sizes(e, g, s);
	if (g->lost) {
		lost(s, g);
	} else if (count(g, g->failed, 1)) {
		s->refused = 1;
		s->n = 0;
		cs_strlcpy(s->refusal, "a processor could not enable the kernels' vector state",
			   sizeof s->refusal);
	} else if (s->n == 0) {
		s->refused = 1;
		cs_strlcpy(s->refusal, "no size could be timed: the clock did not move",
			   sizeof s->refusal);
	}
}

int cs_bw_all_cores(struct cs_engine *e, struct cs_bw_capture *bw,
		    const struct cs_bw_kernels *k, uint64_t max)
{
	const struct cs_bw_hooks *h = &e->hooks.bw;
	struct gang *g = &g_;
	char why[CS_TEXT_MAX];
	uint32_t want;

	cs_strlcpy(why, "the program runs on one processor", sizeof why);
	want = h->gang_count ? h->gang_count(h->ctx, why, sizeof why) : 1;
	bw->all_cores_asked = want;
	if (want > CS_BW_MAX_GANG)
		want = CS_BW_MAX_GANG;
	if (want < 2 || !h->gang_start || !h->gang_join)
		return none(bw, "one processor only: ", why);
	cs_memset(g, 0, sizeof *g);
	g->h = h;
	g->clk = &e->hooks.clk;
	g->base = e->hooks.mem;
	for (uint32_t i = 0; i < want; i++)
		g->st[i] = (struct cs_bw_stream){ k, CS_BW_READ, 0, 0, 0, 0, 0 };
	g->slice = slice_of(e, max, want);
	why[0] = 0;
	gang_up(g, want, why, sizeof why);
	if (g->n < 2) {
		__atomic_store_n(&g->stop, 1, __ATOMIC_RELEASE);
		h->gang_join(h->ctx);
		return none(bw, "no other processor started: ", why);
	}
	if (why[0])
		none(bw, "fewer processors than asked: ", why);
	gang_series(e, bw, g, k);
	__atomic_store_n(&g->stop, 1, __ATOMIC_RELEASE);
	if (h->gang_join(h->ctx) != 0 && !g->lost)
		none(bw, "", "a processor did not return when told to stop");
	return 0;
}
