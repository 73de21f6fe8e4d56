/* cpu.c (x86_64): CPUID through the shared decoders (decode/cpuid.h). The
 * instruction runs here; identification and published caches are decoded
 * from the recorded dump, and every register read goes into the capture. */
#include "../arch.h"
#include "x86.h"
#include "../../common/buf.h"
#include "../../common/emulator.h"

static void run_cpuid(uint32_t leaf, uint32_t subleaf, struct cs_cpuid_regs *o,
		      void *ctx)
{
	(void)ctx;
	cs_x86_cpuid(leaf, subleaf, o);
}

int cs_arch_cpuid(struct cs_cpuid_dump *d)
{
	cs_cpuid_collect(run_cpuid, 0, d);
	return 0;
}

static void describe(struct cs_arch_cpu *c, const struct cs_cpu_ident *id)
{
	struct cs_buf b;
	cs_strlcpy(c->vendor, id->vendor[0] ? id->vendor : "unknown", sizeof c->vendor);
	cs_strlcpy(c->brand, id->brand[0] ? id->brand : "(no brand string)", sizeof c->brand);
	cs_buf_init(&b, c->model, sizeof c->model);
	cs_puts(&b, "family ");
	cs_put_u64(&b, id->family);
	cs_puts(&b, " model ");
	cs_put_u64(&b, id->model);
	cs_puts(&b, " (");
	cs_put_hex(&b, id->model, 2);
	cs_puts(&b, ") stepping ");
	cs_put_u64(&b, id->stepping);
	cs_short_name(c->short_name, 25, id->brand[0] ? id->brand : id->vendor);
	if (!c->short_name[0])
		cs_strlcpy(c->short_name, "x86", sizeof c->short_name);
	c->hypervisor = id->hypervisor;
	cs_strlcpy(c->hv_signature, id->hv_signature, sizeof c->hv_signature);
	/* QEMU's TCG names itself in CPUID 0x40000000 (common/emulator.h) */
	c->emulated = cs_emulator_of_signature(id->hv_signature) != 0;
	cs_buf_init(&b, c->virt, sizeof c->virt);
	cs_puts(&b, id->hypervisor ? "hypervisor bit set" : "hypervisor bit clear");
	if (id->hv_signature[0]) {
		cs_puts(&b, ", signature ");
		cs_puts(&b, id->hv_signature);
	}
}

void cs_arch_cpu_read(struct cs_arch_cpu *c, const struct cs_platform *pf)
{
	const char *src = "";

	(void)pf;
	cs_memset(c, 0, sizeof *c);
	cs_arch_cpuid(&c->cpuid);
	cs_cpuid_ident(&c->cpuid, &c->ident);
	describe(c, &c->ident);
	c->invariant_clock = c->ident.invariant_tsc;
	if (!c->ident.invariant_tsc)
		cs_strlcpy(c->clock_note,
			   "invariant-TSC bit (CPUID 0x80000007 EDX[8]) is clear: "
			   "the TSC rate may change with power state",
			   sizeof c->clock_note);
	c->n_caches = cs_cpuid_caches(&c->cpuid, c->caches, CS_MAX_CACHES, &src);
	cs_strlcpy(c->cache_source, src ? src : "", sizeof c->cache_source);
	c->n_tlbs = cs_cpuid_tlbs(&c->cpuid, c->tlbs, CS_MAX_TLBS, &src);
	cs_strlcpy(c->tlb_source, src ? src : "", sizeof c->tlb_source);
	if (!c->n_tlbs) {
		c->tlbs_null = 1;
		cs_cpuid_tlbs_why(&c->cpuid, c->tlbs_reason, sizeof c->tlbs_reason);
	}
}

void cs_arch_cpu_json(struct cs_jsonw *j, const struct cs_arch_cpu *c)
{
	cs_jsonw_key(j, "cpu");
	cs_jsonw_obj(j);
	cs_cpuid_ident_json(j, &c->ident);
	cs_jsonw_key(j, "has_rdtscp");
	cs_jsonw_bool(j, c->ident.has_rdtscp);
	cs_jsonw_obj_end(j);

	cs_cpuid_json(j, &c->cpuid);
}
