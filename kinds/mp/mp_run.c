/* mp_run.c: the kinds that need other processors (engine.h): their
 * list, the competitor sweep (the sweep again while application processors
 * stream through buffers of their own, seed 000 s.4), and one sweep per
 * kind of core. The host drives the processors (struct cs_mp_hooks, made
 * from its services by mp_platform.c); what is measured, and what is recorded, is
 * decided here. Freestanding. */
#include "../../common/engine.h"

#define CS_COMP_MIN_BYTES (16ull << 20)  /* a competitor's buffer, at least */
#define CS_COMP_MAX_BYTES (256ull << 20) /* ... and at most */

/* A line "a<n>b<c>" (n and b only when b is given; c when given). */
static void say(struct cs_engine *e, const char *a, uint64_t n, const char *b,
		const char *c)
{
	char line[CS_TEXT_MAX + 160];
	struct cs_buf bb;
	cs_buf_init(&bb, line, sizeof line);
	cs_puts(&bb, a);
	if (b) {
		cs_put_u64(&bb, n);
		cs_puts(&bb, b);
	}
	if (c) {
		cs_puts(&bb, c);
		cs_putc(&bb, '\n');
	}
	cs_engine_note(e, line);
}

/* The kinds here run whole, in one step, saying what they do as they go
 * (cs_engine_note): a processor cannot be left streaming between steps. */
int cs_procs_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	char line[512];
	struct cs_buf b;
	struct cs_mp *mp = &c->mp;

	(void)ev;
	cs_mp_platform(e);
	if (!e->hooks.mp.list)
		return 0; /* nothing to list them with: no "processors" member */
	mp->has_processors = 1;
	e->hooks.mp.list(e->hooks.mp.ctx, mp);
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "processors: ");
	if (mp->processors_null) {
		cs_puts(&b, mp->processors_reason);
		cs_putc(&b, '\n');
		cs_engine_note(e, line);
		return 0;
	}
	cs_put_u64(&b, mp->total);
	cs_puts(&b, " (");
	cs_put_u64(&b, mp->enabled);
	cs_puts(&b, " enabled), boot processor #");
	cs_put_u64(&b, mp->bsp);
	cs_puts(&b, "; package/core/thread:");
	for (uint32_t i = 0; i < mp->n_procs && i < 16; i++) {
		cs_putc(&b, ' ');
		cs_put_u64(&b, mp->procs[i].package);
		cs_putc(&b, '/');
		cs_put_u64(&b, mp->procs[i].core);
		cs_putc(&b, '/');
		cs_put_u64(&b, mp->procs[i].thread);
	}
	if (mp->n_procs > 16)
		cs_puts(&b, " ...");
	cs_putc(&b, '\n');
	cs_engine_note(e, line);
	return 0;
}

/* ---- the competitor ---- */

/* Several times the last level, so every pass misses it. */
static uint64_t buffer_want(const struct cs_capture *c)
{
	uint64_t big = 0;
	for (uint32_t i = 0; i < c->n_caches; i++)
		if (c->caches[i].type != CS_CACHE_INSTRUCTION && c->caches[i].size_bytes > big)
			big = c->caches[i].size_bytes;
	big *= 4;
	if (big < CS_COMP_MIN_BYTES)
		big = CS_COMP_MIN_BYTES;
	if (big > CS_COMP_MAX_BYTES)
		big = CS_COMP_MAX_BYTES;
	return big;
}

/* The competitor is not run: the reason, kept and shown. */
static void not_run(struct cs_engine *e, struct cs_mp *mp, const char *why)
{
	cs_strlcpy(mp->note, why, sizeof mp->note);
	say(e, "competitor: ", 0, NULL, why);
}

/* Starts up to want of the enabled application processors; their count. */
static uint32_t start(struct cs_engine *e, struct cs_capture *c, uint32_t want)
{
	struct cs_mp *mp = &c->mp;
	uint32_t avail = 0, n = 0, aps[CS_MP_MAX_PROCS];
	struct cs_buf b;

	for (uint32_t i = 0; i < mp->n_procs; i++)
		if (mp->procs[i].enabled && !mp->procs[i].bsp && avail < CS_MP_MAX_PROCS)
			aps[avail++] = mp->procs[i].number;
	if (avail == 0) {
		not_run(e, mp, "no enabled application processor: the competitor sweep was not run");
		return 0;
	}
	if (want > avail) {
		cs_buf_init(&b, mp->note, sizeof mp->note);
		cs_puts(&b, "asked for ");
		cs_put_u64(&b, want);
		cs_puts(&b, " competitors, only ");
		cs_put_u64(&b, avail);
		cs_puts(&b, " application processors enabled");
		say(e, "competitor: ", 0, NULL, mp->note);
		want = avail;
	}
	for (uint32_t i = 0; i < want; i++) {
		char why[96];
		uint64_t got = 0;
		if (e->hooks.mp.stream_start(e->hooks.mp.ctx, aps[i], buffer_want(c), &got,
					     why, sizeof why) != 0) {
			say(e, "competitor: processor #", aps[i], " ", why);
			continue;
		}
		if (n == 0)
			mp->buffer_bytes = got;
		mp->comp_procs[n++] = aps[i];
	}
	if (n == 0)
		not_run(e, mp, "no application processor could be started: the competitor sweep was not run");
	return n;
}

static void announce(struct cs_engine *e, const struct cs_mp *mp, uint32_t n)
{
	char line[CS_TEXT_MAX + 512];
	struct cs_buf b;
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "\ncompetitor sweep: ");
	cs_put_u64(&b, n);
	cs_puts(&b, n == 1 ? " processor (#" : " processors (#");
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			cs_puts(&b, ", #");
		cs_put_u64(&b, mp->comp_procs[i]);
	}
	cs_puts(&b, ") streaming through ");
	cs_put_size(&b, (double)mp->buffer_bytes);
	cs_puts(&b, " each\n");
	cs_engine_note(e, line);
}

int cs_competitor_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_mp_hooks *h = &e->hooks.mp;
	struct cs_mp *mp = &c->mp;
	int stopped[CS_MP_MAX_PROCS];
	uint32_t n, n_stopped = 0;
	double t0;

	(void)ev;
	if (!e->plan.competitors)
		return 0;
	if (!mp->has_processors || mp->processors_null || !h->stream_start ||
	    !h->stream_wait || !h->stream_stop) {
		say(e, "competitors=", e->plan.competitors, ": not run (no MP services)\n", NULL);
		return 0;
	}
	mp->requested = e->plan.competitors;
	n = start(e, c, e->plan.competitors);
	if (n == 0)
		return 0;
	h->stream_wait(h->ctx);
	announce(e, mp, n);
	t0 = e->hooks.seconds ? e->hooks.seconds(e->hooks.ctx) : 0;
	mp->comp.n_points = cs_engine_sweep(e, e->plan.seed ^ 0xc0c0c0c0c0c0c0c0ull, 1,
					    mp->comp.points, CS_MP_MAX_POINTS);
	h->stream_stop(h->ctx, mp->passes, stopped);
	if (e->hooks.seconds)
		mp->seconds = e->hooks.seconds(e->hooks.ctx) - t0;
	for (uint32_t i = 0; i < n; i++) {
		n_stopped += stopped[i] != 0;
		if (!stopped[i])
			say(e, "competitor: processor #", mp->comp_procs[i],
			    " did not stop within the bounded wait: left running, its buffer kept\n",
			    NULL);
	}
	mp->has_competitor = 1;
	mp->threads = n;
	mp->stopped_clean = n_stopped == n;
	cs_engine_note(e, mp->stopped_clean ? "competitor: every application processor stopped\n"
					    : "competitor: NOT every application processor stopped (see above)\n");
	return 0;
}

/* ---- kinds of core ---- */

/* A sweep on another processor: the same sizes, no progress, interrupts
 * left as the firmware keeps them there. */
struct ap_sweep {
	struct cs_engine e;
	uint64_t seed;
	struct cs_mp_sweep *out;
	volatile uint32_t state; /* 2 when it ran to its end */
};

static void ap_sweep_run(void *arg)
{
	struct ap_sweep *a = arg;
	a->out->n_points = cs_engine_sweep(&a->e, a->seed, 0, a->out->points,
					   CS_MP_MAX_POINTS);
	__atomic_store_n(&a->state, 2, __ATOMIC_RELEASE);
}

/* What each enabled processor publishes; their count. */
static uint32_t identify(struct cs_engine *e, const struct cs_mp *mp,
			 struct cs_proc_ident *id)
{
	uint32_t n = 0;
	for (uint32_t i = 0; i < mp->n_procs; i++) {
		if (!mp->procs[i].enabled)
			continue;
		cs_memset(&id[n], 0, sizeof id[n]);
		if (e->hooks.mp.ident(e->hooks.mp.ctx, mp->procs[i].number, &id[n]) != 0)
			continue;
		id[n].number = mp->procs[i].number;
		n++;
	}
	return n;
}

/* Kind k of the grouping into kd: its processors and what they publish;
 * returns the processor to sweep it on. */
static uint32_t describe(struct cs_mp_kind *kd, const struct cs_kind_group *g,
			 const struct cs_proc_ident *id, uint32_t n_id,
			 uint32_t bsp, int *has_bsp)
{
	uint32_t on = g->procs[0];
	cs_strlcpy(kd->kind, g->kind, sizeof kd->kind);
	kd->n_procs = g->n;
	*has_bsp = 0;
	for (uint32_t i = 0; i < g->n; i++) {
		kd->procs[i] = g->procs[i];
		*has_bsp |= g->procs[i] == bsp;
	}
	for (uint32_t i = 0; i < n_id; i++)
		if (g->n && id[i].number == g->procs[0]) {
			kd->has_ident = 1;
			kd->arm = id[i].arm;
			kd->core_type = id[i].core_type;
			kd->cache_sig = id[i].cache_sig;
		}
	if (on == bsp && g->n > 1)
		on = g->procs[1];
	return on;
}

static void sweep_kind(struct cs_engine *e, struct cs_mp_kind *kd, uint32_t on)
{
	static struct ap_sweep job; /* read by the other processor: not on this stack */
	say(e, "kind of core: sweeping on processor #", on, " (no progress shown)\n", NULL);
	job.e = *e;
	job.e.hooks.clk.irq_off = 0;
	job.e.hooks.clk.irq_on = 0;
	job.e.hooks.progress = 0;
	job.e.hooks.live = 0;
	job.seed = e->plan.seed ^ 0x5a5a5a5aull;
	job.out = &kd->sweep;
	job.state = 0;
	if (e->hooks.mp.run_on(e->hooks.mp.ctx, on, ap_sweep_run, &job) != 0 ||
	    __atomic_load_n(&job.state, __ATOMIC_ACQUIRE) != 2) {
		cs_strlcpy(kd->how, "the sweep on this kind failed or timed out", sizeof kd->how);
		cs_engine_note(e, "kind of core: the sweep failed or timed out\n");
		return;
	}
	kd->has_sweep = 1;
	kd->swept_on = on;
	cs_strlcpy(kd->how, "swept on an application processor", sizeof kd->how);
}

int cs_cores_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	struct cs_proc_ident id[CS_MP_MAX_PROCS];
	struct cs_kind_group grp[CS_MP_MAX_KINDS];
	struct cs_mp *mp = &c->mp;
	uint32_t n_id, ng;

	(void)ev;
	if (!mp->has_processors || mp->processors_null || !e->hooks.mp.ident ||
	    !e->hooks.mp.run_on)
		return 0;
	n_id = identify(e, mp, id);
	ng = cs_group_kinds(id, n_id, grp, CS_MP_MAX_KINDS);
	for (uint32_t k = 0; k < ng; k++) {
		struct cs_mp_kind *kd = &mp->kinds[k];
		int has_bsp;
		uint32_t on = describe(kd, &grp[k], id, n_id, mp->bsp, &has_bsp);
		if (has_bsp && (!e->plan.kinds_on_ap || on == mp->bsp)) {
			/* the boot processor's kind: the main sweep is its sweep */
			kd->has_sweep = 1;
			kd->sweep.n_points = c->n_points < CS_MP_MAX_POINTS ? c->n_points : CS_MP_MAX_POINTS;
			cs_memcpy(kd->sweep.points, c->points, kd->sweep.n_points * sizeof c->points[0]);
			kd->swept_on = mp->bsp;
			cs_strlcpy(kd->how, "the main sweep (boot processor)", sizeof kd->how);
			continue;
		}
		sweep_kind(e, kd, on);
	}
	mp->n_kinds = ng;
	return 0;
}
