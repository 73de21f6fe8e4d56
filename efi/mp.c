/* mp.c: MP services for the engine (mp.h): found once, asked for the
 * processors, and used to run a function on one of them, each call
 * bounded by a timeout. */
#include "mp.h"
#include "../arch/arch.h"
#include "../common/buf.h"

#define CS_IDENT_TIMEOUT_US 1000000ull  /* reading what a processor publishes */
#define CS_RUN_ON_TIMEOUT_US 600000000ull /* a sweep on another processor: 10 min */

/* The protocol, or NULL with why[] filled. */
static CS_MP_SERVICES *locate(EFI_SYSTEM_TABLE *st, char *why, size_t whylen)
{
	static EFI_GUID guid = CS_MP_SERVICES_GUID;
	VOID *p = NULL;
	EFI_STATUS s = st->BootServices->LocateProtocol(&guid, NULL, &p);
	struct cs_buf b;
	if (!EFI_ERROR(s) && p)
		return p;
	cs_buf_init(&b, why, whylen);
	cs_puts(&b, "the firmware has no MP services protocol (LocateProtocol: ");
	cs_puts(&b, s == EFI_NOT_FOUND ? "not found" : "error ");
	if (s != EFI_NOT_FOUND)
		cs_put_hex(&b, (uint64_t)s, 1);
	cs_puts(&b, "): measured on the boot processor alone");
	return NULL;
}

static void list(void *ctx, struct cs_mp *mp)
{
	struct cs_efi_mp *m = ctx;
	UINTN total = 0, enabled = 0;
	if (!m->mp || EFI_ERROR(m->mp->GetNumberOfProcessors(m->mp, &total, &enabled)) ||
	    EFI_ERROR(m->mp->WhoAmI(m->mp, &m->bsp)) || total == 0) {
		if (m->mp)
			cs_strlcpy(m->why, "MP services did not answer GetNumberOfProcessors/WhoAmI: "
					   "measured on the boot processor alone", sizeof m->why);
		m->mp = NULL;
		mp->processors_null = 1;
		cs_strlcpy(mp->processors_reason, m->why, sizeof mp->processors_reason);
		return;
	}
	mp->total = (uint32_t)total;
	mp->enabled = (uint32_t)enabled;
	mp->bsp = (uint32_t)m->bsp;
	for (UINTN i = 0; i < total && mp->n_procs < CS_MP_MAX_PROCS; i++) {
		CS_PROCESSOR_INFORMATION info;
		struct cs_mp_proc *p = &mp->procs[mp->n_procs];
		cs_memset(&info, 0, sizeof info);
		if (EFI_ERROR(m->mp->GetProcessorInfo(m->mp, i, &info)))
			continue;
		p->number = (uint32_t)i;
		p->package = info.Location.Package;
		p->core = info.Location.Core;
		p->thread = info.Location.Thread;
		p->bsp = (info.StatusFlag & CS_PROCESSOR_AS_BSP) != 0;
		p->enabled = (info.StatusFlag & CS_PROCESSOR_ENABLED) != 0;
		mp->n_procs++;
	}
}

static VOID EFIAPI ap_ident(VOID *arg)
{
	cs_arch_proc_ident(arg);
}

static int ident(void *ctx, uint32_t proc, struct cs_proc_ident *out)
{
	struct cs_efi_mp *m = ctx;
	if (!m->mp)
		return -1;
	if (proc == m->bsp) {
		cs_arch_proc_ident(out);
		return 0;
	}
	return EFI_ERROR(m->mp->StartupThisAP(m->mp, ap_ident, proc, NULL, CS_IDENT_TIMEOUT_US,
					      out, NULL)) ? -1 : 0;
}

/* The engine's function, called on the other processor (EFIAPI there). */
struct call {
	void (*fn)(void *arg);
	void *arg;
};

static VOID EFIAPI ap_call(VOID *arg)
{
	struct call *c = arg;
	c->fn(c->arg);
}

static int run_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg)
{
	static struct call c; /* read by the other processor: not on this stack */
	struct cs_efi_mp *m = ctx;
	if (!m->mp)
		return -1;
	c = (struct call){ fn, arg };
	return EFI_ERROR(m->mp->StartupThisAP(m->mp, ap_call, proc, NULL, CS_RUN_ON_TIMEOUT_US,
					      &c, NULL)) ? -1 : 0;
}

void cs_mp_hooks_init(struct cs_mp_hooks *h, struct cs_efi_mp *m, EFI_SYSTEM_TABLE *st)
{
	cs_memset(h, 0, sizeof *h);
	cs_memset(m, 0, sizeof *m);
	m->st = st;
	m->mp = locate(st, m->why, sizeof m->why);
	h->list = list;
	h->ctx = m;
	if (!m->mp)
		return;
	h->ident = ident;
	h->stream_start = cs_ap_stream_start;
	h->stream_wait = cs_ap_stream_wait;
	h->stream_stop = cs_ap_stream_stop;
	h->run_on = run_on;
}
