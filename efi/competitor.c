/* competitor.c: processors, the competitor sweep and per-kind sweeps
 * (competitor.h). */
#include "competitor.h"
#include "../arch/arch.h"
#include "console.h"
#include "mp.h"
#include "../common/buf.h"
#include "../reduce/compare.h"
#include "../common/cores.h"
#include "../reduce/report.h"

#define CS_COMP_MIN_BUF (1ull << 20)  /* smallest competitor buffer worth running */
#define CS_COMP_START_MS 2000          /* wait for each AP to start streaming */
#define CS_COMP_STOP_MS 5000           /* bounded wait for each AP to stop */
#define CS_AP_TIMEOUT_US 1800000000ull /* the firmware's own backstop: 30 min */
#define CS_KIND_TIMEOUT_US 600000000ull /* a per-kind sweep on an AP: 10 min */
#define CS_IDENT_TIMEOUT_US 1000000ull

/* One streaming AP. The AP touches only its buffer and these fields. */
struct ap_job {
	volatile uint32_t *stop;
	volatile uint64_t *buf;
	uint64_t bytes;
	volatile uint64_t passes;
	volatile uint32_t state; /* 0 not started, 1 streaming, 2 returned */
};

static struct {
	CS_MP_SERVICES *mp;
	UINTN bsp, n_total, n_enabled;
	uint32_t requested;
	uint32_t aps[CS_MP_MAX_PROCS];  /* the competitors' processor numbers */
	uint64_t bytes[CS_MP_MAX_PROCS];
	uint64_t passes[CS_MP_MAX_PROCS];
	uint32_t n_started;
	double seconds;
	char note[CS_TEXT_MAX];         /* why fewer ran, or "" */
	struct cs_proc_ident ident[CS_MP_MAX_PROCS];
	uint32_t n_ident;
	uint32_t kind_swept_on[CS_MP_MAX_KINDS];
	char kind_note[CS_MP_MAX_KINDS][96];
} g;

static volatile uint32_t stop_flag;
static struct ap_job jobs[CS_MP_MAX_PROCS];
static struct cs_measure m2;
static struct cs_capture tmp;
static struct cs_work work;
static struct cs_result with;
static struct cs_comparison cmp;
static char text[16384];

static VOID EFIAPI ap_stream(VOID *arg)
{
	struct ap_job *a = arg;
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

static void say(const char *a, uint64_t n, const char *b)
{
	char line[CS_TEXT_MAX + 64];
	struct cs_buf bb;
	cs_buf_init(&bb, line, sizeof line);
	cs_puts(&bb, a);
	if (b) {
		cs_put_u64(&bb, n);
		cs_puts(&bb, b);
	}
	cs_con_buf(&bb);
}

static void enumerate(EFI_SYSTEM_TABLE *st, struct cs_capture *c)
{
	char why[CS_TEXT_MAX];
	struct cs_buf b;
	char line[512];
	c->mp.has_processors = 1;
	g.mp = cs_mp_locate(st, why, sizeof why);
	if (!g.mp) {
		c->mp.processors_null = 1;
		cs_strlcpy(c->mp.processors_reason, why, sizeof c->mp.processors_reason);
		cs_con_puts("processors: ");
		cs_con_puts(why);
		cs_con_puts("\n");
		return;
	}
	if (EFI_ERROR(g.mp->GetNumberOfProcessors(g.mp, &g.n_total, &g.n_enabled)) ||
	    EFI_ERROR(g.mp->WhoAmI(g.mp, &g.bsp)) || g.n_total == 0) {
		c->mp.processors_null = 1;
		cs_strlcpy(c->mp.processors_reason,
			   "MP services did not answer GetNumberOfProcessors/WhoAmI: measured on the boot processor alone",
			   sizeof c->mp.processors_reason);
		cs_con_puts("processors: ");
		cs_con_puts(c->mp.processors_reason);
		cs_con_puts("\n");
		g.mp = NULL;
		return;
	}
	cs_buf_init(&b, line, sizeof line);
	cs_puts(&b, "processors: ");
	cs_put_u64(&b, g.n_total);
	cs_puts(&b, " (");
	cs_put_u64(&b, g.n_enabled);
	cs_puts(&b, " enabled), boot processor #");
	cs_put_u64(&b, g.bsp);
	cs_puts(&b, "; package/core/thread:");
	for (UINTN i = 0; i < g.n_total && c->mp.n_procs < CS_MP_MAX_PROCS; i++) {
		CS_PROCESSOR_INFORMATION info;
		struct cs_mp_proc *p = &c->mp.procs[c->mp.n_procs];
		cs_memset(&info, 0, sizeof info);
		if (EFI_ERROR(g.mp->GetProcessorInfo(g.mp, i, &info)))
			continue;
		p->number = (uint32_t)i;
		p->package = info.Location.Package;
		p->core = info.Location.Core;
		p->thread = info.Location.Thread;
		p->bsp = (info.StatusFlag & CS_PROCESSOR_AS_BSP) != 0;
		p->enabled = (info.StatusFlag & CS_PROCESSOR_ENABLED) != 0;
		c->mp.n_procs++;
		if (c->mp.n_procs <= 16) {
			cs_putc(&b, ' ');
			cs_put_u64(&b, p->package);
			cs_putc(&b, '/');
			cs_put_u64(&b, p->core);
			cs_putc(&b, '/');
			cs_put_u64(&b, p->thread);
		}
	}
	if (c->mp.n_procs > 16)
		cs_puts(&b, " ...");
	cs_putc(&b, '\n');
	cs_con_buf(&b);
}

/* An AP's buffer: as much as wanted, halving down to CS_COMP_MIN_BUF. */
static uint64_t ap_buffer(EFI_BOOT_SERVICES *bs, uint64_t want, EFI_PHYSICAL_ADDRESS *addr)
{
	for (uint64_t n = want; n >= CS_COMP_MIN_BUF; n /= 2)
		if (!EFI_ERROR(bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n / 4096, addr)))
			return n;
	return 0;
}

static uint64_t want_bytes(const struct cs_capture *c)
{
	uint64_t big = 0;
	for (uint32_t i = 0; i < c->n_caches; i++)
		if (c->caches[i].type != CS_CACHE_INSTRUCTION && c->caches[i].size_bytes > big)
			big = c->caches[i].size_bytes;
	big *= 4; /* several times the last level: every pass misses it */
	if (big < (16ull << 20))
		big = 16ull << 20;
	if (big > (256ull << 20))
		big = 256ull << 20;
	return big;
}

static void competitor(EFI_SYSTEM_TABLE *st, const struct cs_measure *m,
		       struct cs_capture *c, uint32_t want)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	static EFI_EVENT ev[CS_MP_MAX_PROCS];
	static EFI_PHYSICAL_ADDRESS addr[CS_MP_MAX_PROCS];
	static int done[CS_MP_MAX_PROCS];
	uint32_t avail = 0, n = 0, stopped = 0;
	uint64_t t0;
	struct cs_buf b;

	g.requested = want;
	for (uint32_t i = 0; i < c->mp.n_procs; i++)
		if (c->mp.procs[i].enabled && !c->mp.procs[i].bsp && avail < CS_MP_MAX_PROCS)
			g.aps[avail++] = c->mp.procs[i].number;
	if (avail == 0) {
		cs_strlcpy(g.note, "no enabled application processor: the competitor sweep was not run",
			   sizeof g.note);
		cs_con_puts("competitor: ");
		cs_con_puts(g.note);
		cs_con_puts("\n");
		return;
	}
	if (want > avail) {
		cs_buf_init(&b, g.note, sizeof g.note);
		cs_puts(&b, "asked for ");
		cs_put_u64(&b, want);
		cs_puts(&b, " competitors, only ");
		cs_put_u64(&b, avail);
		cs_puts(&b, " application processors enabled");
		cs_con_puts("competitor: ");
		cs_con_puts(g.note);
		cs_con_puts("\n");
		want = avail;
	}
	stop_flag = 0;
	for (uint32_t i = 0; i < want; i++) {
		EFI_STATUS s;
		g.bytes[n] = ap_buffer(bs, want_bytes(c), &addr[n]);
		if (!g.bytes[n]) {
			say("competitor: no memory for processor #", g.aps[i], "'s buffer: not started\n");
			continue;
		}
		jobs[n] = (struct ap_job){ &stop_flag, (volatile uint64_t *)(uintptr_t)addr[n],
					   g.bytes[n], 0, 0 };
		ev[n] = NULL;
		done[n] = 0;
		s = bs->CreateEvent(0, 0, NULL, NULL, &ev[n]);
		if (!EFI_ERROR(s))
			s = g.mp->StartupThisAP(g.mp, ap_stream, g.aps[i], ev[n], CS_AP_TIMEOUT_US,
						&jobs[n], NULL);
		if (EFI_ERROR(s)) {
			say("competitor: processor #", g.aps[i], " would not start: skipped\n");
			if (ev[n])
				bs->CloseEvent(ev[n]);
			bs->FreePages(addr[n], g.bytes[n] / 4096);
			continue;
		}
		g.aps[n] = g.aps[i];
		n++;
	}
	g.n_started = n;
	if (n == 0) {
		cs_strlcpy(g.note, "no application processor could be started: the competitor sweep was not run",
			   sizeof g.note);
		cs_con_puts("competitor: ");
		cs_con_puts(g.note);
		cs_con_puts("\n");
		return;
	}
	/* each AP streaming before the sweep starts (bounded) */
	for (uint32_t ms = 0; ms < CS_COMP_START_MS; ms++) {
		uint32_t up = 0;
		for (uint32_t i = 0; i < n; i++)
			up += __atomic_load_n(&jobs[i].state, __ATOMIC_ACQUIRE) != 0;
		if (up == n)
			break;
		bs->Stall(1000);
	}
	cs_buf_init(&b, text, sizeof text);
	cs_puts(&b, "\ncompetitor sweep: ");
	cs_put_u64(&b, n);
	cs_puts(&b, n == 1 ? " processor (#" : " processors (#");
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			cs_puts(&b, ", #");
		cs_put_u64(&b, g.aps[i]);
	}
	cs_puts(&b, ") streaming through ");
	cs_put_size(&b, (double)g.bytes[0]);
	cs_puts(&b, " each\n");
	cs_con_buf(&b);

	t0 = cs_arch_counter();
	m2 = *m;
	m2.seed = m->seed ^ 0xc0c0c0c0c0c0c0c0ull;
	cs_capture_init(&tmp);
	cs_measure_sweep(&m2, &tmp);

	/* stop: the flag, then each AP's event, bounded */
	__atomic_store_n(&stop_flag, 1, __ATOMIC_SEQ_CST);
	for (uint32_t ms = 0; ms < CS_COMP_STOP_MS && stopped < n; ms++) {
		for (uint32_t i = 0; i < n; i++)
			if (!done[i] && bs->CheckEvent(ev[i]) == EFI_SUCCESS) {
				done[i] = 1;
				stopped++;
			}
		if (stopped < n)
			bs->Stall(1000);
	}
	g.seconds = (double)(cs_arch_counter() - t0) / m->hz;
	for (uint32_t i = 0; i < n; i++) {
		g.passes[i] = jobs[i].passes;
		if (done[i]) {
			bs->CloseEvent(ev[i]);
			bs->FreePages(addr[i], g.bytes[i] / 4096);
		} else {
			/* still running: its buffer and event stay where it can
			 * reach them; the firmware's timeout puts it back to idle */
			say("competitor: processor #", g.aps[i],
			    " did not stop within 5 s: left to the firmware's own timeout (30 min)\n");
		}
	}
	c->mp.has_competitor = 1;
	c->mp.threads = n;
	c->mp.buffer_bytes = g.bytes[0];
	c->mp.stopped_clean = stopped == n;
	c->mp.comp.n_points = tmp.n_points < CS_MP_MAX_POINTS ? tmp.n_points : CS_MP_MAX_POINTS;
	cs_memcpy(c->mp.comp.points, tmp.points, c->mp.comp.n_points * sizeof tmp.points[0]);
	cs_con_puts(c->mp.stopped_clean ? "competitor: every application processor stopped\n"
					: "competitor: NOT every application processor stopped (see above)\n");
}

static VOID EFIAPI ap_ident(VOID *arg)
{
	cs_arch_proc_ident(arg);
}

/* A sweep on an application processor: the same sizes, no console. */
struct ap_sweep {
	const struct cs_measure *m;
	struct cs_mp_sweep *out;
	volatile uint32_t state;
};

static VOID EFIAPI ap_sweep_run(VOID *arg)
{
	struct ap_sweep *a = arg;
	static uint64_t sizes[CS_MP_MAX_POINTS];
	struct cs_rng r;
	uint32_t n = cs_sweep_sizes(a->m->sweep_max, sizes, CS_MP_MAX_POINTS);
	cs_rng_seed(&r, a->m->seed ^ 0x5a5a5a5aull);
	a->out->n_points = 0;
	for (uint32_t i = 0; i < n; i++) {
		struct cs_point_result pr;
		struct cs_point *p = &a->out->points[a->out->n_points];
		if (cs_sweep_point(&a->m->clk, a->m->pool, sizes[i], a->m->blocks,
				   a->m->min_block_ns, &r, &pr) != 0)
			continue;
		p->bytes = (double)sizes[i];
		p->ns = pr.ns_min;
		p->has_block = 1;
		p->block_ns = pr.block_ns;
		a->out->n_points++;
	}
	__atomic_store_n(&a->state, 2, __ATOMIC_RELEASE);
}

static void kinds(const struct cs_measure *m, struct cs_capture *c, int on_ap)
{
	static struct cs_kind_group grp[CS_MP_MAX_KINDS];
	static struct ap_sweep job;
	static struct cs_measure apm;
	uint32_t ng;
	/* an AP's interrupts stay as the firmware left them: no cli/sti there */
	apm = *m;
	apm.clk.irq_off = NULL;
	apm.clk.irq_on = NULL;
	g.n_ident = 0;
	for (uint32_t i = 0; i < c->mp.n_procs; i++) {
		const struct cs_mp_proc *p = &c->mp.procs[i];
		struct cs_proc_ident *id = &g.ident[g.n_ident];
		if (!p->enabled)
			continue;
		cs_memset(id, 0, sizeof *id);
		if (p->bsp)
			cs_arch_proc_ident(id);
		else if (EFI_ERROR(g.mp->StartupThisAP(g.mp, ap_ident, p->number, NULL,
						       CS_IDENT_TIMEOUT_US, id, NULL)))
			continue;
		id->number = p->number;
		g.n_ident++;
	}
	ng = cs_group_kinds(g.ident, g.n_ident, grp, CS_MP_MAX_KINDS);
	for (uint32_t k = 0; k < ng; k++) {
		struct cs_mp_kind *kd = &c->mp.kinds[k];
		int has_bsp = 0;
		uint32_t on = grp[k].procs[0];
		cs_strlcpy(kd->kind, grp[k].kind, sizeof kd->kind);
		kd->n_procs = grp[k].n;
		for (uint32_t i = 0; i < grp[k].n; i++) {
			kd->procs[i] = grp[k].procs[i];
			has_bsp |= grp[k].procs[i] == g.bsp;
		}
		if (on == g.bsp && grp[k].n > 1)
			on = grp[k].procs[1];
		if (has_bsp && (!on_ap || on == g.bsp)) {
			/* the boot processor's kind: the main sweep is its sweep */
			kd->has_sweep = 1;
			kd->sweep.n_points = c->n_points < CS_MP_MAX_POINTS ? c->n_points : CS_MP_MAX_POINTS;
			cs_memcpy(kd->sweep.points, c->points, kd->sweep.n_points * sizeof c->points[0]);
			g.kind_swept_on[k] = (uint32_t)g.bsp;
			cs_strlcpy(g.kind_note[k], "the main sweep (boot processor)", sizeof g.kind_note[k]);
			continue;
		}
		say("kind of core: sweeping on processor #", on, " (no progress shown)\n");
		job = (struct ap_sweep){ &apm, &kd->sweep, 0 };
		if (EFI_ERROR(g.mp->StartupThisAP(g.mp, ap_sweep_run, on, NULL,
						  CS_KIND_TIMEOUT_US, &job, NULL)) ||
		    __atomic_load_n(&job.state, __ATOMIC_ACQUIRE) != 2) {
			cs_strlcpy(g.kind_note[k], "the sweep on this kind failed or timed out",
				   sizeof g.kind_note[k]);
			cs_con_puts("kind of core: the sweep failed or timed out\n");
			continue;
		}
		kd->has_sweep = 1;
		g.kind_swept_on[k] = on;
		cs_strlcpy(g.kind_note[k], "swept on an application processor", sizeof g.kind_note[k]);
	}
	c->mp.n_kinds = ng;
}

void cs_competitor_run(EFI_SYSTEM_TABLE *st, const struct cs_measure *m,
		       struct cs_capture *c, const struct cs_settings *set)
{
	cs_memset(&g, 0, sizeof g);
	cs_memset(&c->mp, 0, sizeof c->mp);
	enumerate(st, c);
	if (!g.mp) {
		if (set->competitors)
			say("competitors=", set->competitors, ": not run (no MP services)\n");
		return;
	}
	if (set->competitors)
		competitor(st, m, c, set->competitors);
	kinds(m, c, set->kinds_on_ap);
}

void cs_competitor_summary(const struct cs_capture *c)
{
	static struct cs_result alone;
	struct cs_buf b;
	char err[160];
	if (!c->mp.has_competitor && !c->mp.n_kinds)
		return;
	cs_buf_init(&b, text, sizeof text);
	if (c->mp.has_competitor) {
		cs_mp_sweep_capture(c, &c->mp.comp, &tmp);
		cs_puts(&b, "\ncompetitor sweep (");
		cs_put_u64(&b, c->mp.threads);
		cs_puts(&b, c->mp.threads == 1 ? " thread):\n" : " threads):\n");
		if (cs_reduce(&tmp, &work, &with, err, sizeof err) == 0)
			cs_report_text(&b, &tmp, &with);
		else {
			cs_puts(&b, "  cannot be reduced: ");
			cs_puts(&b, err);
			cs_putc(&b, '\n');
		}
		if (cs_reduce(c, &work, &alone, err, sizeof err) == 0) {
			cs_compare_capture(c, &alone, &tmp, &work, &with, &cmp);
			cs_compare_text(&b, &cmp);
		} else {
			cs_puts(&b, "competitor: not compared: the sweep alone cannot be reduced\n");
		}
	}
	for (uint32_t k = 0; k < c->mp.n_kinds; k++) {
		const struct cs_mp_kind *kd = &c->mp.kinds[k];
		cs_puts(&b, "kind of core '");
		cs_puts(&b, kd->kind);
		cs_puts(&b, "': ");
		cs_put_u64(&b, kd->n_procs);
		cs_puts(&b, kd->n_procs == 1 ? " processor, " : " processors, ");
		if (!kd->has_sweep) {
			cs_puts(&b, "not swept\n");
			continue;
		}
		cs_mp_sweep_capture(c, &kd->sweep, &tmp);
		if (cs_reduce(&tmp, &work, &with, err, sizeof err) != 0) {
			cs_puts(&b, "cannot be reduced\n");
			continue;
		}
		cs_put_u64(&b, with.n_levels);
		cs_puts(&b, " levels, knees");
		for (uint32_t i = 0; i < with.n_knees; i++) {
			cs_putc(&b, ' ');
			if (with.knees[i].has_bytes)
				cs_put_size(&b, with.knees[i].bytes);
			else
				cs_puts(&b, "missing");
		}
		cs_putc(&b, '\n');
	}
	cs_con_buf(&b);
}

static void sweep_json(struct cs_jsonw *j, const struct cs_mp_sweep *s)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "sweep");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "points");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < s->n_points; i++) {
		const struct cs_point *p = &s->points[i];
		j->pretty = 0;
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "bytes");
		cs_jsonw_num(j, p->bytes);
		cs_jsonw_key(j, "ns");
		cs_jsonw_numsig(j, p->ns, 9);
		if (p->has_block) {
			cs_jsonw_key(j, "block_ns");
			cs_jsonw_numsig(j, p->block_ns, 9);
		}
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_obj_end(j);
}

void cs_competitor_json(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_mp *mp = &c->mp;
	int pretty = j->pretty;
	if (!mp->has_processors)
		return;
	cs_jsonw_key(j, "processors");
	if (mp->processors_null) {
		cs_jsonw_null(j);
		cs_jsonw_key(j, "processors_reason");
		cs_jsonw_str(j, mp->processors_reason);
	} else {
		cs_jsonw_arr(j);
		for (uint32_t i = 0; i < mp->n_procs; i++) {
			const struct cs_mp_proc *p = &mp->procs[i];
			j->pretty = 0;
			cs_jsonw_obj(j);
			cs_jsonw_key(j, "number");
			cs_jsonw_u64(j, p->number);
			cs_jsonw_key(j, "package");
			cs_jsonw_u64(j, p->package);
			cs_jsonw_key(j, "core");
			cs_jsonw_u64(j, p->core);
			cs_jsonw_key(j, "thread");
			cs_jsonw_u64(j, p->thread);
			cs_jsonw_key(j, "bsp");
			cs_jsonw_bool(j, p->bsp);
			cs_jsonw_key(j, "enabled");
			cs_jsonw_bool(j, p->enabled);
			cs_jsonw_obj_end(j);
			j->pretty = pretty;
		}
		cs_jsonw_arr_end(j);
	}
	if (g.requested && !mp->has_competitor) {
		cs_jsonw_key(j, "competitor_note");
		cs_jsonw_str(j, g.note);
	}
	if (mp->has_competitor) {
		cs_jsonw_key(j, "competitor");
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "threads");
		cs_jsonw_u64(j, mp->threads);
		cs_jsonw_key(j, "requested");
		cs_jsonw_u64(j, g.requested);
		cs_jsonw_key(j, "buffer_bytes");
		cs_jsonw_u64(j, mp->buffer_bytes);
		cs_jsonw_key(j, "stopped");
		cs_jsonw_bool(j, mp->stopped_clean);
		cs_jsonw_key(j, "processors");
		cs_jsonw_arr(j);
		j->pretty = 0;
		for (uint32_t i = 0; i < mp->threads; i++)
			cs_jsonw_u64(j, g.aps[i]);
		cs_jsonw_arr_end(j);
		j->pretty = pretty;
		cs_jsonw_key(j, "passes");
		cs_jsonw_arr(j);
		j->pretty = 0;
		for (uint32_t i = 0; i < mp->threads; i++)
			cs_jsonw_u64(j, g.passes[i]);
		cs_jsonw_arr_end(j);
		j->pretty = pretty;
		cs_jsonw_key(j, "access");
		cs_jsonw_str(j, "each AP reads and writes one word a 64-byte line, in order, through its own buffer, until told to stop");
		cs_jsonw_key(j, "note");
		if (g.note[0])
			cs_jsonw_str(j, g.note);
		else
			cs_jsonw_null(j);
		cs_jsonw_key(j, "seconds");
		cs_jsonw_numsig(j, g.seconds, 4);
		sweep_json(j, &mp->comp);
		cs_jsonw_obj_end(j);
	}
	if (mp->n_kinds) {
		cs_jsonw_key(j, "cores");
		cs_jsonw_arr(j);
		for (uint32_t k = 0; k < mp->n_kinds; k++) {
			const struct cs_mp_kind *kd = &mp->kinds[k];
			const struct cs_proc_ident *id = NULL;
			for (uint32_t i = 0; i < g.n_ident; i++)
				if (kd->n_procs && g.ident[i].number == kd->procs[0])
					id = &g.ident[i];
			cs_jsonw_obj(j);
			cs_jsonw_key(j, "kind");
			cs_jsonw_str(j, kd->kind);
			cs_jsonw_key(j, "processors");
			cs_jsonw_arr(j);
			j->pretty = 0;
			for (uint32_t i = 0; i < kd->n_procs; i++)
				cs_jsonw_u64(j, kd->procs[i]);
			cs_jsonw_arr_end(j);
			j->pretty = pretty;
			if (id) {
				cs_jsonw_key(j, id->arm ? "midr" : "core_type");
				cs_jsonw_hex(j, id->core_type);
				cs_jsonw_key(j, "cache_digest");
				cs_jsonw_hex(j, id->cache_sig);
			}
			cs_jsonw_key(j, "how");
			cs_jsonw_str(j, g.kind_note[k]);
			if (kd->has_sweep) {
				cs_jsonw_key(j, "swept_on");
				cs_jsonw_u64(j, g.kind_swept_on[k]);
				sweep_json(j, &kd->sweep);
			}
			cs_jsonw_obj_end(j);
		}
		cs_jsonw_arr_end(j);
	}
}
