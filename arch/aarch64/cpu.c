/* cpu.c (aarch64): identification and published caches from the system
 * registers (MIDR, CTR, CLIDR, ID_AA64MMFR2, each CCSIDR through CSSELR),
 * decoded by decode/armcache.h; then the PMU check (pmu.c). Every raw register goes into the
 * capture, with the architecture's caveat about CCSIDR. EL1 registers: the
 * firmware only. */
#include "a64.h"
#include "../../common/buf.h"
#include "../../decode/fdt.h"

#define QEMU_TCG_CNTFRQ 62500000u /* QEMU's fixed generic-timer rate (TCG) */
/* The root "compatible" of the tree QEMU builds for its virt machine
 * (hw/arm/virt.c), whatever firmware hands it over. */
#define QEMU_VIRT_COMPATIBLE "linux,dummy-virt"

static void read_ccsidrs(struct cs_arm_regs *regs)
{
	for (uint32_t level = 1; level <= 7; level++) {
		uint32_t ctype = (uint32_t)(regs->clidr >> (3 * (level - 1))) & 7;
		if (ctype == 0)
			break;
		for (int ind = 0; ind <= 1; ind++) {
			/* Ctype 1: I only; 2: D only; 3: both; 4: unified (D). */
			if ((ind && !(ctype == 1 || ctype == 3)) || (!ind && ctype == 1))
				continue;
			if (regs->n_ccsidr >= CS_ARM_MAX_CCSIDR)
				return;
			uint64_t sel = cs_arm_csselr(level, ind), v;
			/* The isb makes the CSSELR write visible to the read. */
			__asm__ volatile("msr csselr_el1, %1\n\tisb\n\tmrs %0, ccsidr_el1"
					 : "=r"(v) : "r"(sel) : "memory");
			regs->ccsidr[regs->n_ccsidr].csselr = (uint32_t)sel;
			regs->ccsidr[regs->n_ccsidr].ccsidr = v;
			regs->n_ccsidr++;
		}
	}
}

static void read_regs(struct cs_arch_cpu *c)
{
	cs_memset(&c->arm, 0, sizeof c->arm);
	c->arm.midr = CS_A64_MRS(midr_el1);
	c->arm.ctr = CS_A64_MRS(ctr_el0);
	c->arm.clidr = CS_A64_MRS(clidr_el1);
	c->arm.mmfr2 = CS_A64_MRS(id_aa64mmfr2_el1);
	c->dfr0 = CS_A64_MRS(id_aa64dfr0_el1);
	c->cntfrq = CS_A64_MRS(cntfrq_el0);
	c->el = cs_a64_current_el();
	read_ccsidrs(&c->arm);
}

/* QEMU's virt machine, named by the firmware's own tables: its ACPI tables
 * carry OEM ID "BOCHS " (EDK II, AAVMF); its device tree's root is
 * compatible "linux,dummy-virt" (U-Boot, which hands the tree over and
 * builds no ACPI). Then its fixed 62.5 MHz timer (a KVM guest sees the
 * host's rate) is taken to be TCG. 0: neither; 1: QEMU; 2: QEMU TCG. */
static int qemu_tcg(struct cs_arch_cpu *c, const struct cs_platform *pf)
{
	uint32_t len = 0;
	const uint8_t *t = 0;
	const void *dt = pf && pf->device_tree ? pf->device_tree(pf->ctx) : 0;
	const char *why = 0, *what;
	struct cs_buf b;
	if (pf && pf->acpi_table) {
		t = pf->acpi_table(pf->ctx, "FACP", &len);
		if (!t)
			t = pf->acpi_table(pf->ctx, "APIC", &len);
	}
	if (t && len >= 16 && t[10] == 'B' && t[11] == 'O' && t[12] == 'C' && t[13] == 'H' && t[14] == 'S') {
		what = "ACPI OEM ID BOCHS (QEMU)";
	} else if (dt && cs_fdt_check(dt, CS_FDT_MAX_BYTES, &why) == 0 &&
		   (t = cs_fdt_prop(dt, "/", "compatible", &len)) != 0 &&
		   cs_fdt_strlist_has(t, len, QEMU_VIRT_COMPATIBLE)) {
		what = "device tree " QEMU_VIRT_COMPATIBLE " (QEMU virt)";
	} else {
		return 0;
	}
	cs_buf_init(&b, c->hv_evidence, sizeof c->hv_evidence);
	cs_puts(&b, what);
	if (c->cntfrq != QEMU_TCG_CNTFRQ)
		return 1;
	cs_puts(&b, " and CNTFRQ 62.5 MHz (TCG's fixed rate)");
	return 2;
}

static void describe(struct cs_arch_cpu *c)
{
	uint32_t impl = cs_arm_midr_implementer(c->arm.midr);
	uint32_t part = cs_arm_midr_part(c->arm.midr);
	struct cs_buf b;

	cs_strlcpy(c->vendor, cs_arm_implementer_name(impl), sizeof c->vendor);
	cs_buf_init(&b, c->brand, sizeof c->brand);
	cs_puts(&b, cs_arm_part_name(impl, part));
	if (cs_streq(c->brand, "unknown")) {
		cs_puts(&b, " part ");
		cs_put_hex(&b, part, 3);
	}
	cs_buf_init(&b, c->model, sizeof c->model);
	cs_puts(&b, "MIDR ");
	cs_put_hex(&b, c->arm.midr, 8);
	cs_puts(&b, ": implementer ");
	cs_put_hex(&b, impl, 2);
	cs_puts(&b, " part ");
	cs_put_hex(&b, part, 3);
	cs_puts(&b, " r");
	cs_put_u64(&b, cs_arm_midr_variant(c->arm.midr));
	cs_putc(&b, 'p');
	cs_put_u64(&b, cs_arm_midr_revision(c->arm.midr));
	cs_puts(&b, ", EL");
	cs_put_u64(&b, c->el);
	cs_short_name(c->short_name, 25, c->brand);
	if (!c->short_name[0])
		cs_strlcpy(c->short_name, "aarch64", sizeof c->short_name);
}

void cs_arch_cpu_read(struct cs_arch_cpu *c, const struct cs_platform *pf)
{
	struct cs_buf b;
	int q;

	cs_memset(c, 0, sizeof *c);
	read_regs(c);
	cs_arm_ctr_decode(c->arm.ctr, &c->ctr);
	describe(c);
	q = qemu_tcg(c, pf);
	/* AArch64 has no hypervisor bit or signature: say what was seen */
	c->hypervisor = q != 0;
	c->emulated = q == 2;
	if (q) {
		cs_buf_init(&b, c->virt, sizeof c->virt);
		cs_puts(&b, q == 2 ? "QEMU TCG inferred from " : "QEMU inferred from ");
		cs_puts(&b, c->hv_evidence);
	} else {
		cs_strlcpy(c->virt, "no emulator seen (AArch64 has no hypervisor bit; neither ACPI nor the device tree names QEMU)",
			   sizeof c->virt);
	}
	c->invariant_clock = 1; /* the generic timer's rate is fixed by architecture */
	c->n_caches = cs_arm_caches(&c->arm, c->caches, CS_MAX_CACHES);
	cs_strlcpy(c->cache_source, "clidr", sizeof c->cache_source);
	c->tlbs_null = 1;
	cs_strlcpy(c->tlbs_reason, "the Arm architecture has no register that gives TLB sizes: "
		   "measured, not compared", sizeof c->tlbs_reason);
	cs_a64_pmu_check(c, pf);
}

static void hexkey(struct cs_jsonw *j, const char *k, uint64_t v)
{
	cs_jsonw_key(j, k);
	cs_jsonw_hex(j, v);
}

static void cpu_json(struct cs_jsonw *j, const struct cs_arch_cpu *c)
{
	uint32_t impl = cs_arm_midr_implementer(c->arm.midr);

	cs_jsonw_key(j, "cpu");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "implementer");
	cs_jsonw_str(j, cs_arm_implementer_name(impl));
	cs_jsonw_key(j, "part");
	cs_jsonw_str(j, c->brand);
	cs_arm_midr_json(j, c->arm.midr);
	cs_jsonw_key(j, "exception_level");
	cs_jsonw_u64(j, c->el);
	cs_jsonw_key(j, "hypervisor");
	cs_jsonw_bool(j, c->hypervisor);
	cs_jsonw_key(j, "hv_signature");
	cs_jsonw_str(j, c->hv_signature);
	cs_jsonw_key(j, "hv_evidence");
	cs_jsonw_str(j, c->hv_evidence);
	/* the conclusion beside its evidence (docs/emulators.md s.1) */
	cs_jsonw_key(j, "emulator");
	if (c->emulated)
		cs_jsonw_str(j, "QEMU TCG");
	else
		cs_jsonw_null(j);
	cs_jsonw_obj_end(j);
}

static void registers_json(struct cs_jsonw *j, const struct cs_arch_cpu *c)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, "arm_registers");
	cs_jsonw_obj(j);
	hexkey(j, "MIDR_EL1", c->arm.midr);
	hexkey(j, "CTR_EL0", c->arm.ctr);
	hexkey(j, "CLIDR_EL1", c->arm.clidr);
	hexkey(j, "ID_AA64MMFR2_EL1", c->arm.mmfr2);
	hexkey(j, "ID_AA64DFR0_EL1", c->dfr0);
	hexkey(j, "CNTFRQ_EL0", c->cntfrq);
	cs_jsonw_key(j, "CCSIDR_EL1");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < c->arm.n_ccsidr; i++) {
		cs_jsonw_obj(j);
		j->pretty = 0; /* one selection a line */
		hexkey(j, "CSSELR_EL1", c->arm.ccsidr[i].csselr);
		hexkey(j, "CCSIDR_EL1", c->arm.ccsidr[i].ccsidr);
		cs_jsonw_obj_end(j);
		j->pretty = pretty;
	}
	cs_jsonw_arr_end(j);
	cs_jsonw_key(j, "ccsidr_format");
	cs_jsonw_str(j, ((c->arm.mmfr2 >> 20) & 0xf) == 1 ? "FEAT_CCIDX (64-bit)" : "32-bit (no FEAT_CCIDX)");
	cs_arm_ctr_json(j, &c->ctr);
	cs_jsonw_key(j, "caveat");
	cs_jsonw_str(j, "CCSIDR need not describe the real cache: the Arm ARM says its figures "
			"are for cache maintenance by set/way only, and cores may report other values");
	cs_jsonw_obj_end(j);
}

void cs_arch_cpu_json(struct cs_jsonw *j, const struct cs_arch_cpu *c)
{
	cpu_json(j, c);
	registers_json(j, c);
	cs_a64_pmu_json(j, &c->pmu);
}

/* CPUID is x86's: nothing to run here. */
int cs_arch_cpuid(struct cs_cpuid_dump *d)
{
	d->n = 0;
	return -1;
}
