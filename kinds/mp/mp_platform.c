/* mp_platform.c: the processors' kinds' hooks (mp_hooks.h) made from the
 * host's services (common/services.h, "the processors, one by one"): the
 * list, what each processor publishes, a sweep run on another processor,
 * and the competitor's processors, each started on a buffer of its own,
 * streaming through it until a flag tells it to stop, every wait bounded.
 * A processor that does not stop keeps its buffer (it may still write
 * there); the host's own backstop returns it to idle. The same code in
 * every host; a host without the services has none of these kinds.
 * Freestanding. */
#include "../../common/engine.h"
#include "../../common/services.h"

#define CS_IDENT_TIMEOUT_US 1000000ull    /* reading what a processor publishes */
#define CS_RUN_ON_TIMEOUT_US 600000000ull /* a sweep on another processor: 10 min */
#define CS_COMP_MIN_BUF (1ull << 20)      /* smallest competitor buffer worth running */
#define CS_COMP_START_MS 2000             /* wait for each processor to start streaming */
#define CS_COMP_STOP_MS 5000              /* bounded wait for each processor to stop */
#define CS_AP_TIMEOUT_US 1800000000ull    /* the host's own backstop: 30 min */
#define CS_MS_US 1000u                    /* a millisecond's stall */

/* One streaming processor. It touches only its buffer and these fields. */
struct job {
	volatile uint32_t *stop;
	volatile uint64_t *buf;
	uint64_t bytes;
	volatile uint64_t passes;
	volatile uint32_t state; /* 0 not started, 1 streaming, 2 returned */
};

/* One run at a time: the services, the streaming processors. */
static struct {
	int listed;                /* the list answered */
	volatile uint32_t stop;
	uint32_t n;                /* streaming processors started */
	struct job jobs[CS_MP_MAX_PROCS];
	uint32_t slot[CS_MP_MAX_PROCS];
	int done[CS_MP_MAX_PROCS];
} st;

static void list(void *ctx, struct cs_mp *mp)
{
	const struct cs_services *s = ctx;
	struct cs_svc_proc p[CS_MP_MAX_PROCS];
	uint32_t n = 0, total = 0, enabled = 0, self = 0;
	st.listed = s->procs(s->ctx, p, CS_MP_MAX_PROCS, &n, &total, &enabled, &self,
			     mp->processors_reason, sizeof mp->processors_reason) == 0;
	if (!st.listed) {
		mp->processors_null = 1;
		return;
	}
	mp->total = total;
	mp->enabled = enabled;
	mp->bsp = self;
	for (uint32_t i = 0; i < n && mp->n_procs < CS_MP_MAX_PROCS; i++) {
		struct cs_mp_proc *q = &mp->procs[mp->n_procs++];
		q->number = p[i].number;
		q->package = p[i].package;
		q->core = p[i].core;
		q->thread = p[i].thread;
		q->bsp = p[i].bsp;
		q->enabled = p[i].enabled;
	}
}

static int ident(void *ctx, uint32_t proc, struct cs_proc_ident *out)
{
	const struct cs_services *s = ctx;
	if (!st.listed)
		return -1;
	return s->proc_ident(s->ctx, proc, out);
}

static int run_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg)
{
	const struct cs_services *s = ctx;
	if (!st.listed)
		return -1;
	return s->run_on(s->ctx, proc, fn, arg, CS_RUN_ON_TIMEOUT_US);
}

/* ---- the competitor's processors ---- */

static void stream(void *arg)
{
	struct job *a = arg;
	uint64_t n = a->bytes / 8;
	__atomic_store_n(&a->state, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(a->stop, __ATOMIC_ACQUIRE)) {
		/* a read and a write per line; the flag polled every 64 KiB */
		for (uint64_t i = 0; i < n; i += 8) {
			a->buf[i] = a->buf[i] + 1;
			if ((i & 8191) == 0 && __atomic_load_n(a->stop, __ATOMIC_RELAXED))
				break;
		}
		a->passes = a->passes + 1;
	}
	__atomic_store_n(&a->state, 2, __ATOMIC_RELEASE);
}

/* As much as wanted, halving down to CS_COMP_MIN_BUF; 0 when none. */
static uint64_t buffer(const struct cs_services *s, uint64_t want, void **p)
{
	for (uint64_t n = want; n >= CS_COMP_MIN_BUF; n /= 2)
		if ((*p = s->pages(s->ctx, n)) != NULL)
			return n;
	return 0;
}

static int stream_start(void *ctx, uint32_t proc, uint64_t want, uint64_t *got, char *why, size_t whylen)
{
	const struct cs_services *s = ctx;
	uint32_t k = st.n;
	uint64_t bytes;
	void *p = NULL;

	if (k == 0)
		st.stop = 0;
	if (k >= CS_MP_MAX_PROCS || !st.listed)
		return -1;
	bytes = buffer(s, want, &p);
	if (!bytes) {
		cs_strlcpy(why, "has no memory for its buffer: not started", whylen);
		return -1;
	}
	st.jobs[k] = (struct job){ &st.stop, p, bytes, 0, 0 };
	st.done[k] = 0;
	if (s->start_on(s->ctx, proc, stream, &st.jobs[k], CS_AP_TIMEOUT_US, &st.slot[k]) != 0) {
		cs_strlcpy(why, "would not start: skipped", whylen);
		s->pages_free(s->ctx, p, bytes);
		return -1;
	}
	*got = bytes;
	st.n++;
	return 0;
}

/* Each started processor streaming before the sweep starts (bounded). */
static void stream_wait(void *ctx)
{
	const struct cs_services *s = ctx;
	for (uint32_t ms = 0; ms < CS_COMP_START_MS; ms++) {
		uint32_t up = 0;
		for (uint32_t i = 0; i < st.n; i++)
			up += __atomic_load_n(&st.jobs[i].state, __ATOMIC_ACQUIRE) != 0;
		if (up == st.n)
			break;
		s->stall(s->ctx, CS_MS_US);
	}
}

/* The flag, then each processor's return, bounded. */
static void stream_stop(void *ctx, uint64_t *passes, int *stopped)
{
	const struct cs_services *s = ctx;
	uint32_t n_stopped = 0;

	__atomic_store_n(&st.stop, 1, __ATOMIC_SEQ_CST);
	for (uint32_t ms = 0; ms < CS_COMP_STOP_MS && n_stopped < st.n; ms++) {
		for (uint32_t i = 0; i < st.n; i++)
			if (!st.done[i] && s->returned(s->ctx, st.slot[i])) {
				st.done[i] = 1;
				n_stopped++;
			}
		if (n_stopped < st.n)
			s->stall(s->ctx, CS_MS_US);
	}
	for (uint32_t i = 0; i < st.n; i++) {
		passes[i] = st.jobs[i].passes;
		stopped[i] = st.done[i];
		if (st.done[i]) /* one still running keeps its buffer */
			s->pages_free(s->ctx, (void *)(uintptr_t)st.jobs[i].buf, st.jobs[i].bytes);
	}
	st.n = 0;
}

/* The hooks from e's services, where the host has the processors'
 * services; hooks a caller set with no services (a test) are left. */
void cs_mp_platform(struct cs_engine *e)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_mp_hooks *h = &e->hooks.mp;
	if (!s)
		return;
	cs_memset(h, 0, sizeof *h);
	cs_memset(&st, 0, sizeof st);
	if (!s->procs)
		return; /* no list: no "processors" member */
	h->list = list;
	h->ctx = (void *)s;
	if (s->proc_ident)
		h->ident = ident;
	if (s->run_on)
		h->run_on = run_on;
	if (s->start_on && s->returned && s->pages && s->pages_free && s->stall) {
		h->stream_start = stream_start;
		h->stream_wait = stream_wait;
		h->stream_stop = stream_stop;
	}
}
