/* mp.h: the other processors for the engine (common/engine.h struct
 * cs_mp_hooks), through the PI MP services protocol, which gnu-efi 3.0.15
 * does not define (GUID 3fdda605-a76e-4f46-ad29-12f4531b3d08; the seven
 * functions in the specification's order). OVMF has it with -smp N; AAVMF
 * has none. Called directly (GNU_EFI_USE_MS_ABI on x86_64). mp.c lists the
 * processors and runs a function on one of them; ap_stream.c keeps the
 * competitor's processors streaming through buffers of their own. */
#ifndef CS_EFI_MP_H
#define CS_EFI_MP_H

#include <efi.h>
#include <stddef.h>
#include "../common/engine.h"

#define CS_MP_SERVICES_GUID \
	{ 0x3fdda605, 0xa76e, 0x4f46, { 0xad, 0x29, 0x12, 0xf4, 0x53, 0x1b, 0x3d, 0x08 } }

#define CS_PROCESSOR_AS_BSP 0x1
#define CS_PROCESSOR_ENABLED 0x2
#define CS_PROCESSOR_HEALTHY 0x4

typedef struct {
	UINT32 Package;
	UINT32 Core;
	UINT32 Thread;
} CS_CPU_PHYSICAL_LOCATION;

typedef struct {
	UINT64 ProcessorId;
	UINT32 StatusFlag;
	CS_CPU_PHYSICAL_LOCATION Location;
	UINT32 Extended[6]; /* PI 1.7 ExtendedInformation: room, never read */
} CS_PROCESSOR_INFORMATION;

typedef VOID(EFIAPI *CS_AP_PROCEDURE)(VOID *Argument);

typedef struct _CS_MP_SERVICES CS_MP_SERVICES;
struct _CS_MP_SERVICES {
	EFI_STATUS(EFIAPI *GetNumberOfProcessors)(CS_MP_SERVICES *This, UINTN *Number,
						  UINTN *Enabled);
	EFI_STATUS(EFIAPI *GetProcessorInfo)(CS_MP_SERVICES *This, UINTN Number,
					     CS_PROCESSOR_INFORMATION *Info);
	EFI_STATUS(EFIAPI *StartupAllAPs)(CS_MP_SERVICES *This, CS_AP_PROCEDURE Procedure,
					  BOOLEAN SingleThread, EFI_EVENT WaitEvent,
					  UINTN TimeoutUs, VOID *Argument, UINTN **FailedCpuList);
	EFI_STATUS(EFIAPI *StartupThisAP)(CS_MP_SERVICES *This, CS_AP_PROCEDURE Procedure,
					  UINTN Number, EFI_EVENT WaitEvent, UINTN TimeoutUs,
					  VOID *Argument, BOOLEAN *Finished);
	EFI_STATUS(EFIAPI *SwitchBSP)(CS_MP_SERVICES *This, UINTN Number, BOOLEAN EnableOldBSP);
	EFI_STATUS(EFIAPI *EnableDisableAP)(CS_MP_SERVICES *This, UINTN Number,
					    BOOLEAN Enable, UINT32 *HealthFlag);
	EFI_STATUS(EFIAPI *WhoAmI)(CS_MP_SERVICES *This, UINTN *Number);
};

/* One streaming processor. It touches only its buffer and these fields. */
struct cs_ap_job {
	volatile uint32_t *stop;
	volatile uint64_t *buf;
	uint64_t bytes;
	volatile uint64_t passes;
	volatile uint32_t state; /* 0 not started, 1 streaming, 2 returned */
};

/* The firmware's side of the other processors: the protocol, and the
 * streaming processors' jobs, buffers and events. */
struct cs_efi_mp {
	EFI_SYSTEM_TABLE *st;
	CS_MP_SERVICES *mp;     /* NULL: none (then the hooks are left out) */
	char why[CS_TEXT_MAX];  /* why there is none */
	UINTN bsp;
	volatile uint32_t stop;
	uint32_t n;             /* streaming processors started */
	struct cs_ap_job jobs[CS_MP_MAX_PROCS];
	EFI_EVENT ev[CS_MP_MAX_PROCS];
	EFI_PHYSICAL_ADDRESS addr[CS_MP_MAX_PROCS];
	int done[CS_MP_MAX_PROCS];
};

/* Finds the protocol and fills h (list always; the rest only when it is
 * there), with m as their context. */
void cs_mp_hooks_init(struct cs_mp_hooks *h, struct cs_efi_mp *m, EFI_SYSTEM_TABLE *st);
/* ap_stream.c: stream_start, stream_wait, stream_stop of cs_mp_hooks. */
int cs_ap_stream_start(void *ctx, uint32_t proc, uint64_t want, uint64_t *got,
		       char *why, size_t whylen);
void cs_ap_stream_wait(void *ctx);
void cs_ap_stream_stop(void *ctx, uint64_t *passes, int *stopped);

#endif
