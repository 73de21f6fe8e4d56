/* cpus.h: the other processors, through the PI MP services protocol, which
 * gnu-efi 3.0.15 does not define (GUID 3fdda605-a76e-4f46-ad29-12f4531b3d08;
 * the seven functions in the specification's order). OVMF has it with
 * -smp N; AAVMF has none. Called directly (GNU_EFI_USE_MS_ABI on x86_64).
 * cpus.c offers the services "the processors, one by one"
 * (common/services.h): their list, what each publishes, a function run on
 * one of them (waited for, or started and polled), pages of their own;
 * gang.c runs every enabled one at once. */
#ifndef CS_EFI_CPUS_H
#define CS_EFI_CPUS_H

#include <efi.h>
#include <stddef.h>
#include "../common/buf.h"
#include "../common/capture.h" /* CS_TEXT_MAX */

#define CS_EFI_MAX_PROCS 64 /* processors listed, started, or in a gang */

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

/* The protocol (NULL: none, and why), the boot processor, and the
 * processors started and not yet seen to return (an event a slot). */
struct cs_efi_cpus {
	CS_MP_SERVICES *mp;
	char why[CS_TEXT_MAX];
	UINTN bsp;
	EFI_EVENT ev[CS_EFI_MAX_PROCS];
	int busy[CS_EFI_MAX_PROCS];
};

#endif
