/* emulator.h: an emulated processor named from its own evidence
 * (docs/emulators.md). An emulator (QEMU's TCG) translates the guest's
 * code and runs it on the host's caches: a sweep under it measures the
 * host's caches through the translator, never the processor it emulates.
 * Hardware virtualisation (KVM) runs the guest's code on the real core: a
 * virtual machine, not an emulator. The arch layer decides from the
 * signature it reads and writes the conclusion in the capture's cpu member
 * ("emulator"); the reader names it again from what an older capture
 * recorded (the signature, the firmware's words); the clock kind adds what
 * it timed (kinds/clock). Freestanding: nothing above common/. */
#ifndef CS_EMULATOR_H
#define CS_EMULATOR_H

/* The emulator a hypervisor signature names (x86 CPUID 0x40000000's 12
 * bytes), or 0 where it names a hypervisor that runs the guest on the real
 * core ("KVMKVMKVM", "Microsoft Hv", "VMwareVMware") or nothing. */
const char *cs_emulator_of_signature(const char *sig);

/* The emulator the firmware's own words name in cpu.hv_evidence (AArch64
 * has no hypervisor bit: the firmware before "emulator" was written said
 * its TCG conclusion only there), or 0. */
const char *cs_emulator_of_evidence(const char *evidence);

/* The capture's emulator (name, "" none) and the evidence that named it,
 * from what its producer has: its own conclusion (named: "" none, as
 * cpu.emulator says), the hypervisor signature and the firmware's words
 * (cpu.hv_evidence); any may be 0. The reader calls it on what a capture
 * holds, and the producers on what they read, so that a run's own screen
 * and its capture read back say the same (docs/emulators.md s.2). */
#include <stddef.h>
void cs_emulator_fill(const char *named, const char *sig, const char *words, char *name, size_t name_cap,
		      char *evidence, size_t evidence_cap);

#endif
