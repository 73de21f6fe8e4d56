/* ap_stream.c: the competitor's processors (mp.h): each started on a
 * buffer of its own, streaming through it until a flag tells it to stop;
 * every wait bounded. A processor that does not stop keeps its buffer and
 * event (it may still write there); the firmware's own timeout returns it
 * to idle. */
#include "mp.h"
#include "../common/buf.h"

#define CS_COMP_MIN_BUF (1ull << 20)  /* smallest competitor buffer worth running */
#define CS_COMP_START_MS 2000          /* wait for each AP to start streaming */
#define CS_COMP_STOP_MS 5000           /* bounded wait for each AP to stop */
#define CS_AP_TIMEOUT_US 1800000000ull /* the firmware's own backstop: 30 min */

static VOID EFIAPI ap_stream(VOID *arg)
{
	struct cs_ap_job *a = arg;
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
static uint64_t buffer(EFI_BOOT_SERVICES *bs, uint64_t want, EFI_PHYSICAL_ADDRESS *addr)
{
	for (uint64_t n = want; n >= CS_COMP_MIN_BUF; n /= 2)
		if (!EFI_ERROR(bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n / 4096, addr)))
			return n;
	return 0;
}

int cs_ap_stream_start(void *ctx, uint32_t proc, uint64_t want, uint64_t *got,
		       char *why, size_t whylen)
{
	struct cs_efi_mp *m = ctx;
	EFI_BOOT_SERVICES *bs = m->st->BootServices;
	uint32_t k = m->n;
	uint64_t bytes;
	EFI_STATUS s;

	if (k == 0)
		m->stop = 0;
	if (k >= CS_MP_MAX_PROCS)
		return -1;
	bytes = buffer(bs, want, &m->addr[k]);
	if (!bytes) {
		cs_strlcpy(why, "has no memory for its buffer: not started", whylen);
		return -1;
	}
	m->jobs[k] = (struct cs_ap_job){ &m->stop, (volatile uint64_t *)(uintptr_t)m->addr[k],
					 bytes, 0, 0 };
	m->ev[k] = NULL;
	m->done[k] = 0;
	s = bs->CreateEvent(0, 0, NULL, NULL, &m->ev[k]);
	if (!EFI_ERROR(s))
		s = m->mp->StartupThisAP(m->mp, ap_stream, proc, m->ev[k], CS_AP_TIMEOUT_US,
					 &m->jobs[k], NULL);
	if (EFI_ERROR(s)) {
		cs_strlcpy(why, "would not start: skipped", whylen);
		if (m->ev[k])
			bs->CloseEvent(m->ev[k]);
		bs->FreePages(m->addr[k], bytes / 4096);
		return -1;
	}
	*got = bytes;
	m->n++;
	return 0;
}

/* Each started processor streaming before the sweep starts (bounded). */
void cs_ap_stream_wait(void *ctx)
{
	struct cs_efi_mp *m = ctx;
	for (uint32_t ms = 0; ms < CS_COMP_START_MS; ms++) {
		uint32_t up = 0;
		for (uint32_t i = 0; i < m->n; i++)
			up += __atomic_load_n(&m->jobs[i].state, __ATOMIC_ACQUIRE) != 0;
		if (up == m->n)
			break;
		m->st->BootServices->Stall(1000);
	}
}

/* The flag, then each processor's event, bounded. */
void cs_ap_stream_stop(void *ctx, uint64_t *passes, int *stopped)
{
	struct cs_efi_mp *m = ctx;
	EFI_BOOT_SERVICES *bs = m->st->BootServices;
	uint32_t n_stopped = 0;

	__atomic_store_n(&m->stop, 1, __ATOMIC_SEQ_CST);
	for (uint32_t ms = 0; ms < CS_COMP_STOP_MS && n_stopped < m->n; ms++) {
		for (uint32_t i = 0; i < m->n; i++)
			if (!m->done[i] && bs->CheckEvent(m->ev[i]) == EFI_SUCCESS) {
				m->done[i] = 1;
				n_stopped++;
			}
		if (n_stopped < m->n)
			bs->Stall(1000);
	}
	for (uint32_t i = 0; i < m->n; i++) {
		passes[i] = m->jobs[i].passes;
		stopped[i] = m->done[i];
		if (!m->done[i])
			continue; /* still running: its buffer and event stay */
		bs->CloseEvent(m->ev[i]);
		bs->FreePages(m->addr[i], m->jobs[i].bytes / 4096);
	}
	m->n = 0;
}
