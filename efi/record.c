/* record.c: the firmware's own capture members (record.h). */
#include "record.h"
#include "../common/version.h"
#include "../common/buf.h"
#include "../common/host_step.h"

void cs_record_fw_vendor(EFI_SYSTEM_TABLE *st, char *out, size_t cap)
{
	size_t i = 0;
	const CHAR16 *v = st->FirmwareVendor;
	for (; v && v[i] && i + 1 < cap; i++)
		out[i] = v[i] >= 32 && v[i] < 127 ? (char)v[i] : '?';
	out[i] = 0;
}

void cs_record_label(const struct cs_record *r, char *out, size_t cap)
{
	struct cs_buf b;
	cs_buf_init(&b, out, cap);
	/* Under TCG the timings are the host's and the caches are CPUID's
	 * fiction: say so wherever the capture goes. */
	if (r->cpu->emulated)
		cs_puts(&b, "QEMU TCG emulated, not a real cache: ");
	else if (r->cpu->hypervisor)
		cs_puts(&b, r->cpu->hv_signature[0] ? "virtual machine (" : "virtual machine");
	if (r->cpu->hypervisor && !r->cpu->emulated) {
		if (r->cpu->hv_signature[0]) {
			cs_put_utf8(&b, r->cpu->hv_signature);
			cs_putc(&b, ')');
		}
		cs_puts(&b, ": ");
	}
	/* CPUID's bytes as valid UTF-8 (a Latin-1 brand): the label holds
	 * what the capture will say, never more (common/buf.h) */
	cs_put_utf8(&b, r->cpu->brand);
	cs_puts(&b, ", UEFI firmware probe ");
	cs_puts(&b, CS_VERSION);
	if (r->set->label[0]) {
		cs_puts(&b, " - ");
		cs_put_utf8(&b, r->set->label);
	}
}

static void put2(struct cs_buf *b, uint32_t v)
{
	cs_putc(b, (char)('0' + v / 10 % 10));
	cs_putc(b, (char)('0' + v % 10));
}

void cs_record_basename(const struct cs_record *r, char *out, size_t cap)
{
	struct cs_buf b;
	EFI_TIME t;
	cs_buf_init(&b, out, cap);
	if (r->set->name[0]) {
		cs_puts(&b, r->set->name);
		return;
	}
	if (r->st->RuntimeServices->GetTime(&t, NULL) == EFI_SUCCESS) {
		cs_put_u64(&b, t.Year);
		put2(&b, t.Month);
		put2(&b, t.Day);
		cs_putc(&b, '-');
		put2(&b, t.Hour);
		put2(&b, t.Minute);
		put2(&b, t.Second);
	} else {
		cs_puts(&b, "nodate");
	}
	cs_putc(&b, '-');
	cs_puts(&b, r->cpu->short_name);
}

static void producer(struct cs_jsonw *j, const struct cs_record *r)
{
	char vendor[64];
	cs_record_fw_vendor(r->st, vendor, sizeof vendor);
	cs_jsonw_key(j, "producer");
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "name", "cacheshape-efi");
	cs_jsonw_key_str(j, "version", CS_VERSION);
	cs_jsonw_key_str(j, "firmware_vendor", vendor);
	cs_jsonw_key(j, "firmware_revision");
	cs_jsonw_hex(j, r->st->FirmwareRevision);
	cs_jsonw_key(j, "uefi_revision");
	cs_jsonw_hex(j, r->st->Hdr.Revision);
	if (r->sb && r->sb->present)
		cs_secure_boot_json(j, r->sb);
	cs_jsonw_key(j, "firmware_lacks");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < r->n_lacks; i++)
		cs_jsonw_str(j, r->lacks[i]);
	cs_jsonw_arr_end(j);
	if (r->write_method) {
		cs_jsonw_key(j, "capture_write");
		cs_jsonw_obj(j);
		cs_jsonw_key_str(j, "method", r->write_method);
		cs_jsonw_key_str(j, "why", r->write_why);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_obj_end(j);
}

/* "plan": what the engine was asked to do (engine.h), and why the sweep
 * may stop short of its target. */
static void plan(struct cs_jsonw *j, const struct cs_record *r)
{
	cs_jsonw_key(j, "plan");
	cs_jsonw_obj(j);
	cs_plan_json(j, r->plan);
	cs_jsonw_key_u64(j, "target_bytes", r->sweep_target);
	cs_jsonw_key_bool(j, "limited_by_memory", r->memory_limited);
	cs_jsonw_key_u64(j, "pool_bytes", r->pool_bytes);
	cs_jsonw_obj_end(j);
}

void cs_record_extra(struct cs_jsonw *j, void *ctx)
{
	const struct cs_record *r = ctx;
	producer(j, r);
	cs_arch_cpu_json(j, r->cpu);
	cs_host_steps_json(j); /* the kinds' host steps (main.c ran them) */
	if (r->cpu->clock_note[0]) {
		cs_jsonw_key_str(j, "clock_note", r->cpu->clock_note);
	}
	cs_calib_json(j, r->calib);
	cs_settings_json(j, r->set);
	plan(j, r);
}
