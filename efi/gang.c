/* gang.c: every enabled processor running one function at once, the
 * firmware's platform service (services.h, common/services.h), through MP
 * services (cpus.h): each processor started on its own, not waiting, an event each;
 * every wait bounded. */
#include "services.h"
#include "../common/buf.h"

#define CS_GANG_AP_TIMEOUT_US 600000000ull /* the firmware's own backstop: 10 min */
#define CS_GANG_JOIN_MS 5000               /* bounded wait for each AP to return */

static uint32_t gang_count(void *ctx, char *why, size_t whylen)
{
	struct cs_efi_gang *b = &((struct cs_efi_svc *)ctx)->gang;
	struct cs_efi_cpus *m = &((struct cs_efi_svc *)ctx)->cpus;
	UINTN total = 0, enabled = 0;
	b->n_procs = 0;
	if (!m->mp || EFI_ERROR(m->mp->GetNumberOfProcessors(m->mp, &total, &enabled))) {
		cs_strlcpy(why, m->why[0] ? m->why : "MP services did not answer", whylen);
		return 1;
	}
	for (UINTN i = 0; i < total && b->n_procs < CS_EFI_MAX_PROCS; i++) {
		CS_PROCESSOR_INFORMATION info;
		cs_memset(&info, 0, sizeof info);
		if (EFI_ERROR(m->mp->GetProcessorInfo(m->mp, i, &info)))
			continue;
		if ((info.StatusFlag & CS_PROCESSOR_ENABLED) && !(info.StatusFlag & CS_PROCESSOR_AS_BSP))
			b->procs[b->n_procs++] = i;
	}
	if (b->n_procs == 0)
		cs_strlcpy(why, "MP services list no enabled application processor", whylen);
	return 1 + b->n_procs;
}

static VOID EFIAPI ap_main(VOID *arg)
{
	struct cs_efi_gang_job *j = arg;
	j->g->fn(j->g->arg, j->k);
}

static uint32_t gang_start(void *ctx, uint32_t n, void (*fn)(void *arg, uint32_t k), void *arg,
			   char *why, size_t whylen)
{
	struct cs_efi_svc *v = ctx;
	struct cs_efi_gang *b = &v->gang;
	EFI_BOOT_SERVICES *bs = v->bs;
	uint32_t got = 0;
	b->fn = fn;
	b->arg = arg;
	for (uint32_t k = 1; k < n && k <= b->n_procs; k++) {
		EFI_STATUS s;
		b->jobs[got].g = b;
		b->jobs[got].k = k;
		b->ev[got] = NULL;
		b->done[got] = 0;
		s = bs->CreateEvent(0, 0, NULL, NULL, &b->ev[got]);
		if (!EFI_ERROR(s))
			s = v->cpus.mp->StartupThisAP(v->cpus.mp, ap_main, b->procs[k - 1], b->ev[got],
						     CS_GANG_AP_TIMEOUT_US, &b->jobs[got], NULL);
		if (EFI_ERROR(s)) {
			struct cs_buf w;
			if (b->ev[got])
				bs->CloseEvent(b->ev[got]);
			cs_buf_init(&w, why, whylen);
			cs_puts(&w, "processor #");
			cs_put_u64(&w, b->procs[k - 1]);
			cs_puts(&w, " would not start (StartupThisAP)");
			break;
		}
		got++;
	}
	b->n = got;
	return got;
}

static int gang_join(void *ctx)
{
	struct cs_efi_svc *v = ctx;
	struct cs_efi_gang *b = &v->gang;
	EFI_BOOT_SERVICES *bs = v->bs;
	uint32_t left = b->n;
	for (uint32_t ms = 0; ms < CS_GANG_JOIN_MS && left; ms++) {
		for (uint32_t i = 0; i < b->n; i++)
			if (!b->done[i] && bs->CheckEvent(b->ev[i]) == EFI_SUCCESS) {
				b->done[i] = 1;
				left--;
			}
		if (left)
			bs->Stall(1000);
	}
	for (uint32_t i = 0; i < b->n; i++)
		if (b->done[i]) /* one still running keeps its event */
			bs->CloseEvent(b->ev[i]);
	b->n = 0;
	return left ? -1 : 0;
}

void cs_efi_gang_init(struct cs_efi_svc *v)
{
	struct cs_services *s = &v->s;
	s->gang_count = gang_count;
	s->gang_start = gang_start;
	s->gang_join = gang_join;
}
