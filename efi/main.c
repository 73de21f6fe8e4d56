/* main.c: the cacheshape UEFI application. Start-up, settings, clock, the
 * plan, the engine (every kind of measurement, common/engine.h, with the
 * firmware's hooks: hooks.h), the reduction on screen, the capture on the
 * boot volume, then wait, shut down or return as the settings say. */
#include <efi.h>
#include <efilib.h>
#include "../arch/arch.h"
#include "calib.h"
#include "console.h"
#include "gop.h"
#include "hooks.h"
#include "menu.h"
#include "net.h"
#include "platform.h"
#include "record.h"
#include "save.h"
#include "screen.h"
#include "secureboot.h"
#include "settings.h"
#include "volume.h"
#include "../common/buf.h"
#include "../common/emulator.h"
#include "../common/host_step.h"
#include "../reduce/report.h"

#define CS_SETTINGS_FILE "cacheshape.cfg"
#define CS_DEFAULT_SWEEP (64ull << 20) /* when nothing is published */
#define CS_POOL_FACTOR 8 /* pool = 8x the sweep: room for spread-out pairs */

/* Large and used once: static, off the firmware's small stack. */
static struct cs_platform platform;
static struct cs_arch_cpu cpu;
static struct cs_settings set;
static struct cs_calib calib;
static struct cs_efi_run run_;
static struct cs_efi_svc boot_svc; /* the services before the run's, for the host steps */

static struct cs_capture cap;
static struct cs_work work;
static struct cs_result res;
static struct cs_record rec;
static struct cs_secure_boot sb;
static char text[32768];

static void load_settings(struct cs_volume *vol)
{
	static char raw[CS_SETTINGS_MAX];
	UINTN len = 0;
	EFI_STATUS s;

	cs_settings_default(&set);
	if (!vol)
		return;
	s = cs_volume_read(vol, CS_SETTINGS_FILE, raw, sizeof raw, &len);
	if (s == EFI_NOT_FOUND) {
		cs_con_puts("settings: no \\" CS_SETTINGS_FILE ": defaults (full sweep, 5 repeats, wait for a key)\n");
		return;
	}
	if (EFI_ERROR(s) && s != EFI_BUFFER_TOO_SMALL) {
		Print(L"settings: \\" CS_SETTINGS_FILE " unreadable (%r): defaults\n", s);
		return;
	}
	/* Over 4 KiB: its first lines still count (an unattended after=). */
	if (s == EFI_BUFFER_TOO_SMALL)
		cs_settings_parse_head(&set, raw, len);
	else
		cs_settings_parse(&set, raw, len);
	cs_con_puts(set.errors);
	cs_screen_settings(&set);
}

/* The largest published data or unified cache; 0 when none. */
static uint64_t largest_cache(void)
{
	uint64_t big = 0;
	for (uint32_t i = 0; i < cpu.n_caches; i++)
		if (cpu.caches[i].type != CS_CACHE_INSTRUCTION && cpu.caches[i].size_bytes > big)
			big = cpu.caches[i].size_bytes;
	return big;
}

/* As much as wanted, halving down to what the firmware will give. */
static EFI_STATUS get_pool(EFI_BOOT_SERVICES *bs, uint64_t want,
			   EFI_PHYSICAL_ADDRESS *addr, uint64_t *got)
{
	EFI_STATUS s = EFI_OUT_OF_RESOURCES;
	for (uint64_t n = want; n >= 64 * 1024; n /= 2) {
		s = bs->AllocatePages(AllocateAnyPages, EfiLoaderData, n / 4096, addr);
		if (!EFI_ERROR(s)) {
			*got = n;
			return s;
		}
	}
	return s;
}

/* The plan (engine.h): up to 4x the largest cache (or what the settings
 * and the pool allow), blocks from the clock's quantum. */
static void plan(EFI_SYSTEM_TABLE *st, EFI_PHYSICAL_ADDRESS pool,
		 uint64_t pool_bytes, uint64_t target, uint64_t largest)
{
	struct cs_plan *p = &run_.e.plan;
	cs_efi_run_init(&run_, st, &cpu, &calib, (void *)(uintptr_t)pool, pool_bytes, &work, &res);
	p->sweep_max = set.max_bytes && set.max_bytes < target ? set.max_bytes : target;
	rec.sweep_target = target;
	rec.pool_bytes = pool_bytes;
	rec.memory_limited = pool_bytes < p->sweep_max;
	if (rec.memory_limited)
		p->sweep_max = pool_bytes;
	cs_plan_blocks(p, set.quick, calib.quantum_ns);
	p->warm_max = 0; /* a whole turn of the cycle: the firmware has the time */
	p->seed = cs_arch_counter();
	p->largest_cache = largest;
	p->competitors = set.competitors;
	p->kinds_on_ap = set.kinds_on_ap;
	p->repeats = cs_settings_repeats(&set); /* full 5, quick 1 unless repeat= */
	/* each kind's settings (bandwidth=off|N: the kind reads its own) */
	cs_memcpy(p->settings, set.kind, sizeof p->settings);
}

static void fill_capture(EFI_SYSTEM_TABLE *st)
{
	cs_capture_init(&cap);
	rec.st = st;
	rec.cpu = &cpu;
	rec.calib = &calib;
	rec.set = &set;
	rec.plan = &run_.e.plan;
	rec.c = &cap;
	cs_record_label(&rec, cap.label, sizeof cap.label);
	cs_strlcpy(cap.env_kind, "uefi", sizeof cap.env_kind);
	cs_strlcpy(cap.arch, cs_arch_name(), sizeof cap.arch);
	cap.vm = cpu.hypervisor; /* as its cpu member says (the summary's trust) */
	/* the emulator as the capture read back will name it, so that the
	 * screen's summary says emulated too (common/emulator.h) */
	cs_emulator_fill(cpu.emulated ? "QEMU TCG" : "", cpu.hv_signature, cpu.hv_evidence, cap.emulator,
			 sizeof cap.emulator, cap.emulator_evidence, sizeof cap.emulator_evidence);
	cs_strlcpy(cap.clock.source, calib.counter, sizeof cap.clock.source);
	cap.clock.has_hz = 1;
	cap.clock.hz = calib.hz;
	cap.clock.has_quantum = 1;
	cap.clock.quantum_ns = calib.quantum_ns;
	cs_strlcpy(cap.published_source, cpu.cache_source, sizeof cap.published_source);
	cap.n_caches = cpu.n_caches;
	cs_memcpy(cap.caches, cpu.caches, sizeof cap.caches);
	cap.tlb.has_published = 1;
	cap.tlb.published_null = cpu.tlbs_null;
	cs_strlcpy(cap.tlb.published_source, cpu.tlb_source, sizeof cap.tlb.published_source);
	cs_strlcpy(cap.tlb.published_reason, cpu.tlbs_reason, sizeof cap.tlb.published_reason);
	cap.tlb.n_published = cpu.n_tlbs;
	cs_memcpy(cap.tlb.published, cpu.tlbs, sizeof cap.tlb.published);
}

/* The reduction as text, then as the chart beside it: every kind, reduced
 * once (the sweep's rows while it was measured, the rest now), in the same
 * words as `cacheshape reduce`. */
static void summary(void)
{
	struct cs_buf b;
	cs_con_puts("\n");
	if (cs_place_reduce_rest(&run_.place, &cap, text, sizeof text) != 0) {
		cs_con_puts("the capture could not be reduced: ");
		cs_con_puts(text);
		cs_con_puts("\n");
		return;
	}
	cs_buf_init(&b, text, sizeof text);
	cs_report_text(&b, &cap, &res);
	cs_con_buf(&b);
	cs_gop_final(&cap, &res);
}

/* The kinds' host steps (common/host_step.h: seed 001) on the firmware's
 * services, before the clock, and their lines under the banner; record.c
 * writes their members. */
static void host_steps(EFI_SYSTEM_TABLE *st)
{
	char line[2048];
	struct cs_buf b;
	cs_efi_services_init(&boot_svc, st, &cpu, NULL, 0);
	cs_host_steps_run(&boot_svc.s);
	cs_buf_init(&b, line, sizeof line);
	cs_host_steps_say(&b);
	cs_con_buf(&b);
}

static EFI_STATUS run(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	struct cs_volume volume, *vol = &volume;
	EFI_PHYSICAL_ADDRESS pool = 0;
	uint64_t target, largest, pool_bytes = 0;
	EFI_STATUS s;

	cs_platform_init(&platform, st);
	cs_arch_cpu_read(&cpu, &platform);
	cs_screen_banner(st, &cpu);
	host_steps(st);
	cs_efi_secure_boot_read(st, &sb); /* the capture's producer.secure_boot */
	cs_efi_secure_boot_show(&sb);
	rec.sb = &sb;
	cs_screen_lacks(st, &rec, cs_gop_init(st)); /* said once: MP services, GOP, variables */
	s = cs_volume_open(image, st, vol);
	if (EFI_ERROR(s)) {
		Print(L"volume: no file system on the boot device (%r): no settings or capture on it\n", s);
		vol = NULL;
	}
	load_settings(vol);
	cs_net_start(image, st, &set); /* netbooted: settings from the boot server (net.h) */
	cs_menu_boot(st, &set, cs_net_booted(), cpu.emulated); /* the countdown, a key: the menu */
	if (set.clock[0]) {
		char why[128];
		if (cs_arch_counter_select(&cpu, set.clock, why, sizeof why) != 0) {
			cs_con_puts("clock: cannot use ");
			cs_con_puts(set.clock);
			cs_con_puts(": ");
			cs_con_puts(why);
			cs_con_puts("; keeping the default counter\n");
		}
	}

	s = EFI_UNSUPPORTED;
	if (cs_calibrate(st, &platform, set.quick ? 50.0 : 200.0, cpu.invariant_clock, &calib) != 0) {
		cs_con_puts("clock: the counter does not move; nothing can be measured\n");
		goto out_vol;
	}
	cs_screen_clock(&calib);

	largest = largest_cache();
	target = largest ? 4 * largest : CS_DEFAULT_SWEEP;
	s = get_pool(bs, CS_POOL_FACTOR * target, &pool, &pool_bytes);
	if (EFI_ERROR(s)) {
		Print(L"memory: AllocatePages failed (%r): nothing can be measured\n", s);
		goto out_vol;
	}
	plan(st, pool, pool_bytes, target, largest);
	fill_capture(st);
	cs_screen_plan(&run_.e.plan, rec.memory_limited);
	cs_engine_run(&run_.e, &cap); /* every kind: common/kinds.h */
	/* the firmware's tables back (the TLB kind read it back as it ended):
	 * what follows runs on them */
	(void)cs_efi_pt_done(&run_.svc);
	summary();
	s = cs_save_capture(st, vol, &rec);
	bs->FreePages(pool, pool_bytes / 4096);
out_vol:
	if (vol)
		cs_volume_close(vol);
	return s;
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	EFI_STATUS s;
	InitializeLib(image, st);
	cs_con_init(st);
	/* The firmware resets the machine after five minutes of a boot
	 * application; a full sweep can take longer. */
	st->BootServices->SetWatchdogTimer(0, 0, 0, NULL);
	s = run(image, st);
	switch (set.after) {
	case CS_AFTER_SHUTDOWN:
		cs_con_puts("after=shutdown: powering off\n");
		st->RuntimeServices->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, NULL);
		break;
	case CS_AFTER_RETURN:
		break;
	default:
		cs_con_puts("press a key to return to the firmware\n");
		cs_gop_redraw(); /* the lines since the summary scrolled it */
		cs_con_wait_key();
	}
	cs_gop_done();
	return s;
}
