/* arch.h: what the firmware needs from the processor architecture, behind
 * one interface. efi/arch/<arch>/ implements it (x86_64: TSC, CPUID, the
 * ACPI PM timer; aarch64 later: the generic timer, CLIDR/CCSIDR). Everything
 * above this header is the same code on every architecture. */
#ifndef CS_EFI_ARCH_H
#define CS_EFI_ARCH_H

#include <efi.h>
#include <stdint.h>
#include "../common/capture.h"
#include "../common/jsonw.h"

/* Name as the capture spells it: "x86_64", "aarch64". */
const char *cs_arch_name(void);

/* The processor as it describes itself, read once by cs_arch_cpu_read().
 * The raw registers stay inside the arch layer; cs_arch_cpu_json() writes
 * every one of them into the capture. */
struct cs_arch_cpu {
	char vendor[32];
	char brand[64];
	char model[64];        /* "family 6 model 94 stepping 3" or MIDR fields */
	char short_name[32];   /* for file names: letters, digits and '-' */
	int hypervisor;        /* a hypervisor or emulator is present */
	char hv_signature[16]; /* as the CPU names it (x86 CPUID 0x40000000); "" when none */
	int emulated;          /* QEMU TCG: timings are the host's, caches fiction */
	char virt[128];        /* how that was told, in words, for the banner */
	int invariant_clock;   /* the counter ticks at one rate in every state */
	char clock_note[96];   /* why the counter may not be trusted, or "" */
	uint32_t n_caches;
	struct cs_cache caches[CS_MAX_CACHES];
	char cache_source[CS_WORD_MAX];
};
void cs_arch_cpu_read(struct cs_arch_cpu *c);
/* Writes top-level members (e.g. "cpu", "cpuid") into the capture object. */
void cs_arch_cpu_json(struct cs_jsonw *j, const struct cs_arch_cpu *c);

/* The cycle counter, ordered against the loads around it. */
const char *cs_arch_counter_name(void); /* "tsc", "cntvct" */
uint64_t cs_arch_counter(void);
/* Choose the counter by name ("tsc"; "cntvct" or "pmccntr" on ARM) before
 * calibration; one counter times the whole run, never two. 0, or -1 with
 * why[] filled (not known here, or cannot be enabled at this EL). */
int cs_arch_counter_select(struct cs_arch_cpu *c, const char *name, char *why,
			   size_t whylen);
/* Its published frequency (e.g. CNTFRQ), or 0 when it must be measured. */
uint64_t cs_arch_counter_published_hz(void);

/* Interrupts masked around a timed block. */
void cs_arch_irq_off(void);
void cs_arch_irq_on(void);

/* An independent reference clock to calibrate the counter against (the ACPI
 * PM timer on x86), found through the firmware's tables. */
struct cs_ref_clock {
	const char *name;      /* "acpi-pm-timer" */
	double hz;
	uint32_t bits;         /* counter width: it wraps at 2^bits */
	uint32_t port;         /* where it was found, for the record */
	uint32_t (*read)(const struct cs_ref_clock *r);
};
/* 0 and *r filled when present; -1 (with why[] filled) when not. */
int cs_arch_ref_clock(EFI_SYSTEM_TABLE *st, struct cs_ref_clock *r,
		      char *why, size_t whylen);

#endif
