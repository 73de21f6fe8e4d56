/* tlb_row.c: the TLB kind's cells of `cacheshape check`'s row, its row
 * column of the table (common/kinds.h; reduce/row.h says each cell's
 * words): the published TLBs, each page size's knees in entries, the TLB
 * refusal codes. Freestanding. */
#include "tlb_kind.h"
#include "../../reduce/row.h"
#include "../../common/buf.h"

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

void cs_tlb_row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
		const struct cs_result *r)
{
	tlb_published(cells[CS_ROW_TLBS], &c->tlb);
	tlb_knees(cells[CS_ROW_TLB_KNEES], &r->tlb);
	tlb_refusals(cells[CS_ROW_TLB_REFUSALS], &r->tlb);
}
