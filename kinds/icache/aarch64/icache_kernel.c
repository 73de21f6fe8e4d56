/* icache_kernel.c (aarch64): seed 001's experiment (icache.h). 1024
 * "add x0, x0, #1" and a "ret" are written through one view of the pages
 * and run through another (the same address in the firmware's pages; two
 * mappings of one memfd in the host probe, never writable and executable
 * at once): run; rewrite to "add x0, x0, #0" with no maintenance and run
 * (words still stale = the result); then, for each stride, rewrite to
 * "add #1", maintain fully, run (the I-cache now holds it), rewrite to
 * "add #0", clean every data line to the point of unification (dc cvau
 * at DminLine, by the written view: so only the instruction side is under
 * test), invalidate by the executed view with the stride (ic ivau), dsb
 * ish, isb, and run: the result counts the words still stale.
 * kinds/icache/icache.c draws the answer. */
#include "../../../arch/aarch64/a64.h"
#include "../icache.h"
#include "../../../common/buf.h"

#define WORDS CS_ICACHE_WORDS
#define ADD1 0x91000400u /* add x0, x0, #1 */
#define ADD0 0x91000000u /* add x0, x0, #0 */
#define RET 0xd65f03c0u
#define SPAN CS_ICACHE_CODE_BYTES

static const uint32_t strides[] = { 4, 8, 16, 32, 64, 128, 256 };

/* Where the code is written (w) and run (x), and how. */
struct views {
	uintptr_t w, x;
	uint32_t imin, dmin;
	int mask_irq;     /* the firmware masks interrupts; a user process cannot */
	uint32_t runs;    /* trials a stride (the largest stale count kept) */
};

static void clean_dcache(uintptr_t base, uint32_t step)
{
	for (uintptr_t a = base & ~(uintptr_t)(step - 1); a < base + SPAN; a += step)
		__asm__ volatile("dc cvau, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb ish" : : : "memory");
}

static void inval_icache(uintptr_t base, uint32_t step)
{
	for (uintptr_t a = base; a < base + SPAN; a += step)
		__asm__ volatile("ic ivau, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb ish\n\tisb" : : : "memory");
}

static void fill(volatile uint32_t *w, uint32_t word)
{
	for (int i = 0; i < WORDS; i++)
		w[i] = word;
	w[WORDS] = RET;
	__asm__ volatile("" : : : "memory");
}

static uint64_t call(uintptr_t base)
{
	uint64_t (*f)(uint64_t) = (uint64_t (*)(uint64_t))base;
	return f(0);
}

static void irq_off(const struct views *v)
{
	if (v->mask_irq)
		cs_arch_irq_off(); /* an interrupt handler would evict lines */
}

static void irq_on(const struct views *v)
{
	if (v->mask_irq)
		cs_arch_irq_on();
}

/* One trial: the I-cache holds "add #1", memory says "add #0". */
static uint64_t trial(const struct views *v, uint32_t stride)
{
	volatile uint32_t *w = (volatile uint32_t *)v->w;
	uint64_t r;
	fill(w, ADD1);
	clean_dcache(v->w, v->dmin);
	inval_icache(v->x, v->imin);
	irq_off(v);
	(void)call(v->x);
	fill(w, ADD0);
	clean_dcache(v->w, v->dmin);
	inval_icache(v->x, stride);
	r = call(v->x);
	irq_on(v);
	return r;
}

/* The experiment on v, into o. */
static void run_views(const struct views *v, struct cs_icache_obs *o)
{
	volatile uint32_t *w = (volatile uint32_t *)v->w;
	uint32_t runs = v->runs ? v->runs : 1;

	fill(w, ADD1);
	clean_dcache(v->w, v->dmin);
	inval_icache(v->x, v->imin);
	irq_off(v);
	o->first = call(v->x);
	fill(w, ADD0); /* no maintenance: what runs now is what was cached */
	o->cached = call(v->x);
	irq_on(v);
	o->runs = runs;
	for (uint32_t i = 0; i < sizeof strides / sizeof strides[0]; i++) {
		o->stride[i] = strides[i];
		for (uint32_t k = 0; k < runs; k++) {
			uint64_t s = trial(v, strides[i]);
			if (k == 0 || s > o->stale[i])
				o->stale[i] = s;
			if (k == 0 || s < o->stale_min[i])
				o->stale_min[i] = s;
		}
		o->n++;
	}
}

static void obs_init(struct cs_icache_obs *o, uint64_t ctr_reg)
{
	struct cs_arm_ctr ctr;
	cs_arm_ctr_decode(ctr_reg, &ctr);
	cs_memset(o, 0, sizeof *o);
	o->n_insns = WORDS;
	o->imin_line_bytes = ctr.imin_line_bytes;
	o->dic = ctr.dic;
	o->idc = ctr.idc;
}

/* Translation-table walk of the page (4 KiB granule, the regime of the
 * current EL, identity-mapped as UEFI requires): 0 and exec[] filled when
 * the firmware maps it executable and writable; -1 and why[] otherwise. */
static int check_exec(uintptr_t va, char *exec, size_t ecap, char *why, size_t wcap)
{
	uint32_t el = cs_a64_current_el();
	uint64_t sctlr, tcr, ttbr, d = 0;
	int level, xn_table = 0, ro_table = 0;
	struct cs_buf b;

	if (el == 2) {
		sctlr = CS_A64_MRS(sctlr_el2);
		tcr = CS_A64_MRS(tcr_el2);
		ttbr = CS_A64_MRS(ttbr0_el2);
	} else if (el == 1) {
		sctlr = CS_A64_MRS(sctlr_el1);
		tcr = CS_A64_MRS(tcr_el1);
		ttbr = CS_A64_MRS(ttbr0_el1);
	} else {
		cs_strlcpy(why, "running at an exception level whose tables are not walked here", wcap);
		return -1;
	}
	cs_buf_init(&b, exec, ecap);
	if (!(sctlr & 1)) {
		cs_puts(&b, "MMU off: all memory executable");
		return 0;
	}
	if (((tcr >> 14) & 3) != 0) {
		cs_strlcpy(why, "translation granule is not 4 KiB: could not check the pages are executable", wcap);
		return -1;
	}
	uint32_t vabits = 64 - (uint32_t)(tcr & 0x3f);
	level = vabits > 39 ? 0 : vabits > 30 ? 1 : 2;
	const uint64_t *table = (const uint64_t *)(uintptr_t)(ttbr & 0x0000fffffffff000ull);
	for (;; level++) {
		uint32_t shift = 12 + 9 * (uint32_t)(3 - level);
		d = table[(va >> shift) & 0x1ff];
		if (!(d & 1)) {
			cs_strlcpy(why, "the page is not mapped in the translation tables", wcap);
			return -1;
		}
		if (level == 3 || !(d & 2))
			break; /* page, or block */
		/* Table descriptor: PXNTable[59] (XNTable[60] at EL2), APTable[62] */
		xn_table |= el == 2 ? (int)((d >> 60) & 1) : (int)((d >> 59) & 1);
		ro_table |= (int)((d >> 62) & 1);
		table = (const uint64_t *)(uintptr_t)(d & 0x0000fffffffff000ull);
	}
	int xn = el == 2 ? (int)((d >> 54) & 1) : (int)((d >> 53) & 1);
	int ro = ro_table || ((d >> 7) & 1);
	int wxn = (int)((sctlr >> 19) & 1);
	cs_puts(&b, "EL");
	cs_put_u64(&b, el);
	cs_puts(&b, " level ");
	cs_put_u64(&b, (uint64_t)level);
	cs_puts(&b, " descriptor ");
	cs_put_hex(&b, d, 1);
	if (xn || xn_table) {
		cs_strlcpy(why, "the firmware maps EfiLoaderCode pages execute-never", wcap);
		return -1;
	}
	if (ro) {
		cs_strlcpy(why, "the firmware maps EfiLoaderCode pages read-only: the code cannot be rewritten", wcap);
		return -1;
	}
	if (wxn) {
		cs_strlcpy(why, "SCTLR.WXN is set: writable pages are execute-never", wcap);
		return -1;
	}
	cs_puts(&b, ": executable and writable");
	return 0;
}

/* The experiment on v (icache.h): a privileged program (the firmware) on
 * one view whose mapping it walks first, interrupts masked; a user process
 * on two views, interrupts left alone, each stride v->runs times, and
 * where even the smallest stride left code stale, the executable view
 * mapped anew and the code run once more through it. */
int cs_icache_kernel(struct cs_icache_views *uv, struct cs_icache_obs *o, char *why, size_t whylen)
{
	uint64_t ctr = CS_A64_MRS(ctr_el0);
	struct cs_arm_ctr f;
	struct views v;

	obs_init(o, ctr);
	cs_arm_ctr_decode(ctr, &f);
	v.w = (uintptr_t)uv->w;
	v.x = (uintptr_t)uv->x;
	v.imin = f.imin_line_bytes;
	v.dmin = f.dmin_line_bytes;
	v.mask_irq = uv->privileged;
	v.runs = uv->privileged ? 1 : uv->runs;
	if (!v.imin || (uv->privileged && !v.dmin)) {
		cs_strlcpy(why, "CTR_EL0 gives no line sizes", whylen);
		return -1;
	}
	if (!v.w || !v.x) {
		cs_strlcpy(why, uv->no_pages ? uv->no_pages : "no pages for code", whylen);
		return -1;
	}
	if (uv->privileged && check_exec(v.w, uv->how, sizeof uv->how, why, whylen) != 0)
		return -1;
	run_views(&v, o);
	if (!uv->privileged && o->stale[0] > 0 && uv->remap && uv->remap(uv->ctx, &uv->x) == 0) {
		o->has_remap = 1;
		o->remap_stale = call((uintptr_t)uv->x);
	}
	return 0;
}

/* The method's words (icache.h). */
void cs_icache_kernel_method(struct cs_buf *b, const struct cs_icache_views *v)
{
	cs_puts(b, "1024 x add x0,x0,#1 + ret");
	cs_puts(b, v->where);
	if (v->privileged) {
		cs_puts(b, "; rewrite to #0; dc cvau every DminLine, ic ivau at each stride, dsb ish, isb; "
			   "count stale");
		return;
	}
	cs_puts(b, "; rewrite to #0; dc cvau every DminLine by the written view, ic ivau at each stride "
		   "by the run view, dsb ish, isb; count stale; each stride ");
	cs_put_u64(b, v->runs);
	cs_puts(b, " times, the largest kept");
}
