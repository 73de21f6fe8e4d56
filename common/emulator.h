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

#endif
