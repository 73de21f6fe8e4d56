/* icache_probe.c (aarch64): seed 001's experiment. 1024 "add x0, x0, #1"
 * and a "ret" in EfiLoaderCode pages: run; rewrite to "add x0, x0, #0"
 * with no maintenance and run (words still stale = the result); then, for
 * each stride, rewrite to "add #1", maintain fully, run (the I-cache now
 * holds it), rewrite to "add #0", clean every data line to the point of
 * unification (dc cvau at DminLine: so only the instruction side is under
 * test), invalidate with the stride (ic ivau), dsb ish, isb, and run: the
 * result counts the words still stale. common/icache.c draws the answer.
 * The pages come from the program (EfiLoaderCode in the firmware). */
#include "a64.h"
#include "../../common/buf.h"

#define WORDS 1024
#define ADD1 0x91000400u /* add x0, x0, #1 */
#define ADD0 0x91000000u /* add x0, x0, #0 */
#define RET 0xd65f03c0u
#define SPAN ((WORDS + 1) * 4)

static const uint32_t strides[] = { 4, 8, 16, 32, 64, 128, 256 };

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

/* One trial: the I-cache holds "add #1", memory says "add #0". */
static uint64_t trial(uintptr_t base, uint32_t imin, uint32_t dmin, uint32_t stride)
{
	volatile uint32_t *w = (volatile uint32_t *)base;
	uint64_t r;
	fill(w, ADD1);
	clean_dcache(base, dmin);
	inval_icache(base, imin);
	cs_arch_irq_off(); /* an interrupt handler would evict lines */
	(void)call(base);
	fill(w, ADD0);
	clean_dcache(base, dmin);
	inval_icache(base, stride);
	r = call(base);
	cs_arch_irq_on();
	return r;
}

int cs_a64_icache_probe(const struct cs_platform *pf, uint32_t imin, uint32_t dmin,
			struct cs_icache_obs *o, char *exec, size_t exec_cap,
			char *why, size_t why_cap)
{
	void *pages;
	uintptr_t base;
	volatile uint32_t *w;

	cs_memset(o, 0, sizeof *o);
	o->n_insns = WORDS;
	o->imin_line_bytes = imin;
	if (!imin || !dmin) {
		cs_strlcpy(why, "CTR_EL0 gives no line sizes", why_cap);
		return -1;
	}
	pages = pf && pf->code_pages && pf->free_code_pages ? pf->code_pages(pf->ctx, 2 * 4096) : 0;
	if (!pages) {
		cs_strlcpy(why, "no pages for code (AllocatePages(EfiLoaderCode) failed)", why_cap);
		return -1;
	}
	base = (uintptr_t)pages;
	if (check_exec(base, exec, exec_cap, why, why_cap) != 0) {
		pf->free_code_pages(pf->ctx, pages, 2 * 4096);
		return -1;
	}
	w = (volatile uint32_t *)base;
	fill(w, ADD1);
	clean_dcache(base, dmin);
	inval_icache(base, imin);
	cs_arch_irq_off();
	o->first = call(base);
	fill(w, ADD0); /* no maintenance: what runs now is what was cached */
	o->cached = call(base);
	cs_arch_irq_on();
	for (uint32_t i = 0; i < sizeof strides / sizeof strides[0]; i++) {
		o->stride[i] = strides[i];
		o->stale[i] = trial(base, imin, dmin, strides[i]);
		o->n++;
	}
	pf->free_code_pages(pf->ctx, pages, 2 * 4096);
	return 0;
}
