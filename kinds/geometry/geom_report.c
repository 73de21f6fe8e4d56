/* geom_report.c: the geometry kind's lines of the text report (the report
 * column of common/kinds.h): the memory the table was measured on, then
 * one row per level: ways, way size, sets and size from the conflicts,
 * what is published, the sweep's knee and the share of the level it got;
 * then each refusal with its reason. The same words on the firmware's
 * screen and from `cacheshape reduce`. Freestanding. */
#include "geom_kind.h"
#include "../../reduce/kinds.h"

static const uint8_t stop[] = { 2, 8, 22, 32, 46, 56, 71, 82 };

static void put_gap(struct cs_buf *b, double got, uint32_t pub)
{
	if (!pub)
		return;
	cs_puts(b, got == pub ? " (=)" : " (");
	if (got != pub) {
		cs_put_pct(b, got / pub - 1);
		cs_putc(b, ')');
	}
}

static void cell(struct cs_buf *b, const struct cs_geom_level *L, uint32_t col)
{
	switch (col) {
	case 0:
		cs_putc(b, 'L');
		cs_put_u64(b, L->level);
		cs_puts(b, L->type == CS_CACHE_DATA ? "d" : "");
		break;
	case 1: cs_put_u64(b, L->ways); break;
	case 2: cs_put_size(b, L->way_bytes); break;
	case 3: cs_put_g(b, L->sets, 9); break;
	case 4: cs_put_size(b, L->size_bytes); break;
	case 5:
		if (L->published_ways) {
			cs_put_u64(b, L->published_ways);
			cs_puts(b, " x ");
			cs_put_u64(b, L->published_sets);
		} else {
			cs_puts(b, "-");
		}
		break;
	case 6:
		if (L->has_knee)
			cs_put_size(b, L->knee_bytes);
		else
			cs_puts(b, "-");
		break;
	default:
		if (L->has_share) {
			cs_put_fixed(b, 100 * L->share, 0);
			cs_puts(b, " %");
		}
		else
			cs_puts(b, "-");
	}
}

static void row(struct cs_buf *b, const struct cs_geom_level *L)
{
	size_t start = b->len;
	for (uint32_t col = 0; col < sizeof stop; col++) {
		if (!L->has_geometry && col >= 1 && col <= 4) {
			if (col == 1) {
				cs_pad_to(b, start, stop[col]);
				cs_puts(b, "refused: ");
				cs_puts(b, L->n_refusals ? L->refusals[0].code : "?");
			}
			continue;
		}
		cs_pad_to(b, start, stop[col]);
		cell(b, L, col);
		if (L->has_geometry && col == 1)
			put_gap(b, L->ways, L->published_ways);
		if (L->has_geometry && col == 3)
			put_gap(b, L->sets, L->published_sets);
	}
	cs_putc(b, '\n');
}

static void heading(struct cs_buf *b, const struct cs_geom_capture *k)
{
	static const char *const title[] = { "level", "ways", "way", "sets", "size", "published", "knee",
					     "share" };
	size_t start;
	cs_puts(b, "geometry, by conflicts on ");
	if (cs_streq(k->memory, "none")) {
		cs_puts(b, "no memory of known physical address\n");
	} else {
		cs_put_size(b, (double)k->region_bytes);
		cs_puts(b, cs_streq(k->memory, "huge-page")  ? " on 2 MiB huge pages"
			   : cs_streq(k->memory, "pagemap") ? " of huge pages physically contiguous by pagemap"
							     : " of identity-mapped memory");
		cs_puts(b, k->memory_how[0] ? " (" : "");
		cs_puts(b, k->memory_how);
		cs_puts(b, k->memory_how[0] ? ")" : "");
		cs_puts(b, ":\n");
	}
	start = b->len;
	for (uint32_t col = 0; col < sizeof stop; col++) {
		cs_pad_to(b, start, stop[col]);
		cs_puts(b, title[col]);
	}
	cs_putc(b, '\n');
}

void cs_geom_report(struct cs_buf *b, const struct cs_capture *c, const struct cs_result *r)
{
	const struct cs_geom_result *g = &r->geom;
	if (!g->present)
		return;
	cs_putc(b, '\n');
	heading(b, &c->geom);
	for (uint32_t i = 0; i < g->n; i++)
		row(b, &g->levels[i]);
	if (!g->n)
		cs_puts(b, "  no data or unified level to measure\n");
	cs_puts(b, "  share: the sweep's knee over the size from geometry, the part of the level it got\n");
	for (uint32_t i = 0; i < g->n; i++)
		for (uint32_t q = 0; q < g->levels[i].n_refusals; q++) {
			cs_puts(b, "  L");
			cs_put_u64(b, g->levels[i].level);
			cs_puts(b, " refused (");
			cs_puts(b, g->levels[i].refusals[q].code);
			cs_puts(b, "): ");
			cs_put_text(b, g->levels[i].refusals[q].reason);
			cs_putc(b, '\n');
		}
	for (uint32_t i = 0; i < g->n; i++)
		if (g->levels[i].note[0]) {
			cs_puts(b, "  L");
			cs_put_u64(b, g->levels[i].level);
			cs_puts(b, " note: ");
			cs_put_text(b, g->levels[i].note);
			cs_putc(b, '\n');
		}
}
