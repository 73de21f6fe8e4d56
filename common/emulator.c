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

void cs_emulator_fill(const char *named, const char *sig, const char *words, char *name, size_t name_cap,
		      char *evidence, size_t evidence_cap)
{
	const char *found;
	struct cs_buf b;
	cs_buf_init(&b, evidence, evidence_cap);
	if (name_cap)
		name[0] = '\0';
	if (named && named[0]) {
		/* its evidence as the rules below would say it, so that a
		 * producer's screen and its capture read back agree */
		cs_strlcpy(name, named, name_cap);
		if (sig && sig[0]) {
			cs_puts(&b, "hypervisor signature ");
			cs_puts(&b, sig);
		} else if (words && words[0]) {
			cs_puts(&b, words);
		} else {
			cs_puts(&b, "the producer named it (cpu.emulator)");
		}
	} else if ((found = cs_emulator_of_signature(sig)) != 0) {
		cs_strlcpy(name, found, name_cap);
		cs_puts(&b, "hypervisor signature ");
		cs_puts(&b, sig);
	} else if ((found = cs_emulator_of_evidence(words)) != 0) {
		cs_strlcpy(name, found, name_cap);
		cs_puts(&b, words);
	}
}
