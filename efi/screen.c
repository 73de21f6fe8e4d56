/* screen.c: banner, settings, clock and plan on the console (screen.h). */
#include "screen.h"
#include "console.h"
#include "record.h"
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
