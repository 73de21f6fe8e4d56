/* clock.c (x86_64): the core clock's chain of dependent adds, and the
 * architectural cycle counter (APERF) and SMI count (MSR_SMI_COUNT) read
 * in the firmware under a guard (arch.h). */
#include "../arch.h"
#include "x86.h"
#include "../../common/buf.h"

#define STR_(x) #x
#define STR(x) STR_(x)

uint64_t cs_arch_add_chain(uint64_t x)
{
	uint64_t one = 1, n = CS_ARCH_CHAIN_TURNS;
	__asm__ volatile("1:\n\t"
			 ".rept " STR(CS_ARCH_CHAIN_UNROLL) "\n\t"
			 "add %[one], %[x]\n\t"
			 ".endr\n\t"
			 "dec %[n]\n\t"
			 "jnz 1b"
			 : [x] "+r"(x), [n] "+r"(n)
			 : [one] "r"(one)
			 : "cc");
	return x;
}

#define MSR_APERF 0xe8
#define MSR_SMI_COUNT 0x34

uint32_t cs_arch_msr_cycles(void)
{
	return MSR_APERF;
}

uint32_t cs_arch_msr_smi(const char *vendor)
{
	return cs_streq(vendor, "GenuineIntel") ? MSR_SMI_COUNT : 0;
}

/* ---- the guard: a #GP or #UD during one 2-byte instruction is caught ----
 * For the length of one guarded instruction (interrupts masked) the IDT is
 * a copy of the firmware's with vectors 6 (#UD) and 13 (#GP) pointing at
 * the stubs below, which note the vector, step the saved RIP past the
 * instruction (rdmsr and ud2 are both 2 bytes) and return to it; then the
 * firmware's IDT is loaded back. The stubs run on the same stack at ring
 * 0 (IST 0; the firmware is built without a red zone). */
static volatile uint64_t guard_vector __attribute__((used));
__asm__(".text\n"
	"cs_x86_gp_stub:\n\t"
	"addq $8, %rsp\n\t"            /* #GP pushes an error code */
	"addq $2, (%rsp)\n\t"
	"movq $13, guard_vector(%rip)\n\t"
	"iretq\n"
	"cs_x86_ud_stub:\n\t"
	"addq $2, (%rsp)\n\t"
	"movq $6, guard_vector(%rip)\n\t"
	"iretq\n");
void cs_x86_gp_stub(void);
void cs_x86_ud_stub(void);

struct idt_ptr {
	uint16_t limit;
	uint64_t base;
} __attribute__((packed));

#define IDT_BYTES (256 * 16)
static uint8_t idt_copy[IDT_BYTES] __attribute__((aligned(16)));

static void gate(uint32_t vec, void (*fn)(void), uint16_t cs)
{
	uint64_t a = (uint64_t)(uintptr_t)fn;
	uint8_t *g = idt_copy + vec * 16;
	g[0] = (uint8_t)a;
	g[1] = (uint8_t)(a >> 8);
	g[2] = (uint8_t)cs;
	g[3] = (uint8_t)(cs >> 8);
	g[4] = 0;    /* IST 0 */
	g[5] = 0x8e; /* present, DPL 0, 64-bit interrupt gate */
	for (int i = 0; i < 6; i++)
		g[6 + i] = (uint8_t)(a >> (16 + 8 * i));
	for (int i = 12; i < 16; i++)
		g[i] = 0;
}

/* Runs rdmsr (ud 0) or ud2 (ud 1) guarded: 0 and *v, or the vector. */
static int guarded(uint32_t msr, uint64_t *v, int ud)
{
	struct idt_ptr old, mine;
	uint64_t flags;
	uint32_t lo = 0, hi = 0;
	uint16_t cs;
	__asm__ volatile("pushfq\n\tpopq %0\n\tcli" : "=r"(flags) : : "memory");
	__asm__ volatile("sidt %0" : "=m"(old));
	__asm__ volatile("mov %%cs, %0" : "=r"(cs));
	uint32_t n = (uint32_t)old.limit + 1 < IDT_BYTES ? (uint32_t)old.limit + 1 : IDT_BYTES;
	cs_memset(idt_copy, 0, sizeof idt_copy);
	cs_memcpy(idt_copy, (const void *)(uintptr_t)old.base, n);
	gate(6, cs_x86_ud_stub, cs);
	gate(13, cs_x86_gp_stub, cs);
	mine.limit = (uint16_t)(n - 1 > 14 * 16 - 1 ? n - 1 : 14 * 16 - 1);
	mine.base = (uint64_t)(uintptr_t)idt_copy;
	guard_vector = 0;
	__asm__ volatile("lidt %0" : : "m"(mine) : "memory");
	if (ud)
		__asm__ volatile("ud2" : : : "memory");
	else
		__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr) : "memory");
	__asm__ volatile("lidt %0" : : "m"(old) : "memory");
	if (flags & (1u << 9))
		__asm__ volatile("sti" : : : "memory");
	*v = (uint64_t)hi << 32 | lo;
	return (int)guard_vector;
}

void cs_arch_cycles_open(struct cs_arch_cpu *c, struct cs_arch_cycles *k)
{
	struct cs_cpuid_regs r;
	uint64_t v;
	cs_memset(k, 0, sizeof *k);
	k->name = "aperf";
	k->guard = guarded(0, &v, 1) == 6;
	if (!k->guard) {
		cs_strlcpy(k->why, "the fault guard did not catch its test (ud2): no MSR is read",
			   sizeof k->why);
		cs_strlcpy(k->smi_why, k->why, sizeof k->smi_why);
		return;
	}
	cs_x86_cpuid(0, 0, &r);
	if (r.eax >= 6)
		cs_x86_cpuid(6, 0, &r);
	else
		r.ecx = 0;
	if (!(r.ecx & 1))
		cs_strlcpy(k->why, "CPUID 6 ECX[0] is clear: no APERF/MPERF", sizeof k->why);
	else if (guarded(MSR_APERF, &v, 0))
		cs_strlcpy(k->why, "CPUID 6 ECX[0] is set, but reading APERF (MSR 0xE8) "
				   "raised #GP (caught): an emulator or hypervisor without it",
			   sizeof k->why);
	else {
		k->offered = 1;
		cs_strlcpy(k->why, "APERF (MSR 0xE8), read by rdmsr under a #GP guard",
			   sizeof k->why);
	}
	if (!cs_arch_msr_smi(c->ident.vendor))
		cs_strlcpy(k->smi_why, "not available: MSR_SMI_COUNT (0x34) is Intel's, "
				       "and this processor is not Intel", sizeof k->smi_why);
	else if (guarded(MSR_SMI_COUNT, &v, 0))
		cs_strlcpy(k->smi_why, "reading MSR_SMI_COUNT (0x34) raised #GP (caught)",
			   sizeof k->smi_why);
	else {
		k->smi_countable = 1;
		cs_strlcpy(k->smi_why, "MSR_SMI_COUNT (0x34), read under a #GP guard before and "
				       "after each kind", sizeof k->smi_why);
	}
}

int cs_arch_cycles_read(struct cs_arch_cycles *k, uint64_t *v)
{
	if (!k->offered)
		return -1;
	if (guarded(MSR_APERF, v, 0)) {
		k->faults++;
		return -1;
	}
	return 0;
}

int cs_arch_smi_read(struct cs_arch_cycles *k, uint64_t *v)
{
	if (!k->smi_countable)
		return -1;
	if (guarded(MSR_SMI_COUNT, v, 0)) {
		k->faults++;
		return -1;
	}
	return 0;
}
