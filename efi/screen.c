/* screen.c: banner, settings, clock and plan on the console (screen.h). */
#include "screen.h"
#include "console.h"
#include "record.h"
#include "cpus.h"
#include "../common/version.h"
#include "../common/buf.h"

static void caches(struct cs_buf *b, const struct cs_arch_cpu *cpu)
{
	cs_puts(b, "published caches (");
	cs_puts(b, cpu->cache_source[0] ? cpu->cache_source : "none found");
	cs_puts(b, "):");
	for (uint32_t i = 0; i < cpu->n_caches; i++) {
		const struct cs_cache *k = &cpu->caches[i];
		cs_puts(b, "\n     L");
		cs_put_u64(b, k->level);
		cs_putc(b, ' ');
		cs_puts(b, cs_cache_type_name(k->type));
		cs_putc(b, ' ');
		cs_put_size(b, (double)k->size_bytes);
		if (k->line_bytes) {
			cs_puts(b, ", line ");
			cs_put_u64(b, k->line_bytes);
		}
	}
	cs_putc(b, '\n');
}

void cs_screen_banner(EFI_SYSTEM_TABLE *st, const struct cs_arch_cpu *cpu)
{
	char mem[2048], vendor[64];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_record_fw_vendor(st, vendor, sizeof vendor);
	cs_puts(&b, "cacheshape " CS_VERSION " (UEFI, ");
	cs_puts(&b, cs_arch_name());
	cs_puts(&b, ")\nfirmware: ");
	cs_puts(&b, vendor);
	cs_puts(&b, " revision ");
	cs_put_hex(&b, st->FirmwareRevision, 8);
	cs_puts(&b, ", UEFI ");
	cs_put_u64(&b, st->Hdr.Revision >> 16);
	cs_putc(&b, '.');
	cs_put_u64(&b, (st->Hdr.Revision & 0xffff) / 10);
	cs_puts(&b, "\ncpu: ");
	cs_puts(&b, cpu->vendor);
	cs_puts(&b, ", ");
	cs_puts(&b, cpu->brand);
	cs_puts(&b, "\n     ");
	cs_puts(&b, cpu->model);
	cs_puts(&b, ", ");
	cs_puts(&b, cpu->virt);
	cs_putc(&b, '\n');
	caches(&b, cpu);
	if (cpu->clock_note[0]) {
		cs_puts(&b, "note: ");
		cs_puts(&b, cpu->clock_note);
		cs_putc(&b, '\n');
	}
	cs_con_buf(&b);
}

void cs_screen_settings(const struct cs_settings *s)
{
	char mem[256];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "settings: sweep=");
	cs_puts(&b, s->quick ? "quick" : "full");
	cs_puts(&b, " after=");
	cs_puts(&b, cs_after_name(s->after));
	if (s->max_bytes) {
		cs_puts(&b, " max_bytes=");
		cs_put_size(&b, (double)s->max_bytes);
	}
	if (cs_settings_repeats(s) > 1) {
		cs_puts(&b, " repeat=");
		cs_put_u64(&b, cs_settings_repeats(s));
	}
	/* each kind's settings set away from their defaults (bandwidth=) */
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		for (uint32_t i = 0; i < cs_kind_settings[k]->n && i < CS_KIND_SETTINGS_MAX; i++)
			if (s->kind[k][i] != cs_kind_settings[k]->v[i].def) {
				cs_putc(&b, ' ');
				cs_puts(&b, cs_kind_settings[k]->v[i].key);
				cs_putc(&b, '=');
				cs_setting_show(&b, &cs_kind_settings[k]->v[i], s->kind[k][i]);
			}
	if (s->n_errors)
		cs_puts(&b, " (bad lines above ignored)");
	cs_putc(&b, '\n');
	cs_con_buf(&b);
}

void cs_screen_clock(const struct cs_calib *c)
{
	char mem[512];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "clock: ");
	cs_puts(&b, c->counter);
	cs_puts(&b, " at ");
	cs_put_fixed(&b, c->hz / 1e6, 3);
	cs_puts(&b, " MHz (by ");
	cs_puts(&b, c->hz_from);
	cs_puts(&b, "); Stall() says ");
	cs_put_fixed(&b, c->hz_stall / 1e6, 3);
	cs_puts(&b, " MHz");
	if (c->has_ref) {
		cs_puts(&b, ", disagreement ");
		cs_put_pct(&b, c->disagreement);
	} else {
		cs_puts(&b, "; no reference: ");
		cs_puts(&b, c->ref_why);
	}
	cs_puts(&b, "\n       quantum ");
	cs_put_fixed(&b, c->quantum_ns, 2);
	cs_puts(&b, " ns (");
	cs_put_u64(&b, c->quantum_ticks);
	cs_puts(&b, " ticks), one read ");
	cs_put_fixed(&b, c->read_ns, 2);
	cs_puts(&b, " ns\n");
	cs_con_buf(&b);
}

void cs_screen_plan(const struct cs_plan *m, int memory_limited)
{
	char mem[256];
	struct cs_buf b;
	cs_buf_init(&b, mem, sizeof mem);
	cs_puts(&b, "sweep: 4 KiB to ");
	cs_put_size(&b, (double)m->sweep_max);
	if (memory_limited)
		cs_puts(&b, " (memory limits it below 4x the largest cache)");
	cs_puts(&b, ", ");
	cs_put_u64(&b, m->blocks);
	cs_puts(&b, " blocks of at least ");
	cs_put_fixed(&b, m->min_block_ns / 1000.0, 0);
	cs_puts(&b, " us a size\n");
	cs_con_buf(&b);
}

/* UEFI 2.10 s.8.2: the attributes of the variables a store keeps. */
#define CS_UEFI_2_0 (2u << 16) /* the system table revision QueryVariableInfo came with */
#define CS_NV_VARIABLES \
	(EFI_VARIABLE_NON_VOLATILE | EFI_VARIABLE_BOOTSERVICE_ACCESS | EFI_VARIABLE_RUNTIME_ACCESS)

static void lack(struct cs_buf *b, struct cs_record *rec, const char *what, const char *then)
{
	cs_puts(b, rec->n_lacks ? "; " : "firmware lacks: ");
	cs_puts(b, what);
	cs_puts(b, ": ");
	cs_puts(b, then);
	if (rec->n_lacks < CS_RECORD_MAX_LACKS)
		rec->lacks[rec->n_lacks++] = what;
}

void cs_screen_lacks(EFI_SYSTEM_TABLE *st, struct cs_record *rec, int gop)
{
	static EFI_GUID mp = CS_MP_SERVICES_GUID;
	char mem[512];
	struct cs_buf b;
	VOID *p = NULL;
	UINT64 room = 0, left = 0, most = 0;
	EFI_RUNTIME_SERVICES *rt = st->RuntimeServices;

	cs_buf_init(&b, mem, sizeof mem);
	rec->n_lacks = 0;
	if (EFI_ERROR(st->BootServices->LocateProtocol(&mp, NULL, &p)) || !p)
		lack(&b, rec, "MP services", "the boot processor measures alone");
	if (!gop)
		lack(&b, rec, "graphics output", "the summary is text only");
	/* UEFI 2.0 on: a firmware whose table is older has no such entry */
	if (st->Hdr.Revision < CS_UEFI_2_0 ||
	    rt->QueryVariableInfo(CS_NV_VARIABLES, &room, &left, &most) == EFI_UNSUPPORTED)
		lack(&b, rec, "a variable store", "the Secure Boot state may read as absent");
	if (rec->n_lacks) {
		cs_putc(&b, '\n');
		cs_con_buf(&b);
	}
}
