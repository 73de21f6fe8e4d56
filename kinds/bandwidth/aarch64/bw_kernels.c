/* bandwidth.c: the streaming kernels of the bandwidth kind on aarch64
 * (kinds/bandwidth/bw_probe.h; chosen by the build for x86_64): read (loads summed into vector
 * registers), write, copy and non-temporal write (stnp, then dsb), with
 * NEON's 128-bit registers (Advanced SIMD, by ID_AA64PFR0_EL1 in the
 * firmware; Linux's arm64 ABI has it always) or 64-bit scalar registers,
 * in assembly so the compiler can neither widen the scalar loop nor drop a
 * load. No state to enable: UEFI and Linux both leave FP/SIMD open
 * (CPACR_EL1.FPEN). */
#include "../bw_probe.h"
#include "../../../common/buf.h"
#include "../../../arch/aarch64/a64.h"

/* ---- NEON: 128 bytes a turn, eight q registers ---- */

static uint64_t read_neon(const void *p, uint64_t bytes)
{
	const char *q = p, *end = q + bytes;
	uint64_t acc[8] __attribute__((aligned(16)));
	__asm__ volatile("movi v0.2d, #0\n\tmovi v1.2d, #0\n\tmovi v2.2d, #0\n\tmovi v3.2d, #0\n\t"
			 "1:\n\t"
			 "ldp q4, q5, [%[p]]\n\tldp q6, q7, [%[p], #32]\n\t"
			 "add v0.2d, v0.2d, v4.2d\n\tadd v1.2d, v1.2d, v5.2d\n\t"
			 "add v2.2d, v2.2d, v6.2d\n\tadd v3.2d, v3.2d, v7.2d\n\t"
			 "ldp q4, q5, [%[p], #64]\n\tldp q6, q7, [%[p], #96]\n\t"
			 "add v0.2d, v0.2d, v4.2d\n\tadd v1.2d, v1.2d, v5.2d\n\t"
			 "add v2.2d, v2.2d, v6.2d\n\tadd v3.2d, v3.2d, v7.2d\n\t"
			 "add %[p], %[p], #128\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
			 "add v0.2d, v0.2d, v1.2d\n\tadd v2.2d, v2.2d, v3.2d\n\t"
			 "add v0.2d, v0.2d, v2.2d\n\tstr q0, [%[a]]\n\t"
			 : [p] "+r"(q)
			 : [end] "r"(end), [a] "r"(acc)
			 : "cc", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7");
	return acc[0] + acc[1];
}

static void store_neon(void *p, uint64_t bytes, uint64_t v, int nt)
{
	char *q = p, *end = q + bytes;
	if (nt)
		__asm__ volatile("dup v0.2d, %[v]\n\t1:\n\t"
				 "stnp q0, q0, [%[p]]\n\tstnp q0, q0, [%[p], #32]\n\t"
				 "stnp q0, q0, [%[p], #64]\n\tstnp q0, q0, [%[p], #96]\n\t"
				 "add %[p], %[p], #128\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
				 "dsb ish\n\t"
				 : [p] "+r"(q)
				 : [end] "r"(end), [v] "r"(v)
				 : "cc", "memory", "v0");
	else
		__asm__ volatile("dup v0.2d, %[v]\n\t1:\n\t"
				 "stp q0, q0, [%[p]]\n\tstp q0, q0, [%[p], #32]\n\t"
				 "stp q0, q0, [%[p], #64]\n\tstp q0, q0, [%[p], #96]\n\t"
				 "add %[p], %[p], #128\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
				 : [p] "+r"(q)
				 : [end] "r"(end), [v] "r"(v)
				 : "cc", "memory", "v0");
}

static void write_neon(void *p, uint64_t bytes, uint64_t v) { store_neon(p, bytes, v, 0); }
static void nt_neon(void *p, uint64_t bytes, uint64_t v) { store_neon(p, bytes, v, 1); }

static void copy_neon(void *dst, const void *src, uint64_t bytes)
{
	const char *q = src, *end = q + bytes;
	char *d = dst;
	__asm__ volatile("1:\n\t"
			 "ldp q0, q1, [%[p]]\n\tldp q2, q3, [%[p], #32]\n\t"
			 "ldp q4, q5, [%[p], #64]\n\tldp q6, q7, [%[p], #96]\n\t"
			 "stp q0, q1, [%[d]]\n\tstp q2, q3, [%[d], #32]\n\t"
			 "stp q4, q5, [%[d], #64]\n\tstp q6, q7, [%[d], #96]\n\t"
			 "add %[d], %[d], #128\n\t"
			 "add %[p], %[p], #128\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
			 : [p] "+r"(q), [d] "+r"(d)
			 : [end] "r"(end)
			 : "cc", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7");
}

/* ---- scalar: 64 bytes a turn in x registers ---- */

static uint64_t read_scalar(const void *p, uint64_t bytes)
{
	const char *q = p, *end = q + bytes;
	uint64_t a = 0, b = 0, c = 0, d = 0, t0, t1, t2, t3;
	__asm__ volatile("1:\n\t"
			 "ldp %[t0], %[t1], [%[p]]\n\tldp %[t2], %[t3], [%[p], #16]\n\t"
			 "add %[a], %[a], %[t0]\n\tadd %[b], %[b], %[t1]\n\t"
			 "add %[c], %[c], %[t2]\n\tadd %[d], %[d], %[t3]\n\t"
			 "ldp %[t0], %[t1], [%[p], #32]\n\tldp %[t2], %[t3], [%[p], #48]\n\t"
			 "add %[a], %[a], %[t0]\n\tadd %[b], %[b], %[t1]\n\t"
			 "add %[c], %[c], %[t2]\n\tadd %[d], %[d], %[t3]\n\t"
			 "add %[p], %[p], #64\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
			 : [p] "+r"(q), [a] "+r"(a), [b] "+r"(b), [c] "+r"(c), [d] "+r"(d),
			   [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)
			 : [end] "r"(end)
			 : "cc", "memory");
	return a + b + c + d;
}

static void store_scalar(void *p, uint64_t bytes, uint64_t v, int nt)
{
	char *q = p, *end = q + bytes;
	if (nt)
		__asm__ volatile("1:\n\t"
				 "stnp %[v], %[v], [%[p]]\n\tstnp %[v], %[v], [%[p], #16]\n\t"
				 "stnp %[v], %[v], [%[p], #32]\n\tstnp %[v], %[v], [%[p], #48]\n\t"
				 "add %[p], %[p], #64\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
				 "dsb ish\n\t"
				 : [p] "+r"(q)
				 : [end] "r"(end), [v] "r"(v)
				 : "cc", "memory");
	else
		__asm__ volatile("1:\n\t"
				 "stp %[v], %[v], [%[p]]\n\tstp %[v], %[v], [%[p], #16]\n\t"
				 "stp %[v], %[v], [%[p], #32]\n\tstp %[v], %[v], [%[p], #48]\n\t"
				 "add %[p], %[p], #64\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
				 : [p] "+r"(q)
				 : [end] "r"(end), [v] "r"(v)
				 : "cc", "memory");
}

static void write_scalar(void *p, uint64_t bytes, uint64_t v) { store_scalar(p, bytes, v, 0); }
static void nt_scalar(void *p, uint64_t bytes, uint64_t v) { store_scalar(p, bytes, v, 1); }

static void copy_scalar(void *dst, const void *src, uint64_t bytes)
{
	const char *q = src, *end = q + bytes;
	char *d = dst;
	uint64_t t0, t1, t2, t3;
	__asm__ volatile("1:\n\t"
			 "ldp %[t0], %[t1], [%[p]]\n\tldp %[t2], %[t3], [%[p], #16]\n\t"
			 "stp %[t0], %[t1], [%[d]]\n\tstp %[t2], %[t3], [%[d], #16]\n\t"
			 "ldp %[t0], %[t1], [%[p], #32]\n\tldp %[t2], %[t3], [%[p], #48]\n\t"
			 "stp %[t0], %[t1], [%[d], #32]\n\tstp %[t2], %[t3], [%[d], #48]\n\t"
			 "add %[d], %[d], #64\n\t"
			 "add %[p], %[p], #64\n\tcmp %[p], %[end]\n\tb.lo 1b\n\t"
			 : [p] "+r"(q), [d] "+r"(d), [t0] "=&r"(t0), [t1] "=&r"(t1),
			   [t2] "=&r"(t2), [t3] "=&r"(t3)
			 : [end] "r"(end)
			 : "cc", "memory");
}

/* ---- the choice ---- */

/* ID_AA64PFR0_EL1.AdvSIMD (bits 23:20): 0xf is "not implemented". */
static int has_neon(int privileged)
{
	if (!privileged)
		return 1;
	return ((CS_A64_MRS(ID_AA64PFR0_EL1) >> 20) & 0xf) != 0xf;
}

int cs_bw_kernels_select(struct cs_bw_kernels *k, int privileged, const char *want)
{
	int neon = has_neon(privileged);
	int scalar = want && cs_streq(want, "scalar");

	cs_memset(k, 0, sizeof *k);
	if (want && want[0] && !scalar && !cs_streq(want, "neon"))
		return -1;
	if (want && cs_streq(want, "neon") && !neon)
		return -1;
	if (neon && !scalar) {
		cs_strlcpy(k->name, "neon", sizeof k->name);
		k->vector_bytes = 16;
		k->read = read_neon;
		k->write = write_neon;
		k->copy = copy_neon;
		k->nt_write = nt_neon;
		cs_strlcpy(k->note, privileged ? "NEON by ID_AA64PFR0_EL1.AdvSIMD; FP/SIMD open at this EL"
					       : "NEON: Linux's arm64 ABI has Advanced SIMD always", sizeof k->note);
		return 0;
	}
	cs_strlcpy(k->name, "scalar", sizeof k->name);
	k->vector_bytes = 8;
	k->read = read_scalar;
	k->write = write_scalar;
	k->copy = copy_scalar;
	k->nt_write = nt_scalar;
	cs_strlcpy(k->note, scalar ? "scalar kernels asked for (64-bit ldp/stp, stnp)"
				   : "no Advanced SIMD (ID_AA64PFR0_EL1.AdvSIMD 0xf): scalar", sizeof k->note);
	return 0;
}

int cs_bw_vector_enter(const struct cs_bw_kernels *k, struct cs_bw_saved *s)
{
	(void)k;
	cs_memset(s, 0, sizeof *s);
	return 0;
}

void cs_bw_vector_leave(const struct cs_bw_saved *s)
{
	(void)s;
}
