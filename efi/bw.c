/* bw.c: the bandwidth kind's hooks in the firmware (bw.h). */
#include "bw.h"
#include "../arch/arch.h"
#include "../common/buf.h"

#define CS_BW_AP_TIMEOUT_US 600000000ull /* the firmware's own backstop: 10 min */
#define CS_BW_JOIN_MS 5000               /* bounded wait for each AP to return */

static uint32_t gang_count(void *ctx, char *why, size_t whylen)
{
	struct cs_efi_bw *b = ctx;
	struct cs_efi_mp *m = b->mp;
	UINTN total = 0, enabled = 0;
	b->n_procs = 0;
	if (!m->mp || EFI_ERROR(m->mp->GetNumberOfProcessors(m->mp, &total, &enabled))) {
		cs_strlcpy(why, m->why[0] ? m->why : "MP services did not answer", whylen);
		return 1;
	}
	for (UINTN i = 0; i < total && b->n_procs < CS_MP_MAX_PROCS; i++) {
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
	struct cs_efi_bw_job *j = arg;
	j->b->fn(j->b->arg, j->k);
}

static uint32_t gang_start(void *ctx, uint32_t n, void (*fn)(void *arg, uint32_t k), void *arg,
			   char *why, size_t whylen)
{
	struct cs_efi_bw *b = ctx;
	EFI_BOOT_SERVICES *bs = b->st->BootServices;
	uint32_t got = 0;
	b->fn = fn;
	b->arg = arg;
	for (uint32_t k = 1; k < n && k <= b->n_procs; k++) {
		EFI_STATUS s;
		b->jobs[got].b = b;
		b->jobs[got].k = k;
		b->ev[got] = NULL;
		b->done[got] = 0;
		s = bs->CreateEvent(0, 0, NULL, NULL, &b->ev[got]);
		if (!EFI_ERROR(s))
			s = b->mp->mp->StartupThisAP(b->mp->mp, ap_main, b->procs[k - 1], b->ev[got],
						     CS_BW_AP_TIMEOUT_US, &b->jobs[got], NULL);
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
	struct cs_efi_bw *b = ctx;
	EFI_BOOT_SERVICES *bs = b->st->BootServices;
	uint32_t left = b->n;
	for (uint32_t ms = 0; ms < CS_BW_JOIN_MS && left; ms++) {
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

void cs_efi_bw_hooks(struct cs_bw_hooks *h, struct cs_efi_bw *b, EFI_SYSTEM_TABLE *st,
		     struct cs_efi_mp *mp, uint64_t max_bytes, int emulated, const char *off)
{
	cs_memset(h, 0, sizeof *h);
	cs_memset(b, 0, sizeof *b);
	b->st = st;
	b->mp = mp;
	h->max_bytes = max_bytes;
	h->gang_every = emulated ? CS_EFI_BW_EMULATED_EVERY : 1;
	h->off = off;
	if (off)
		return;
	if (cs_arch_bw_select(&b->k, 1, NULL) != 0) {
		h->off = "the arch layer offers no streaming kernels here";
		return;
	}
	h->kernels = &b->k;
	h->enter = cs_arch_bw_enter;
	h->leave = cs_arch_bw_leave;
	h->ctx = b;
	h->gang_count = gang_count;
	h->gang_start = gang_start;
	h->gang_join = gang_join;
}
