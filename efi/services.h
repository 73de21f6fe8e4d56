/* services.h: the platform services (common/services.h) as the firmware
 * offers them, once for every kind: the arch layer's chain and cycle
 * counter (read under a fault guard), the SMI count, the validity figures
 * of a program with no operating system (services.c); the pool, which
 * UEFI maps one to one, checked against the firmware's page tables
 * (services.c); page tables of our own (pagetables.c); the processors
 * one by one through MP services (cpus.c), and every enabled one at once
 * (gang.c). No file here is a kind's. */
#ifndef CS_EFI_SERVICES_H
#define CS_EFI_SERVICES_H

#include <efi.h>
#include "cpus.h"
#include "../arch/arch.h"
#include "../common/services.h"

/* Page tables of our own (pagetables.c). */
struct cs_efi_pt {
	int tried, own;             /* our tables tried; built */
	char why[CS_TEXT_MAX];      /* why not, when not */
	struct cs_pt pt;            /* our tables */
	uint64_t fw_root;           /* the firmware's */
	uint32_t leaves;            /* page sizes the processor maps (arch.h) */
	EFI_PHYSICAL_ADDRESS tables, frames;
	uint64_t table_pages, frame_pages;
};

/* Every enabled processor at once (gang.c). */
struct cs_efi_gang;
struct cs_efi_gang_job {
	struct cs_efi_gang *g;
	uint32_t k;
};
struct cs_efi_gang {
	uint32_t n;                       /* processors started */
	UINTN procs[CS_EFI_MAX_PROCS];     /* the enabled APs, in order */
	uint32_t n_procs;
	EFI_EVENT ev[CS_EFI_MAX_PROCS];
	int done[CS_EFI_MAX_PROCS];
	void (*fn)(void *arg, uint32_t k);
	void *arg;
	struct cs_efi_gang_job jobs[CS_EFI_MAX_PROCS];
};

struct cs_efi_svc {
	struct cs_services s;
	EFI_SYSTEM_TABLE *st;
	EFI_BOOT_SERVICES *bs;
	struct cs_arch_cpu *cpu;
	struct cs_arch_cycles cycles;
	void *pool;                       /* the engine's region (identity-mapped) */
	uint64_t pool_bytes;
	struct cs_efi_pt pt;
	struct cs_efi_cpus cpus;
	struct cs_efi_gang gang;
};

/* The services into v->s, over the pool, for the processor cpu. */
void cs_efi_services_init(struct cs_efi_svc *v, EFI_SYSTEM_TABLE *st, struct cs_arch_cpu *cpu,
			  void *pool, uint64_t pool_bytes);
/* pagetables.c, cpus.c and gang.c: their services into v->s. */
void cs_efi_pt_init(struct cs_efi_svc *v);
void cs_efi_cpus_init(struct cs_efi_svc *v);
void cs_efi_gang_init(struct cs_efi_svc *v);
/* The firmware's tables in place (they always are between points) and our
 * memory given back; 1 when the root in use is the firmware's again. */
int cs_efi_pt_done(void *ctx);

#endif
