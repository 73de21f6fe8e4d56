/* services.c: the firmware's platform services (services.h,
 * common/services.h): the counter's (the arch layer's chain of adds, its
 * cycle counter, APERF or PMCCNTR_EL0, and the SMI count, every MSR read
 * under a #GP guard, so an emulator or hypervisor without them costs a
 * sentence, never the boot; the timed blocks run with interrupts masked,
 * and no scheduler runs here), and memory of known physical address: UEFI
 * maps memory one to one and the pool is one AllocatePages run, so it is
 * physically contiguous. That is checked, not assumed: every page of the
 * part asked for is looked up in the firmware's page tables and must map
 * to its own address; a page that does not refuses it. Where the arch
 * layer cannot read the tables (x86's 5-level paging), the pool is given
 * on the UEFI specification's word, and how says it was not checked. */
#include "services.h"
#include "console.h"
#include "../common/buf.h"

/* ---- the counter ---- */

static int cycles_open(void *ctx, char *name, size_t name_len, char *why, size_t why_len)
{
	struct cs_efi_svc *v = ctx;
	struct cs_arch_cycles *k = &v->cycles;
	cs_arch_cycles_open(v->cpu, k);
	cs_strlcpy(name, k->offered ? k->name : "", name_len);
	cs_strlcpy(why, k->why, why_len);
	cs_con_puts("cycle counter: ");
	cs_con_puts(k->offered ? k->name : "none");
	cs_con_puts(" (");
	cs_con_puts(k->why);
	cs_con_puts("); SMIs: ");
	cs_con_puts(k->smi_why);
	cs_con_puts("\n");
	return k->offered ? 0 : -1;
}

static int cycles(void *ctx, uint64_t *val)
{
	struct cs_efi_svc *v = ctx;
	return cs_arch_cycles_read(&v->cycles, val);
}

static void counts(void *ctx, struct cs_svc_counts *n)
{
	struct cs_efi_svc *v = ctx;
	n->has_smi = cs_arch_smi_read(&v->cycles, &n->smi) == 0;
}

static void validity(void *ctx, struct cs_svc_validity *o)
{
	struct cs_efi_svc *v = ctx;
	o->irq_masked = 1;
	o->smi_countable = v->cycles.smi_countable;
	cs_strlcpy(o->smi_why, v->cycles.smi_why, sizeof o->smi_why);
	cs_strlcpy(o->os_why, "no operating system: no governor, boost as the firmware set it, "
			      "no scheduler (context switches and migrations do not apply)",
		   sizeof o->os_why);
	o->hypervisor = v->cpu->hypervisor;
	cs_strlcpy(o->hv_signature, v->cpu->hv_signature, sizeof o->hv_signature);
}

/* ---- memory of known physical address ---- */

static void *virt(void *ctx, uint64_t pa)
{
	(void)ctx;
	return (void *)(uintptr_t)pa;
}

static uint64_t phys(void *ctx, const void *p)
{
	(void)ctx;
	return (uint64_t)(uintptr_t)p;
}

/* 0 when every page of [va, va + bytes) maps to itself; -1 and why (the
 * first page that does not). *pages: the leaves walked. */
static int identity(const struct cs_pt *pt, uint64_t root, uint64_t va, uint64_t bytes, uint64_t *pages,
		    char *why, size_t whylen)
{
	struct cs_buf b;
	cs_buf_init(&b, why, whylen);
	for (uint64_t a = va; a < va + bytes;) {
		uint64_t pa, page, leaf;
		uint32_t level;
		if (cs_pt_lookup(pt, root, a, &pa, &page, &leaf, &level) != 0 || pa != a) {
			cs_puts(&b, "the firmware's page tables map ");
			cs_put_hex(&b, a, 1);
			if (pa != a && page) {
				cs_puts(&b, " to ");
				cs_put_hex(&b, pa, 1);
			} else {
				cs_puts(&b, " nowhere");
			}
			cs_puts(&b, ": not identity-mapped, so no physical address is known");
			return -1;
		}
		(*pages)++;
		a = (a & ~(page - 1)) + page;
	}
	return 0;
}

static uint64_t pow2_up(uint64_t v)
{
	uint64_t p = 1;
	while (p < v && p < (1ull << 62))
		p <<= 1;
	return p;
}

static int phys_mem(void *ctx, uint64_t max_bytes, uint64_t want_run, void **mem, uint64_t *bytes,
		    uint64_t *span, char *name, size_t name_len, char *how, size_t how_len, char *why,
		    size_t why_len)
{
	struct cs_efi_svc *v = ctx;
	const struct cs_pt_format *f = 0;
	struct cs_pt pt;
	uint64_t root = 0, n = v->pool_bytes < max_bytes ? v->pool_bytes : max_bytes, pages = 0;
	char no[CS_TEXT_MAX];
	struct cs_buf b;
	(void)want_run; /* the pool is one run, whatever its length */
	cs_buf_init(&b, how, how_len);
	if (!v->pool || !n) {
		cs_strlcpy(why, "no pool", why_len);
		return -1;
	}
	if (cs_arch_pt_format(&f, &root, no, sizeof no) != 0) {
		cs_puts(&b, "the pool, one AllocatePages run, identity-mapped as UEFI maps memory (not checked: ");
		cs_puts(&b, no);
		cs_puts(&b, ")");
	} else {
		cs_memset(&pt, 0, sizeof pt);
		pt.f = f;
		pt.phys = phys;
		pt.virt = virt;
		if (identity(&pt, root, (uint64_t)(uintptr_t)v->pool, n, &pages, why, why_len) != 0)
			return -1;
		cs_puts(&b, "the pool, one AllocatePages run, identity-mapped: checked against the firmware's "
			    "page tables, ");
		cs_put_u64(&b, pages);
		cs_puts(&b, " leaves, each to its own address");
	}
	*mem = v->pool;
	*bytes = n;
	*span = pow2_up(n);
	cs_strlcpy(name, "identity", name_len);
	return 0;
}

/* Code memory: EfiLoaderCode, the type the firmware maps executable, one
 * view (whether it is writable and executable too, the kind's kernel finds
 * by walking the tables). */
static int code_map(void *ctx, uint64_t bytes, struct cs_svc_code *c, char *why, size_t why_len)
{
	struct cs_efi_svc *v = ctx;
	EFI_PHYSICAL_ADDRESS a = 0;
	uint64_t pages = (bytes + 4095) / 4096;
	if (EFI_ERROR(v->bs->AllocatePages(AllocateAnyPages, EfiLoaderCode, pages, &a))) {
		cs_strlcpy(why, "no pages for code (AllocatePages(EfiLoaderCode) failed)", why_len);
		return -1;
	}
	c->w = c->x = (void *)(uintptr_t)a;
	c->bytes = pages * 4096;
	c->how[0] = 0;
	cs_strlcpy(c->where, " in EfiLoaderCode", sizeof c->where);
	return 0;
}

static void code_unmap(void *ctx, struct cs_svc_code *c)
{
	struct cs_efi_svc *v = ctx;
	v->bs->FreePages((EFI_PHYSICAL_ADDRESS)(uintptr_t)c->w, c->bytes / 4096);
}

void cs_efi_services_init(struct cs_efi_svc *v, EFI_SYSTEM_TABLE *st, struct cs_arch_cpu *cpu,
			  void *pool, uint64_t pool_bytes)
{
	struct cs_services *s = &v->s;
	cs_memset(v, 0, sizeof *v);
	v->st = st;
	v->bs = st->BootServices;
	v->cpu = cpu;
	v->pool = pool;
	v->pool_bytes = pool_bytes;
	s->ctx = v;
	s->tables = "firmware";
	s->privileged = 1;
	s->emulated = cpu->emulated;
	s->chain = cs_arch_add_chain;
	s->adds = CS_ARCH_CHAIN_ADDS;
	s->cycles_open = cycles_open;
	s->cycles = cycles;
	s->counts = counts;
	s->validity = validity;
	s->phys_mem = phys_mem;
	s->code_map = code_map;
	s->code_unmap = code_unmap;
	cs_efi_pt_init(v);
	cs_efi_cpus_init(v);
}
