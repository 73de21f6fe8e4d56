/* cpu.c (x86_64): CPUID through the shared decoders (common/cpuid.h). The
 * instruction runs here; identification and published caches are decoded
 * from the recorded dump, and every register read goes into the capture. */
#include "../../arch.h"
#include "../../../common/buf.h"
#include "../../../common/cpuid.h"
#include "../../../common/icache.h"

static struct cs_cpuid_dump dump;
static struct cs_cpu_ident ident;

static void run_cpuid(uint32_t leaf, uint32_t subleaf, struct cs_cpuid_regs *o,
		      void *ctx)
{
	(void)ctx;
	__asm__ volatile("cpuid"
			 : "=a"(o->eax), "=b"(o->ebx), "=c"(o->ecx), "=d"(o->edx)
			 : "a"(leaf), "c"(subleaf));
}

void cs_arch_cpu_read(struct cs_arch_cpu *c)
{
	struct cs_buf b;
	const char *src = "";

	cs_memset(c, 0, sizeof *c);
	cs_cpuid_collect(run_cpuid, NULL, &dump);
	cs_cpuid_ident(&dump, &ident);
	cs_strlcpy(c->vendor, ident.vendor[0] ? ident.vendor : "unknown", sizeof c->vendor);
	cs_strlcpy(c->brand, ident.brand[0] ? ident.brand : "(no brand string)", sizeof c->brand);
	cs_buf_init(&b, c->model, sizeof c->model);
	cs_puts(&b, "family ");
	cs_put_u64(&b, ident.family);
	cs_puts(&b, " model ");
	cs_put_u64(&b, ident.model);
	cs_puts(&b, " (");
	cs_put_hex(&b, ident.model, 2);
	cs_puts(&b, ") stepping ");
	cs_put_u64(&b, ident.stepping);
	cs_short_name(c->short_name, 25, ident.brand[0] ? ident.brand : ident.vendor);
	if (!c->short_name[0])
		cs_strlcpy(c->short_name, "x86", sizeof c->short_name);
	c->hypervisor = ident.hypervisor;
	cs_strlcpy(c->hv_signature, ident.hv_signature, sizeof c->hv_signature);
	/* QEMU's TCG names itself in CPUID 0x40000000 */
	c->emulated = cs_streq(ident.hv_signature, "TCGTCGTCGTCG");
	cs_buf_init(&b, c->virt, sizeof c->virt);
	cs_puts(&b, ident.hypervisor ? "hypervisor bit set" : "hypervisor bit clear");
	if (ident.hv_signature[0]) {
		cs_puts(&b, ", signature ");
		cs_puts(&b, ident.hv_signature);
	}
	c->invariant_clock = ident.invariant_tsc;
	if (!ident.invariant_tsc)
		cs_strlcpy(c->clock_note,
			   "invariant-TSC bit (CPUID 0x80000007 EDX[8]) is clear: "
			   "the TSC rate may change with power state",
			   sizeof c->clock_note);
	c->n_caches = cs_cpuid_caches(&dump, c->caches, CS_MAX_CACHES, &src);
	cs_strlcpy(c->cache_source, src ? src : "", sizeof c->cache_source);
}

void cs_arch_cpu_json(struct cs_jsonw *j, const struct cs_arch_cpu *c)
{
	(void)c;
	cs_jsonw_key(j, "cpu");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "vendor");
	cs_jsonw_str(j, ident.vendor);
	cs_jsonw_key(j, "brand");
	cs_jsonw_str(j, ident.brand);
	cs_jsonw_key(j, "family");
	cs_jsonw_u64(j, ident.family);
	cs_jsonw_key(j, "model");
	cs_jsonw_u64(j, ident.model);
	cs_jsonw_key(j, "stepping");
	cs_jsonw_u64(j, ident.stepping);
	cs_jsonw_key(j, "hypervisor");
	cs_jsonw_bool(j, ident.hypervisor);
	cs_jsonw_key(j, "hv_signature");
	cs_jsonw_str(j, ident.hv_signature);
	cs_jsonw_key(j, "invariant_tsc");
	cs_jsonw_bool(j, ident.invariant_tsc);
	cs_jsonw_key(j, "has_rdtscp");
	cs_jsonw_bool(j, ident.has_rdtscp);
	cs_jsonw_obj_end(j);

	cs_cpuid_json(j, &dump);

	/* Seed 001's experiment has nothing to find here: x86 keeps
	 * instruction fetch coherent with stores in hardware. Said, not run. */
	static const struct cs_icache_obs none;
	struct cs_icache_result r;
	cs_icache_refuse(&r, "coherent", CS_ICACHE_COHERENT
			 " (x86 keeps instruction fetch coherent with stores in hardware)");
	cs_icache_json(j, &none, &r, "not run: the architecture keeps instruction fetch coherent");
}
