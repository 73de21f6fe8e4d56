/* row.c: a capture's cells in the check table (row.h). */
#include "row.h"
#include "../common/buf.h"

/* Sizes joined by ", "; has[i] == 0 prints 'none'. */
static void put_sizes(char *out, const double *v, const int *has,
		      uint32_t count, const char *none)
{
	struct cs_buf b;

	cs_buf_init(&b, out, CS_ROW_CELL_MAX);
	for (uint32_t i = 0; i < count; i++) {
		if (i)
			cs_puts(&b, ", ");
		if (has[i])
			cs_put_size(&b, v[i]);
		else
			cs_puts(&b, none);
	}
	if (!count)
		cs_puts(&b, "-");
}

/* "4 KiB: " before the first figure of a page size */
static void put_page(struct cs_buf *b, uint64_t page_bytes)
{
	if (b->len)
		cs_puts(b, "; ");
	cs_put_size(b, (double)page_bytes);
	cs_puts(b, ": ");
}

static void tlb_published(char *out, const struct cs_tlb_capture *k)
{
	struct cs_buf b;
	int done[CS_MAX_TLBS] = { 0 };

	cs_buf_init(&b, out, CS_ROW_CELL_MAX);
	if (k->has_published && k->published_null)
		cs_puts(&b, "none published");
	/* grouped by page size, in the order the capture lists them */
	for (uint32_t i = 0; i < k->n_published && i < CS_MAX_TLBS; i++) {
		if (done[i] || k->published[i].type == CS_CACHE_INSTRUCTION)
			continue;
		put_page(&b, k->published[i].page_bytes);
		for (uint32_t j = i, n = 0; j < k->n_published && j < CS_MAX_TLBS; j++) {
			const struct cs_tlb *t = &k->published[j];
			if (t->page_bytes != k->published[i].page_bytes || t->type == CS_CACHE_INSTRUCTION)
				continue;
			done[j] = 1;
			if (n++)
				cs_puts(&b, ", ");
			cs_put_u64(&b, t->entries);
		}
	}
	if (!b.len)
		cs_puts(&b, "-");
}

static void tlb_knees(char *out, const struct cs_tlb_result *t)
{
	struct cs_buf b;

	cs_buf_init(&b, out, CS_ROW_CELL_MAX);
	for (uint32_t i = 0; i < t->n_series && i < CS_TLB_MAX_SIZES; i++) {
		const struct cs_tlb_series_result *s = &t->series[i];
		put_page(&b, s->page_bytes);
		if (!s->measured)
			cs_puts(&b, "refused");
		else if (!s->n_knees)
			cs_puts(&b, "-");
		for (uint32_t j = 0; s->measured && j < s->n_knees && j < CS_TLB_MAX_KNEES; j++) {
			const struct cs_tlb_knee *k = &s->knees[j];
			if (j)
				cs_puts(&b, ", ");
			if (!k->has_entries) {
				cs_puts(&b, "missing");
				continue;
			}
			/* a knee lies between two counts: three or four figures */
			cs_put_g(&b, k->entries, k->entries < 1000 ? 3 : 4);
			if (k->alias)
				cs_puts(&b, " alias");
		}
	}
	if (!b.len)
		cs_puts(&b, "-");
}

/* The TLB refusal codes of every page size, each once, in order. */
static void tlb_refusals(char *out, const struct cs_tlb_result *t)
{
	const char *seen[CS_TLB_MAX_SIZES * CS_TLB_MAX_REFUSALS];
	uint32_t n = 0;
	struct cs_buf b;

	cs_buf_init(&b, out, CS_ROW_CELL_MAX);
	for (uint32_t i = 0; i < t->n_series && i < CS_TLB_MAX_SIZES; i++)
		for (uint32_t j = 0; j < t->series[i].n_refusals && j < CS_TLB_MAX_REFUSALS; j++) {
			const char *code = t->series[i].refusals[j].code;
			uint32_t k = 0;
			while (k < n && !cs_streq(seen[k], code))
				k++;
			if (k < n)
				continue;
			seen[n++] = code;
			if (b.len)
				cs_puts(&b, ", ");
			cs_puts(&b, code);
		}
	if (!b.len)
		cs_puts(&b, "-");
}

/* The floors in cycles, and the reference verdict with its codes. */
static void clock_cells(char *cycles, char *ref, const struct cs_result *r)
{
	struct cs_buf b;
	double cpn = cs_clock_cycles_per_ns(r);
	cs_buf_init(&b, cycles, CS_ROW_CELL_MAX);
	if (cpn > 0) {
		for (uint32_t i = 0; i < r->n_levels && i < CS_MAX_LEVELS; i++) {
			if (i)
				cs_puts(&b, ", ");
			cs_put_g(&b, r->levels[i].floor_ns * cpn, 3);
		}
	} else if (r->clock.has_core_hz) {
		cs_puts(&b, "refused clock-drift");
	}
	if (!b.len)
		cs_puts(&b, "-");
	cs_buf_init(&b, ref, CS_ROW_CELL_MAX);
	cs_puts(&b, r->clock.ref.is_reference ? "yes" : "no");
	for (uint32_t i = 0; i < r->clock.ref.n_reasons; i++) {
		cs_puts(&b, i ? ", " : ": ");
		cs_puts(&b, r->clock.ref.reasons[i].code);
	}
}

/* "L1 8x64, 32 KiB; L2 8x1024, 512 KiB; L3 index-hashed" (the page wraps a
 * cell at its ", " and "; ") */
static void geometry(char *out, const struct cs_geom_result *g)
{
	struct cs_buf b;
	cs_buf_init(&b, out, CS_ROW_CELL_MAX);
	for (uint32_t i = 0; i < g->n && i < CS_GEOM_MAX_LEVELS; i++) {
		const struct cs_geom_level *L = &g->levels[i];
		if (b.len)
			cs_puts(&b, "; ");
		cs_putc(&b, 'L');
		cs_put_u64(&b, L->level);
		cs_putc(&b, ' ');
		if (L->has_geometry) {
			cs_put_u64(&b, L->ways);
			cs_putc(&b, 'x');
			cs_put_g(&b, L->sets, 9);
			cs_puts(&b, ", ");
			cs_put_size(&b, L->size_bytes);
		} else {
			cs_puts(&b, L->n_refusals ? L->refusals[0].code : "refused");
		}
	}
	if (!b.len)
		cs_puts(&b, "-");
}

void cs_row_cells(char cells[CS_ROW_CELLS][CS_ROW_CELL_MAX],
		  const struct cs_capture *c, const struct cs_result *r)
{
	double v[CS_MAX_REFUSALS];
	int has[CS_MAX_REFUSALS];
	uint32_t n = 0, i, j;
	struct cs_buf b;

	for (i = 0; i < c->n_caches && n < CS_MAX_REFUSALS; i++)
		if (c->caches[i].type != CS_CACHE_INSTRUCTION) {
			v[n] = (double)c->caches[i].size_bytes;
			has[n++] = 1;
		}
	put_sizes(cells[CS_ROW_PUBLISHED], v, has, n, "");
	for (n = 0; n < r->n_knees && n < CS_MAX_KNEES; n++) {
		v[n] = r->knees[n].bytes;
		has[n] = r->knees[n].has_bytes;
	}
	put_sizes(cells[CS_ROW_KNEES], v, has, n, "missing");
	for (n = 0; n < r->n_knees && n < CS_MAX_KNEES; n++) {
		v[n] = r->knees[n].retired_bytes;
		has[n] = r->knees[n].has_retired;
	}
	put_sizes(cells[CS_ROW_RETIRED], v, has, n, "-");
	for (n = 0; n < r->n_adj && n < CS_MAX_ADJ_SERIES; n++) {
		v[n] = r->adj[n].granule_bytes;
		has[n] = r->adj[n].has_granule;
	}
	put_sizes(cells[CS_ROW_GRANULES], v, has, n, "refused");
	cs_buf_init(&b, cells[CS_ROW_REFUSALS], CS_ROW_CELL_MAX);
	for (i = 0; i < r->n_refusals && i < CS_MAX_REFUSALS; i++) {
		for (j = 0; j < i; j++)
			if (cs_streq(r->refusals[j].code, r->refusals[i].code))
				break;
		if (j < i)
			continue; /* each code once */
		if (b.len)
			cs_puts(&b, ", ");
		cs_puts(&b, r->refusals[i].code);
	}
	if (!b.len)
		cs_puts(&b, "-");
	tlb_published(cells[CS_ROW_TLBS], &c->tlb);
	tlb_knees(cells[CS_ROW_TLB_KNEES], &r->tlb);
	tlb_refusals(cells[CS_ROW_TLB_REFUSALS], &r->tlb);
	clock_cells(cells[CS_ROW_CYCLES], cells[CS_ROW_REF], r);
	geometry(cells[CS_ROW_GEOMETRY], &r->geom);
}
