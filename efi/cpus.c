/* cpus.c: the processors, one by one (common/services.h), through MP
 * services (cpus.h): found once, asked for the processors, and used to run
 * a function on one of them, waited for or started and polled, each wait
 * bounded by a timeout; pages for a processor's own use and a stall. */
#include "services.h"
#include "../arch/arch.h"

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

static int procs(void *ctx, struct cs_svc_proc *out, uint32_t max, uint32_t *n, uint32_t *total_out,
		 uint32_t *enabled_out, uint32_t *self, char *why, size_t whylen)
{
	struct cs_efi_cpus *m = &((struct cs_efi_svc *)ctx)->cpus;
	UINTN total = 0, enabled = 0;
	*n = 0;
	if (!m->mp || EFI_ERROR(m->mp->GetNumberOfProcessors(m->mp, &total, &enabled)) ||
	    EFI_ERROR(m->mp->WhoAmI(m->mp, &m->bsp)) || total == 0) {
		if (m->mp)
			cs_strlcpy(m->why, "MP services did not answer GetNumberOfProcessors/WhoAmI: "
					   "measured on the boot processor alone", sizeof m->why);
		m->mp = NULL;
		cs_strlcpy(why, m->why, whylen);
		return -1;
	}
	*total_out = (uint32_t)total;
	*enabled_out = (uint32_t)enabled;
	*self = (uint32_t)m->bsp;
	for (UINTN i = 0; i < total && *n < max; i++) {
		CS_PROCESSOR_INFORMATION info;
		struct cs_svc_proc *p = &out[*n];
		cs_memset(&info, 0, sizeof info);
		if (EFI_ERROR(m->mp->GetProcessorInfo(m->mp, i, &info)))
			continue;
		p->number = (uint32_t)i;
		p->package = info.Location.Package;
		p->core = info.Location.Core;
		p->thread = info.Location.Thread;
		p->bsp = (info.StatusFlag & CS_PROCESSOR_AS_BSP) != 0;
		p->enabled = (info.StatusFlag & CS_PROCESSOR_ENABLED) != 0;
		(*n)++;
	}
	return 0;
}

#define CS_IDENT_TIMEOUT_US 1000000ull /* reading what a processor publishes */

static VOID EFIAPI ap_ident(VOID *arg)
{
	cs_arch_proc_ident(arg);
}

static int proc_ident(void *ctx, uint32_t proc, struct cs_proc_ident *out)
{
	struct cs_efi_cpus *m = &((struct cs_efi_svc *)ctx)->cpus;
	if (!m->mp)
		return -1;
	if (proc == m->bsp) {
		cs_arch_proc_ident(out);
		return 0;
	}
	return EFI_ERROR(m->mp->StartupThisAP(m->mp, ap_ident, proc, NULL, CS_IDENT_TIMEOUT_US,
					      out, NULL)) ? -1 : 0;
}

/* The caller's function, called on the other processor (EFIAPI there). */
struct call {
	void (*fn)(void *arg);
	void *arg;
};

static VOID EFIAPI ap_call(VOID *arg)
{
	struct call *c = arg;
	c->fn(c->arg);
}

static int run_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg, uint64_t timeout_us)
{
	static struct call c; /* read by the other processor: not on this stack */
	struct cs_efi_cpus *m = &((struct cs_efi_svc *)ctx)->cpus;
	if (!m->mp)
		return -1;
	c = (struct call){ fn, arg };
	return EFI_ERROR(m->mp->StartupThisAP(m->mp, ap_call, proc, NULL, timeout_us, &c, NULL)) ? -1
												 : 0;
}

static int start_on(void *ctx, uint32_t proc, void (*fn)(void *arg), void *arg, uint64_t timeout_us,
		    uint32_t *slot)
{
	static struct call c[CS_EFI_MAX_PROCS]; /* read by the other processors */
	struct cs_efi_svc *v = ctx;
	struct cs_efi_cpus *m = &v->cpus;
	uint32_t k = 0;
	EFI_STATUS s;
	if (!m->mp)
		return -1;
	while (k < CS_EFI_MAX_PROCS && m->busy[k])
		k++;
	if (k == CS_EFI_MAX_PROCS)
		return -1;
	c[k] = (struct call){ fn, arg };
	m->ev[k] = NULL;
	s = v->bs->CreateEvent(0, 0, NULL, NULL, &m->ev[k]);
	if (!EFI_ERROR(s))
		s = m->mp->StartupThisAP(m->mp, ap_call, proc, m->ev[k], timeout_us, &c[k], NULL);
	if (EFI_ERROR(s)) {
		if (m->ev[k])
			v->bs->CloseEvent(m->ev[k]);
		return -1;
	}
	m->busy[k] = 1;
	*slot = k;
	return 0;
}

static int returned(void *ctx, uint32_t slot)
{
	struct cs_efi_svc *v = ctx;
	struct cs_efi_cpus *m = &v->cpus;
	if (slot >= CS_EFI_MAX_PROCS || !m->busy[slot] || v->bs->CheckEvent(m->ev[slot]) != EFI_SUCCESS)
		return 0;
	v->bs->CloseEvent(m->ev[slot]);
	m->busy[slot] = 0;
	return 1;
}

static void *pages(void *ctx, uint64_t bytes)
{
	struct cs_efi_svc *v = ctx;
	EFI_PHYSICAL_ADDRESS a = 0;
	if (EFI_ERROR(v->bs->AllocatePages(AllocateAnyPages, EfiLoaderData, bytes / 4096, &a)))
		return NULL;
	return (void *)(uintptr_t)a;
}

static void pages_free(void *ctx, void *p, uint64_t bytes)
{
	struct cs_efi_svc *v = ctx;
	v->bs->FreePages((EFI_PHYSICAL_ADDRESS)(uintptr_t)p, bytes / 4096);
}

static void stall(void *ctx, uint32_t us)
{
	((struct cs_efi_svc *)ctx)->bs->Stall(us);
}

void cs_efi_cpus_init(struct cs_efi_svc *v)
{
	struct cs_services *s = &v->s;
	v->cpus.mp = locate(v->st, v->cpus.why, sizeof v->cpus.why);
	s->procs = procs;
	s->proc_ident = proc_ident;
	s->run_on = run_on;
	s->start_on = start_on;
	s->returned = returned;
	s->pages = pages;
	s->pages_free = pages_free;
	s->stall = stall;
	cs_efi_gang_init(v);
}
