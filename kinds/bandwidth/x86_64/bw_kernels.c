/* bandwidth.c: the streaming kernels of the bandwidth kind on x86_64
 * (kinds/bandwidth/bw_probe.h; chosen by the build for x86_64): read (loads summed into vector
 * registers), write, copy and non-temporal write (movnt* + sfence), at
 * AVX-512, AVX2, SSE2 and 64-bit scalar width, each a loop of eight
 * vectors (or eight words) written in assembly so that the compiler can
 * neither widen the scalar one nor drop a load. The widest the processor
 * offers and XCR0 enables is chosen at run time; the firmware (privileged)
 * enables the state itself through CR4.OSXSAVE and XSETBV, on each
 * processor that runs a kernel, and puts both back after. */
#include "../bw_probe.h"
#include "../../../common/buf.h"
#include "../../../arch/x86_64/x86.h"

/* XCR0's state components (Intel SDM vol. 1 13.1): x87, SSE, AVX, and
 * AVX-512's opmask, ZMM_Hi256 and Hi16_ZMM. */
#define XCR0_SSE 0x2ull
#define XCR0_AVX 0x6ull     /* SSE + AVX (YMM upper halves) */
#define XCR0_AVX512 0xe6ull /* + opmask, ZMM_Hi256, Hi16_ZMM */
#define CR4_OSXSAVE (1ull << 18)

/* ---- the kernels: bytes a multiple of CS_BW_CHUNK, 64-byte aligned ---- */

#define LOOP_HEAD "1:\n\t"
#define LOOP_TAIL(step) "add $" #step ", %[p]\n\tcmp %[end], %[p]\n\tjb 1b\n\t"

static uint64_t read_scalar(const void *p, uint64_t bytes)
{
	const char *q = p, *end = q + bytes;
	uint64_t a = 0, b = 0, c = 0, d = 0;
	__asm__ volatile(LOOP_HEAD
			 "add 0(%[p]), %[a]\n\tadd 8(%[p]), %[b]\n\t"
			 "add 16(%[p]), %[c]\n\tadd 24(%[p]), %[d]\n\t"
			 "add 32(%[p]), %[a]\n\tadd 40(%[p]), %[b]\n\t"
			 "add 48(%[p]), %[c]\n\tadd 56(%[p]), %[d]\n\t"
			 LOOP_TAIL(64)
			 : [p] "+r"(q), [a] "+r"(a), [b] "+r"(b), [c] "+r"(c), [d] "+r"(d)
			 : [end] "r"(end)
			 : "cc", "memory");
	return a + b + c + d;
}

static void write_scalar(void *p, uint64_t bytes, uint64_t v)
{
	char *q = p, *end = q + bytes;
	__asm__ volatile(LOOP_HEAD
			 "mov %[v], 0(%[p])\n\tmov %[v], 8(%[p])\n\t"
			 "mov %[v], 16(%[p])\n\tmov %[v], 24(%[p])\n\t"
			 "mov %[v], 32(%[p])\n\tmov %[v], 40(%[p])\n\t"
			 "mov %[v], 48(%[p])\n\tmov %[v], 56(%[p])\n\t"
			 LOOP_TAIL(64)
			 : [p] "+r"(q)
			 : [end] "r"(end), [v] "r"(v)
			 : "cc", "memory");
}

static void nt_scalar(void *p, uint64_t bytes, uint64_t v)
{
	char *q = p, *end = q + bytes;
	__asm__ volatile(LOOP_HEAD
			 "movnti %[v], 0(%[p])\n\tmovnti %[v], 8(%[p])\n\t"
			 "movnti %[v], 16(%[p])\n\tmovnti %[v], 24(%[p])\n\t"
			 "movnti %[v], 32(%[p])\n\tmovnti %[v], 40(%[p])\n\t"
			 "movnti %[v], 48(%[p])\n\tmovnti %[v], 56(%[p])\n\t"
			 LOOP_TAIL(64) "sfence\n\t"
			 : [p] "+r"(q)
			 : [end] "r"(end), [v] "r"(v)
			 : "cc", "memory");
}

static void copy_scalar(void *dst, const void *src, uint64_t bytes)
{
	const char *q = src, *end = q + bytes;
	char *d = dst;
	uint64_t t0, t1, t2, t3;
	__asm__ volatile(LOOP_HEAD
			 "mov 0(%[p]), %[t0]\n\tmov 8(%[p]), %[t1]\n\t"
			 "mov 16(%[p]), %[t2]\n\tmov 24(%[p]), %[t3]\n\t"
			 "mov %[t0], 0(%[d])\n\tmov %[t1], 8(%[d])\n\t"
			 "mov %[t2], 16(%[d])\n\tmov %[t3], 24(%[d])\n\t"
			 "mov 32(%[p]), %[t0]\n\tmov 40(%[p]), %[t1]\n\t"
			 "mov 48(%[p]), %[t2]\n\tmov 56(%[p]), %[t3]\n\t"
			 "mov %[t0], 32(%[d])\n\tmov %[t1], 40(%[d])\n\t"
			 "mov %[t2], 48(%[d])\n\tmov %[t3], 56(%[d])\n\t"
			 "add $64, %[d]\n\t"
			 LOOP_TAIL(64)
			 : [p] "+r"(q), [d] "+r"(d), [t0] "=&r"(t0), [t1] "=&r"(t1),
			   [t2] "=&r"(t2), [t3] "=&r"(t3)
			 : [end] "r"(end)
			 : "cc", "memory");
}

/* One vector width: R the register prefix ("xmm", "ymm", "zmm"), W its
 * bytes, LD/ST/NT/ADD the instructions, SUF the add's destination
 * operands beyond the first (VEX and EVEX take three), ZU the clean-up
 * after (vzeroupper, so the firmware's SSE code after pays no
 * transition). Eight vectors a turn; the read keeps eight accumulators
 * (each add waits on its own only), primed by the first turn's loads,
 * and sums them through memory. */
#define SUF2(R, k) ""
#define SUF3(R, k) ", %%" R #k
#define A8(W, ADD, R, SUF, base)                                                     \
	ADD " 0*" #W "(%[" base "]), %%" R "0" SUF(R, 0) "\n\t"                     \
	ADD " 1*" #W "(%[" base "]), %%" R "1" SUF(R, 1) "\n\t"                     \
	ADD " 2*" #W "(%[" base "]), %%" R "2" SUF(R, 2) "\n\t"                     \
	ADD " 3*" #W "(%[" base "]), %%" R "3" SUF(R, 3) "\n\t"                     \
	ADD " 4*" #W "(%[" base "]), %%" R "4" SUF(R, 4) "\n\t"                     \
	ADD " 5*" #W "(%[" base "]), %%" R "5" SUF(R, 5) "\n\t"                     \
	ADD " 6*" #W "(%[" base "]), %%" R "6" SUF(R, 6) "\n\t"                     \
	ADD " 7*" #W "(%[" base "]), %%" R "7" SUF(R, 7) "\n\t"
#define L8(W, LD, R, base) A8(W, LD, R, SUF2, base)
#define S8(W, ST, R, base)                                                           \
	ST " %%" R "0, 0*" #W "(%[" base "])\n\t" ST " %%" R "1, 1*" #W "(%[" base "])\n\t" \
	ST " %%" R "2, 2*" #W "(%[" base "])\n\t" ST " %%" R "3, 3*" #W "(%[" base "])\n\t" \
	ST " %%" R "4, 4*" #W "(%[" base "])\n\t" ST " %%" R "5, 5*" #W "(%[" base "])\n\t" \
	ST " %%" R "6, 6*" #W "(%[" base "])\n\t" ST " %%" R "7, 7*" #W "(%[" base "])\n\t"
#define S8SAME(W, ST, R, base)                                                       \
	ST " %%" R "0, 0*" #W "(%[" base "])\n\t" ST " %%" R "0, 1*" #W "(%[" base "])\n\t" \
	ST " %%" R "0, 2*" #W "(%[" base "])\n\t" ST " %%" R "0, 3*" #W "(%[" base "])\n\t" \
	ST " %%" R "0, 4*" #W "(%[" base "])\n\t" ST " %%" R "0, 5*" #W "(%[" base "])\n\t" \
	ST " %%" R "0, 6*" #W "(%[" base "])\n\t" ST " %%" R "0, 7*" #W "(%[" base "])\n\t"
/* The eight accumulators added into the first, register to register. */
#define RR(ADD, R, SUF, a, d) ADD " %%" R #a ", %%" R #d SUF(R, d) "\n\t"
#define FOLD(ADD, R, SUF)                                                            \
	RR(ADD, R, SUF, 1, 0) RR(ADD, R, SUF, 3, 2) RR(ADD, R, SUF, 5, 4)            \
	RR(ADD, R, SUF, 7, 6) RR(ADD, R, SUF, 2, 0) RR(ADD, R, SUF, 6, 4)            \
	RR(ADD, R, SUF, 4, 0)
#define XMM8 "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"
#define STEP(W) "add $8*" #W ", %[p]\n\tcmp %[end], %[p]\n\tjb 1b\n\t"

#define KERNELS(name, R, W, LD, ST, NT, ADD, SUF, ZU)                                   \
	static uint64_t read_##name(const void *p, uint64_t bytes)                      \
	{                                                                               \
		const char *q = p, *end = q + bytes;                                   \
		uint64_t acc[W / 8] __attribute__((aligned(64))), s = 0; /* a vector */              \
		__asm__ volatile(L8(W, LD, R, "p") "add $8*" #W ", %[p]\n\t"           \
				 "cmp %[end], %[p]\n\tjae 2f\n\t"                       \
				 "1:\n\t" A8(W, ADD, R, SUF, "p") STEP(W)               \
				 "2:\n\t" FOLD(ADD, R, SUF) ST " %%" R "0, (%[a])\n\t" ZU \
				 : [p] "+r"(q)                                          \
				 : [end] "r"(end), [a] "r"(acc)                         \
				 : "cc", "memory", XMM8);                               \
		for (uint32_t i = 0; i < W / 8; i++)                                    \
			s += acc[i];                                                    \
		return s;                                                               \
	}                                                                               \
	static void write_##name(void *p, uint64_t bytes, uint64_t v)                   \
	{                                                                               \
		char *q = p, *end = q + bytes;                                         \
		uint64_t pat[W / 8] __attribute__((aligned(64)));                                                    \
		for (uint32_t i = 0; i < W / 8; i++)                                    \
			pat[i] = v;                                                     \
		__asm__ volatile(LD " (%[v]), %%" R "0\n\t" \
				 "1:\n\t" S8SAME(W, ST, R, "p") STEP(W) ZU             \
				 : [p] "+r"(q)                                          \
				 : [end] "r"(end), [v] "r"(pat)                         \
				 : "cc", "memory", "xmm0");                             \
	}                                                                               \
	static void nt_##name(void *p, uint64_t bytes, uint64_t v)                      \
	{                                                                               \
		char *q = p, *end = q + bytes;                                         \
		uint64_t pat[W / 8] __attribute__((aligned(64)));                                                    \
		for (uint32_t i = 0; i < W / 8; i++)                                    \
			pat[i] = v;                                                     \
		__asm__ volatile(LD " (%[v]), %%" R "0\n\t"                            \
				 "1:\n\t" S8SAME(W, NT, R, "p") STEP(W) "sfence\n\t" ZU \
				 : [p] "+r"(q)                                          \
				 : [end] "r"(end), [v] "r"(pat)                         \
				 : "cc", "memory", "xmm0");                             \
	}                                                                               \
	static void copy_##name(void *dst, const void *src, uint64_t bytes)             \
	{                                                                               \
		const char *q = src, *end = q + bytes;                                 \
		char *d = dst;                                                          \
		__asm__ volatile("1:\n\t" L8(W, LD, R, "p") S8(W, ST, R, "d")          \
				 "add $8*" #W ", %[d]\n\t" STEP(W) ZU                   \
				 : [p] "+r"(q), [d] "+r"(d)                             \
				 : [end] "r"(end)                                       \
				 : "cc", "memory", XMM8);                               \
	}

KERNELS(sse2, "xmm", 16, "movdqa", "movdqa", "movntdq", "paddq", SUF2, "")
KERNELS(avx2, "ymm", 32, "vmovdqa", "vmovdqa", "vmovntdq", "vpaddq", SUF3, "vzeroupper\n\t")
KERNELS(avx512, "zmm", 64, "vmovdqa64", "vmovdqa64", "vmovntdq", "vpaddq", SUF3,
	"vzeroupper\n\t")

/* ---- the choice ---- */

static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return (uint64_t)hi << 32 | lo;
}

static void xsetbv0(uint64_t v)
{
	__asm__ volatile("xsetbv" : : "a"((uint32_t)v), "d"((uint32_t)(v >> 32)), "c"(0) : "memory");
}

static uint64_t cr4_read(void)
{
	uint64_t v;
	__asm__ volatile("mov %%cr4, %0" : "=r"(v));
	return v;
}

static void cr4_write(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr4" : : "r"(v) : "memory");
}

/* What the processor offers: 0 SSE2 only, 1 AVX2, 2 AVX-512F; and whether
 * it has XSAVE at all, and the XCR0 bits it supports (CPUID 0xd). */
struct offer {
	int level, xsave, osxsave;
	uint64_t xcr0_supported;
};

static void offered(struct offer *o)
{
	struct cs_cpuid_regs r1, r7, rd, r0;
	cs_memset(o, 0, sizeof *o);
	cs_x86_cpuid(0, 0, &r0);
	cs_x86_cpuid(1, 0, &r1);
	o->xsave = (r1.ecx >> 26) & 1;
	o->osxsave = (r1.ecx >> 27) & 1;
	if (!o->xsave || !((r1.ecx >> 28) & 1) || r0.eax < 7)
		return;
	cs_x86_cpuid(7, 0, &r7);
	cs_x86_cpuid(0xd, 0, &rd);
	o->xcr0_supported = (uint64_t)rd.edx << 32 | rd.eax;
	if ((r7.ebx >> 5) & 1)
		o->level = 1;
	if ((r7.ebx >> 16) & 1)
		o->level = 2;
}

static void take(struct cs_bw_kernels *k, int level)
{
	static const char *names[3] = { "sse2", "avx2", "avx512" };
	static const uint32_t width[3] = { 16, 32, 64 };
	static const uint64_t state[3] = { 0, XCR0_AVX, XCR0_AVX512 };
	cs_strlcpy(k->name, names[level], sizeof k->name);
	k->vector_bytes = width[level];
	k->state = state[level];
	k->read = level == 2 ? read_avx512 : level == 1 ? read_avx2 : read_sse2;
	k->write = level == 2 ? write_avx512 : level == 1 ? write_avx2 : write_sse2;
	k->copy = level == 2 ? copy_avx512 : level == 1 ? copy_avx2 : copy_sse2;
	k->nt_write = level == 2 ? nt_avx512 : level == 1 ? nt_avx2 : nt_sse2;
}

static void take_scalar(struct cs_bw_kernels *k)
{
	cs_strlcpy(k->name, "scalar", sizeof k->name);
	k->vector_bytes = 8;
	k->read = read_scalar;
	k->write = write_scalar;
	k->copy = copy_scalar;
	k->nt_write = nt_scalar;
}

/* The widest level whose state is (or, privileged, can be) enabled, its
 * note said into b. */
static int widest(struct cs_buf *b, int privileged)
{
	struct offer o;
	uint64_t xcr0 = 0, need;
	int level;

	offered(&o);
	if (o.osxsave)
		xcr0 = xgetbv0();
	for (level = o.level; level > 0; level--) {
		need = level == 2 ? XCR0_AVX512 : XCR0_AVX;
		if (o.osxsave && (xcr0 & need) == need) {
			cs_puts(b, "XCR0 ");
			cs_put_hex(b, xcr0, 1);
			cs_puts(b, " had the state enabled");
			return level;
		}
		if (privileged && o.xsave && (o.xcr0_supported & need) == need) {
			cs_puts(b, o.osxsave ? "XCR0 " : "CR4.OSXSAVE clear, XCR0 ");
			cs_put_hex(b, o.osxsave ? xcr0 : 1, 1);
			cs_puts(b, ": enabled by CR4.OSXSAVE and XSETBV on each processor that "
				   "ran a kernel, restored after");
			return level;
		}
	}
	if (o.level > 0) {
		cs_puts(b, "the processor has ");
		cs_puts(b, o.level == 2 ? "AVX-512F" : "AVX2");
		cs_puts(b, " but XCR0 ");
		cs_put_hex(b, xcr0, 1);
		cs_puts(b, o.osxsave ? " does not enable its state" : " is not readable (CR4.OSXSAVE clear)");
		cs_puts(b, privileged ? " and XCR0 cannot hold it" : " and a user process cannot set it");
		cs_puts(b, ": SSE2");
	} else {
		cs_puts(b, "SSE2: the processor offers no AVX2");
	}
	return 0;
}

int cs_bw_kernels_select(struct cs_bw_kernels *k, int privileged, const char *want)
{
	static const char *names[3] = { "sse2", "avx2", "avx512" };
	struct cs_buf b;
	int level, asked = -2;

	cs_memset(k, 0, sizeof *k);
	cs_buf_init(&b, k->note, sizeof k->note);
	level = widest(&b, privileged);
	if (!want || !want[0])
		asked = level;
	else if (cs_streq(want, "scalar"))
		asked = -1;
	for (int i = 0; i < 3; i++)
		if (want && cs_streq(want, names[i]))
			asked = i;
	if (asked == -2 || asked > level)
		return -1;
	if (asked < level) {
		cs_puts(&b, "; ");
		cs_puts(&b, asked < 0 ? "scalar" : names[asked]);
		cs_puts(&b, " asked for");
	}
	if (asked < 0)
		take_scalar(k);
	else
		take(k, asked);
	return 0;
}

int cs_bw_vector_enter(const struct cs_bw_kernels *k, struct cs_bw_saved *s)
{
	struct offer o;
	uint64_t cr4, xcr0 = 0;
	cs_memset(s, 0, sizeof *s);
	if (!k->state)
		return 0;
	offered(&o);
	if (o.osxsave)
		xcr0 = xgetbv0();
	if (o.osxsave && (xcr0 & k->state) == k->state)
		return 0;
	if (!o.xsave || (o.xcr0_supported & k->state) != k->state)
		return -1;
	cr4 = cr4_read();
	s->a = cr4;
	s->b = o.osxsave ? xcr0 : 1; /* XCR0 is 1 (x87) out of reset */
	s->changed = 1;
	if (!(cr4 & CR4_OSXSAVE))
		cr4_write(cr4 | CR4_OSXSAVE);
	xsetbv0(s->b | k->state);
	return 0;
}

void cs_bw_vector_leave(const struct cs_bw_saved *s)
{
	if (!s->changed)
		return;
	xsetbv0(s->b);
	if (!(s->a & CR4_OSXSAVE))
		cr4_write(s->a);
}
