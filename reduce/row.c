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

/* The kinds' cells: the row column of the table (common/kinds.h). */
typedef void (*cs_row_fn)(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
			  const struct cs_result *r);
static const cs_row_fn rows[CS_KIND_COUNT] = {
#define CS_KIND(id, name, run, write, record, read, reduce, report, json, published, expect, \
		plot, settings, screen, points, synthetic, query, after, summary, row, ...) row,
	CS_KINDS
#undef CS_KIND
};

void cs_none_row(char cells[][CS_ROW_CELL_MAX], const struct cs_capture *c,
		 const struct cs_result *r)
{
	(void)cells;
	(void)c;
	(void)r;
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
	for (uint32_t k = 0; k < CS_KIND_COUNT; k++)
		rows[k](cells, c, r);
}
