/* efi.c: the selftest image's entry. Gives the C library (libc.c) the
 * firmware's console, pool and a clock, runs every unit test (run.c), and
 * powers off, so that QEMU exits and its serial log is the result. */
#include <efi.h>
#include <stdio.h>
#include "platform.h"
#include "run.h"
#include "../arch/arch.h"
#include "../efi/console.h"

#define CS_ST_CALIB_US 20000 /* the counter against Stall(), when unpublished */

static EFI_SYSTEM_TABLE *sys;
static double ns_per_tick = 1.0;
static uint64_t t0;

void cs_st_puts(const char *s)
{
	cs_con_puts(s);
}

void *cs_st_pool_alloc(size_t n)
{
	void *p = NULL;
	if (sys->BootServices->AllocatePool(EfiLoaderData, n, &p) != EFI_SUCCESS)
		return NULL;
	return p;
}

void cs_st_pool_free(void *p)
{
	sys->BootServices->FreePool(p);
}

/* The arch layer's counter (the one the firmware measures with), in ns. */
uint64_t cs_st_clock_ns(void)
{
	return (uint64_t)((double)(cs_arch_counter() - t0) * ns_per_tick);
}

/* Its rate as published (CNTFRQ), else over a Stall(): the tests need a
 * clock that moves with time, not an exact one. */
static void clock_init(void)
{
	uint64_t hz = cs_arch_counter_published_hz(), a;
	const char *how = "published";
	if (!hz) {
		a = cs_arch_counter();
		sys->BootServices->Stall(CS_ST_CALIB_US);
		hz = (cs_arch_counter() - a) * (1000000 / CS_ST_CALIB_US);
		how = "by Stall()";
	}
	if (hz)
		ns_per_tick = 1e9 / (double)hz;
	t0 = cs_arch_counter();
	printf("selftest: clock %s at %.3f MHz (%s)\n", cs_arch_counter_name(), (double)hz / 1e6, how);
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	int failed;
	(void)image;
	sys = st;
	cs_con_init(st);
	st->BootServices->SetWatchdogTimer(0, 0, 0, NULL);
	clock_init();
	failed = cs_selftest_run("UEFI, " CS_SELFTEST_ARCH ", the firmware's compiler flags");
	cs_con_puts("selftest: powering off\n");
	st->RuntimeServices->ResetSystem(EfiResetShutdown, failed ? EFI_ABORTED : EFI_SUCCESS, 0, NULL);
	return failed ? EFI_ABORTED : EFI_SUCCESS;
}
