/* emulator.c: an emulated processor named from its evidence (emulator.h,
 * docs/emulators.md s.1). Freestanding. */
#include "emulator.h"
#include "buf.h"

/* QEMU's TCG answers CPUID 0x40000000 with "TCGTCGTCGTCG"
 * (target/i386/cpu.c); KVM with "KVMKVMKVM\0\0\0": a virtual machine */
#define CS_SIG_QEMU_TCG "TCGTCGTCGTCG"
#define CS_EMU_QEMU_TCG "QEMU TCG"

const char *cs_emulator_of_signature(const char *sig)
{
	return sig && cs_streq(sig, CS_SIG_QEMU_TCG) ? CS_EMU_QEMU_TCG : 0;
}

/* The aarch64 firmware's words for its TCG conclusion (arch/aarch64/cpu.c
 * qemu_tcg: BOCHS in the ACPI OEM ID and CNTFRQ at TCG's fixed 62.5 MHz). */
const char *cs_emulator_of_evidence(const char *evidence)
{
	static const char word[] = "TCG's fixed rate";
	if (!evidence)
		return 0;
	for (const char *p = evidence; *p; p++) {
		size_t i = 0;
		while (word[i] && p[i] == word[i])
			i++;
		if (!word[i])
			return CS_EMU_QEMU_TCG;
	}
	return 0;
}
